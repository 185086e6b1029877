import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useMemo, type FocusEvent } from 'react';
import type { Calendar } from '@portal/contract/core/constants';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DigitTextField, onlyDigits } from '@/components/digit-text-field';
import { useFormat } from '@/hooks/use-format';
import { monthNames } from '@/lib/calendar-date';
import { formatDigits } from '@/lib/format';
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
  const { lng, calendar } = useFormat();
  const message = useFieldMessage();
  const months = useMemo(() => monthNames(calendar, lng), [calendar, lng]);
  const id = useId();
  const helperId = `${id}-helper`;

  return (
    <Controller<T, Path<T>, O>
      name={'birthDate' as Path<T>}
      control={control}
      render={({ field, fieldState, formState }) => {
        const value = field.value as BirthDateInput;
        const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
        const set = (part: keyof BirthDateInput) => (e: { target: { value: string } }) =>
          field.onChange({ ...value, [part]: e.target.value });
        // Touched when focus leaves the group, not when it moves from the year to the month.
        const onBlur = (e: FocusEvent<HTMLElement>) => {
          if (!e.currentTarget.contains(e.relatedTarget)) field.onBlur();
        };
        const described = { 'aria-describedby': helperId, 'aria-invalid': show || undefined };
        return (
          <Box component="fieldset" onBlur={onBlur} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
            <Typography component="legend" variant="body2" sx={{ mb: 1.5, color: 'text.secondary' }}>
              {t('birthDate.legend', { calendar: t(`translation:common.calendar.${calendar}`) })}
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: '1.1fr 1.5fr 0.9fr', gap: 1 }}>
              <DigitTextField
                id={`${id}-year`}
                name={`${field.name}.year`}
                label={t('birthDate.year')}
                value={value.year}
                onChange={set('year')}
                inputRef={field.ref}
                sanitize={onlyDigits(4)}
                placeholder={formatDigits(YEAR_EXAMPLE[calendar], lng)}
                disabled={disabled}
                error={show}
                autoComplete="off"
                inputProps={{ dir: 'ltr', inputMode: 'numeric', maxLength: 4, ...described }}
              />
              <TextField
                select
                id={`${id}-month`}
                name={`${field.name}.month`}
                label={t('birthDate.month')}
                value={value.month}
                onChange={set('month')}
                disabled={disabled}
                error={show}
                fullWidth
                slotProps={{ select: { native: true }, htmlInput: described, inputLabel: { shrink: true } }}
              >
                <option value="" disabled>
                  {t('birthDate.monthPlaceholder')}
                </option>
                {months.map((name, i) => (
                  <option key={name} value={String(i + 1)}>
                    {name}
                  </option>
                ))}
              </TextField>
              <DigitTextField
                id={`${id}-day`}
                name={`${field.name}.day`}
                label={t('birthDate.day')}
                value={value.day}
                onChange={set('day')}
                sanitize={onlyDigits(2)}
                placeholder={formatDigits('1', lng)}
                disabled={disabled}
                error={show}
                autoComplete="off"
                inputProps={{ dir: 'ltr', inputMode: 'numeric', maxLength: 2, ...described }}
              />
            </Box>
            <FormHelperText id={helperId} error={show} sx={{ mx: 1.75 }}>
              {show ? message(fieldState.error?.message) : t('birthDate.hint')}
            </FormHelperText>
          </Box>
        );
      }}
    />
  );
}
