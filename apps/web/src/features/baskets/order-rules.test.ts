import { describe, expect, it } from 'vitest';
import {
  amountRule,
  amountTier,
  canonicalAmount,
  sanitizeAmount,
  shortfallOf,
  needsRiskConfirmation,
  orderFormSchema,
} from './order-rules';
import { riskFromQuery } from './tabs';

describe('basket order rules (SPEC §5)', () => {
  it('takes an amount from 1,000 to 1 billion tether with at most 6 decimals', () => {
    expect(amountRule('')).toBe('required');
    expect(amountRule('abc')).toBe('amountInvalid');
    expect(amountRule('1.2.3')).toBe('amountInvalid');
    expect(amountRule('999.999999')).toBe('amountMin');
    expect(amountRule('1000')).toBeNull();
    expect(amountRule('1000.')).toBeNull();
    expect(amountRule('1000.123456')).toBeNull();
    expect(amountRule('1000.1234567')).toBe('amountDecimals');
    // Trailing zeros are not decimals of value.
    expect(amountRule('1000.1234560')).toBeNull();
    expect(amountRule('1000000000')).toBeNull();
    expect(amountRule('1000000000.000001')).toBe('amountMax');
  });

  it('reads the separators and the Persian decimal point away, and canonicalises', () => {
    expect(sanitizeAmount('2,000٫50')).toBe('2000.50');
    expect(sanitizeAmount('۲۰۰۰')).toBe('2000');
    expect(canonicalAmount('002000.500')).toBe('2000.5');
    expect(canonicalAmount('2000.')).toBe('2000');
  });

  it('makes 50,000 and more a VIP request and offers a specialised basket above 200,000', () => {
    expect(amountTier('49999.999999')).toBe('regular');
    expect(amountTier('50000')).toBe('vip');
    expect(amountTier('200000')).toBe('vip');
    expect(amountTier('200000.000001')).toBe('specialised');
  });

  it('says how much tether is missing, exactly', () => {
    expect(shortfallOf('2000', '2500')).toBeNull();
    expect(shortfallOf('2000', '2000')).toBeNull();
    expect(shortfallOf('2000', '1999.999999')).toBe('0.000001');
    expect(shortfallOf('2000.5', '500')).toBe('1500.5');
    expect(shortfallOf('2000', null)).toBeNull();
  });

  it('needs at least one exchange, and a confirmation for a risk above the latest quiz result', () => {
    const base = { risk: 35, amount: '2000', exchanges: ['binance'], marketType: 'all', riskAcknowledged: false };
    const schema = orderFormSchema(40);
    expect(schema.safeParse(base).success).toBe(true);
    const none = schema.safeParse({ ...base, exchanges: [] });
    expect(none.error?.issues.map((i) => i.message)).toEqual(['exchangesRequired']);
    expect(schema.safeParse({ ...base, exchanges: ['ftx'] }).success).toBe(false);
    expect(schema.safeParse({ ...base, amount: '999' }).error?.issues.map((i) => i.message)).toEqual(['amountMin']);
    // 60 is riskier than a result of 40 (band 60 > band 60? no: 40 falls in band 60).
    expect(needsRiskConfirmation(60, 40)).toBe(false);
    expect(needsRiskConfirmation(100, 40)).toBe(true);
    expect(needsRiskConfirmation(10, null)).toBe(true);
    const riskier = schema.safeParse({ ...base, risk: 100 });
    expect(riskier.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['riskAcknowledged', 'riskConfirm'],
    ]);
    expect(schema.safeParse({ ...base, risk: 100, riskAcknowledged: true }).success).toBe(true);
  });

  it('keeps a risk from the address only when it is a band', () => {
    expect(riskFromQuery('35')).toBe(35);
    expect(riskFromQuery('36')).toBeNull();
    expect(riskFromQuery(null)).toBeNull();
  });
});
