import type { Calendar } from '@portal/contract/core/constants';
import { intlLocale } from './format';

/**
 * Dates typed in the user's calendar (Persian, Gregorian or Lunar) and the Gregorian `YYYY-MM-DD`
 * the API takes (decision 015), through `Intl` only: a calendar date is found by asking
 * `Intl.DateTimeFormat` what calendar date a Gregorian day is, and searching. A date the calendar
 * does not have (30 Esfand of a common year, 31 Mehr…) is refused, never moved to the next day.
 */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const DAY_MS = 86_400_000;

/** Roughly where year 0 of each calendar falls in Gregorian years, and its mean year in days. */
const SHAPE: Record<Calendar, { gregorianYearOfZero: number; yearDays: number }> = {
  gregory: { gregorianYearOfZero: 0, yearDays: 365.2425 },
  persian: { gregorianYearOfZero: 621.2, yearDays: 365.2422 },
  'islamic-umalqura': { gregorianYearOfZero: 621.6, yearDays: 354.367 },
};

const partsFormatters = new Map<Calendar, Intl.DateTimeFormat>();

function partsFormatter(calendar: Calendar): Intl.DateTimeFormat {
  let f = partsFormatters.get(calendar);
  if (!f) {
    f = new Intl.DateTimeFormat(`en-u-ca-${calendar}-nu-latn`, {
      timeZone: 'UTC',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    partsFormatters.set(calendar, f);
  }
  return f;
}

/** The calendar date of a UTC day (epoch milliseconds at any time of that day). */
export function calendarDateOf(epochMs: number, calendar: Calendar): CalendarDate {
  const out: CalendarDate = { year: 0, month: 0, day: 0 };
  let bc = false;
  for (const p of partsFormatter(calendar).formatToParts(new Date(epochMs))) {
    if (p.type === 'year' || p.type === 'month' || p.type === 'day') out[p.type] = Number(p.value);
    else if (p.type === 'era') bc = p.value === 'BC' || p.value === 'B';
  }
  if (bc) out.year = 1 - out.year;
  return out;
}

const same = (a: CalendarDate, b: CalendarDate) => a.year === b.year && a.month === b.month && a.day === b.day;

/** Days between two calendar dates, estimated from the calendar's mean year and month. */
function estimateDays(calendar: Calendar, from: CalendarDate, to: CalendarDate): number {
  const { yearDays } = SHAPE[calendar];
  return Math.round((to.year - from.year) * yearDays + ((to.month - from.month) * yearDays) / 12 + (to.day - from.day));
}

/** The UTC midnight (epoch ms) of a calendar date, or `null` when the calendar has no such date. */
export function epochOfCalendarDate(calendar: Calendar, date: CalendarDate): number | null {
  const { year, month, day } = date;
  if (![year, month, day].every(Number.isInteger)) return null;
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  const { gregorianYearOfZero, yearDays } = SHAPE[calendar];
  // A first guess from the calendar's shape, then jumps by the estimated distance (a few at most)…
  const guessYear = Math.round(gregorianYearOfZero + (year * yearDays) / 365.2425);
  let t = new Date(0).setUTCFullYear(guessYear, 0, 1) + Math.round(((month - 1) * yearDays) / 12 + day - 1) * DAY_MS;
  for (let i = 0; i < 8; i++) {
    const diff = estimateDays(calendar, calendarDateOf(t, calendar), date);
    if (Math.abs(diff) <= 3) break;
    t += diff * DAY_MS;
  }
  // …and the exact day among its neighbours (months differ from the mean by a day or two).
  for (let offset = 0; offset <= 8; offset++) {
    for (const candidate of offset === 0 ? [t] : [t + offset * DAY_MS, t - offset * DAY_MS]) {
      if (same(calendarDateOf(candidate, calendar), date)) return candidate;
    }
  }
  return null;
}

/** Gregorian `YYYY-MM-DD` of a calendar date, or `null` when the calendar has no such date. */
export function toIsoDate(calendar: Calendar, date: CalendarDate): string | null {
  const t = epochOfCalendarDate(calendar, date);
  return t === null ? null : new Date(t).toISOString().slice(0, 10);
}

/** The calendar date of a Gregorian `YYYY-MM-DD` (or `null` when it is not one). */
export function fromIsoDate(calendar: Calendar, iso: string): CalendarDate | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null;
  const t = Date.parse(`${iso}T00:00:00Z`);
  return Number.isNaN(t) ? null : calendarDateOf(t, calendar);
}

/** The names of the calendar's twelve months in the interface language (فروردین…, Muharram…). */
export function monthNames(calendar: Calendar, lng: string): string[] {
  const format = new Intl.DateTimeFormat(intlLocale(lng), { calendar, month: 'long', timeZone: 'UTC' });
  const { year } = calendarDateOf(Date.now(), calendar);
  return Array.from({ length: 12 }, (_, i) => {
    const t = epochOfCalendarDate(calendar, { year, month: i + 1, day: 1 });
    return t === null ? String(i + 1) : format.format(new Date(t));
  });
}
