import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { OtpChannel, RequestOtpResponse } from '@portal/contract/auth/auth';
import { passwordRepeatSchema } from '@portal/contract/auth/password';
import { FormError } from '@/components/form/form-error';
import { CodeEntry } from '@/components/otp/code-entry';
import { OtpCodeField } from '@/components/otp/otp-code-field';
import { NewPasswordFields } from '@/components/password/new-password-fields';
import { useLanguage } from '@/hooks/use-language';
import { useErrorMessage } from '@/lib/error-message';
import { displayMobile } from '@/lib/format';
import { useRequestResetCode, useResetPassword, useVerifyResetCode } from '../api/password-reset';

const flipInRtl = { '[dir="rtl"] &': { transform: 'scaleX(-1)' } } as const;

type Stage =
  | { kind: 'send' }
  | { kind: 'code'; otp: RequestOtpResponse; at: number }
  | { kind: 'new'; resetToken: string; twoFactorRequired: boolean };

/** The contract's new-password rules and repeat, and the authenticator code (checked by the server). */
const withTotp = z.intersection(passwordRepeatSchema, z.object({ totp: z.string() }));

/**
 * Forgot password (SPEC §2 "Auth", §4): a code to the mobile number, then the new password and its
 * repeat (plus the authenticator code when two-factor is on). Every session of the account ends;
 * the user then logs in with the new password.
 */
export default function ForgotPassword({
  mobile,
  country,
  titleId,
  onBack,
  onDone,
}: {
  /** E.164 */
  mobile: string;
  country: string;
  titleId: string;
  onBack: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('account');
  const { lng } = useLanguage();
  const errorMessage = useErrorMessage();
  const request = useRequestResetCode();
  const verify = useVerifyResetCode();
  const reset = useResetPassword();
  const [stage, setStage] = useState<Stage>({ kind: 'send' });
  const [sending, setSending] = useState<OtpChannel | null>(null);
  const shown = displayMobile(mobile, lng);

  const send = (channel: OtpChannel) => {
    if (request.isPending) return;
    setSending(channel);
    verify.reset();
    request.mutate(
      { mobile, country, channel },
      { onSuccess: (otp) => setStage({ kind: 'code', otp, at: Date.now() }), onSettled: () => setSending(null) },
    );
  };

  const form = useForm<z.input<typeof withTotp>>({
    resolver: zodResolver(withTotp),
    defaultValues: { password: '', repeat: '', totp: '' },
    mode: 'all',
  });

  const title = (
    <div>
      <Typography id={titleId} variant="h1" component="h1" gutterBottom>
        {stage.kind === 'new' ? t('forgot.newTitle') : t('forgot.title')}
      </Typography>
      <Typography color="text.secondary">
        {stage.kind === 'send'
          ? t('forgot.mobileSubtitle')
          : stage.kind === 'code'
            ? t('forgot.codeSubtitle', { mobile: shown })
            : t('forgot.newSubtitle')}
      </Typography>
    </div>
  );

  const back = (
    <Button startIcon={<ArrowBack sx={flipInRtl} />} onClick={onBack} color="inherit">
      {t('forgot.backToLogin')}
    </Button>
  );

  if (stage.kind === 'send') {
    return (
      <Stack spacing={2.5} component="section" aria-labelledby={titleId}>
        {title}
        <Typography dir="ltr" sx={{ fontWeight: 700, fontSize: '1.15rem', textAlign: 'center' }}>
          {shown}
        </Typography>
        {request.error ? <FormError message={errorMessage(request.error)} /> : null}
        <Button variant="contained" size="large" fullWidth loading={request.isPending} onClick={() => send('sms')}>
          {t('forgot.sendCode')}
        </Button>
        {back}
      </Stack>
    );
  }

  if (stage.kind === 'code') {
    return (
      <Stack spacing={2.5} component="section" aria-labelledby={titleId}>
        {title}
        <CodeEntry
          id="forgot-code"
          label={t('forgot.codeLabel')}
          submitLabel={t('forgot.next')}
          isPending={verify.isPending}
          error={verify.error ?? request.error}
          onSubmit={(code) =>
            verify.mutate(
              { mobile, country, code },
              {
                onSuccess: (r) =>
                  setStage({ kind: 'new', resetToken: r.resetToken, twoFactorRequired: r.twoFactorRequired }),
              },
            )
          }
          resend={{
            resendInSeconds: stage.otp.resendInSeconds,
            voiceInSeconds: stage.otp.voiceInSeconds,
            onResend: send,
            sending,
            resendLabel: t('changePhone.resend'),
            callLabel: t('changePhone.callMe'),
            sentAt: stage.at,
          }}
        />
        {back}
      </Stack>
    );
  }

  const { resetToken, twoFactorRequired } = stage;
  const onSubmit = form.handleSubmit((v) => {
    if (reset.isPending) return;
    reset.mutate(
      { resetToken, newPassword: v.password, totpCode: twoFactorRequired ? v.totp : undefined },
      { onSuccess: onDone },
    );
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} aria-labelledby={titleId}>
      {title}
      <NewPasswordFields control={form.control} disabled={reset.isPending} autoFocus />
      {twoFactorRequired ? (
        <OtpCodeField
          id="forgot-totp"
          name="totp"
          label={t('totp.label')}
          value={form.watch('totp')}
          onChange={(e) => form.setValue('totp', e.target.value)}
          disabled={reset.isPending}
          helperText={' '}
        />
      ) : null}
      {reset.error ? <FormError message={errorMessage(reset.error)} /> : null}
      <Button type="submit" variant="contained" size="large" fullWidth loading={reset.isPending}>
        {t('forgot.submit')}
      </Button>
      {back}
    </Stack>
  );
}
