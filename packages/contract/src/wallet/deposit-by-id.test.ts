import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bankOfSheba, isShebaChecksumValid } from '../bank/bank-accounts';
import {
  DEPOSIT_BY_ID_DAILY_CAP_TOMAN,
  DEPOSIT_BY_ID_DESTINATION,
  addWorkingDays,
  cleanPaymentId,
  depositByIdFee,
  depositByIdReturn,
  isPaymentIdWellFormed,
  isTehranWorkingDay,
  nextWorkingBankCycle,
  paymentIdOf,
  splitDepositById,
  wrongIdReturnAt,
} from './deposit-by-id';

/** A Tehran wall-clock time as an instant (Tehran is UTC+03:30). */
const tehran = (s: string) => new Date(`${s}+03:30`);

describe('the by-ID fee: 0.01%, rounded up to a whole toman', () => {
  it('never favours the payer: 1 to 10,000 toman pay 1, 10,001 pay 2, 25 million pay 2,500', () => {
    expect(depositByIdFee(0n)).toBe(0n);
    expect(depositByIdFee(1n)).toBe(1n);
    expect(depositByIdFee(10_000n)).toBe(1n);
    expect(depositByIdFee(10_001n)).toBe(2n);
    expect(depositByIdFee(25_000_000n)).toBe(2_500n);
    expect(depositByIdFee(25_000_001n)).toBe(2_501n);
  });

  it('the fee is the exact 0.01% or at most one toman above it', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 15n }), (a) => {
        const fee = depositByIdFee(a);
        expect(fee * 10_000n >= a).toBe(true);
        expect((fee - 1n) * 10_000n < a).toBe(true);
      }),
    );
  });
});

describe('the daily cap split', () => {
  it('accepts up to what is left of 25,000,000 toman and sends the rest back whole', () => {
    expect(splitDepositById(1_000_000n, 0n)).toEqual({ accepted: 1_000_000n, fee: 100n, credited: 999_900n, over: 0n });
    expect(splitDepositById(30_000_000n, 0n)).toEqual({
      accepted: 25_000_000n,
      fee: 2_500n,
      credited: 24_997_500n,
      over: 5_000_000n,
    });
    expect(splitDepositById(3_000_000n, 24_000_000n)).toEqual({
      accepted: 1_000_000n,
      fee: 100n,
      credited: 999_900n,
      over: 2_000_000n,
    });
    expect(splitDepositById(500n, DEPOSIT_BY_ID_DAILY_CAP_TOMAN)).toEqual({
      accepted: 0n,
      fee: 0n,
      credited: 0n,
      over: 500n,
    });
  });

  it('parts always add up to the transfer and never pass the cap', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.bigInt({ min: 0n, max: 30_000_000n }), (amount, used) => {
        const s = splitDepositById(amount, used);
        expect(s.credited + s.fee + s.over).toBe(amount);
        expect(s.credited >= 0n && s.over >= 0n).toBe(true);
        expect(used + s.accepted <= DEPOSIT_BY_ID_DAILY_CAP_TOMAN || s.accepted === 0n).toBe(true);
      }),
    );
  });

  it('a return keeps the fixed 5,000-toman fee, or the whole of a smaller transfer', () => {
    expect(depositByIdReturn(2_000_000n)).toEqual({ fee: 5_000n, refunded: 1_995_000n });
    expect(depositByIdReturn(3_000n)).toEqual({ fee: 3_000n, refunded: 0n });
  });
});

describe('payment IDs', () => {
  it('12 digits with a Luhn check digit: one changed digit is caught', () => {
    const id = paymentIdOf('48213957201');
    expect(id).toMatch(/^48213957201\d$/);
    expect(isPaymentIdWellFormed(id)).toBe(true);
    const typo = `${id.slice(0, 5)}${(Number(id[5]) + 1) % 10}${id.slice(6)}`;
    expect(isPaymentIdWellFormed(typo)).toBe(false);
    expect(isPaymentIdWellFormed(`0${id.slice(1)}`)).toBe(false);
    expect(() => paymentIdOf('01234567890')).toThrow();
  });

  it('the statement’s payment ID field is cleaned to its digits, Persian digits too', () => {
    expect(cleanPaymentId(' شناسه: ۴۸۲۱-۳۹۵۷ ۲۰۱۸ ')).toBe('482139572018');
    expect(cleanPaymentId('')).toBe('');
  });

  it('the destination account is a real sheba of its bank', () => {
    expect(isShebaChecksumValid(DEPOSIT_BY_ID_DESTINATION.sheba)).toBe(true);
    expect(bankOfSheba(DEPOSIT_BY_ID_DESTINATION.sheba)).toBe(DEPOSIT_BY_ID_DESTINATION.bank);
  });
});

