/**
 * Dates and figures as the files print them (decision 042): Persian and Arabic files in Jalali dates and
 * Persian digits, grouped with `٬` and `٫` as the decimal point; English in Gregorian ISO dates, Latin
 * digits grouped with `,`. Days are Tehran's (UTC+03:30, the product's clock). CSV cells keep Latin
 * digits and no grouping (a spreadsheet reads them as numbers), with the same calendars.
 */
import type { Culture } from '@portal/contract/core/constants';

const TEHRAN_OFFSET_MS = 3.5 * 3_600_000;
const PERSIAN_DIGITS = '۰۱۲۳۴۵۶۷۸۹';

export const persianDigits = (s: string) => s.replace(/[0-9]/g, (d) => PERSIAN_DIGITS[Number(d)]!);

const jalaliParts = new Intl.DateTimeFormat('en-u-ca-persian-nu-latn', {
  timeZone: 'UTC',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** A Gregorian `YYYY-MM-DD` → its Jalali `YYYY/MM/DD` (Latin digits). */
export function jalaliOf(isoDate: string): string {
  const parts = jalaliParts.formatToParts(new Date(`${isoDate}T00:00:00Z`));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}/${part('month')}/${part('day')}`;
}

/** The Tehran calendar day of an instant, `YYYY-MM-DD`. */
export const tehranDay = (at: Date) => new Date(at.getTime() + TEHRAN_OFFSET_MS).toISOString().slice(0, 10);

/** The instant a Tehran day starts. */
export const startOfTehranDay = (isoDate: string) => new Date(`${isoDate}T00:00:00+03:30`);

/** The instant after a Tehran day ends (the next day's start). */
export const endOfTehranDay = (isoDate: string) => new Date(startOfTehranDay(isoDate).getTime() + 86_400_000);

/** A day in the file's calendar, Latin digits: Jalali `1404/01/15` for fa and ar, ISO for en. */
export const plainDay = (isoDate: string, lang: Culture) => (lang === 'en' ? isoDate : jalaliOf(isoDate));

/** Tehran `HH:MM` of an instant (Latin digits). */
export const plainTime = (at: Date) => new Date(at.getTime() + TEHRAN_OFFSET_MS).toISOString().slice(11, 16);

/** Digits for the file's language: Persian in fa and ar. */
export const digitsFor = (s: string, lang: Culture) => (lang === 'en' ? s : persianDigits(s));

/** A day as the PDF prints it. */
export const printDay = (isoDate: string, lang: Culture) => digitsFor(plainDay(isoDate, lang), lang);

/** An instant as the PDF prints it: its Tehran day and time. */
export const printDateTime = (at: Date, lang: Culture) =>
  digitsFor(`${plainDay(tehranDay(at), lang)} ${plainTime(at)}`, lang);

/** Minor units at `scale` decimals → the plain decimal string (`-1234.5`), no trailing zeros. */
export function plainDecimal(minor: bigint, scale: number): string {
  const neg = minor < 0n;
  const abs = (neg ? -minor : minor).toString().padStart(scale + 1, '0');
  const int = abs.slice(0, abs.length - scale);
  const frac = scale ? abs.slice(abs.length - scale).replace(/0+$/, '') : '';
  return `${neg ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

/** A decimal string grouped by thousands in the file's language (`۱٬۲۳۴٫۵` / `1,234.5`). */
export function printDecimal(plain: string, lang: Culture): string {
  const neg = plain.startsWith('-');
  const [int = '0', frac] = (neg ? plain.slice(1) : plain).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'en' ? ',' : '٬');
  const body = frac ? `${grouped}${lang === 'en' ? '.' : '٫'}${frac}` : grouped;
  return digitsFor(`${neg ? '-' : ''}${body}`, lang);
}

export const printMinor = (minor: bigint, scale: number, lang: Culture) =>
  printDecimal(plainDecimal(minor, scale), lang);
