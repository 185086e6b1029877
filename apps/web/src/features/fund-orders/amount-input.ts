import { normalizeFundAmount } from '@portal/contract/funds/orders';
import { localeSymbols } from '@/lib/format';
import { formatDecimal } from '@/lib/format-money';

/** The most digits before the decimal point an amount or a unit count may have as typed. */
const MAX_INT_DIGITS = 15;

/**
 * What a decimal field keeps of what was typed (digits already Latin): digits and one decimal point
 * (`.` or the Persian `٫`), at most `scale` decimals (none for toman); grouping separators are dropped.
 * The value stays a string (`"1250.5"`, `"12."` while typing), never a JS number.
 */
export function sanitizeDecimal(scale: number) {
  return (typed: string): string => {
    const plain = normalizeFundAmount(typed).replace(/[^\d.]/g, '');
    const dot = plain.indexOf('.');
    const int = (dot < 0 ? plain : plain.slice(0, dot)).slice(0, MAX_INT_DIGITS).replace(/^0+(?=\d)/, '');
    if (dot < 0 || scale === 0) return int;
    const frac = plain
      .slice(dot + 1)
      .replace(/\./g, '')
      .slice(0, scale);
    return `${int === '' ? '0' : int}.${frac}`;
  };
}

/**
 * A value of `sanitizeDecimal` as the field shows it: grouped, in the language's digits, the decimals as
 * typed (a trailing point or zero is kept while the user types).
 */
export function displayDecimal(value: string, lng: string): string {
  if (value === '') return '';
  const [int = '0', frac] = value.split('.');
  const shownInt = formatDecimal(int === '' ? '0' : int, lng);
  if (frac === undefined) return shownInt;
  const sym = localeSymbols(lng);
  return `${shownInt}${sym.decimal}${frac.replace(/\d/g, (d) => sym.digits[Number(d)] ?? d)}`;
}

/** A typed value as the API takes it: `"12."` → `"12"`, `"0.50"` → `"0.5"`; `''` stays empty. */
export function canonicalDecimal(value: string): string {
  if (value === '') return '';
  const [int = '0', frac = ''] = value.split('.');
  const trimmed = frac.replace(/0+$/, '');
  return trimmed ? `${int || '0'}.${trimmed}` : int || '0';
}

/** Compares two canonical non-negative decimal strings: −1, 0 or 1. */
export function compareDecimal(a: string, b: string): number {
  const [ai = '0', af = ''] = a.split('.');
  const [bi = '0', bf = ''] = b.split('.');
  const width = Math.max(af.length, bf.length);
  const x = BigInt(ai + af.padEnd(width, '0'));
  const y = BigInt(bi + bf.padEnd(width, '0'));
  return x < y ? -1 : x > y ? 1 : 0;
}
