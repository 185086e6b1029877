import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  BANK_CYCLES_TEHRAN,
  addWorkingDays,
  iranianHolidayOf,
  isIranianHoliday,
  isTehranWorkingDay,
  islamicDateOf,
  nextBankCycle,
  persianDateOf,
} from './bank-calendar';

/** A Tehran wall-clock time as an instant (Tehran is UTC+03:30). */
const tehran = (s: string) => new Date(`${s}+03:30`);
/** The Tehran wall clock of an instant, `YYYY-MM-DDTHH:mm`. */
const wallClock = (at: Date) => new Date(at.getTime() + 3.5 * 3_600_000).toISOString().slice(0, 16);
const noon = (day: string) => tehran(`${day}T12:00:00`);
const DAY_MS = 86_400_000;

describe('the calendars (ICU, Asia/Tehran)', () => {
  it('reads the Persian and Umm al-Qura dates of a Tehran day, on either side of Tehran midnight', () => {
    expect(persianDateOf(noon('2027-03-20'))).toEqual({ year: 1405, month: 12, day: 29 });
    expect(persianDateOf(noon('2027-03-21'))).toEqual({ year: 1406, month: 1, day: 1 });
    expect(islamicDateOf(noon('2026-06-25'))).toEqual({ year: 1448, month: 1, day: 10 });
    // 20:45 UTC on the 20th is 00:15 on the 21st in Tehran: already Nowruz.
    expect(persianDateOf(new Date('2027-03-20T20:45:00Z'))).toEqual({ year: 1406, month: 1, day: 1 });
    expect(persianDateOf(new Date('2027-03-20T20:15:00Z'))).toEqual({ year: 1405, month: 12, day: 29 });
  });
});

