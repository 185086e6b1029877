/**
 * Risk numbers and personas (issue 20, decision 045): a quiz's score and a basket's risk are numbers from 0 to
 * 100; the persona is the `FundRisk` band (SPEC §3: 10 safe, 25 low risk, 35 balanced, 60 high risk,
 * 100 aggressive) the number falls in. A band's value is the highest number it holds.
 */
import { FundRisk } from '../core/enums';
import type { FundRiskValue } from '../funds/funds';

export const RISK_BANDS: readonly FundRiskValue[] = [
  FundRisk.Safe,
  FundRisk.Low,
  FundRisk.Balanced,
  FundRisk.High,
  FundRisk.Aggressive,
];

/** The persona's key for translations: `safe`, `low`, `balanced`, `high`, `aggressive`. */
export const RISK_PERSONA: Record<FundRiskValue, 'safe' | 'low' | 'balanced' | 'high' | 'aggressive'> = {
  10: 'safe',
  25: 'low',
  35: 'balanced',
  60: 'high',
  100: 'aggressive',
};

/** The band a risk number (0–100) falls in: the first band whose value is at or above it. */
export function riskBandOf(riskNumber: number): FundRiskValue {
  if (!Number.isFinite(riskNumber) || riskNumber < 0 || riskNumber > 100) {
    throw new RangeError(`risk number out of range: ${riskNumber}`);
  }
  return RISK_BANDS.find((band) => riskNumber <= band) ?? FundRisk.Aggressive;
}

/** Whether an investment of band `risk` is riskier than an investor whose latest result is `riskNumber`. */
export const isRiskierThan = (risk: FundRiskValue, riskNumber: number): boolean => risk > riskBandOf(riskNumber);
