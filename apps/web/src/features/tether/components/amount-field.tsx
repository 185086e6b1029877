import type { ReactNode } from 'react';
import { DigitTextField } from '@/components/digit-text-field';
import { useFormat } from '@/hooks/use-format';
import { displayTyped, sanitizeTyped } from '../amount-input';
import type { useTradeForm } from '../use-trade-form';

/**
 * The amount of a trade, bound to `useTradeForm`: Persian, Arabic or Latin digits, shown grouped in the
 * language's digits with its decimals as typed; what cannot be a number is kept so that the rule says why.
 */
export function TradeAmountField({
  id,
  label,
  hint,
  form,
  disabled,
  endAdornment,
}: {
  id: string;
  label: string;
  hint: ReactNode;
  form: ReturnType<typeof useTradeForm>;
  disabled?: boolean;
  endAdornment?: ReactNode;
}) {
  const fmt = useFormat();
  return (
    <DigitTextField
      id={id}
      name="amount"
      label={label}
      value={displayTyped(form.input.value, fmt.lng)}
      sanitize={sanitizeTyped}
      onChange={form.input.onChange}
      onBlur={form.input.onBlur}
      inputRef={form.input.inputRef}
      autoComplete="off"
      disabled={disabled}
      error={form.errorText !== undefined}
      helperText={form.errorText ?? hint}
      inputProps={{ inputMode: 'decimal' }}
      endAdornment={endAdornment}
    />
  );
}
