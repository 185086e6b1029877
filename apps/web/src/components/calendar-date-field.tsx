import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useMemo, type FocusEvent } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { DigitTextField, onlyDigits } from '@/components/digit-text-field';
import { useFormat } from '@/hooks/use-format';
import { monthNames } from '@/lib/calendar-date';
import type { CalendarDateInput } from '@/lib/calendar-date-input';
import { formatDigits } from '@/lib/format';

/** The words of a calendar date field, already translated. */
export interface CalendarDateFieldLabels {
  legend: string;
  year: string;
  month: string;
  monthPlaceholder: string;
  day: string;
  hint: string;
}

/**
 * A date in the user's calendar (Persian by default): the year typed (4 digits, Persian or Arabic
 * digits too), the month chosen by name, the day typed. One form field (`name`, holding a
 * {@link CalendarDateInput}) whose error shows once focus has left the three inputs, or the form
 * was submitted; `message` turns the error's rule key into its sentence.
 */
export function CalendarDateField<T extends FieldValues, O extends FieldValues = T>({
  control,
  name,
  labels,
  yearExample,
  message,
  disabled,
}: {
  control: Control<T, unknown, O>;
  name: Path<T>;
  labels: CalendarDateFieldLabels;
  /** The year shown as the placeholder, in Latin digits (shown in the language's digits). */
  yearExample: string;
  message: (rule: string | undefined) => string;
  disabled?: boolean;
}) {
  const { lng, calendar } = useFormat();
  const months = useMemo(() => monthNames(calendar, lng), [calendar, lng]);
  const id = useId();
  const helperId = `${id}-helper`;

  return (
    <Controller<T, Path<T>, O>
      name={name}
      control={control}
      render={({ field, fieldState, formState }) => {
        const value = field.value as CalendarDateInput;
        const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
        const set = (part: keyof CalendarDateInput) => (e: { target: { value: string } }) =>
          field.onChange({ ...value, [part]: e.target.value });
        // Touched when focus leaves the group, not when it moves from the year to the month.
        const onBlur = (e: FocusEvent<HTMLElement>) => {
          if (!e.currentTarget.contains(e.relatedTarget)) field.onBlur();
        };
        const described = { 'aria-describedby': helperId, 'aria-invalid': show || undefined };
        return (
          <Box component="fieldset" onBlur={onBlur} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
            <Typography component="legend" variant="body2" sx={{ mb: 1.5, color: 'text.secondary' }}>
              {labels.legend}
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: '1.1fr 1.5fr 0.9fr', gap: 1 }}>
              <DigitTextField
                id={`${id}-year`}
                name={`${field.name}.year`}
                label={labels.year}
                value={value.year}
                onChange={set('year')}
                inputRef={field.ref}
                sanitize={onlyDigits(4)}
                placeholder={formatDigits(yearExample, lng)}
                disabled={disabled}
                error={show}
                autoComplete="off"
                inputProps={{ dir: 'ltr', inputMode: 'numeric', maxLength: 4, ...described }}
              />
              <TextField
                select
                id={`${id}-month`}
                name={`${field.name}.month`}
                label={labels.month}
                value={value.month}
                onChange={set('month')}
                disabled={disabled}
                error={show}
                fullWidth
                slotProps={{ select: { native: true }, htmlInput: described, inputLabel: { shrink: true } }}
              >
                <option value="" disabled>
                  {labels.monthPlaceholder}
                </option>
                {months.map((monthName, i) => (
                  <option key={monthName} value={String(i + 1)}>
                    {monthName}
                  </option>
                ))}
              </TextField>
              <DigitTextField
                id={`${id}-day`}
                name={`${field.name}.day`}
                label={labels.day}
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
              {show ? message(fieldState.error?.message) : labels.hint}
            </FormHelperText>
          </Box>
        );
      }}
    />
  );
}
