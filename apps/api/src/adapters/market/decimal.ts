/**
 * Decimal strings of the market (prices, quantities, tether amounts) as integers of 10⁻¹⁸ (`bigint`), so
 * that no price or quantity ever goes through a JavaScript `number` on a money path. Every rounding is named.
 */
import { divRound, type Rounding } from '@portal/contract/core/money';

export const DEC_SCALE = 18;
const ONE = 10n ** BigInt(DEC_SCALE);
export const DEC_ONE = ONE;

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** Whether `text` is a plain decimal (`12`, `0.5`, `-3.25`); exponent forms are not. */
export function isDecimal(text: string): boolean {
  return DECIMAL.test(text.trim());
}

/** A decimal string as 10⁻¹⁸ units; digits beyond the 18th are rounded by `rounding` (down by default). */
export function toDec(text: string, rounding: Rounding = 'down'): bigint {
  const m = DECIMAL.exec(text.trim());
  if (!m) throw new RangeError(`not a decimal: ${text}`);
  const [, sign, int, frac = ''] = m;
  const kept = BigInt(int! + frac.padEnd(DEC_SCALE, '0').slice(0, DEC_SCALE));
  const rest = frac.slice(DEC_SCALE);
  let v = kept;
  if (rest && /[1-9]/.test(rest)) {
    const restInt = BigInt(rest);
    const restScale = 10n ** BigInt(rest.length);
    v = kept * restScale + restInt;
    v = divRound(v, restScale, rounding);
  }
  return sign === '-' ? -v : v;
}

/** 10⁻¹⁸ units back to the canonical decimal string: no trailing zeros, `0` for zero. */
export function fromDec(v: bigint): string {
  const neg = v < 0n;
  const abs = (neg ? -v : v).toString().padStart(DEC_SCALE + 1, '0');
  const int = abs.slice(0, abs.length - DEC_SCALE);
  const frac = abs.slice(abs.length - DEC_SCALE).replace(/0+$/, '');
  return `${neg ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

/** A decimal string in its canonical form (`"0.00001000"` → `"0.00001"`). */
export function canonical(text: string): string {
  return fromDec(toDec(text));
}

export function mulDec(a: bigint, b: bigint, rounding: Rounding): bigint {
  return divRound(a * b, ONE, rounding);
}

export function divDec(a: bigint, b: bigint, rounding: Rounding): bigint {
  return divRound(a * ONE, b, rounding);
}

/** `v` rounded to `decimals` places. */
export function roundDec(v: bigint, decimals: number, rounding: Rounding): bigint {
  if (decimals >= DEC_SCALE) return v;
  const unit = 10n ** BigInt(DEC_SCALE - decimals);
  return divRound(v, unit, rounding) * unit;
}

/** `v` rounded down to a whole number of `step` (a quantity an exchange accepts). */
export function floorToStep(v: bigint, step: bigint): bigint {
  if (step <= 0n) throw new RangeError('step must be positive');
  return v - (((v % step) + step) % step);
}

/** The number of decimals a step has (`0.001` → 3, `1` → 0). */
export function decimalsOf(text: string): number {
  const frac = canonical(text).split('.')[1] ?? '';
  return frac.length;
}