describe('bank cycles on working days (Tehran, Friday and official holidays off)', () => {
  // 2025-06-11 is a Wednesday, 2025-06-12 Thursday, 2025-06-13 Friday, 2025-06-14 Saturday (Eid al-Ghadir,
  // 18 Dhu al-Hijjah 1446: a holiday); 2025-06-18 Wednesday … 2025-06-21 Saturday, no holidays.
  // (The whole calendar is tested in core/bank-calendar.test.ts.)
  it('the next cycle the same day, strictly after now', () => {
    expect(nextWorkingBankCycle(tehran('2025-06-11T09:00:00'))).toEqual(tehran('2025-06-11T10:45:00'));
    expect(nextWorkingBankCycle(tehran('2025-06-11T10:45:00'))).toEqual(tehran('2025-06-11T13:45:00'));
    expect(nextWorkingBankCycle(tehran('2025-06-11T01:00:00'))).toEqual(tehran('2025-06-11T03:45:00'));
  });

  it('after the last cycle, the first of the next day; in UTC terms across midnight', () => {
    expect(nextWorkingBankCycle(tehran('2025-06-11T19:00:00'))).toEqual(tehran('2025-06-12T03:45:00'));
    // 21:00 UTC is 00:30 Tehran next day: the 03:45 cycle of that day.
    expect(nextWorkingBankCycle(new Date('2025-06-10T21:00:00Z'))).toEqual(tehran('2025-06-11T03:45:00'));
  });

  it('Friday is skipped: Thursday evening and all of Friday go to Saturday 03:45', () => {
    expect(nextWorkingBankCycle(tehran('2025-06-19T18:46:00'))).toEqual(tehran('2025-06-21T03:45:00'));
    expect(nextWorkingBankCycle(tehran('2025-06-20T00:00:00'))).toEqual(tehran('2025-06-21T03:45:00'));
    expect(nextWorkingBankCycle(tehran('2025-06-20T12:00:00'))).toEqual(tehran('2025-06-21T03:45:00'));
  });

  it('a holiday is skipped too: before Friday and Eid al-Ghadir (Saturday) the next cycle is Sunday 03:45', () => {
    expect(nextWorkingBankCycle(tehran('2025-06-12T18:46:00'))).toEqual(tehran('2025-06-15T03:45:00'));
    expect(nextWorkingBankCycle(tehran('2025-06-13T12:00:00'))).toEqual(tehran('2025-06-15T03:45:00'));
    expect(nextWorkingBankCycle(tehran('2025-06-14T12:00:00'))).toEqual(tehran('2025-06-15T03:45:00'));
  });

  it('a cycle is never on a Friday and always within nine days (the longest run of days off is eight)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_600_000_000_000, max: 2_000_000_000_000 }), (ms) => {
        const now = new Date(ms);
        const at = nextWorkingBankCycle(now);
        expect(at.getTime()).toBeGreaterThan(ms);
        expect(at.getTime() - ms).toBeLessThan(9 * 86_400_000);
        expect(new Date(at.getTime() + 3.5 * 3_600_000).getUTCDay()).not.toBe(5);
        expect(isTehranWorkingDay(at)).toBe(true);
      }),
    );
  });

  it('wrong or missing IDs go back after one working day: Fridays and holidays not counted', () => {
    expect(addWorkingDays(tehran('2025-06-11T12:00:00'), 1)).toEqual(tehran('2025-06-12T12:00:00'));
    expect(addWorkingDays(tehran('2025-06-19T12:00:00'), 1)).toEqual(tehran('2025-06-21T12:00:00'));
    // Friday and Eid al-Ghadir: Thursday noon → Sunday noon.
    expect(addWorkingDays(tehran('2025-06-12T12:00:00'), 1)).toEqual(tehran('2025-06-15T12:00:00'));
    expect(wrongIdReturnAt(tehran('2025-06-11T12:00:00'))).toEqual(tehran('2025-06-12T13:45:00'));
    expect(wrongIdReturnAt(tehran('2025-06-19T19:00:00'))).toEqual(tehran('2025-06-22T03:45:00'));
    expect(wrongIdReturnAt(tehran('2025-06-12T19:00:00'))).toEqual(tehran('2025-06-16T03:45:00'));
  });
});
