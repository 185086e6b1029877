import type { Calendar } from '@portal/contract/core/constants';
import { birthDateSchema } from '@portal/contract/kyc/kyc';
import { calendarDateInputSchema, emptyCalendarDate, type CalendarDateInput } from '@/lib/calendar-date-input';

/** A birth date as the form holds it: the user's calendar, year and day typed, month chosen. */
export type BirthDateInput = CalendarDateInput;

export const emptyBirthDate: BirthDateInput = emptyCalendarDate;

/**
 * The birth date of the KYC forms: typed in `calendar` (Persian by default), turned into the
 * Gregorian `YYYY-MM-DD` the API takes, then held to the contract's rule (a real date, not in the
 * future, at least 18 years ago). Every issue is the field's own (`birthDate`), named by the rule
 * key the web translates (`validation.birthDate`, `birthDateFuture`, `birthDateMinAge`).
 */
export function birthDateInputSchema(calendar: Calendar, today?: () => string) {
  return calendarDateInputSchema(calendar, { invalidMessage: 'birthDate', rule: birthDateSchema(today) });
}
