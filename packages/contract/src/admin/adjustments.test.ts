import { describe, expect, it } from 'vitest';
import { adjustmentAmountIssue, normalizeAmountInput, proposeAdjustmentBody } from './adjustments';

const body = (amount: string, currency = 'USD') => ({
  userId: '00000000-0000-4000-8000-000000000000',
  currency,
  direction: 'credit',
  amount,
  reasonCode: 'other',
  reason: 'A correction agreed with finance.',
});

describe('manual adjustment amounts', () => {
  it('normalise Persian and Arabic digits, separators and the Persian decimal point', () => {
    expect(normalizeAmountInput('۱٬۲۵۰٫۵۰')).toBe('1250.50');
    expect(normalizeAmountInput(' ١,٠٠٠ ')).toBe('1000');
  });

  it('keep to the currency scale, positive, bounded', () => {
    expect(adjustmentAmountIssue('1250.50', 'USD')).toBeNull();
    expect(adjustmentAmountIssue('1250.505', 'USD')).toEqual({ rule: 'amountDecimals', params: { scale: '2' } });
    expect(adjustmentAmountIssue('0.000001', 'USDT')).toBeNull();
    expect(adjustmentAmountIssue('1.5', 'IRT')).toEqual({ rule: 'amountDecimals', params: { scale: '0' } });
    expect(adjustmentAmountIssue('0.00', 'USD')).toEqual({ rule: 'amountPositive' });
    expect(adjustmentAmountIssue('.5', 'USD')).toEqual({ rule: 'amountInvalid' });
    expect(adjustmentAmountIssue('1000000000000000', 'IRT')).toBeNull();
    expect(adjustmentAmountIssue('1000000000000001', 'IRT')?.rule).toBe('amountTooLarge');
  });

  it('travel as the canonical decimal string, so differently typed retries are one request', () => {
    expect(proposeAdjustmentBody.parse(body('۱٬۲۵۰٫۵۰')).amount).toBe('1250.5');
    expect(proposeAdjustmentBody.parse(body('7.000', 'IRT')).amount).toBe('7');
    expect(proposeAdjustmentBody.safeParse(body('7.1', 'IRT')).success).toBe(false);
  });
});
