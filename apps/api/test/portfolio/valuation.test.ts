import { describe, expect, it } from 'vitest';
import {
  addDays,
  cashToSide,
  daysBetween,
  irtToUsdt,
  moneyWeightedReturn,
  SCALE,
  timeWeightedReturn,
  toDecimal,
  unitsValue,
  usdtToIrt,
  valueIn,
} from '../../src/modules/portfolio/valuation';

/** The portfolio's arithmetic (decision 041), on its own. */
describe('valuation', () => {
  it('puts each currency on its side at 10¹² of the minor unit: IRR is a tenth of a toman, USD a tether', () => {
    expect(cashToSide('IRT', 5n)).toEqual({ irt: 5n * SCALE, usdt: 0n });
    expect(cashToSide('IRR', 55n)).toEqual({ irt: (55n * SCALE) / 10n, usdt: 0n });
    expect(cashToSide('USDT', 1_500_000n)).toEqual({ irt: 0n, usdt: 1_500_000n * SCALE });
    expect(cashToSide('USD', 150n)).toEqual({ irt: 0n, usdt: 1_500_000n * SCALE });
    // 2.5 units at 10,001 toman: 25,002.5 toman, exactly.
    expect(toDecimal(unitsValue(25_000n, 10_001n), 'IRT')).toBe('25002');
    expect(unitsValue(25_000n, 10_001n)).toBe((250_025n * SCALE) / 10n);
  });

  it('converts at the mid (rials per tether) and rounds once, half-even', () => {
    // 100,000 toman at 1,000,000 rials per tether: 1 tether.
    expect(irtToUsdt(100_000n * SCALE, 1_000_000n)).toBe(1_000_000n * SCALE);
    expect(usdtToIrt(1_000_000n * SCALE, 1_000_000n)).toBe(100_000n * SCALE);
    expect(valueIn({ irt: 100_000n * SCALE, usdt: 2_000_000n * SCALE }, 'USDT', 1_000_000n)).toBe(3_000_000n * SCALE);
    expect(valueIn({ irt: 1n, usdt: 0n }, 'USDT', null)).toBeNull();
    expect(valueIn({ irt: 7n, usdt: 0n }, 'IRT', null)).toBe(7n);
    expect(toDecimal(SCALE / 2n, 'IRT')).toBe('0');
    expect(toDecimal((3n * SCALE) / 2n, 'IRT')).toBe('2');
    expect(toDecimal(1_234_567n * SCALE, 'USDT')).toBe('1.234567');
  });

  it('counts Tehran days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(daysBetween('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(daysBetween('2026-01-02', '2026-01-01')).toEqual([]);
  });

  it('chains daily returns, the day’s money counted from its start (TWR)', () => {
    const d = (day: string, value: number, flow = 0) => ({
      day,
      value: BigInt(value) * SCALE,
      flow: BigInt(flow) * SCALE,
    });
    // 1,000 in, +10 %, then 1,100 more in and −10 % on 2,200: (1.1 × 0.9) − 1.
    const twr = timeWeightedReturn(0n, [
      d('2026-01-01', 1000, 1000),
      d('2026-01-02', 1100),
      d('2026-01-03', 1980, 1100),
    ]);
    expect(twr).toBeCloseTo(1.1 * 0.9 - 1, 12);
    expect(timeWeightedReturn(0n, [d('2026-01-01', 0)])).toBeNull();
    // A deposit alone is no return.
    expect(timeWeightedReturn(500n * SCALE, [d('2026-01-01', 1500, 1000)])).toBe(0);
  });

  it('solves the money-weighted rate (XIRR), annualised, and refuses what has no answer', () => {
    const start = new Date('2025-01-01T08:30:00Z');
    const end = new Date('2026-01-01T08:30:00Z');
    // 1,000 at the start, 1,100 a year later: 10 % a year.
    expect(moneyWeightedReturn({ at: start, value: 1000n * SCALE }, [], { at: end, value: 1100n * SCALE })).toBeCloseTo(
      0.1,
      6,
    );
    // Nothing in: nothing to weigh.
    expect(moneyWeightedReturn({ at: start, value: 0n }, [], { at: end, value: 0n })).toBeNull();
    // Money in for less than a day.
    expect(
      moneyWeightedReturn({ at: start, value: 1000n * SCALE }, [], {
        at: new Date(start.getTime() + 3600_000),
        value: 1001n * SCALE,
      }),
    ).toBeNull();
  });
});
