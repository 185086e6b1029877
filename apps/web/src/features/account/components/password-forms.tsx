import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { passwordRepeatSchema } from '@portal/contract/auth/password';
import { FormError } from '@/components/form/form-error';
import { useNotify } from '@/components/notices/notices';
import { NewPasswordFields, useRuleMessage } from '@/components/password/new-password-fields';
import { PasswordField } from '@/components/password/password-field';
import { useErrorMessage } from '@/lib/error-message';
import { useChangePassword, useSetPassword } from '../api/mutations';
import type { StepUpGuard } from './step-up';

/** Current password, then the contract's new-password rules and the repeat. */
const changePasswordFormSchema = z.intersection(
  z.object({ current: z.string().min(1, { message: 'required' }) }),
  passwordRepeatSchema,
);
type ChangePasswordInput = z.input<typeof changePasswordFormSchema>;

/**
 * Change password (SPEC §2 "Profile", §7 `PATCH /account/changePassword`): current, new, repeat.
 * The current password is the re-authentication; the server ends every other session.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation('account');
  const errorMessage = useErrorMessage();
  const ruleMessage = useRuleMessage();
  const notices = useNotify();
  const change = useChangePassword();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { current: '', password: '', repeat: '' },
    mode: 'all',
  });

  const onSubmit = form.handleSubmit((v) => {
    if (change.isPending) return;
    change.mutate(
      { currentPassword: v.current, newPassword: v.password },
      {
        onSuccess: () => {
          form.reset();
          notices.success('account:overview.password.done');
        },
        onError: (e) => {
          if ((e as { code?: string }).code === 'PASSWORD_INCORRECT') form.setFocus('current', { shouldSelect: true });
        },
      },
    );
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} aria-label={t('overview.password.title')}>
      <Controller
        name="current"
        control={form.control}
        render={({ field, fieldState, formState }) => {
          const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
          return (
            <PasswordField
              id="change-password-current"
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              label={t('password.current')}
              autoComplete="current-password"
              disabled={change.isPending}
              error={show}
              helperText={show ? ruleMessage(fieldState.error?.message) : ' '}
            />
          );
        }}
      />
      <NewPasswordFields control={form.control} disabled={change.isPending} />
      {change.error ? <FormError message={errorMessage(change.error)} /> : null}
      <Button type="submit" variant="contained" loading={change.isPending} sx={{ alignSelf: 'flex-start' }}>
        {t('overview.password.submit')}
      </Button>
    </Stack>
  );
}

/**
 * Set the first password (after sign-up, SPEC §2 "Set password"): new and repeat. Needs a recent
 * authentication (the page's step-up guard asks for one when the server wants it).
 */
export function SetPasswordForm({
  guard,
  onDone,
  submitLabel,
  extraActions,
  autoFocus,
}: {
  guard: StepUpGuard;
  onDone: () => void;
  submitLabel?: string;
  extraActions?: React.ReactNode;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('account');
  const errorMessage = useErrorMessage();
  const set = useSetPassword(guard);
  const form = useForm<z.input<typeof passwordRepeatSchema>>({
    resolver: zodResolver(passwordRepeatSchema),
    defaultValues: { password: '', repeat: '' },
    mode: 'all',
  });
  const onSubmit = form.handleSubmit((v) => {
    if (set.isPending) return;
    set.mutate(v.password, { onSuccess: onDone });
  });
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} aria-label={t('setPassword.pageTitle')}>
      <NewPasswordFields control={form.control} disabled={set.isPending} autoFocus={autoFocus} />
      {set.error ? <FormError message={errorMessage(set.error)} /> : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button type="submit" variant="contained" loading={set.isPending}>
          {submitLabel ?? t('setPassword.submit')}
        </Button>
        {extraActions}
      </Stack>
    </Stack>
  );
}
