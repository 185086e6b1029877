import type { ValuationCurrency } from '@portal/contract/account/portfolio';
import type { Currency } from '@portal/contract/core/money';
import type { LocalizedText } from '@portal/contract/funds/funds';
import { useCallback } from 'react';
import { useFormat } from '@/hooks/use-format';
import { activeCurrencyPreference } from '@/lib/active-currency';
import { valuationOf } from '@/lib/queries/portfolio';

/**
 * What the dashboard's cards share: the valuation currency (the active currency of SPEC §3, kept in
 * localStorage `activeCurrency`, as one of the two the portfolio is valued in), and signed amounts and
 * ratios shown with their sign, never by colour alone.
 */

/** The product's time zone: times are shown as in Tehran, the same on the server's first screen and in the browser. */
export const TEHRAN = 'Asia/Tehran';

/** The two currencies of the toggle, toman first (the portal's own). */
export const TOGGLE_CURRENCIES: readonly ValuationCurrency[] = ['IRT', 'USDT'];

/** The valuation currency, following localStorage `activeCurrency` (and other tabs). */
export function useValuationCurrency(): [ValuationCurrency, (next: ValuationCurrency) => void] {
  const active = activeCurrencyPreference.use();
  return [valuationOf(active), activeCurrencyPreference.set];
}

/** The sign of a decimal string: -1, 0 or 1. */
export function signOf(amount: string | null): -1 | 0 | 1 {
  if (amount === null) return 0;
  const s = amount.trim();
  if (!/[1-9]/.test(s)) return 0;
  return s.startsWith('-') ? -1 : 1;
}

/** The colour of a signed figure; the sign itself is always written out as well. */
export function signColor(sign: -1 | 0 | 1): 'success.main' | 'error.main' | 'text.secondary' {
  return sign > 0 ? 'success.main' : sign < 0 ? 'error.main' : 'text.secondary';
}

/** A fund's name in the user's language (Persian when a translation is missing). */
export function localized(text: LocalizedText, lng: string): string {
  const own = (text as Record<string, string | undefined>)[lng];
  return own?.trim() ? own : text.fa;
}

/** Formatters of the dashboard: signed money (`+۱۲٬۵۰۰ تومان`, `−۳ تتر`) and signed ratios (`+۵٫۲٪`). */
export function useSignedFormat() {
  const fmt = useFormat();
  const money = useCallback(
    (amount: string, currency: Currency) => {
      const sign = signOf(amount);
      // The locale's own minus sign (as the amounts elsewhere), a plus for a gain (as the wallet's history).
      return sign > 0 ? `+${fmt.money(amount.trim(), currency)}` : fmt.money(amount.trim(), currency);
    },
    [fmt],
  );
  const ratio = useCallback(
    (value: number) =>
      fmt.number(value, {
        style: 'percent',
        maximumFractionDigits: 2,
        minimumFractionDigits: 0,
        signDisplay: 'exceptZero',
      }),
    [fmt],
  );
  return { money, ratio };
}
