import { CURRENCY_SCALE, type Currency } from '@portal/contract/core/money';
import { localeSymbols } from './format';

/*
 * Money is never a JS number: amounts arrive as decimal strings and are formatted as strings
 * (grouped, truncated to the display scale, digits mapped), so no value is ever rounded by a float.
 */

export interface AmountOptions {
  /** Most decimals shown (the rest is cut, never rounded up). Defaults to the currency's scale. */
  maxFractionDigits?: number;
  /** Decimals always shown (padded with zeros). Default 0. */
  minFractionDigits?: number;
}

const DECIMAL_RE = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * A decimal string (`"1234567.50"`) for display: grouped by thousands, in the locale's digits,
 * trailing zeros trimmed down to `minFractionDigits`, extra decimals truncated toward zero.
 * Throws on input that is not a decimal string, so a wrong value never shows as a plausible one.
 */
export function formatDecimal(amount: string, lng: string, options: AmountOptions = {}): string {
  const m = DECIMAL_RE.exec(amount.trim());
  if (!m) throw new RangeError(`not a decimal string: ${amount}`);
  const [, sign = '', intRaw = '0', fracRaw = ''] = m;
  const { maxFractionDigits = 20, minFractionDigits = 0 } = options;
  const sym = localeSymbols(lng);

  const int = intRaw.replace(/^0+(?=\d)/, '');
  let frac = fracRaw.slice(0, Math.max(0, maxFractionDigits)).replace(/0+$/, '');
  if (frac.length < minFractionDigits) frac = frac.padEnd(minFractionDigits, '0');

  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const isZero = /^0+$/.test(int) && !/[1-9]/.test(frac);
  const toLocal = (s: string) => s.replace(/\d/g, (d) => sym.digits[Number(d)] ?? d).replace(/,/g, sym.group);

  return `${sign && !isZero ? sym.minus : ''}${toLocal(grouped)}${frac ? sym.decimal + toLocal(frac) : ''}`;
}

/** An amount of a currency: its scale bounds the decimals (IRT 0, USD 2, USDT 6). */
export function formatAmount(amount: string, currency: Currency, lng: string, options: AmountOptions = {}): string {
  return formatDecimal(amount, lng, { maxFractionDigits: CURRENCY_SCALE[currency], ...options });
}
