import { z } from 'zod';
import type { Calendar } from '@portal/contract/core/constants';
import { normalizeDigits } from '@portal/contract/core/digits';
import { fromIsoDate } from '@/lib/calendar-date';
import { calendarDateInputSchema, emptyCalendarDate, type CalendarDateInput } from '@/lib/calendar-date-input';

/**
 * The transactions page's date range (issue 19): two days typed in the user's calendar (Persian by
 * default), each optional, both inclusive; the server reads them as Tehran days. The address keeps them as
 * Gregorian `YYYY-MM-DD` (`from`, `to`), the API's query.
 */
export interface DateRangeInput {
  from: CalendarDateInput;
  to: CalendarDateInput;
}

export interface DateRange {
  from?: string;
  to?: string;
}

const isBlank = (v: CalendarDateInput) => normalizeDigits(`${v.year}${v.month}${v.day}`).trim() === '';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A `YYYY-MM-DD` of the address that is a real day, else undefined. */
export function isoDayParam(raw: string | null): string | undefined {
  if (raw === null || !ISO_DAY.test(raw)) return undefined;
  const t = Date.parse(`${raw}T00:00:00Z`);
  return Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== raw ? undefined : raw;
}

/** Whether a range can be asked for: its end is not before its start. */
export const isRangeInOrder = ({ from, to }: DateRange) => !from || !to || from <= to;

/** One end of the range: nothing typed is no bound; else a real date of the calendar (rule `date`). */
function rangeEndSchema(calendar: Calendar) {
  const date = calendarDateInputSchema(calendar, { invalidMessage: 'date', rule: z.iso.date({ message: 'date' }) });
  return z.object({ year: z.string(), month: z.string(), day: z.string() }).transform((v, ctx) => {
    if (isBlank(v)) return undefined;
    const parsed = date.safeParse(v);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    }
    return parsed.data;
  });
}

/**
 * The range form's schema: each end optional, and the end not before the start (rule `dateRangeOrder`, on
 * `to`). Its output is what the address and the API take.
 */
export function dateRangeSchema(calendar: Calendar) {
  return z.object({ from: rangeEndSchema(calendar), to: rangeEndSchema(calendar) }).superRefine((range, ctx) => {
    if (!isRangeInOrder(range)) ctx.addIssue({ code: 'custom', path: ['to'], message: 'dateRangeOrder' });
  });
}

/** A Gregorian day of the address as the form holds it in `calendar` (empty when none). */
export function toCalendarInput(calendar: Calendar, iso: string | undefined): CalendarDateInput {
  const d = iso ? fromIsoDate(calendar, iso) : null;
  return d ? { year: String(d.year), month: String(d.month), day: String(d.day) } : emptyCalendarDate;
}
