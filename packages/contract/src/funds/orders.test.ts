import { describe, expect, it } from 'vitest';
import { createFundPurchaseBody, fundAmountIssue, redemptionBody, tehranDateOf } from './orders';

describe('the Tehran date that prices an order', () => {
  it.each([
    ['2025-03-20T20:29:59.999Z', '2025-03-20'],
    // 20:30 UTC is midnight in Tehran (UTC+3:30, no daylight saving since 2022).
    ['2025-03-20T20:30:00.000Z', '2025-03-21'],
    ['2025-12-31T21:00:00.000Z', '2026-01-01'],
  ])('%s → %s', (at, date) => {
    expect(tehranDateOf(new Date(at))).toBe(date);
  });
});

describe('a purchase amount against the fund’s currency', () => {
  it.each([
    ['1000000', 'IRT', null],
    ['1000000.0', 'IRT', null],
    ['1000000.5', 'IRT', { rule: 'amountDecimals', params: { scale: '0' } }],
    ['25.123456', 'USDT', null],
    ['25.1234567', 'USDT', { rule: 'amountDecimals', params: { scale: '6' } }],
    ['0', 'IRT', { rule: 'amountPositive' }],
    ['0.000000', 'USDT', { rule: 'amountPositive' }],
    ['1e5', 'IRT', { rule: 'amountInvalid' }],
    ['1000000000000001', 'IRT', { rule: 'amountMax', params: { max: '1000000000000000' } }],
  ] as const)('%s %s', (amount, currency, issue) => {
    expect(fundAmountIssue(amount, currency)).toEqual(issue);
  });
});

describe('the purchase form', () => {
  it('normalises Persian digits and separators, and needs the terms ticked', () => {
    expect(createFundPurchaseBody.parse({ amount: '۱٬۰۰۰٬۰۰۰', method: 'wallet', acceptTerms: true })).toEqual({
      amount: '1000000',
      method: 'wallet',
      acceptTerms: true,
    });
    const refused = createFundPurchaseBody.safeParse({ amount: '1000', method: 'card' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['acceptTerms', 'accept']]);
  });
});

describe('the redemption form', () => {
  it('takes a unit count with up to four decimals, or “free units only”', () => {
    expect(redemptionBody.parse({ units: '۱۲٫۵' })).toEqual({ units: '12.5', freeOnly: false });
    expect(redemptionBody.parse({ freeOnly: true })).toEqual({ freeOnly: true });
    const issues = (v: unknown) => redemptionBody.safeParse(v).error?.issues.map((i) => i.message);
    expect(issues({})).toEqual(['required']);
    expect(issues({ units: '0.0000' })).toEqual(['unitsPositive']);
    expect(issues({ units: '1.23456' })).toEqual(['decimal']);
  });
});
