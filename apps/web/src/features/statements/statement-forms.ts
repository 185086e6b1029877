import { z } from 'zod';
import { CULTURES, type Calendar, type Culture } from '@portal/contract/core/constants';
import { normalizeDigits } from '@portal/contract/core/digits';
import { STATEMENT_FORMATS, statementPeriodIssue, type StatementFormat } from '@portal/contract/wallet/statements';
import { calendarDateOf, toIsoDate } from '@/lib/calendar-date';
import { calendarDateInputSchema, type CalendarDateInput } from '@/lib/calendar-date-input';

/**
 * The forms of the statements dialog (issue 19, decision 042), react-hook-form with these zod schemas
 * (decision 032). Months and days are the user's calendar's (Persian by default); what leaves is the
 * contract's query: Gregorian `YYYY-MM-DD` of Tehran days. The period's own rules (`dateRangeOrder`,
 * `dateRangeTooLong`) are the contract's `statementPeriodIssue`, the server's too.
 */
export type PeriodMode = 'month' | 'range';

export interface StatementFormInput {
  mode: PeriodMode;
  /** The month's year as typed and the month chosen (1–12), in the user's calendar. */
  year: string;
  month: string;
  from: CalendarDateInput;
  to: CalendarDateInput;
  format: StatementFormat;
  lang: Culture;
}

export interface StatementRequest {
  from: string;
  to: string;
  format: StatementFormat;
  lang: Culture;
}

const DAY_MS = 86_400_000;
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The first and last day (Gregorian) of a month of the calendar, or null when there is no such month. */
export function monthRange(calendar: Calendar, year: number, month: number): { from: string; to: string } | null {
  const from = toIsoDate(calendar, { year, month, day: 1 });
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  const nextFirst = toIsoDate(calendar, { ...next, day: 1 });
  return from && nextFirst ? { from, to: addDays(nextFirst, -1) } : null;
}

const formatField = z.enum(STATEMENT_FORMATS, { message: 'select' });
const langField = z.enum(CULTURES, { message: 'select' });

export function statementFormSchema(calendar: Calendar) {
  const date = calendarDateInputSchema(calendar, { invalidMessage: 'date', rule: z.iso.date({ message: 'date' }) });
  const calendarDate = z.object({ year: z.string(), month: z.string(), day: z.string() });
  return z
    .object({
      mode: z.enum(['month', 'range']),
      year: z.string(),
      month: z.string(),
      from: calendarDate,
      to: calendarDate,
      format: formatField,
      lang: langField,
    })
    .transform((v, ctx): StatementRequest => {
      if (v.mode === 'month') {
        const year = normalizeDigits(v.year).trim();
        if (!/^\d{4}$/.test(year)) {
          ctx.addIssue({ code: 'custom', path: ['year'], message: year ? 'date' : 'required' });
          return z.NEVER;
        }
        const range = /^\d{1,2}$/.test(v.month) ? monthRange(calendar, Number(year), Number(v.month)) : null;
        if (!range) {
          ctx.addIssue({ code: 'custom', path: ['month'], message: v.month ? 'date' : 'required' });
          return z.NEVER;
        }
        return { ...range, format: v.format, lang: v.lang };
      }
      const from = date.safeParse(v.from);
      const to = date.safeParse(v.to);
      if (!from.success) ctx.addIssue({ code: 'custom', path: ['from'], message: from.error.issues[0]!.message });
      if (!to.success) ctx.addIssue({ code: 'custom', path: ['to'], message: to.error.issues[0]!.message });
      if (!from.success || !to.success) return z.NEVER;
      const issue = statementPeriodIssue(from.data, to.data);
      if (issue) {
        ctx.addIssue({ code: 'custom', path: ['to'], message: issue.rule });
        return z.NEVER;
      }
      return { from: from.data, to: to.data, format: v.format, lang: v.lang };
    });
}

export interface CertificateFormInput {
  date: CalendarDateInput;
  format: StatementFormat;
  lang: Culture;
}

export interface CertificateRequest {
  date: string;
  format: StatementFormat;
  lang: Culture;
}

/** The Tehran day of an instant (`YYYY-MM-DD`), as the server counts «today». */
export const tehranToday = (now: Date = new Date()) =>
  new Date(now.getTime() + 3.5 * 3_600_000).toISOString().slice(0, 10);

export function certificateFormSchema(calendar: Calendar, today: string) {
  const date = calendarDateInputSchema(calendar, {
    invalidMessage: 'date',
    rule: z.iso.date({ message: 'date' }).refine((d) => d <= today, { message: 'dateFuture' }),
  });
  return z.object({ date, format: formatField, lang: langField });
}

/** Today in the user's calendar, as the date field holds it. */
export function calendarInputOf(calendar: Calendar, iso: string): CalendarDateInput {
  const d = calendarDateOf(Date.parse(`${iso}T00:00:00Z`), calendar);
  return { year: String(d.year), month: String(d.month), day: String(d.day) };
}
