import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { DigitTextField, onlyDigits } from '@/components/digit-text-field';
import { useFormat } from '@/hooks/use-format';

const MAX_AMOUNT_DIGITS = 15;

/**
 * A toman amount (SPEC §5): typed in Persian, Arabic or Latin digits, kept as a string of Latin digits
 * (never a JS number) and shown grouped in the interface's digits. `fill` adds a button that puts a
 * value in (the «choose maximum» of the gateway).
 */
export function AmountField<T extends FieldValues & { amount: string }, O extends FieldValues = T>({
  control,
  id,
  label,
  hint,
  message,
  fill,
  disabled,
}: {
  control: Control<T, unknown, O>;
  id: string;
  label: string;
  hint: ReactNode;
  message: (rule: string | undefined) => string;
  fill?: { label: string; value: string };
  disabled?: boolean;
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
            onChange={(e) => field.onChange(e.target.value.replace(/^0+(?=\d)/, ''))}
            onBlur={field.onBlur}
            inputRef={field.ref}
            autoComplete="off"
            disabled={disabled}
            error={show}
            helperText={show ? message(fieldState.error?.message) : hint}
            inputProps={{ inputMode: 'numeric' }}
            endAdornment={
              fill ? (
                <InputAdornment position="end">
                  <Button size="small" disabled={disabled} onClick={() => field.onChange(fill.value)}>
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
