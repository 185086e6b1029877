import { z } from 'zod';

/** Currencies and their fixed scale: the number of decimal places of one minor unit. */
export const CURRENCY_SCALE = { IRR: 0, IRT: 0, USD: 2, USDT: 6 } as const;
export type Currency = keyof typeof CURRENCY_SCALE;
export const CURRENCIES = Object.keys(CURRENCY_SCALE) as Currency[];
/** The currency codes as a tuple (for the database schema's column types). */
export const CURRENCY_CODES = ['IRR', 'IRT', 'USD', 'USDT'] as const satisfies readonly Currency[];
export const currencySchema = z.enum(CURRENCIES as [Currency, ...Currency[]]);

/** Money on the wire: a decimal string, never a JSON number. */
export const decimalStringSchema = z.string().regex(/^-?\d+(\.\d+)?$/, { message: 'decimal' });

export type Rounding = 'down' | 'up' | 'half-even';

/**
 * Parses a decimal string into minor units of the currency. Refuses more decimals than the scale
 * unless a rounding is named.
 */
export function toMinor(amount: string, currency: Currency, rounding?: Rounding): bigint {
  const scale = CURRENCY_SCALE[currency];
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!m) throw new RangeError(`not a decimal: ${amount}`);
  const [, sign, int, frac = ''] = m;
  let digits = BigInt(int! + frac.padEnd(scale, '0').slice(0, scale));
  const rest = frac.slice(scale);
  if (rest && /[1-9]/.test(rest)) {
    if (!rounding) throw new RangeError(`${amount} has more than ${scale} decimals for ${currency}`);
    digits = roundRest(digits, rest, rounding);
  }
  return sign === '-' ? -digits : digits;
}

function roundRest(truncated: bigint, rest: string, rounding: Rounding): bigint {
  if (rounding === 'down') return truncated;
  if (rounding === 'up') return truncated + 1n;
  const first = Number(rest[0]);
  const beyond = /[1-9]/.test(rest.slice(1));
  if (first > 5 || (first === 5 && beyond)) return truncated + 1n;
  if (first === 5 && !beyond) return truncated % 2n === 0n ? truncated : truncated + 1n;
  return truncated;
}

/** Minor units back to the canonical decimal string (no trailing zeros). */
export function fromMinor(minor: bigint, currency: Currency): string {
  const scale = CURRENCY_SCALE[currency];
  const neg = minor < 0n;
  const abs = (neg ? -minor : minor).toString().padStart(scale + 1, '0');
  const int = abs.slice(0, abs.length - scale);
  const frac = scale ? abs.slice(abs.length - scale).replace(/0+$/, '') : '';
  return `${neg ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

/** Integer division of minor units with a named rounding (for fees and conversions). */
export function divRound(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  const neg = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  let q = n / d;
  const r = n % d;
  if (r !== 0n) {
    if (rounding === 'up') q += 1n;
    else if (rounding === 'half-even') {
      const twice = r * 2n;
      if (twice > d || (twice === d && q % 2n === 1n)) q += 1n;
    }
  }
  return neg ? -q : q;
}
