import { describe, expect, it } from 'vitest';
import { CALENDARS } from '@portal/contract/core/constants';
import { fromIsoDate, monthNames, toIsoDate } from './calendar-date';

describe('calendar dates to Gregorian ISO dates', () => {
  it.each([
    ['persian', 1370, 1, 1, '1991-03-21'],
    ['persian', 1403, 12, 30, '2025-03-20'],
    ['persian', 1404, 1, 1, '2025-03-21'],
    ['persian', 1399, 12, 30, '2021-03-20'],
    ['persian', 1357, 11, 22, '1979-02-11'],
    ['persian', 1402, 7, 30, '2023-10-22'],
    ['islamic-umalqura', 1411, 9, 4, '1991-03-21'],
    ['islamic-umalqura', 1446, 9, 1, '2025-03-01'],
    ['gregory', 2000, 2, 29, '2000-02-29'],
    ['gregory', 1990, 12, 31, '1990-12-31'],
  ] as const)('%s %i/%i/%i is %s', (calendar, year, month, day, iso) => {
    expect(toIsoDate(calendar, { year, month, day })).toBe(iso);
    expect(fromIsoDate(calendar, iso)).toEqual({ year, month, day });
  });

  it.each([
    ['persian', 1402, 12, 30], // 1402 is not a leap year
    ['persian', 1402, 7, 31], // the second half of the year has 30-day months
    ['persian', 1402, 13, 1],
    ['persian', 1402, 1, 0],
    ['gregory', 2001, 2, 29],
    ['gregory', 2023, 4, 31],
    ['islamic-umalqura', 1446, 1, 31],
  ] as const)('refuses %s %i/%i/%i, a date the calendar does not have', (calendar, year, month, day) => {
    expect(toIsoDate(calendar, { year, month, day })).toBeNull();
  });

  it('refuses what is not a date at all', () => {
    expect(toIsoDate('persian', { year: 1370.5, month: 1, day: 1 })).toBeNull();
    expect(toIsoDate('persian', { year: 0, month: 1, day: 1 })).toBeNull();
    expect(toIsoDate('gregory', { year: Number.NaN, month: 1, day: 1 })).toBeNull();
    expect(fromIsoDate('persian', '1991-3-21')).toBeNull();
  });

  it.each(CALENDARS)('%s: every day from 1920 to 2040 goes there and back unchanged', (calendar) => {
    const start = Date.UTC(1920, 0, 1);
    const end = Date.UTC(2040, 0, 1);
    const mismatches: string[] = [];
    for (let t = start; t < end; t += 11 * 86_400_000) {
      const iso = new Date(t).toISOString().slice(0, 10);
      const date = fromIsoDate(calendar, iso);
      if (!date || toIsoDate(calendar, date) !== iso) mismatches.push(iso);
    }
    expect(mismatches).toEqual([]);
  });

  it('names the months in the interface language', () => {
    const persian = monthNames('persian', 'fa');
    expect(persian).toHaveLength(12);
    expect(persian[0]).toBe('فروردین');
    expect(persian[11]).toBe('اسفند');
    expect(monthNames('gregory', 'en')[0]).toBe('January');
    expect(monthNames('islamic-umalqura', 'en')[8]).toMatch(/^Ram/);
  });
});
