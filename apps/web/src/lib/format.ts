import { CALENDARS, type Calendar, type Culture } from '@portal/contract/core/constants';

/**
 * Display formatting. Everything goes through `Intl`, so digits, separators and calendars follow
 * the interface language: Persian digits and `٬` grouping in fa, the locale's own in ar and en.
 *
 * Calendar: the user picks Persian (solar hijri), Gregorian or Lunar (islamic-umalqura); the
 * choice is kept in localStorage under `calendar`. Until they pick, the calendar follows the
 * language: Persian for fa (what Iranian users read every day), Gregorian for en, and Gregorian
 * for ar too — most Arabic-speaking users of a financial product read civil dates in Gregorian,
 * and the lunar calendar stays one click away.
 *
 * Money is formatted in format-money.ts (it needs the currencies' scales from the contract).
 */

export const CALENDAR_STORAGE_KEY = 'calendar';

/**
 * One set of digits per language, everywhere (figures, dates, inputs, the texts themselves): Persian
 * digits in Persian, Latin in English, and Arabic-Indic (٠–٩) in Arabic — what the Arabic texts are written
 * with. `ar` alone gives Latin digits in current ICU, which mixed the two on one page (issue 19).
 */
const INTL_LOCALE: Record<Culture, string> = { fa: 'fa-IR', ar: 'ar-u-nu-arab', en: 'en' };

export function intlLocale(lng: string): string {
  return INTL_LOCALE[lng as Culture] ?? lng;
}

export function defaultCalendarFor(lng: string): Calendar {
  return lng === 'fa' ? 'persian' : 'gregory';
}

export function isCalendar(v: unknown): v is Calendar {
  return typeof v === 'string' && (CALENDARS as readonly string[]).includes(v);
}

export type DateStyle = 'long' | 'medium' | 'short' | 'dateTime' | 'time';

const DATE_OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  long: { dateStyle: 'long' },
  medium: { dateStyle: 'medium' },
  short: { dateStyle: 'short' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  time: { timeStyle: 'short' },
};

/**
 * `Intl` formatters are costly to build (a phone spends more time making one than using it) and a page
 * formats hundreds of values: one formatter per locale and options, kept for the session.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${options ? JSON.stringify(options) : ''}`;
  let nf = numberFormats.get(key);
  if (!nf) numberFormats.set(key, (nf = new Intl.NumberFormat(locale, options)));
  return nf;
}

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let df = dateFormats.get(key);
  if (!df) dateFormats.set(key, (df = new Intl.DateTimeFormat(locale, options)));
  return df;
}

/** A date (Date, ISO string or epoch ms) in the given language and calendar. Invalid input → ''. */
export function formatDate(
  value: Date | string | number,
  lng: string,
  calendar: Calendar = defaultCalendarFor(lng),
  style: DateStyle = 'long',
  timeZone?: string,
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat(intlLocale(lng), { ...DATE_OPTIONS[style], calendar, timeZone }).format(date);
}

/** A plain number (counts, percentages' numerators…), grouped, in the locale's digits. */
export function formatNumber(value: number | bigint, lng: string, options?: Intl.NumberFormatOptions): string {
  return numberFormat(intlLocale(lng), options).format(value);
}

/** `0.25` → `۲۵٪` in fa, `25%` in en. */
export function formatPercent(ratio: number, lng: string, maximumFractionDigits = 2): string {
  return numberFormat(intlLocale(lng), { style: 'percent', maximumFractionDigits }).format(ratio);
}

/** A duration as words: `45` → `۴۵ ثانیه`, `150` → `۳ دقیقه` (minutes rounded up, never less than the truth). */
export function formatDuration(seconds: number, lng: string): string {
  const s = Math.max(0, Math.ceil(seconds));
  if (s < 60) return formatNumber(s, lng, { style: 'unit', unit: 'second', unitDisplay: 'long' });
  if (s < 3600) return formatNumber(Math.ceil(s / 60), lng, { style: 'unit', unit: 'minute', unitDisplay: 'long' });
  return formatNumber(Math.ceil(s / 3600), lng, { style: 'unit', unit: 'hour', unitDisplay: 'long' });
}

/** `75` → `۰۱:۱۵`: a countdown clock, in the locale's digits. */
export function formatClock(seconds: number, lng: string): string {
  const s = Math.max(0, Math.ceil(seconds));
  const two = (n: number) => formatNumber(n, lng, { minimumIntegerDigits: 2, useGrouping: false });
  return `${two(Math.floor(s / 60))}:${two(s % 60)}`;
}

export interface LocaleSymbols {
  digits: readonly string[];
  group: string;
  decimal: string;
  minus: string;
}

const symbolsCache = new Map<string, LocaleSymbols>();

export function localeSymbols(lng: string): LocaleSymbols {
  const locale = intlLocale(lng);
  const hit = symbolsCache.get(locale);
  if (hit) return hit;
  const nf = new Intl.NumberFormat(locale, { useGrouping: false });
  const digits = Array.from({ length: 10 }, (_, d) => nf.format(d));
  const parts = new Intl.NumberFormat(locale).formatToParts(-1234.5);
  const find = (type: Intl.NumberFormatPartTypes, fallback: string) =>
    parts.find((p) => p.type === type)?.value ?? fallback;
  const symbols: LocaleSymbols = {
    digits,
    group: find('group', ','),
    decimal: find('decimal', '.'),
    minus: find('minusSign', '-'),
  };
  symbolsCache.set(locale, symbols);
  return symbols;
}

/** Latin digits inside any text (a phone number, a code) shown in the locale's digits. */
export function formatDigits(text: string, lng: string): string {
  const { digits } = localeSymbols(lng);
  return text.replace(/\d/g, (d) => digits[Number(d)] ?? d);
}

/**
 * An E.164 number as people write it: `+989121234567` → `09121234567` for Iranian numbers, the
 * international form otherwise (the rule of the contract's `formatMobileLocal`, kept here so the
 * display does not pull libphonenumber into the first load), in the locale's digits.
 */
export function displayMobile(e164: string, lng: string): string {
  const local = e164.startsWith('+98') ? `0${e164.slice(3)}` : e164;
  return formatDigits(local, lng);
}
