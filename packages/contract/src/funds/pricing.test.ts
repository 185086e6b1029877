import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  belowRedeemMinimum,
  earlyExitBps,
  feeOf,
  formatUnits,
  freeFrom,
  freeUnits,
  parseUnits,
  quotePurchase,
  quoteRedemption,
  UNIT,
  valueOfUnits,
  wholeMonthsBetween,
  yieldPercent,
  type Lot,
} from './pricing';

const d = (s: string) => new Date(s);

describe('units issued for an amount (decision 022)', () => {
  it('takes the fixed fee off first and rounds units down to four decimals', () => {
    // 1,000,000 toman, fee 5,000, NAV 33,333: (995,000 × 10⁴) ÷ 33,333 = 298,502.1… → 29.8502 units
    expect(quotePurchase(1_000_000n, 33_333n, 5_000n)).toEqual({
      amount: 1_000_000n,
      fixedFee: 5_000n,
      units: 298_502n,
      cost: 994_997n, // ⌈298,502 × 33,333 ÷ 10⁴⌉ = ⌈994,996.68…⌉
      charged: 999_997n,
      remainder: 3n,
    });
  });
  it('charges exactly the amount when it divides evenly', () => {
    expect(quotePurchase(1_005_000n, 10_000n, 5_000n)).toMatchObject({
      units: 100n * UNIT,
      cost: 1_000_000n,
      remainder: 0n,
    });
  });
  it('answers null when the amount does not buy one unit-minor', () => {
    expect(quotePurchase(5_000n, 10_000n, 5_000n)).toBeNull();
    expect(quotePurchase(4_000n, 10_000n, 5_000n)).toBeNull();
    expect(quotePurchase(5_000n, 20_000_000n, 4_999n)).toBeNull(); // 1 × 10⁴ ÷ 2×10⁷ < 1
  });
  it('works in USDT minor units (six decimals)', () => {
    // 100 USDT at NAV 1.234567 USDT, no fee: 100,000,000 × 10⁴ ÷ 1,234,567 = 810,000.7… → 81.0000 units
    expect(quotePurchase(100_000_000n, 1_234_567n, 0n)).toMatchObject({
      units: 810_000n,
      cost: 99_999_927n,
      remainder: 73n,
    });
  });
  it('refuses a NAV of zero', () => {
    expect(() => quotePurchase(1n, 0n, 0n)).toThrow(RangeError);
  });
});