describe('official Iranian holidays (computed)', () => {
  it('the solar ones, by the Persian calendar', () => {
    expect(iranianHolidayOf(noon('2027-03-20'))).toBe('Nationalization of the oil industry'); // 29 Esfand 1405
    for (const day of ['2027-03-21', '2027-03-22', '2027-03-23', '2027-03-24']) {
      expect(iranianHolidayOf(noon(day))).toBe('Nowruz'); // 1–4 Farvardin 1406
    }
    expect(isIranianHoliday(noon('2027-03-25'))).toBe(false); // 5 Farvardin
    expect(iranianHolidayOf(noon('2027-04-01'))).toBe('Islamic Republic Day'); // 12 Farvardin 1406
    expect(iranianHolidayOf(noon('2027-04-02'))).toBe('Nature Day (Sizdah Bedar)'); // 13 Farvardin 1406
    expect(iranianHolidayOf(noon('2026-06-04'))).toBe('Death of Imam Khomeini'); // 14 Khordad 1405
    expect(iranianHolidayOf(noon('2026-06-05'))).toBe('Uprising of 15 Khordad'); // 15 Khordad 1405
    expect(persianDateOf(noon('2027-02-11'))).toEqual({ year: 1405, month: 11, day: 22 });
    expect(iranianHolidayOf(noon('2027-02-11'))).toBe('Victory of the Islamic Revolution'); // 22 Bahman 1405
    expect(isIranianHoliday(noon('2027-02-10'))).toBe(false);
    expect(isIranianHoliday(noon('2027-02-12'))).toBe(false); // a Friday, but no holiday
  });

  it('30 Esfand of a leap year is not a holiday; 29 Esfand is', () => {
    expect(persianDateOf(noon('2025-03-20'))).toEqual({ year: 1403, month: 12, day: 30 });
    expect(isIranianHoliday(noon('2025-03-20'))).toBe(false);
    expect(iranianHolidayOf(noon('2025-03-19'))).toBe('Nationalization of the oil industry');
  });

  it('the lunar ones, by the Umm al-Qura calendar: Tasua and Ashura 1448 are 2026-06-24 and 25', () => {
    expect(islamicDateOf(noon('2026-06-24'))).toEqual({ year: 1448, month: 1, day: 9 });
    expect(iranianHolidayOf(noon('2026-06-24'))).toBe('Tasua');
    expect(iranianHolidayOf(noon('2026-06-25'))).toBe('Ashura');
    expect(isIranianHoliday(noon('2026-06-26'))).toBe(false);
    expect(iranianHolidayOf(noon('2027-03-09'))).toBe('Eid al-Fitr'); // 1 Shawwal 1448
    expect(iranianHolidayOf(noon('2027-03-10'))).toBe('Eid al-Fitr'); // 2 Shawwal 1448
    expect(iranianHolidayOf(noon('2025-06-06'))).toBe('Eid al-Adha'); // 10 Dhu al-Hijjah 1446
    expect(iranianHolidayOf(noon('2025-06-14'))).toBe('Eid al-Ghadir'); // 18 Dhu al-Hijjah 1446
    expect(iranianHolidayOf(noon('2027-02-28'))).toBe('Martyrdom of Imam Ali'); // 21 Ramadan 1448
  });

  it('the last day of Safar, whether the 29th or the 30th', () => {
    // Safar 1448 has 30 days: the 29th is a working day, the 30th the holiday.
    expect(islamicDateOf(noon('2026-08-13'))).toEqual({ year: 1448, month: 2, day: 30 });
    expect(iranianHolidayOf(noon('2026-08-11'))).toBe('Demise of the Prophet and martyrdom of Imam Hasan');
    expect(isIranianHoliday(noon('2026-08-12'))).toBe(false);
    expect(iranianHolidayOf(noon('2026-08-13'))).toBe('Martyrdom of Imam Reza');
    // Safar 1449 has 29 days: the 28th and the 29th are both holidays.
    expect(islamicDateOf(noon('2027-08-03'))).toEqual({ year: 1449, month: 3, day: 1 });
    expect(iranianHolidayOf(noon('2027-08-01'))).toBe('Demise of the Prophet and martyrdom of Imam Hasan');
    expect(iranianHolidayOf(noon('2027-08-02'))).toBe('Martyrdom of Imam Reza');
    expect(isIranianHoliday(noon('2027-08-03'))).toBe(false);
  });

  it('about 26 days a year (a lunar holiday can fall on a solar one, or twice in one solar year)', () => {
    let count = 0;
    for (let t = noon('2026-03-21').getTime(); t < noon('2027-03-21').getTime(); t += DAY_MS) {
      if (isIranianHoliday(new Date(t))) count++;
    }
    expect(count).toBe(26); // the year 1405
  });
});

describe('working days', () => {
  it('neither a Friday nor a holiday', () => {
    expect(isTehranWorkingDay(noon('2025-06-17'))).toBe(true); // a Tuesday
    expect(isTehranWorkingDay(noon('2025-06-20'))).toBe(false); // a Friday
    expect(isTehranWorkingDay(noon('2026-06-25'))).toBe(false); // Ashura, a Thursday
    // 21:00 UTC on Thursday 2025-06-19 is 00:30 Friday in Tehran.
    expect(isTehranWorkingDay(new Date('2025-06-19T20:29:00Z'))).toBe(true);
    expect(isTehranWorkingDay(new Date('2025-06-19T21:00:00Z'))).toBe(false);
  });

  it('addWorkingDays counts 24-hour steps that land on working days', () => {
    expect(addWorkingDays(tehran('2025-06-17T12:00:00'), 1)).toEqual(tehran('2025-06-18T12:00:00'));
    expect(addWorkingDays(tehran('2025-06-19T12:00:00'), 1)).toEqual(tehran('2025-06-21T12:00:00'));
    // Tasua, Ashura and a Friday skipped.
    expect(addWorkingDays(tehran('2026-06-23T12:00:00'), 1)).toEqual(tehran('2026-06-27T12:00:00'));
    expect(addWorkingDays(tehran('2026-06-23T12:00:00'), 2)).toEqual(tehran('2026-06-28T12:00:00'));
    expect(addWorkingDays(tehran('2026-06-23T12:00:00'), 0)).toEqual(tehran('2026-06-23T12:00:00'));
  });
});

