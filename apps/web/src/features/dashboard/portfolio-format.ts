import type { ValuationCurrency } from '@portal/contract/account/portfolio';
import type { Currency } from '@portal/contract/core/money';
import type { LocalizedText } from '@portal/contract/funds/funds';
import { useCallback } from 'react';
import { useFormat } from '@/hooks/use-format';
import { activeCurrencyPreference } from '@/lib/active-currency';
import { localeSymbols } from '@/lib/format';
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

/** A valuation shows tether to the cent (its wallet's six decimals say nothing about a portfolio's worth). */
const VALUE_DIGITS = { maxFractionDigits: 2 } as const;
const valueOptions = (currency: Currency) => (currency === 'USDT' || currency === 'USD' ? VALUE_DIGITS : undefined);

/**
 * Formatters of the dashboard: values in the valuation currency (`۳۳٫۳۳ تتر`), signed money
 * (`+۱۲٬۵۰۰ تومان`, `−۳ تتر`) and signed ratios (`+۵٫۲٪`), each sign written as the wallet's history
 * writes it (a plus, or the locale's minus, before the figure).
 */
export function useSignedFormat() {
  const fmt = useFormat();
  const value = useCallback(
    (amount: string, currency: Currency) => fmt.money(amount.trim(), currency, valueOptions(currency)),
    [fmt],
  );
  const money = useCallback(
    (amount: string, currency: Currency) => {
      const sign = signOf(amount);
      const text = fmt.money(amount.trim(), currency, valueOptions(currency));
      return sign > 0 ? `+${text}` : text;
    },
    [fmt],
  );
  const ratio = useCallback(
    (r: number) => {
      const text = fmt.percent(Math.abs(r));
      if (!/[1-9١-٩۱-۹]/.test(text)) return text;
      return `${r > 0 ? '+' : localeSymbols(fmt.lng).minus}${text}`;
    },
    [fmt],
  );
  return { value, money, ratio };
}
