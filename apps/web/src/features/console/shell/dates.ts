import type { Calendar } from '@portal/contract/core/constants';
import { normalizeDigits } from '@portal/contract/core/digits';
import { formatDate, formatDigits, intlLocale, type DateStyle } from '@/lib/format';

/**
 * Dates of the console. The API speaks Gregorian (`YYYY-MM-DD` days, ISO instants); the operator reads
 * and types dates in their own calendar (Persian, Gregorian or Lunar), converted with `Intl` alone.
 */

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A Gregorian day (`YYYY-MM-DD`, a birth date, a filter) in the operator's calendar. Invalid input → the input. */
export function formatDay(isoDay: string, lng: string, calendar: Calendar, style: DateStyle = 'long'): string {
  if (!ISO_DAY.test(isoDay)) return isoDay;
  return formatDate(`${isoDay}T00:00:00.000Z`, lng, calendar, style, 'UTC') || isoDay;
}

interface Ymd {
  y: number;
  m: number;
  d: number;
}

const partsFormatters = new Map<Calendar, Intl.DateTimeFormat>();

/** The year, month and day of a UTC day in a calendar. */
function partsOf(utcMs: number, calendar: Calendar): Ymd {
  let f = partsFormatters.get(calendar);
  if (!f) {
    f = new Intl.DateTimeFormat('en', {
      calendar,
      numberingSystem: 'latn',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      timeZone: 'UTC',
    });
    partsFormatters.set(calendar, f);
  }
  const parts = f.formatToParts(new Date(utcMs));
  const num = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { y: num('year'), m: num('month'), d: num('day') };
}

/** Where a calendar's year starts, roughly, in Gregorian years (a first guess that the search corrects). */
const YEAR_OFFSET: Record<Calendar, (y: number) => number> = {
  gregory: (y) => y,
  persian: (y) => y + 621,
  'islamic-umalqura': (y) => Math.round(y * 0.970229 + 621.5643),
};
const DAYS_IN_YEAR: Record<Calendar, number> = { gregory: 365.2425, persian: 365.2422, 'islamic-umalqura': 354.367 };

/** The Gregorian `YYYY-MM-DD` of a day given in a calendar, or null when no such day exists (1404/12/31…). */
export function toIsoDay(target: Ymd, calendar: Calendar): string | null {
  if (target.m < 1 || target.m > 13 || target.d < 1 || target.d > 31) return null;
  let ms = Date.UTC(YEAR_OFFSET[calendar](target.y), 0, 1);
  const monthDays = DAYS_IN_YEAR[calendar] / 12;
  for (let i = 0; i < 12; i++) {
    const at = partsOf(ms, calendar);
    const diff = Math.round(
      (target.y - at.y) * DAYS_IN_YEAR[calendar] + (target.m - at.m) * monthDays + (target.d - at.d),
    );
    if (diff === 0) break;
    ms += diff * DAY_MS;
  }
  // Close to the day: look a few days around it for an exact match (a month's length is not fixed).
  for (const delta of [0, -1, 1, -2, 2, -3, 3]) {
    const at = partsOf(ms + delta * DAY_MS, calendar);
    if (at.y === target.y && at.m === target.m && at.d === target.d) {
      return new Date(ms + delta * DAY_MS).toISOString().slice(0, 10);
    }
  }
  return null;
}

/**
 * What the operator typed (`1404/05/10`, `۱۴۰۴-۵-۱۰`, Arabic-Indic digits…) as a Gregorian day, or null.
 * Empty input is `''`.
 */
export function parseDayInput(text: string, calendar: Calendar): string | null {
  const s = normalizeDigits(text).trim();
  if (!s) return '';
  const m = /^(\d{4})\s*[/\-.]\s*(\d{1,2})\s*[/\-.]\s*(\d{1,2})$/.exec(s);
  if (!m) return null;
  return toIsoDay({ y: Number(m[1]), m: Number(m[2]), d: Number(m[3]) }, calendar);
}

/** A Gregorian day as the operator types it in their calendar: `۱۴۰۴/۰۵/۱۰` (locale digits). */
export function dayInputOf(isoDay: string | undefined, calendar: Calendar, lng: string): string {
  const m = isoDay ? ISO_DAY.exec(isoDay) : null;
  if (!m) return '';
  const { y, m: mo, d } = partsOf(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])), calendar);
  const two = (n: number) => String(n).padStart(2, '0');
  return formatDigits(`${y}/${two(mo)}/${two(d)}`, lng);
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * DAY_MS],
  ['month', 30 * DAY_MS],
  ['week', 7 * DAY_MS],
  ['day', DAY_MS],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** `۳ ساعت پیش`, `yesterday`: how long ago an instant was, in the interface language. */
export function formatRelative(iso: string, lng: string, now = Date.now()): string {
  const ms = new Date(iso).getTime();
  if (Number.isNaN(ms)) return '';
  const elapsed = ms - now;
  const rtf = new Intl.RelativeTimeFormat(intlLocale(lng), { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(elapsed) >= size) return rtf.format(Math.round(elapsed / size), unit);
  }
  return rtf.format(0, 'second');
}

/** A country's name in the interface language (`DE` → `آلمان`); the code itself when unknown. */
export function countryName(code: string, lng: string): string {
  try {
    return new Intl.DisplayNames([intlLocale(lng)], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