describe('nextBankCycle', () => {
  it('a normal Tuesday: 10:44 → 10:45 the same day; at a cycle, the one after', () => {
    expect(nextBankCycle(tehran('2025-06-17T10:44:00'))).toEqual(tehran('2025-06-17T10:45:00'));
    expect(nextBankCycle(tehran('2025-06-17T10:45:00'))).toEqual(tehran('2025-06-17T13:45:00'));
    expect(nextBankCycle(tehran('2025-06-17T00:00:00'))).toEqual(tehran('2025-06-17T03:45:00'));
    expect(nextBankCycle(tehran('2025-06-17T18:45:00'))).toEqual(tehran('2025-06-18T03:45:00'));
  });

  it('Thursday 18:50 → Saturday 03:45 (Friday off)', () => {
    expect(nextBankCycle(tehran('2025-06-19T18:50:00'))).toEqual(tehran('2025-06-21T03:45:00'));
    expect(nextBankCycle(tehran('2025-06-20T13:00:00'))).toEqual(tehran('2025-06-21T03:45:00'));
  });

  it('Nowruz 1406: from 29 Esfand evening (a Saturday) to 5 Farvardin (Thursday) 03:45', () => {
    expect(nextBankCycle(tehran('2027-03-19T19:00:00'))).toEqual(tehran('2027-03-25T03:45:00')); // from a Friday
    expect(nextBankCycle(tehran('2027-03-20T19:00:00'))).toEqual(tehran('2027-03-25T03:45:00'));
    expect(nextBankCycle(tehran('2027-03-18T18:50:00'))).toEqual(tehran('2027-03-25T03:45:00')); // Thursday
  });

  it('Nowruz 1405, next to Eid al-Fitr: Thursday 2026-03-19 evening → Wednesday 2026-03-25 03:45', () => {
    expect(nextBankCycle(tehran('2026-03-19T18:50:00'))).toEqual(tehran('2026-03-25T03:45:00'));
  });

  it('Tasua and Ashura 1448 (Wednesday and Thursday) and the Friday after: Tuesday evening → Saturday', () => {
    expect(nextBankCycle(tehran('2026-06-23T18:50:00'))).toEqual(tehran('2026-06-27T03:45:00'));
    expect(nextBankCycle(tehran('2026-06-23T13:50:00'))).toEqual(tehran('2026-06-23T18:45:00'));
  });

  it('22 Bahman 1405 (a Thursday): Wednesday evening → Saturday 03:45', () => {
    expect(nextBankCycle(tehran('2027-02-10T18:50:00'))).toEqual(tehran('2027-02-13T03:45:00'));
  });

  it('property: after now, at a cycle, on a working day, and no working cycle between', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_600_000_000_000, max: 2_000_000_000_000 }), (ms) => {
        const now = new Date(ms);
        const at = nextBankCycle(now);
        expect(at.getTime()).toBeGreaterThan(ms);
        expect(BANK_CYCLES_TEHRAN).toContain(wallClock(at).slice(11));
        expect(isTehranWorkingDay(at)).toBe(true);
        expect(isIranianHoliday(at)).toBe(false);
        expect(new Date(at.getTime() + 3.5 * 3_600_000).getUTCDay()).not.toBe(5);
        // Every cycle strictly between `now` and `at` is on a day off.
        const firstDay = Date.parse(`${wallClock(now).slice(0, 10)}T00:00:00+03:30`);
        for (let day = firstDay; day <= at.getTime(); day += DAY_MS) {
          for (const hm of BANK_CYCLES_TEHRAN) {
            const [h, m] = hm.split(':').map(Number) as [number, number];
            const cycle = day + (h * 60 + m) * 60_000;
            if (cycle > ms && cycle < at.getTime()) expect(isTehranWorkingDay(new Date(cycle))).toBe(false);
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});
