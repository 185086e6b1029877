/**
 * The arithmetic of fund units (issue 6; decision 022): units issued for an amount at a NAV, what a
 * redemption pays out lot by lot (first in, first out) with its fees, and the early-exit schedule.
 * Pure functions over minor units (bigint); every division names its rounding, and every rounding is in
 * the fund's favour, never the investor's at the house's expense (DESIGN "Money").
 *
 * Scales: units have `UNIT_SCALE` decimals (a unit count on the wire is a decimal string, in code an
 * integer of 1/10⁴ units); a NAV is the price of one whole unit in minor units of the fund's currency;
 * rates are basis points (1 bp = 0.01 %).
 */
import { divRound } from '../core/money';

/** Decimals of a unit count: 1 unit = 10,000 unit-minors. */
export const UNIT_SCALE = 4;
export const UNIT = 10n ** BigInt(UNIT_SCALE);
/** 100 % in basis points. */
export const BPS = 10_000n;

/**
 * SPEC §4, §9: the early-exit fee starts at 3 % and falls to 0 % after six months. Per lot, by the whole
 * calendar months it has been held: 3 % in its first month, then half a percent less each month, nothing
 * from the sixth month on (decision 022).
 */
export const EARLY_EXIT_BPS_BY_MONTH = [300n, 250n, 200n, 150n, 100n, 50n] as const;
export const EARLY_EXIT_FREE_AFTER_MONTHS = EARLY_EXIT_BPS_BY_MONTH.length;

/** `date` plus `months` calendar months (UTC), the day clamped to the month's last day (31 Jan + 1 = 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const day = Math.min(date.getUTCDate(), lastDay);
  return new Date(
    Date.UTC(y, m, day, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds()),
  );
}

/** Whole calendar months from `from` to `at` (0 before the first month is complete; never negative). */
export function wholeMonthsBetween(from: Date, at: Date): number {
  if (at <= from) return 0;
  let months = (at.getUTCFullYear() - from.getUTCFullYear()) * 12 + (at.getUTCMonth() - from.getUTCMonth());
  while (months > 0 && addMonths(from, months) > at) months--;
  while (addMonths(from, months + 1) <= at) months++;
  return months;
}

/** The early-exit rate (bp) of a lot issued at `issuedAt`, redeemed at `at`. */
export function earlyExitBps(issuedAt: Date, at: Date): bigint {
  const months = wholeMonthsBetween(issuedAt, at);
  return EARLY_EXIT_BPS_BY_MONTH[months] ?? 0n;
}

/** When a lot issued at `issuedAt` can be redeemed without the early-exit fee. */
export function freeFrom(issuedAt: Date): Date {
  return addMonths(issuedAt, EARLY_EXIT_FREE_AFTER_MONTHS);
}

/** The value of `units` (unit-minors) at `nav`, rounded down (the fund never pays a fraction it does not hold). */
export function valueOfUnits(units: bigint, nav: bigint): bigint {
  return divRound(units * nav, UNIT, 'down');
}

/** A fee of `bps` on `amount`, rounded up (the fee is never shaved in the investor's favour). */
export function feeOf(amount: bigint, bps: bigint): bigint {
  if (amount <= 0n || bps <= 0n) return 0n;
  return divRound(amount * bps, BPS, 'up');
}

export interface PurchaseQuote {
  /** What the investor offered (minor units). */
  amount: bigint;
  fixedFee: bigint;
  /** Units issued (unit-minors): ⌊(amount − fixed fee) × 10⁴ ÷ NAV⌋. */
  units: bigint;
  /** What the units cost at the NAV: ⌈units × NAV ÷ 10⁴⌉, never more than amount − fee. */
  cost: bigint;
  /** cost + fixed fee: what leaves the wallet. */
  charged: bigint;
  /** amount − charged: stays in (or returns to) the wallet. */
  remainder: bigint;
}

/**
 * Units for `amount` at `nav` (decision 022): the fixed fee comes off first, units are rounded down to
 * the unit scale, the investor pays exactly what those units cost (rounded up to the minor unit) plus
 * the fee, and the remainder (less than one unit-minor's worth) stays in the wallet. Null when the amount
 * does not buy a single unit-minor.
 */
export function quotePurchase(amount: bigint, nav: bigint, fixedFee: bigint): PurchaseQuote | null {
  if (nav <= 0n) throw new RangeError('NAV must be positive');
  if (amount <= fixedFee) return null;
  const units = divRound((amount - fixedFee) * UNIT, nav, 'down');
  if (units <= 0n) return null;
  const cost = divRound(units * nav, UNIT, 'up');
  const charged = cost + fixedFee;
  return { amount, fixedFee, units, cost, charged, remainder: amount - charged };
}

export interface Lot {
  id: string;
  /** Unit-minors still held in this lot. */
  units: bigint;
  /** The NAV the lot was issued at (its cost per unit). */
  nav: bigint;
  issuedAt: Date;
}

export interface LotTake {
  lotId: string;
  units: bigint;
  issuedAt: Date;
  freeFrom: Date;
  /** units × NAV now, rounded down. */
  value: bigint;
  earlyExitBps: bigint;
  earlyExitFee: bigint;
  /** The gain on these units: value − their cost at the lot's NAV (rounded down), never below zero. */
  gain: bigint;
  performanceFee: bigint;
}

