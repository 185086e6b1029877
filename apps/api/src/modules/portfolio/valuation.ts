/**
 * The portfolio's arithmetic (issue 19, decision 041), pure so it is tested on its own.
 *
 * Every amount is a bigint at `SCALE` (10¹² of the valuation currency's minor unit: toman or micro-tether),
 * so a fund's units × NAV (4 decimals) is exact and a conversion loses nothing a person could see; a figure
 * is rounded (half-even) once, when it is answered. Toman ↔ tether at the tether price's mid (rials per
 * tether; IRR = IRT × 10); USD counts as USDT one for one.
 */
import { xirr as solveXirr } from '@webcarrot/xirr';
import { TEHRAN_OFFSET_MS } from '@portal/contract/core/bank-calendar';
import { CURRENCY_SCALE, divRound, fromMinor, type Currency } from '@portal/contract/core/money';
import type { ValuationCurrency } from '@portal/contract/account/portfolio';

export const SCALE = 10n ** 12n;
const DAY_MS = 86_400_000;

/** The two sides money sits on: toman-like (IRT, IRR) and tether-like (USDT, USD). */
export interface Sides {
  irt: bigint;
  usdt: bigint;
}
export const ZERO_SIDES: Sides = { irt: 0n, usdt: 0n };

/** The side a cash currency counts on, and its minor units at `SCALE` of that side's currency. */
export function cashToSide(currency: Currency, minor: bigint): Sides {
  switch (currency) {
    case 'IRT':
      return { irt: minor * SCALE, usdt: 0n };
    case 'IRR':
      return { irt: (minor * SCALE) / 10n, usdt: 0n };
    case 'USDT':
      return { irt: 0n, usdt: minor * SCALE };
    case 'USD':
      // Cents to micro-tether: 10⁴.
      return { irt: 0n, usdt: minor * 10n ** 4n * SCALE };
  }
}

/** A fund's units (unit-minors, 10⁻⁴) at a NAV (minor units of the fund's currency), at `SCALE`. */
export function unitsValue(units: bigint, nav: bigint): bigint {
  return (units * nav * SCALE) / 10_000n;
}

export function addSides(a: Sides, b: Sides): Sides {
  return { irt: a.irt + b.irt, usdt: a.usdt + b.usdt };
}

/** Toman at `SCALE` → micro-tether at `SCALE`, at `mid` rials per tether. */
export function irtToUsdt(x: bigint, mid: bigint): bigint {
  return divRound(x * 10n * 10n ** 6n, mid, 'half-even');
}
/** Micro-tether at `SCALE` → toman at `SCALE`. */
export function usdtToIrt(x: bigint, mid: bigint): bigint {
  return divRound(x * mid, 10n * 10n ** 6n, 'half-even');
}

/** Both sides in one valuation currency; null when a side needs the price and there is none. */
export function valueIn(sides: Sides, currency: ValuationCurrency, mid: bigint | null): bigint | null {
  if (currency === 'IRT') {
    if (sides.usdt === 0n) return sides.irt;
    return mid === null ? null : sides.irt + usdtToIrt(sides.usdt, mid);
  }
  if (sides.irt === 0n) return sides.usdt;
  return mid === null ? null : sides.usdt + irtToUsdt(sides.irt, mid);
}

/** A `SCALE` amount as the decimal string of the valuation currency (rounded half-even). */
export function toDecimal(x: bigint, currency: ValuationCurrency): string {
  return fromMinor(divRound(x, SCALE, 'half-even'), currency);
}

/** A ratio of two `SCALE` amounts as a number (null when the denominator is not positive). */
export function ratio(num: bigint, den: bigint): number | null {
  if (den <= 0n) return null;
  // Each side as a double keeps 15–16 significant digits: all a ratio shows.
  return Number(num) / Number(den);
}

export function scaleOf(currency: ValuationCurrency): number {
  return CURRENCY_SCALE[currency];
}

// ——— Days ———

/** The Tehran date `n` days after `day` (YYYY-MM-DD). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}
/** The instant a Tehran date starts. */
export function dayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - TEHRAN_OFFSET_MS);
}
/** Every date from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let ms = Date.parse(`${from}T00:00:00Z`); ms <= end; ms += DAY_MS) out.push(isoDay(ms));
  return out;
}

/** `YYYY-MM-DD` of a UTC midnight, without building a Date string for each (a series has hundreds). */
function isoDay(ms: number): string {
  const days = Math.floor(ms / DAY_MS);
  // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${y}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}`;
}

// ——— Returns ———

/** One day of a series: the value at its end and the net money in during it (`SCALE`). */
export interface DayPoint {
  day: string;
  value: bigint;
  flow: bigint;
}

/**
 * Time-weighted return of consecutive days after a start value: each day's return is its profit over what
 * was invested in it (the value at the start plus the day's money in, the money taken as arriving at the
 * day's start), the days chained. Null when no day had anything invested.
 */
export function timeWeightedReturn(startValue: bigint, days: readonly DayPoint[]): number | null {
  let previous = startValue;
  let growth = 1;
  let weighed = false;
  for (const d of days) {
    let base = previous + d.flow;
    if (base <= 0n) base = previous;
    if (base > 0n) {
      const r = ratio(d.value - previous - d.flow, base) ?? 0;
      growth *= 1 + r;
      weighed = true;
    }
    previous = d.value;
  }
  return weighed ? growth - 1 : null;
}

/**
 * Money-weighted return (XIRR, annualised) of a window: the value at its start as money put in at the
 * start, each day's net money in as put in at that day's noon (Tehran; today's, no later than now), and the value now as taken out now.
 * Null when there is no solution, when money was in for less than a day, or when there is nothing to weigh.
 */
export function moneyWeightedReturn(
  start: { at: Date; value: bigint },
  days: readonly DayPoint[],
  end: { at: Date; value: bigint },
): number | null {
  const flows: { amount: number; date: Date }[] = [];
  const toNumber = (x: bigint) => Number(x / 10n ** 6n) / 1e6;
  if (start.value !== 0n) flows.push({ amount: -toNumber(start.value), date: start.at });
  for (const d of days) {
    if (d.flow === 0n) continue;
    const noon = dayStart(d.day).getTime() + DAY_MS / 2;
    flows.push({ amount: -toNumber(d.flow), date: new Date(Math.min(noon, end.at.getTime())) });
  }
  if (flows.length === 0) return null;
  const first = flows[0]!.date.getTime();
  if (end.at.getTime() - first < DAY_MS) return null;
  flows.push({ amount: toNumber(end.value), date: end.at });
  if (!flows.some((f) => f.amount > 0) || !flows.some((f) => f.amount < 0)) return null;
  try {
    const r = solveXirr(flows);
    return Number.isFinite(r) ? r : null;
  } catch {
    return null;
  }
}
