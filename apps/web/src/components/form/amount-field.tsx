import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { DigitTextField, onlyDigits } from '@/components/digit-text-field';
import { useFormat } from '@/hooks/use-format';

const MAX_AMOUNT_DIGITS = 15;

/**
 * A toman amount (SPEC §5) bound to a react-hook-form field named `amount`: typed in Persian, Arabic or
 * Latin digits, kept as a string of Latin digits (never a JS number) and shown grouped in the interface's
 * digits. The form's zod schema checks it (its messages are rule keys, turned into sentences by
 * `message`). `fill` adds a button that puts a value in (the «choose maximum» of the gateway, the «whole
 * balance» of a withdrawal). Its error shows once the field was left or the form submitted; `eager`
 * shows it as soon as something is typed (leaving the field empty says nothing until submitted).
 */
export function AmountField<T extends FieldValues & { amount: string }, O extends FieldValues = T>({
  control,
  id,
  label,
  hint,
  message,
  fill,
  disabled,
  eager = false,
}: {
  control: Control<T, unknown, O>;
  id: string;
  label: string;
  hint: ReactNode;
  message: (rule: string | undefined) => string;
  fill?: { label: string; value: string };
  disabled?: boolean;
  eager?: boolean;
}) {
  const fmt = useFormat();
  return (
    <Controller<T, Path<T>, O>
      name={'amount' as Path<T>}
      control={control}
      render={({ field, fieldState, formState }) => {
        const value = field.value as string;
        const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
        return (
          <DigitTextField
            id={id}
            name={field.name}
            label={label}
            value={value === '' ? '' : fmt.amount(value, 'IRT')}
            sanitize={onlyDigits(MAX_AMOUNT_DIGITS)}
            onChange={(e) => {
              field.onChange(e.target.value.replace(/^0+(?=\d)/, ''));
              if (eager) field.onBlur();
            }}
            onBlur={() => {
              if (!eager || value !== '') field.onBlur();
            }}
            inputRef={field.ref}
            autoComplete="off"
            disabled={disabled}
            error={show}
            helperText={show ? message(fieldState.error?.message) : hint}
            inputProps={{ inputMode: 'numeric' }}
            endAdornment={
              fill ? (
                <InputAdornment position="end">
                  <Button
                    size="small"
                    disabled={disabled}
                    onClick={() => {
                      field.onChange(fill.value);
                      if (eager) field.onBlur();
                    }}
                  >
                    {fill.label}
                  </Button>
                </InputAdornment>
              ) : null
            }
          />
        );
      }}
    />
  );
}
