import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RISK_PERSONA, riskBandOf } from '@portal/contract/baskets/risk';
import type { FundRiskValue } from '@portal/contract/funds/funds';
import { useFormat } from '@/hooks/use-format';
import { formatDate, formatPercent, localeSymbols } from '@/lib/format';
import { formatDecimal } from '@/lib/format-money';

/**
 * A decimal string with its sign, as the dashboard writes one: a plus, or the locale's minus, before the figure
 * (`+۱۲٫۵`, `‎−۳`, `۰`).
 */
function signed(amount: string, lng: string, maxFractionDigits: number): string {
  const negative = amount.trim().startsWith('-');
  const plain = formatDecimal(amount.trim().replace(/^-/, ''), lng, { maxFractionDigits });
  if (!/[1-9١-٩۱-۹]/.test(plain)) return plain;
  return `${negative ? localeSymbols(lng).minus : '+'}${plain}`;
}

/** A basket's worth shows tether to the cent (its ledger's six decimals say nothing about a basket's worth). */
const VALUE_DIGITS = 2;

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
      /** An exact amount of tether (an order's amount, a fee, a trade): all six decimals. */
      usdt: (amount: string) => fmt.money(amount, 'USDT'),
      /** A valuation in tether (a basket's or a holding's value, a gain): to the cent. */
      value: (amount: string) => fmt.money(amount, 'USDT', { maxFractionDigits: VALUE_DIGITS }),
      quantity: (amount: string, scale = 8) => formatDecimal(amount, fmt.lng, { maxFractionDigits: scale }),
      price: (amount: string) => formatDecimal(amount, fmt.lng, { maxFractionDigits: 8 }),
      weight: (ratio: number) => formatPercent(ratio, fmt.lng, 1),
      ratio: (ratio: number) => {
        const text = formatPercent(Math.abs(ratio), fmt.lng);
        if (!/[1-9١-٩۱-۹]/.test(text)) return text;
        return `${ratio > 0 ? '+' : localeSymbols(fmt.lng).minus}${text}`;
      },
      /** A gain in tether with its sign, to the cent. */
      signedValue: (amount: string) => `${signed(amount, fmt.lng, VALUE_DIGITS)} ${t('translation:currency.USDT')}`,
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
