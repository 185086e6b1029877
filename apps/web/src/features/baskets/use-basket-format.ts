import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RISK_PERSONA, riskBandOf } from '@portal/contract/baskets/risk';
import type { FundRiskValue } from '@portal/contract/funds/funds';
import { useFormat } from '@/hooks/use-format';
import { formatDate, formatPercent } from '@/lib/format';
import { formatDecimal } from '@/lib/format-money';

/** A decimal string with its sign: `+۱۲٫۵`, `−۳`, `۰`. */
function signed(amount: string, lng: string, maxFractionDigits: number): string {
  const negative = amount.trim().startsWith('-');
  const plain = formatDecimal(amount.replace(/^-/, ''), lng, { maxFractionDigits });
  if (/^[0۰٠]$/.test(plain)) return plain;
  return `${negative ? '−' : '+'}${plain}`;
}

/**
 * The format helpers of the basket pages: `useFormat`'s, plus tether with its name, asset quantities (as many
 * decimals as the asset's scale, never rounded up), asset prices, weights and ratios as percentages, gains with
 * their sign, calendar days (`YYYY-MM-DD`) in the user's calendar, and a risk band's persona name.
 */
export function useBasketFormat() {
  const fmt = useFormat();
  const { t } = useTranslation('baskets');
  return useMemo(
    () => ({
      ...fmt,
      usdt: (amount: string) => fmt.money(amount, 'USDT'),
      quantity: (amount: string, scale = 8) => formatDecimal(amount, fmt.lng, { maxFractionDigits: scale }),
      price: (amount: string) => formatDecimal(amount, fmt.lng, { maxFractionDigits: 8 }),
      weight: (ratio: number) => formatPercent(ratio, fmt.lng, 1),
      ratio: (ratio: number) => `${ratio > 0 ? '+' : ratio < 0 ? '−' : ''}${formatPercent(Math.abs(ratio), fmt.lng)}`,
      signedUsdt: (amount: string) => `${signed(amount, fmt.lng, 6)} ${t('translation:currency.USDT')}`,
      day: (isoDay: string) =>
        /^\d{4}-\d{2}-\d{2}$/.test(isoDay)
          ? formatDate(`${isoDay}T00:00:00.000Z`, fmt.lng, fmt.calendar, 'long', 'UTC')
          : isoDay,
      shortDay: (isoDay: string) =>
        /^\d{4}-\d{2}-\d{2}$/.test(isoDay)
          ? formatDate(`${isoDay}T00:00:00.000Z`, fmt.lng, fmt.calendar, 'short', 'UTC')
          : isoDay,
      persona: (risk: FundRiskValue) => t(`persona.${RISK_PERSONA[risk]}`),
      /** «Balanced (35)»: a band's persona and its number. */
      risk: (risk: FundRiskValue) => `${t(`persona.${RISK_PERSONA[risk]}`)} (${fmt.number(risk)})`,
      bandOf: (riskNumber: number) => riskBandOf(riskNumber),
    }),
    [fmt, t],
  );
}
export type BasketFormat = ReturnType<typeof useBasketFormat>;
