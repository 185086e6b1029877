import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, type ChangeEvent } from 'react';
import { useController, useForm } from 'react-hook-form';
import { z } from 'zod';

type FieldRule = z.ZodType<string, string>;

/** A one-field form's schema: an empty field is `required`, else the field's own rule (the contract's). */
export const fieldFormSchema = (rule: FieldRule) =>
  z.object({ value: z.string().min(1, { message: 'required' }).pipe(rule) });

/**
 * The react-hook-form of a form that asks for one thing, a code or an address (decision 032): the
 * field checked by `rule` (whose messages are rule keys), its error shown once the field was left with
 * something in it or the form submitted (leaving it empty says nothing), the field selected again when
 * the server answers `error`, and `onSubmit` called with the value as the rule gives it (normalised),
 * unless a request runs. `input` goes to the text field (its `name` is the caller's).
 */
export function useFieldForm(
  rule: FieldRule,
  { onSubmit, isPending, error }: { onSubmit: (value: string) => void; isPending: boolean; error?: unknown },
) {
  const schema = useMemo(() => fieldFormSchema(rule), [rule]);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { value: '' },
    mode: 'all',
  });
  const { field, fieldState, formState } = useController({ control: form.control, name: 'value' });
  const { setFocus, resetField } = form;

  useEffect(() => {
    if (error) setFocus('value', { shouldSelect: true });
  }, [error, setFocus]);

  const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
  return {
    form,
    submit: form.handleSubmit(({ value }) => {
      if (isPending) return;
      onSubmit(value);
    }),
    /** The rule key of the error to show, if any. */
    rule: show ? (fieldState.error?.message ?? 'required') : undefined,
    input: {
      value: field.value,
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => field.onChange(e.target.value),
      onBlur: () => (field.value === '' ? resetField('value') : field.onBlur()),
      inputRef: field.ref,
    },
  };
}
