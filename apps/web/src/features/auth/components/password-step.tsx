import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginResult, RequestOtpResponse } from '@portal/contract/auth/auth';
import { FormError } from '@/components/form/form-error';
import { PasswordField } from '@/components/password/password-field';
import { useLanguage } from '@/hooks/use-language';
import { useErrorMessage } from '@/lib/error-message';
import { displayMobile } from '@/lib/format';
import { useRequestOtp } from '../api/request-otp';
import { useLoginWithPassword } from '../api/login-with-password';

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
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [touched, setTouched] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const missing = touched && password === '';

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!password) {
      input.current?.focus();
      return;
    }
    if (login.isPending) return;
    requestCode.reset();
    login.mutate(
      { mobile, country, password, rememberMe },
      { onSuccess: onResult, onError: () => input.current?.select() },
    );
  };

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
      <PasswordField
        id="auth-password"
        name="password"
        label={t('password.label')}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        onBlur={() => setTouched(true)}
        inputRef={input}
        autoFocus
        autoComplete="current-password"
        disabled={login.isPending}
        error={missing || Boolean(login.error)}
        helperText={missing ? t('translation:validation.required') : ' '}
      />
      <FormControlLabel
        control={<Checkbox checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} />}
        label={t('login.rememberMe')}
        disabled={login.isPending}
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
