import { z } from 'zod';
import type { Calendar } from '@portal/contract/core/constants';
import { normalizeDigits } from '@portal/contract/core/digits';
import { depositDateSchema } from '@portal/contract/wallet/offline-deposits';
import { toIsoDate } from '@/lib/calendar-date';

/** The deposit date as the form holds it: the user's calendar, year and day typed, month chosen. */
export interface DepositDateInput {
  year: string;
  month: string;
  day: string;
}

export const emptyDepositDate: DepositDateInput = { year: '', month: '', day: '' };

/**
 * The day of an offline deposit typed in `calendar` (Persian by default), turned into the Gregorian
 * `YYYY-MM-DD` the API takes, then held to the contract's rule (a real date, not after today in Iran,
 * at most 30 days back). Issues are rule keys: `required`, `date`, `depositDateFuture`, `depositDateTooOld`.
 */
export function depositDateInputSchema(calendar: Calendar, now?: () => Date) {
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
        ctx.addIssue({ code: 'custom', message: 'date' });
        return z.NEVER;
      }
      return iso;
    })
    .pipe(depositDateSchema(now));
}
