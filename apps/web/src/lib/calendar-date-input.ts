import { z } from 'zod';
import type { Calendar } from '@portal/contract/core/constants';
import { normalizeDigits } from '@portal/contract/core/digits';
import { toIsoDate } from '@/lib/calendar-date';

/** A calendar date as a form holds it: the user's calendar, year and day typed, month chosen. */
export interface CalendarDateInput {
  year: string;
  month: string;
  day: string;
}

export const emptyCalendarDate: CalendarDateInput = { year: '', month: '', day: '' };

/**
 * A date typed in `calendar` (Persian by default), turned into the Gregorian `YYYY-MM-DD` the API
 * takes, then held to `rule` (the contract's schema for that date). Nothing typed is `required`; a
 * date that cannot be read is `invalidMessage`; every other issue is the rule's own.
 */
export function calendarDateInputSchema<R extends z.ZodType<unknown, string>>(
  calendar: Calendar,
  { invalidMessage, rule }: { invalidMessage: string; rule: R },
) {
  return z
    .object({ year: z.string(), month: z.string(), day: z.string() })
    .transform((v, ctx) => {
      const [year, month, day] = [v.year, v.month, v.day].map((s) => normalizeDigits(s).trim()) as [
        string,
        string,
        string,
      ];
      if (!year && !month && !day) {
        ctx.addIssue({ code: 'custom', message: 'required' });
        return z.NEVER;
      }
      const iso =
        /^\d{4}$/.test(year) && /^\d{1,2}$/.test(month) && /^\d{1,2}$/.test(day)
          ? toIsoDate(calendar, { year: Number(year), month: Number(month), day: Number(day) })
          : null;
      if (!iso) {
        ctx.addIssue({ code: 'custom', message: invalidMessage });
        return z.NEVER;
      }
      return iso;
    })
    .pipe(rule);
}
