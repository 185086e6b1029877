import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useMemo, type FocusEvent } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DigitTextField, onlyDigits } from '@/components/digit-text-field';
import { useFormat } from '@/hooks/use-format';
import { calendarDateOf, monthNames } from '@/lib/calendar-date';
import { formatDigits } from '@/lib/format';
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
  const { lng, calendar } = useFormat();
  const months = useMemo(() => monthNames(calendar, lng), [calendar, lng]);
  const thisYear = useMemo(() => String(calendarDateOf(Date.now(), calendar).year), [calendar]);
  const id = useId();
  const helperId = `${id}-helper`;

  return (
    <Controller<T, Path<T>, O>
      name={'depositDate' as Path<T>}
      control={control}
      render={({ field, fieldState, formState }) => {
        const value = field.value as DepositDateInput;
        const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
        const set = (part: keyof DepositDateInput) => (e: { target: { value: string } }) =>
          field.onChange({ ...value, [part]: e.target.value });
        // Touched when focus leaves the group, not when it moves from the year to the month.
        const onBlur = (e: FocusEvent<HTMLElement>) => {
          if (!e.currentTarget.contains(e.relatedTarget)) field.onBlur();
        };
        const described = { 'aria-describedby': helperId, 'aria-invalid': show || undefined };
        return (
          <Box component="fieldset" onBlur={onBlur} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
            <Typography component="legend" variant="body2" sx={{ mb: 1.5, color: 'text.secondary' }}>
              {t('offline.date.legend', { calendar: t(`translation:common.calendar.${calendar}`) })}
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: '1.1fr 1.5fr 0.9fr', gap: 1 }}>
              <DigitTextField
                id={`${id}-year`}
                name={`${field.name}.year`}
                label={t('offline.date.year')}
                value={value.year}
                onChange={set('year')}
                inputRef={field.ref}
                sanitize={onlyDigits(4)}
                placeholder={formatDigits(thisYear, lng)}
                disabled={disabled}
                error={show}
                autoComplete="off"
                inputProps={{ dir: 'ltr', inputMode: 'numeric', maxLength: 4, ...described }}
              />
              <TextField
                select
                id={`${id}-month`}
                name={`${field.name}.month`}
                label={t('offline.date.month')}
                value={value.month}
                onChange={set('month')}
                disabled={disabled}
                error={show}
                fullWidth
                slotProps={{ select: { native: true }, htmlInput: described, inputLabel: { shrink: true } }}
              >
                <option value="" disabled>
                  {t('offline.date.monthPlaceholder')}
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
                label={t('offline.date.day')}
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
              {show ? message(fieldState.error?.message) : t('offline.date.hint')}
            </FormHelperText>
          </Box>
        );
      }}
    />
  );
}
