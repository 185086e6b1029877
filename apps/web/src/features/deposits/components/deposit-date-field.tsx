import { useMemo } from 'react';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CalendarDateField } from '@/components/calendar-date-field';
import { useFormat } from '@/hooks/use-format';
import { calendarDateOf } from '@/lib/calendar-date';
import type { DepositDateInput } from '../deposit-date';

/**
 * The day of the deposit in the user's calendar (Persian by default), as the KYC birth date is typed:
 * the year (4 digits, Persian or Arabic digits too), the month chosen by name, the day. One form field
 * (`depositDate`) whose error shows once focus has left the three inputs, or the form was submitted.
 */
export function DepositDateField<T extends FieldValues & { depositDate: DepositDateInput }, O extends FieldValues = T>({
  control,
  message,
  disabled,
}: {
  control: Control<T, unknown, O>;
  message: (rule: string | undefined) => string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('deposit');
  const { calendar } = useFormat();
  const thisYear = useMemo(() => String(calendarDateOf(Date.now(), calendar).year), [calendar]);
  return (
    <CalendarDateField<T, O>
      control={control}
      name={'depositDate' as Path<T>}
      labels={{
        legend: t('offline.date.legend', { calendar: t(`translation:common.calendar.${calendar}`) }),
        year: t('offline.date.year'),
        month: t('offline.date.month'),
        monthPlaceholder: t('offline.date.monthPlaceholder'),
        day: t('offline.date.day'),
        hint: t('offline.date.hint'),
      }}
      yearExample={thisYear}
      message={message}
      disabled={disabled}
    />
  );
}
