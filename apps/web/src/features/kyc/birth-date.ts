import { z } from 'zod';
import type { Calendar } from '@portal/contract/core/constants';
import { normalizeDigits } from '@portal/contract/core/digits';
import { birthDateSchema } from '@portal/contract/kyc/kyc';
import { toIsoDate } from '@/lib/calendar-date';

/** A birth date as the form holds it: the user's calendar, year and day typed, month chosen. */
export interface BirthDateInput {
  year: string;
  month: string;
  day: string;
}

export const emptyBirthDate: BirthDateInput = { year: '', month: '', day: '' };

/**
 * The birth date of the KYC forms: typed in `calendar` (Persian by default), turned into the
 * Gregorian `YYYY-MM-DD` the API takes, then held to the contract's rule (a real date, not in the
 * future, at least 18 years ago). Every issue is the field's own (`birthDate`), named by the rule
 * key the web translates (`validation.birthDate`, `birthDateFuture`, `birthDateMinAge`).
 */
export function birthDateInputSchema(calendar: Calendar, today?: () => string) {
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
        ctx.addIssue({ code: 'custom', message: 'birthDate' });
        return z.NEVER;
      }
      return iso;
    })
    .pipe(birthDateSchema(today));
}
