import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { Controller, useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from './password-field';
import { PasswordRules } from './password-rules';

/** The translated message of a form rule key (`validation.<rule>`, the contract's rule names). */
export function useRuleMessage(): (rule: string | undefined) => string {
  const { t } = useTranslation();
  return (rule) => (rule ? t(`validation.${rule}`) : ' ');
}

/**
 * Forms with a new password use the contract's `passwordRepeatSchema` (the rules of SPEC §5 and
 * the common-password list, the same schema the server checks, plus the repeat).
 *
 * "New password" with the live rule checklist, and "repeat" (SPEC §5). For a react-hook-form
 * form that has `password` and `repeat` fields; errors show once a field was left or the form
 * submitted.
 */
export function NewPasswordFields<T extends FieldValues & { password: string; repeat: string }>({
  control,
  disabled,
  passwordLabel,
  repeatLabel,
  autoFocus,
}: {
  control: Control<T>;
  disabled?: boolean;
  passwordLabel?: string;
  repeatLabel?: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('account');
  const message = useRuleMessage();
  const rulesId = useId();
  const passwordPath = 'password' as Path<T>;
  const repeatPath = 'repeat' as Path<T>;
  const password = useWatch({ control, name: passwordPath }) as string;
  return (
    <Stack spacing={2}>
      <Controller
        name={passwordPath}
        control={control}
        // The repeat is checked again whenever the password changes.
        rules={{ deps: [repeatPath] }}
        render={({ field, fieldState, formState }) => {
          const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
          return (
            <PasswordField
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              label={passwordLabel ?? t('password.new')}
              autoComplete="new-password"
              autoFocus={autoFocus}
              disabled={disabled}
              error={show}
              helperText={show ? message(fieldState.error?.message) : undefined}
              inputProps={{ 'aria-describedby': rulesId }}
            />
          );
        }}
      />
      <PasswordRules password={password ?? ''} id={rulesId} />
      <Controller
        name={repeatPath}
        control={control}
        render={({ field, fieldState, formState }) => {
          const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
          return (
            <PasswordField
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              label={repeatLabel ?? t('password.repeat')}
              autoComplete="new-password"
              disabled={disabled}
              error={show}
              helperText={show ? message(fieldState.error?.message) : ' '}
            />
          );
        }}
      />
    </Stack>
  );
}
