import { describe, expect, it } from 'vitest';
import { createWithdrawalBody } from '../wallet/withdrawals';
import { isRecoveryCode, normalizeRecoveryCode, RECOVERY_CODES, secondFactorCodeSchema } from './recovery-codes';
import { disableTwoFactorBody } from './two-factor';

describe('the recovery code format', () => {
  it('32 symbols without I, L, O, U: five bits each, 50 bits a code', () => {
    expect(new Set(RECOVERY_CODES.alphabet).size).toBe(32);
    expect(RECOVERY_CODES.alphabet).not.toMatch(/[ILOU]/);
    expect(RECOVERY_CODES.length * Math.log2(RECOVERY_CODES.alphabet.length)).toBe(50);
  });

  it.each([
    ['7KQ2M-XD9WF', '7KQ2M-XD9WF'],
    ['7kq2mxd9wf', '7KQ2M-XD9WF'],
    [' 7KQ2M XD9WF ', '7KQ2M-XD9WF'],
    ['7KQ2M—XD9WF', '7KQ2M-XD9WF'],
    ['۷KQ۲M-XD۹WF', '7KQ2M-XD9WF'],
    // Crockford's aliases: O is zero, I and L are one
    ['OKQIM-XDLWF', '0KQ1M-XD1WF'],
  ])('%s is read as %s', (typed, written) => {
    expect(normalizeRecoveryCode(typed)).toBe(written);
    expect(isRecoveryCode(written)).toBe(true);
  });

  it.each([['7KQ2M-XD9W'], ['7KQ2M-XD9WFF'], ['7KQ2M-XD9WU'], ['7KQ2M-XD9W!'], ['']])('%s is not a code', (typed) => {
    expect(normalizeRecoveryCode(typed)).toBeNull();
  });

  it('the authenticator field takes six digits or a recovery code, and nothing else', () => {
    expect(secondFactorCodeSchema.parse('۱۲۳۴۵۶')).toBe('123456');
    expect(secondFactorCodeSchema.parse('7kq2m xd9wf')).toBe('7KQ2M-XD9WF');
    expect(isRecoveryCode('123456')).toBe(false);
    for (const bad of ['12345', '1234567', 'abcdef', '7KQ2M-XD9W']) {
      const r = secondFactorCodeSchema.safeParse(bad);
      expect(r.success, bad).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('secondFactorFormat');
    }
  });

  it('turning two-factor off by a phone code takes digits only; by the app, a recovery code too', () => {
    expect(disableTwoFactorBody.safeParse({ method: 'totp', code: '7KQ2M-XD9WF' }).success).toBe(true);
    const sms = disableTwoFactorBody.safeParse({ method: 'sms', code: '7KQ2M-XD9WF' });
    expect(sms.error?.issues[0]).toMatchObject({ path: ['code'], message: 'otpFormat' });
  });

  it('a withdrawal keeps its own rule name for a malformed code', () => {
    const base = { bankAccountId: '00000000-0000-4000-8000-000000000001', amount: '10000' };
    expect(createWithdrawalBody.parse({ ...base, code: '7kq2m-xd9wf' }).code).toBe('7KQ2M-XD9WF');
    expect(createWithdrawalBody.safeParse({ ...base, code: '12ab' }).error?.issues[0]?.message).toBe('code');
  });
});
