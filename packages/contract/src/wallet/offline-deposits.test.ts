import { describe, expect, it } from 'vitest';
import { isShebaChecksumValid, bankOfSheba } from '../bank/bank-accounts';
import {
  OFFLINE_DEPOSIT_DESTINATIONS,
  OFFLINE_DEPOSIT_FEE_TOMAN,
  OFFLINE_DEPOSIT_MIN_TOMAN,
  createOfflineDepositBodySchema,
  depositDateSchema,
  offlineDepositCredit,
  receiptNumberSchema,
  tehranDay,
} from './offline-deposits';

describe('offline deposit rules', () => {
  it('credits exactly amount − 4,000 toman: no rounding, always positive', () => {
    expect(OFFLINE_DEPOSIT_FEE_TOMAN).toBe(4_000n);
    expect(offlineDepositCredit(1_000_000n)).toEqual({ fee: 4_000n, credited: 996_000n });
    expect(offlineDepositCredit(123_456_789n)).toEqual({ fee: 4_000n, credited: 123_452_789n });
    for (const amount of [OFFLINE_DEPOSIT_MIN_TOMAN, 10n ** 14n + 7n]) {
      const { fee, credited } = offlineDepositCredit(amount);
      expect(fee + credited).toBe(amount);
      expect(credited > 0n).toBe(true);
    }
    expect(() => offlineDepositCredit(999_999n)).toThrow(RangeError);
  });

  it('the day is Iran’s: 21:00 UTC is already the next day in Tehran', () => {
    expect(tehranDay(new Date('2025-03-20T20:29:00Z'))).toBe('2025-03-20');
    expect(tehranDay(new Date('2025-03-20T20:30:00Z'))).toBe('2025-03-21');
  });

  it('the deposit date: real, not after today in Iran, at most 30 days back; Persian digits accepted', () => {
    const now = () => new Date('2025-06-10T21:00:00Z'); // 2025-06-11 in Tehran
    const rule = (s: string) => {
      const r = depositDateSchema(now).safeParse(s);
      return r.success ? r.data : r.error.issues[0]!.message;
    };
    expect(rule('2025-06-11')).toBe('2025-06-11');
    expect(rule('۲۰۲۵-۰۶-۱۰')).toBe('2025-06-10');
    expect(rule('2025-06-12')).toBe('depositDateFuture');
    expect(rule('2025-05-12')).toBe('2025-05-12');
    expect(rule('2025-05-11')).toBe('depositDateTooOld');
    expect(rule('2025-02-29')).toBe('date');
    expect(rule('11/06/2025')).toBe('date');
  });

  it('the receipt number is cleaned to English letters and digits, 4 to 30 of them', () => {
    expect(receiptNumberSchema.parse(' ۱۲۳-۴۵ ab ')).toBe('12345AB');
    expect(receiptNumberSchema.safeParse('12').success).toBe(false);
    expect(receiptNumberSchema.safeParse('1234/5678').success).toBe(false);
    expect(receiptNumberSchema.safeParse('1'.repeat(31)).success).toBe(false);
  });

  it('the body: amount from 1,000,000 toman in whole toman, a published destination', () => {
    const schema = createOfflineDepositBodySchema(() => new Date('2025-06-10T10:00:00Z'));
    const base = {
      amount: '1,000,000',
      receiptNumber: '99887766',
      destination: 'melli',
      depositDate: '2025-06-09',
      receiptFileId: '3f1c9a52-7a0e-4d1b-9a57-2b4f7d0c8e11',
    };
    expect(schema.parse(base)).toMatchObject({ amount: '1000000', destination: 'melli' });
    const issue = (over: Record<string, unknown>) => schema.safeParse({ ...base, ...over }).error?.issues[0]?.message;
    expect(issue({ amount: '999999' })).toBe('amountMin');
    expect(issue({ amount: '-1000000' })).toBe('amountInvalid');
    expect(issue({ amount: '1000000.5' })).toBe('amountInvalid');
    expect(issue({ destination: 'tejarat' })).toBe('select');
  });

  it('publishes accounts with valid shebas of the banks they name', () => {
    for (const d of OFFLINE_DEPOSIT_DESTINATIONS) {
      expect(isShebaChecksumValid(d.sheba), d.id).toBe(true);
      expect(bankOfSheba(d.sheba), d.id).toBe(d.bank);
    }
    expect(new Set(OFFLINE_DEPOSIT_DESTINATIONS.map((d) => d.id)).size).toBe(OFFLINE_DEPOSIT_DESTINATIONS.length);
  });
});
