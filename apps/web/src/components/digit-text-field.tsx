import type { ChangeEvent, ChangeEventHandler } from 'react';
import { normalizeDigits } from '@portal/contract/core/digits';
import { useLanguage } from '@/hooks/use-language';
import { formatDigits } from '@/lib/format';
import { TextInput, type TextInputProps } from './form/text-input';

type FieldElement = HTMLInputElement | HTMLTextAreaElement;

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
 * The one rule of every field that takes digits (SPEC §5), in every language: the user types or pastes
 * Persian (۰–۹), Arabic-Indic (٠–٩) or Latin digits; the field **shows** them in the interface's digits
 * (what `Intl` writes for the language, as amounts are shown: Persian digits in Persian); the value
 * handed to `onChange` (and so to the form, and to the server) is always in Latin digits. The caret
 * stays where the user typed. Works with react-hook-form's `Controller` and with MUI's `TextField`:
 * spread the result as the field's `value` and `onChange`.
 *
 * `value` is the form's value, Latin digits (a value already in the interface's digits, e.g. a grouped
 * amount, is shown as it is). A field without `value` (uncontrolled) keeps Latin digits in the DOM, so
 * that whatever reads the DOM reads Latin digits.
 */
export function digitInputProps<E extends FieldElement = FieldElement>({
  lng,
  value,
  onChange,
  sanitize,
}: {
  lng: string;
  value: string | undefined;
  onChange?: ChangeEventHandler<E>;
  sanitize?: (value: string) => string;
}): { value: string | undefined; onChange: ChangeEventHandler<E> } {
  const controlled = value !== undefined;
  return {
    value: controlled ? formatDigits(String(value), lng) : undefined,
    onChange: (e: ChangeEvent<E>) => {
      const input = e.target;
      const raw = input.value;
      const caret = input.selectionStart;
      const next = sanitize ? sanitize(normalizeDigits(raw)) : normalizeDigits(raw);
      // Normalising keeps the length (one digit for one); a sanitiser may drop characters before the caret.
      const keptBeforeCaret =
        caret === null ? 0 : sanitize ? sanitize(normalizeDigits(raw.slice(0, caret))).length : caret;
      // What the form reads from the event: Latin digits.
      if (next !== raw) input.value = next;
      onChange?.(e);
      // What the user sees: the interface's digits (the next render writes the same, so React leaves it).
      const shown = controlled ? formatDigits(next, lng) : next;
      if (input.value !== shown) input.value = shown;
      if (shown !== raw && caret !== null && document.activeElement === input) {
        const pos = Math.max(0, Math.min(shown.length, keptBeforeCaret));
        try {
          input.setSelectionRange(pos, pos);
        } catch {
          /* inputs of some types (number, email) have no selection */
        }
      }
    },
  };
}

/** `digitInputProps` bound to the interface's language, for fields built in a component's render. */
export function useDigitInput() {
  const { lng } = useLanguage();
  return <E extends FieldElement = FieldElement>(
    props: Omit<Parameters<typeof digitInputProps<E>>[0], 'lng'>,
  ) => digitInputProps<E>({ lng, ...props });
}

/**
 * A text field for digits (a mobile number, a code, a national code, a card or sheba, an amount): the
 * one rule of `digitInputProps`.
 */
export function DigitTextField({ sanitize, onChange, value, ...props }: DigitTextFieldProps) {
  const { lng } = useLanguage();
  return <TextInput {...props} {...digitInputProps({ lng, value, onChange, sanitize })} />;
}
