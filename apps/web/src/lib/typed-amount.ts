import { localeSymbols } from './format';

/** The most characters an amount field keeps (18 digits, a point and 18 decimals, as the contract allows). */
const MAX_TYPED = 40;

/**
 * What a decimal amount field keeps of what was typed (digits already Latin, by `DigitTextField`): grouping
 * separators and spaces dropped, the Persian decimal point `٫` read as `.`. Anything else stays, so that a
 * letter (or a seventh decimal) is refused by the contract's rule with a message rather than vanishing.
 * Used by the tether trading form and the tether withdrawal form.
 */
export function sanitizeTyped(typed: string): string {
  return typed
    .replace(/[,\s٬]/g, '')
    .replace(/٫/g, '.')
    .slice(0, MAX_TYPED);
}

/**
 * A typed amount as the field shows it: a number being typed (`"1250000"`, `"12."`, `"0.50"`) grouped in
 * the language's digits with its decimals as typed; anything else only in the language's digits.
 */
export function displayTyped(value: string, lng: string): string {
  const sym = localeSymbols(lng);
  const digits = (s: string) => s.replace(/\d/g, (d) => sym.digits[Number(d)] ?? d);
  const m = /^(\d*)(\.(\d*))?$/.exec(value);
  if (!m) return digits(value);
  const [, int = '', dot, frac = ''] = m;
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${digits(grouped).replace(/,/g, sym.group)}${dot ? `${sym.decimal}${digits(frac)}` : ''}`;
}
