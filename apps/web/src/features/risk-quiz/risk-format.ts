import { RISK_BANDS } from '@portal/contract/baskets/risk';
import type { FundRiskValue } from '@portal/contract/funds/funds';

/** Calm to hot, one per band (the fund page's risk meter uses the same). */
export const BAND_COLOR: Record<FundRiskValue, string> = {
  10: '#3ec98e',
  25: '#8fd16a',
  35: '#e0c23a',
  60: '#f0904f',
  100: '#e5545f',
};

/** The bands with where each starts and ends on the 0–100 scale. */
export const BAND_SPANS: readonly { band: FundRiskValue; from: number; to: number }[] = RISK_BANDS.map((band, i) => ({
  band,
  from: i === 0 ? 0 : RISK_BANDS[i - 1]!,
  to: band,
}));

/** Minutes the intro announces for a quiz of `count` questions (about 20 seconds a question, at least 1). */
export const minutesFor = (count: number) => Math.max(1, Math.round((count * 20) / 60));
