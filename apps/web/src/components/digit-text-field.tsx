import type { ChangeEvent } from 'react';
import { normalizeDigits } from '@portal/contract/core/digits';
import { TextInput, type TextInputProps } from './form/text-input';

export type DigitTextFieldProps = TextInputProps & {
  /**
   * A per-field check run after digit normalisation (SPEC §5: "fields may reject and clear an
   * input"): returns what the field keeps, e.g. only digits for a code.
   */
  sanitize?: (value: string) => string;
};

/** Digits only, at most `max` of them. */
export const onlyDigits = (max?: number) => (value: string) => {
  const digits = value.replace(/\D/g, '');
  return max === undefined ? digits : digits.slice(0, max);
};

/**
 * A text field that turns Persian (۰–۹) and Arabic-Indic (٠–٩) digits into Latin digits as the
 * user types or pastes (SPEC §5), keeping the caret where it was. Works with react-hook-form's
 * `Controller`: the event reaching `onChange` already carries the new value.
 */
export function DigitTextField({ sanitize, onChange, ...props }: DigitTextFieldProps) {
  const handleChange = (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const input = e.target;
    const raw = input.value;
    const normalized = normalizeDigits(raw);
    const next = sanitize ? sanitize(normalized) : normalized;
    if (next !== raw) {
      const caret = input.selectionStart;
      // Normalising keeps the length; a sanitiser may drop characters before the caret.
      const keptBeforeCaret =
        caret === null ? 0 : sanitize ? sanitize(normalizeDigits(raw.slice(0, caret))).length : caret;
      input.value = next;
      if (caret !== null && document.activeElement === input) {
        const pos = Math.max(0, Math.min(next.length, keptBeforeCaret));
        try {
          input.setSelectionRange(pos, pos);
        } catch {
          /* inputs of some types (number, email) have no selection */
        }
      }
    }
    onChange?.(e);
  };

  return <TextInput {...props} onChange={handleChange} />;
}