describe('early-exit schedule: 3 % falling to 0 % after six months (decision 022)', () => {
  const issued = d('2026-01-15T08:00:00Z');
  const cases: [string, bigint][] = [
    ['2026-01-15T08:00:00Z', 300n],
    ['2026-02-15T07:59:59Z', 300n],
    ['2026-02-15T08:00:00Z', 250n],
    ['2026-03-15T08:00:00Z', 200n],
    ['2026-04-15T08:00:00Z', 150n],
    ['2026-05-15T08:00:00Z', 100n],
    ['2026-06-15T08:00:00Z', 50n],
    ['2026-07-15T07:59:59Z', 50n],
    ['2026-07-15T08:00:00Z', 0n],
    ['2027-07-15T08:00:00Z', 0n],
  ];
  for (const [at, bps] of cases) {
    it(`a lot of 15 Jan 08:00 redeemed at ${at} pays ${bps} bp`, () => {
      expect(earlyExitBps(issued, d(at))).toBe(bps);
    });
  }
  it('is free from six calendar months after issue, the day clamped to the month end', () => {
    expect(freeFrom(issued).toISOString()).toBe('2026-07-15T08:00:00.000Z');
    expect(freeFrom(d('2026-08-31T10:00:00Z')).toISOString()).toBe('2027-02-28T10:00:00.000Z');
    expect(addMonths(d('2028-01-31T00:00:00Z'), 1).toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });
  it('counts whole months across month ends and years', () => {
    expect(wholeMonthsBetween(d('2026-01-31T00:00:00Z'), d('2026-02-28T00:00:00Z'))).toBe(1);
    expect(wholeMonthsBetween(d('2026-01-31T00:00:00Z'), d('2026-02-27T23:59:59Z'))).toBe(0);
    expect(wholeMonthsBetween(d('2025-11-20T00:00:00Z'), d('2026-05-19T00:00:00Z'))).toBe(5);
    expect(wholeMonthsBetween(d('2026-05-19T00:00:00Z'), d('2025-11-20T00:00:00Z'))).toBe(0);
  });
});

describe('fees and values', () => {
  it('rounds a fee up and a value down', () => {
    expect(feeOf(1_001n, 300n)).toBe(31n); // 30.03 → 31
    expect(feeOf(1_000n, 300n)).toBe(30n);
    expect(feeOf(0n, 300n)).toBe(0n);
    expect(feeOf(1_000n, 0n)).toBe(0n);
    expect(valueOfUnits(15_001n, 33_333n)).toBe(50_002n); // 50,002.83 → 50,002
  });
});

describe('redemption, lot by lot, oldest first (decision 022)', () => {
  const at = d('2026-11-24T09:00:00Z');
  const lots: Lot[] = [
    { id: 'b', units: 10n * UNIT, nav: 12_000n, issuedAt: d('2026-10-01T09:00:00Z') }, // 1 month: 2.5 %
    { id: 'a', units: 5n * UNIT, nav: 10_000n, issuedAt: d('2026-03-01T09:00:00Z') }, // 8 months: free
  ];
  const terms = { nav: 13_000n, at, fixedFee: 2_000n, performanceFeeBps: 1_000n };

  it('takes the free lot first, then the younger one, with each lot its own fees', () => {
    const q = quoteRedemption(lots, 8n * UNIT, terms);
    expect(q.takes.map((t) => [t.lotId, t.units])).toEqual([
      ['a', 5n * UNIT],
      ['b', 3n * UNIT],
    ]);
    // lot a: 5 units × 13,000 = 65,000; no early fee; gain 15,000 → 10 % = 1,500
    expect(q.takes[0]).toMatchObject({
      value: 65_000n,
      earlyExitBps: 0n,
      earlyExitFee: 0n,
      gain: 15_000n,
      performanceFee: 1_500n,
    });
    // lot b: 3 units × 13,000 = 39,000; 2.5 % = 975; gain 3,000 → 300
    expect(q.takes[1]).toMatchObject({
      value: 39_000n,
      earlyExitBps: 250n,
      earlyExitFee: 975n,
      gain: 3_000n,
      performanceFee: 300n,
    });
    expect(q).toMatchObject({
      value: 104_000n,
      earlyExitFee: 975n,
      performanceFee: 1_800n,
      fixedFee: 2_000n,
      proceeds: 99_225n,
    });
  });
  it('charges no performance fee on a loss', () => {
    const q = quoteRedemption(lots, 1n * UNIT, { ...terms, nav: 9_000n });
    expect(q.takes[0]).toMatchObject({ gain: 0n, performanceFee: 0n });
  });
  it('refuses more units than the lots hold', () => {
    expect(() => quoteRedemption(lots, 15n * UNIT + 1n, terms)).toThrow(RangeError);
    expect(() => quoteRedemption(lots, 0n, terms)).toThrow(RangeError);
  });
  it('counts the free units', () => {
    expect(freeUnits(lots, at)).toBe(5n * UNIT);
    expect(freeUnits(lots, d('2027-04-01T09:00:00Z'))).toBe(15n * UNIT);
  });
});

describe('buying then redeeming at the same NAV never returns more than was paid', () => {
  it('holds for any amount, NAV, fee and holding time', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 13n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.bigInt({ min: 0n, max: 10n ** 6n }),
        fc.bigInt({ min: 0n, max: 5_000n }),
        fc.integer({ min: 0, max: 400 }),
        (amount, nav, fixedFee, perfBps, days) => {
          const bought = quotePurchase(amount, nav, fixedFee);
          if (!bought) return;
          expect(bought.charged + bought.remainder).toBe(amount);
          expect(bought.remainder).toBeGreaterThanOrEqual(0n);
          const issuedAt = d('2026-01-01T00:00:00Z');
          const at = new Date(issuedAt.getTime() + days * 86_400_000);
          const q = quoteRedemption([{ id: 'x', units: bought.units, nav, issuedAt }], bought.units, {
            nav,
            at,
            fixedFee,
            performanceFeeBps: perfBps,
          });
          expect(q.proceeds).toBeLessThanOrEqual(bought.charged);
          expect(q.value).toBeLessThanOrEqual(bought.cost);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('unit counts and yields as text', () => {
  it('formats and parses four decimals', () => {
    expect(formatUnits(298_502n)).toBe('29.8502');
    expect(formatUnits(100n * UNIT)).toBe('100');
    expect(formatUnits(5n)).toBe('0.0005');
    expect(parseUnits('29.8502')).toBe(298_502n);
    expect(parseUnits('3')).toBe(30_000n);
    expect(() => parseUnits('1.00001')).toThrow(RangeError);
    expect(() => parseUnits('-1')).toThrow(RangeError);
  });
  it('gives yields with two decimals', () => {
    expect(yieldPercent(10_000n, 11_234n)).toBe('12.34');
    expect(yieldPercent(10_000n, 9_690n)).toBe('-3.10');
    expect(yieldPercent(3n, 4n)).toBe('33.33');
    expect(yieldPercent(10_000n, 10_000n)).toBe('0.00');
  });
});

describe('the smallest redemption (issue 19)', () => {
  it('under the minimum is refused unless it is every unit available: a small holding is redeemed whole', () => {
    expect(belowRedeemMinimum(4_585n, 4_585n, 10_000n)).toBe(false);
    expect(belowRedeemMinimum(4_000n, 4_585n, 10_000n)).toBe(true);
    expect(belowRedeemMinimum(5_000n, 100_000n, 10_000n)).toBe(true);
    expect(belowRedeemMinimum(10_000n, 100_000n, 10_000n)).toBe(false);
  });
});
