import { describe, expect, it } from 'vitest';
import { dayInputOf, formatDay, formatRelative, parseDayInput, toIsoDay } from './dates';

describe('console dates', () => {
  it('reads a day typed in the Persian calendar, in any digits', () => {
    expect(parseDayInput('۱۴۰۴/۰۵/۱۰', 'persian')).toBe('2025-08-01');
    expect(parseDayInput('1404-5-10', 'persian')).toBe('2025-08-01');
    expect(parseDayInput('١٤٠٣/١٢/٣٠', 'persian')).toBe('2025-03-20');
    expect(parseDayInput('', 'persian')).toBe('');
  });

  it('refuses days that do not exist and text that is not a day', () => {
    expect(parseDayInput('1403/12/31', 'persian')).toBeNull();
    expect(parseDayInput('2025-02-29', 'gregory')).toBeNull();
    expect(parseDayInput('1404/13/01', 'persian')).toBeNull();
    expect(parseDayInput('tomorrow', 'persian')).toBeNull();
  });

  it('reads Gregorian and Lunar days', () => {
    expect(parseDayInput('2024-02-29', 'gregory')).toBe('2024-02-29');
    expect(parseDayInput('1447/02/07', 'islamic-umalqura')).toBe('2025-08-01');
  });

  it('round-trips every day of several years in each calendar', () => {
    for (const calendar of ['persian', 'gregory', 'islamic-umalqura'] as const) {
      for (let ms = Date.UTC(1990, 0, 1); ms < Date.UTC(1994, 0, 1); ms += 86_400_000 * 3) {
        const iso = new Date(ms).toISOString().slice(0, 10);
        expect(parseDayInput(dayInputOf(iso, calendar, 'en'), calendar)).toBe(iso);
      }
    }
    expect(toIsoDay({ y: 1369, m: 1, d: 1 }, 'persian')).toBe('1990-03-21');
  });

  it('shows a day in the calendar and the digits of the language', () => {
    expect(dayInputOf('2025-08-01', 'persian', 'fa')).toBe('۱۴۰۴/۰۵/۱۰');
    expect(formatDay('2025-08-01', 'fa', 'persian')).toBe('۱۰ مرداد ۱۴۰۴');
    expect(formatDay('1990-03-21', 'en', 'gregory')).toBe('March 21, 1990');
  });

  it('says how long ago', () => {
    const now = Date.parse('2025-08-01T12:00:00Z');
    expect(formatRelative('2025-08-01T09:00:00Z', 'en', now)).toBe('3 hours ago');
    expect(formatRelative('2025-07-31T12:00:00Z', 'en', now)).toBe('yesterday');
    expect(formatRelative('2025-08-01T11:59:30Z', 'fa', now)).toBe('اکنون');
  });
});
