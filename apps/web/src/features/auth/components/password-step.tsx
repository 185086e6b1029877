import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { LoginResult, RequestOtpResponse } from '@portal/contract/auth/auth';
import { loginWithPasswordBody } from '@portal/contract/auth/password';
import { FormError } from '@/components/form/form-error';
import { PasswordField } from '@/components/password/password-field';
import { useLanguage } from '@/hooks/use-language';
import { useErrorMessage } from '@/lib/error-message';
import { displayMobile } from '@/lib/format';
import { useRequestOtp } from '../api/request-otp';
import { useLoginWithPassword } from '../api/login-with-password';

/** The form's fields: the contract's password (only `required` here: the server checks it) and remember-me. */
const passwordStepSchema = loginWithPasswordBody.pick({ password: true, rememberMe: true });
const resolver = zodResolver(passwordStepSchema);

/**
 * The password step (SPEC §2 "Auth"): for an account with a password. Remember-me; from here the
 * user may log in by a one-time code instead, or reset a forgotten password.
 */
export default function PasswordStep({
  mobile,
  country,
  titleId,
  onEditNumber,
  onResult,
  onUseCode,
  onForgot,
}: {
  /** E.164 */
  mobile: string;
  country: string;
  titleId: string;
  onEditNumber: () => void;
  onResult: (result: LoginResult) => void;
  onUseCode: (otp: RequestOtpResponse) => void;
  onForgot: () => void;
}) {
  const { t } = useTranslation('account');
  const { lng } = useLanguage();
  const errorMessage = useErrorMessage();
  const login = useLoginWithPassword();
  const requestCode = useRequestOtp();
  const form = useForm<z.input<typeof passwordStepSchema>, unknown, z.output<typeof passwordStepSchema>>({
    resolver,
    defaultValues: { password: '', rememberMe: false },
    mode: 'all',
  });

  const submit = form.handleSubmit(({ password, rememberMe }) => {
    if (login.isPending) return;
    requestCode.reset();
    login.mutate(
      { mobile, country, password, rememberMe },
      { onSuccess: onResult, onError: () => form.setFocus('password', { shouldSelect: true }) },
    );
  });

  const useCode = () => {
    if (requestCode.isPending) return;
    login.reset();
    requestCode.mutate({ mobile, country, channel: 'sms' }, { onSuccess: onUseCode });
  };

  const error = login.error ?? requestCode.error;

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5} aria-labelledby={titleId}>
      <div>
        <Typography id={titleId} variant="h1" component="h1" gutterBottom>
          {t('login.title')}
        </Typography>
        <Typography color="text.secondary">{t('login.subtitle', { mobile: displayMobile(mobile, lng) })}</Typography>
        <Button size="small" onClick={onEditNumber} startIcon={<EditOutlined />} sx={{ mt: 0.5, mx: -1 }}>
          {t('login.editNumber')}
        </Button>
      </div>
      <Controller
        name="password"
        control={form.control}
        render={({ field, fieldState, formState }) => {
          const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
          return (
            <PasswordField
              id="auth-password"
              name={field.name}
              label={t('password.label')}
              value={field.value}
              onChange={(e) => field.onChange(e.target.value)}
              onBlur={field.onBlur}
              inputRef={field.ref}
              autoFocus
              autoComplete="current-password"
              disabled={login.isPending}
              error={show || Boolean(login.error)}
              helperText={show ? t(`translation:validation.${fieldState.error?.message ?? 'required'}`) : ' '}
            />
          );
        }}
      />
      <Controller
        name="rememberMe"
        control={form.control}
        render={({ field }) => (
          <FormControlLabel
            control={
              <Checkbox
                name={field.name}
                checked={field.value ?? false}
                onChange={(e) => field.onChange(e.target.checked)}
                inputRef={field.ref}
              />
            }
            label={t('login.rememberMe')}
            disabled={login.isPending}
          />
        )}
      />
      {error ? <FormError message={errorMessage(error)} /> : null}
      <Button type="submit" variant="contained" size="large" fullWidth loading={login.isPending}>
        {t('login.submit')}
      </Button>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between' }}>
        <Button onClick={useCode} loading={requestCode.isPending} disabled={login.isPending}>
          {t('login.useCode')}
        </Button>
        <Button onClick={onForgot} disabled={login.isPending} color="inherit">
          {t('login.forgot')}
        </Button>
      </Box>
    </Stack>
  );
}