export interface RedemptionQuote {
  units: bigint;
  nav: bigint;
  takes: LotTake[];
  value: bigint;
  fixedFee: bigint;
  earlyExitFee: bigint;
  performanceFee: bigint;
  /** value − every fee: what reaches the wallet. */
  proceeds: bigint;
}

export interface RedemptionTerms {
  nav: bigint;
  at: Date;
  fixedFee: bigint;
  /** Performance fee on the gain of each lot, in bp. */
  performanceFeeBps: bigint;
}

/** Oldest first: the order lots are redeemed in (FIFO; ties by id so the order is total). */
export function fifo<T extends { issuedAt: Date; id: string }>(lots: readonly T[]): T[] {
  return [...lots].sort(
    (a, b) => a.issuedAt.getTime() - b.issuedAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** What one lot's `units` fetch at the terms: value, early-exit fee by its age, performance fee on its gain. */
export function quoteLotTake(lot: Lot, units: bigint, t: RedemptionTerms): LotTake {
  const value = valueOfUnits(units, t.nav);
  const bps = earlyExitBps(lot.issuedAt, t.at);
  const gainRaw = value - valueOfUnits(units, lot.nav);
  const gain = gainRaw > 0n ? gainRaw : 0n;
  return {
    lotId: lot.id,
    units,
    issuedAt: lot.issuedAt,
    freeFrom: freeFrom(lot.issuedAt),
    value,
    earlyExitBps: bps,
    earlyExitFee: feeOf(value, bps),
    gain,
    performanceFee: feeOf(gain, t.performanceFeeBps),
  };
}

/**
 * Redeems `units` from `lots`, oldest first (decision 022). Throws a RangeError when the lots hold fewer
 * units. `proceeds` may be zero or negative for a tiny redemption (the caller refuses it).
 */
export function quoteRedemption(lots: readonly Lot[], units: bigint, t: RedemptionTerms): RedemptionQuote {
  if (units <= 0n) throw new RangeError('units must be positive');
  let left = units;
  const takes: LotTake[] = [];
  for (const lot of fifo(lots)) {
    if (left === 0n) break;
    if (lot.units <= 0n) continue;
    const take = lot.units < left ? lot.units : left;
    takes.push(quoteLotTake(lot, take, t));
    left -= take;
  }
  if (left > 0n) throw new RangeError('the lots hold fewer units');
  const sum = (f: (x: LotTake) => bigint) => takes.reduce((s, x) => s + f(x), 0n);
  const value = sum((x) => x.value);
  const earlyExitFee = sum((x) => x.earlyExitFee);
  const performanceFee = sum((x) => x.performanceFee);
  return {
    units,
    nav: t.nav,
    takes,
    value,
    fixedFee: t.fixedFee,
    earlyExitFee,
    performanceFee,
    proceeds: value - earlyExitFee - performanceFee - t.fixedFee,
  };
}

/** Units that can be redeemed at `at` without the early-exit fee (lots at least six months old). */
export function freeUnits(lots: readonly Lot[], at: Date): bigint {
  return lots.reduce((s, l) => (earlyExitBps(l.issuedAt, at) === 0n ? s + l.units : s), 0n);
}

/**
 * Yield between two NAVs as a percentage with two decimals, rounded half-even (a figure to show, not money):
 * `"12.34"` for a 12.34 % rise, `"-3.10"` for a fall.
 */
export function yieldPercent(navThen: bigint, navNow: bigint): string {
  if (navThen <= 0n) throw new RangeError('NAV must be positive');
  const hundredths = divRound((navNow - navThen) * 10_000n, navThen, 'half-even');
  const neg = hundredths < 0n;
  const abs = (neg ? -hundredths : hundredths).toString().padStart(3, '0');
  return `${neg ? '-' : ''}${abs.slice(0, -2)}.${abs.slice(-2)}`;
}

/**
 * The fund's smallest redemption, the one rule the server enforces and the form checks (rule `unitsMin`):
 * a count (unit-minors) under `minRedeemUnits` is refused unless it is every unit that can be redeemed now,
 * so a holding smaller than the minimum can still be redeemed whole.
 */
export function belowRedeemMinimum(units: bigint, available: bigint, minRedeemUnits: bigint): boolean {
  return units < minRedeemUnits && units !== available;
}

/** Unit-minors as a decimal string (`12.5` for 125,000). */
export function formatUnits(units: bigint): string {
  const neg = units < 0n;
  const abs = (neg ? -units : units).toString().padStart(UNIT_SCALE + 1, '0');
  const frac = abs.slice(-UNIT_SCALE).replace(/0+$/, '');
  return `${neg ? '-' : ''}${abs.slice(0, -UNIT_SCALE)}${frac ? `.${frac}` : ''}`;
}

/** A decimal string of units (at most `UNIT_SCALE` decimals) as unit-minors. */
export function parseUnits(text: string): bigint {
  const m = /^(\d+)(?:\.(\d{1,4}))?$/.exec(text.trim());
  if (!m) throw new RangeError(`not a unit count: ${text}`);
  return BigInt(m[1]! + (m[2] ?? '').padEnd(UNIT_SCALE, '0'));
}
