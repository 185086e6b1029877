import type { Calendar } from '@portal/contract/core/constants';
import { depositDateSchema } from '@portal/contract/wallet/offline-deposits';
import { calendarDateInputSchema, emptyCalendarDate, type CalendarDateInput } from '@/lib/calendar-date-input';

/** The deposit date as the form holds it: the user's calendar, year and day typed, month chosen. */
export type DepositDateInput = CalendarDateInput;

export const emptyDepositDate: DepositDateInput = emptyCalendarDate;

/**
 * The day of an offline deposit typed in `calendar` (Persian by default), turned into the Gregorian
 * `YYYY-MM-DD` the API takes, then held to the contract's rule (a real date, not after today in Iran,
 * at most 30 days back). Issues are rule keys: `required`, `date`, `depositDateFuture`, `depositDateTooOld`.
 */
export function depositDateInputSchema(calendar: Calendar, now?: () => Date) {
  return calendarDateInputSchema(calendar, { invalidMessage: 'date', rule: depositDateSchema(now) });
}
