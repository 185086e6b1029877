import { describe, expect, it } from 'vitest';
import { fundRuleIssues, type FundRuleFields } from '@portal/contract/admin/funds';
import { isConsultationPeriodOver, openConsultationPeriods } from '@portal/contract/funds/consultation';
import { addMonthsToDay } from '../../src/modules/funds/catalogue.service';
import { topHoldings } from '../../src/modules/funds/funds.views';

/** The pure rules behind the catalogue and the desk, one case per line. */
const tehran = (day: string, hm: string) => new Date(Date.parse(`${day}T${hm}:00+03:30`));

describe('consultation periods (Tehran time, SPEC §3)', () => {
  it.each([
    ['08:59', ['Morning', 'Noon', 'Afternoon', 'Night']],
    ['11:59', ['Morning', 'Noon', 'Afternoon', 'Night']],
    ['12:00', ['Noon', 'Afternoon', 'Night']],
    ['16:59', ['Noon', 'Afternoon', 'Night']],
    ['17:00', ['Afternoon', 'Night']],
    ['19:30', ['Afternoon', 'Night']],
    ['20:00', ['Night']],
    ['21:59', ['Night']],
    ['22:00', []],
    ['23:59', []],
  ])('at %s Today offers %j; Tomorrow offers all', (hm, open) => {
    const now = tehran('2025-06-15', hm);
    expect(openConsultationPeriods('Today', now)).toEqual(open);
    expect(openConsultationPeriods('Tomorrow', now)).toEqual(['Morning', 'Noon', 'Afternoon', 'Night']);
    expect(isConsultationPeriodOver('Tomorrow', 'Morning', now)).toBe(false);
  });
});

describe("a fund's figures together", () => {
  const base: FundRuleFields = {
    currency: 'IRT',
    fees: { purchaseFixedFee: '5000', redeemFixedFee: '0' },
    limits: { minPurchase: '100000', maxPurchase: null, minRedeemUnits: '1' },
    assetAllocation: [{ percent: '60.00' }, { percent: '40.00' }],
  };
  it('accepts a sound fund (holdings exactly 100 %)', () => {
    expect(fundRuleIssues(base)).toEqual([]);
  });
  it('the fixed purchase fee must be below the minimum purchase', () => {
    expect(fundRuleIssues({ ...base, limits: { ...base.limits, minPurchase: '5000' } })).toEqual([
      { path: ['limits', 'minPurchase'], rule: 'feeNotBelowMin' },
    ]);
  });
  it('USDT amounts have six decimals at most, trailing zeros aside', () => {
    const usdt = { ...base, currency: 'USDT' as const, fees: { purchaseFixedFee: '0.5000000', redeemFixedFee: '0' } };
    expect(fundRuleIssues(usdt)).toEqual([]);
    expect(fundRuleIssues({ ...usdt, fees: { purchaseFixedFee: '0.0000001', redeemFixedFee: '0' } })).toEqual([
      { path: ['fees', 'purchaseFixedFee'], rule: 'amountDecimals', params: { scale: '6', max: '1000000000' } },
    ]);
  });
  it('a figure too large for the books is refused', () => {
    expect(fundRuleIssues({ ...base, limits: { ...base.limits, maxPurchase: '1000000000000001' } })).toEqual([
      { path: ['limits', 'maxPurchase'], rule: 'amountTooLarge', params: { scale: '0', max: '1000000000000000' } },
    ]);
  });
  it('holdings over 100 % together are refused', () => {
    expect(fundRuleIssues({ ...base, assetAllocation: [{ percent: '60.00' }, { percent: '40.01' }] })).toEqual([
      { path: ['assetAllocation'], rule: 'allocationOverHundred' },
    ]);
  });
});

describe('windows and holdings', () => {
  it.each([
    ['2025-08-31', -6, '2025-02-28'],
    ['2024-08-31', -6, '2024-02-29'],
    ['2025-06-15', -12, '2024-06-15'],
    ['2025-03-31', -1, '2025-02-28'],
  ])('%s moved %i months is %s', (day, months, expected) => {
    expect(addMonthsToDay(day, months)).toBe(expected);
  });
  it('the top five holdings, largest first, ties in the order entered', () => {
    const h = (label: string, percent: string) => ({ label: { fa: label, ar: label, en: label }, percent });
    expect(
      topHoldings([
        h('a', '5.00'),
        h('b', '30.00'),
        h('c', '5.00'),
        h('d', '20.00'),
        h('e', '5.00'),
        h('f', '35.00'),
      ]).map((x) => x.label.en),
    ).toEqual(['f', 'b', 'd', 'a', 'c']);
  });
});
