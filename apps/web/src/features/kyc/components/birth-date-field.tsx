import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Calendar } from '@portal/contract/core/constants';
import { CalendarDateField } from '@/components/calendar-date-field';
import { useFormat } from '@/hooks/use-format';
import type { BirthDateInput } from '../birth-date';
import { useFieldMessage } from './field-message';

const YEAR_EXAMPLE: Record<Calendar, string> = { persian: '1370', gregory: '1990', 'islamic-umalqura': '1410' };

/**
 * The birth date in the user's calendar (Persian by default): the year typed (4 digits, Persian or
 * Arabic digits too), the month chosen by name, the day typed. One form field (`birthDate`) whose
 * error shows once focus has left the three inputs, or the form was submitted.
 */
export function BirthDateField<T extends FieldValues & { birthDate: BirthDateInput }, O extends FieldValues = T>({
  control,
  disabled,
}: {
  control: Control<T, unknown, O>;
  disabled?: boolean;
}) {
  const { t } = useTranslation('kyc');
  const { calendar } = useFormat();
  const message = useFieldMessage();
  return (
    <CalendarDateField<T, O>
      control={control}
      name={'birthDate' as Path<T>}
      labels={{
        legend: t('birthDate.legend', { calendar: t(`translation:common.calendar.${calendar}`) }),
        year: t('birthDate.year'),
        month: t('birthDate.month'),
        monthPlaceholder: t('birthDate.monthPlaceholder'),
        day: t('birthDate.day'),
        hint: t('birthDate.hint'),
      }}
      yearExample={YEAR_EXAMPLE[calendar]}
      message={message}
      disabled={disabled}
    />
  );
}
