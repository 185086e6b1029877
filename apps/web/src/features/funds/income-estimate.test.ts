import { describe, expect, it } from 'vitest';
import { estimateIncome } from './income-estimate';

const base = { amount: '10000000', currency: 'IRT' as const, yearlyYieldPercent: '12.00', months: 12, reinvest: true };

describe('income estimate from the twelve-month yield', () => {
  it('compounds to exactly the yearly yield over twelve months when the profit is reinvested', () => {
    expect(estimateIncome(base)).toEqual({
      amount: '10000000',
      profit: '1200000',
      finalValue: '11200000',
      monthlyProfit: null,
      monthlyRatePercent: 0.95,
      periodYieldPercent: 12,
    });
  });

  it('compounds over part of a year: 1.12^(6/12) − 1 = 5.830052…%', () => {
    expect(estimateIncome({ ...base, months: 6 })).toMatchObject({ profit: '583005', finalValue: '10583005' });
  });

  it('pays out the same monthly rate without compounding when not reinvested', () => {
    // m = 1.12^(1/12) − 1 = 0.9488792935 %: 94,887.93 a month, rounded down.
    expect(estimateIncome({ ...base, reinvest: false })).toEqual({
      amount: '10000000',
      profit: '1138655',
      finalValue: '11138655',
      monthlyProfit: '94887',
      monthlyRatePercent: 0.95,
      periodYieldPercent: 11.39,
    });
  });

  it('compounds beyond a year', () => {
    // 1.12² − 1 = 25.44 %
    expect(estimateIncome({ ...base, months: 24 })).toMatchObject({ profit: '2544000', finalValue: '12544000' });
  });

  it('shows a loss for a falling fund, never smaller than its rate gives', () => {
    // 0.9^(3/12) − 1 = −2.59962536 %: −259,962.54 rounds down to −259,963
    expect(estimateIncome({ ...base, yearlyYieldPercent: '-10.00', months: 3 })).toMatchObject({
      profit: '-259963',
      finalValue: '9740037',
    });
  });

  it('keeps the decimals of a tether fund', () => {
    expect(
      estimateIncome({ amount: '1500.5', currency: 'USDT', yearlyYieldPercent: '8.00', months: 12, reinvest: true }),
    ).toMatchObject({ amount: '1500.5', profit: '120.04', finalValue: '1620.54' });
  });

  it('gives no estimate for a missing amount, a period out of range or a bad yield', () => {
    expect(estimateIncome({ ...base, amount: '0' })).toBeNull();
    expect(estimateIncome({ ...base, amount: 'abc' })).toBeNull();
    expect(estimateIncome({ ...base, months: 0 })).toBeNull();
    expect(estimateIncome({ ...base, months: 121 })).toBeNull();
    expect(estimateIncome({ ...base, months: 1.5 })).toBeNull();
    expect(estimateIncome({ ...base, yearlyYieldPercent: '-100.00' })).toBeNull();
    expect(estimateIncome({ ...base, yearlyYieldPercent: 'n/a' })).toBeNull();
  });
});
