import EditOutlined from '@mui/icons-material/EditOutlined';
import PhoneInTalkOutlined from '@mui/icons-material/PhoneInTalkOutlined';
import SmsOutlined from '@mui/icons-material/SmsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { LoginResult, OtpChannel, RequestOtpResponse } from '@portal/contract/auth/auth';
import { otpCodeSchema } from '@portal/contract/core/validation';
import { FormError } from '@/components/form/form-error';
import { useNotify } from '@/components/notices/notices';
import { CountdownButton } from '@/components/otp/countdown-button';
import { OtpCodeField } from '@/components/otp/otp-code-field';
import { useCountdown } from '@/hooks/use-countdown';
import { useLanguage } from '@/hooks/use-language';
import { isApiError } from '@/lib/api-error';
import { useErrorMessage } from '@/lib/error-message';
import { displayMobile } from '@/lib/format';
import { useRequestOtp } from '../api/request-otp';
import { useVerifyOtp } from '../api/verify-otp';

const codeFormSchema = z.object({
  code: z.string().min(1, { message: 'required' }).pipe(otpCodeSchema),
  rememberMe: z.boolean(),
});
type CodeFormInput = z.input<typeof codeFormSchema>;
type CodeFormOutput = z.output<typeof codeFormSchema>;

/**
 * Step 2 of the auth page: the 6-digit code (SPEC §2, §4). Resend after a countdown, a voice
 * call after another, "edit number" back to step 1, remember-me. The same step for a new number and a
 * known one: the server does not say which before the code is checked (decision 013).
 */
export default function CodeStep({
  otp: firstOtp,
  country,
  referralCode,
  onEditNumber,
  onVerified,
  titleId,
}: {
  otp: RequestOtpResponse;
  country: string;
  referralCode?: string;
  onEditNumber: () => void;
  onVerified: (result: LoginResult) => void;
  titleId: string;
}) {
  const { t } = useTranslation();
  const { lng } = useLanguage();
  const errorMessage = useErrorMessage();
  const notices = useNotify();
  const [otp, setOtp] = useState(firstOtp);
  const resend = useCountdown(firstOtp.resendInSeconds);
  const voice = useCountdown(firstOtp.voiceInSeconds);
  const verify = useVerifyOtp();
  const request = useRequestOtp();
  const [sending, setSending] = useState<OtpChannel | null>(null);
  const [requestError, setRequestError] = useState<unknown>(null);

  const { control, handleSubmit, setFocus } = useForm<CodeFormInput, unknown, CodeFormOutput>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { code: '', rememberMe: false },
    mode: 'all',
  });

  const mobile = displayMobile(otp.mobile, lng);

  const onSubmit = handleSubmit((values) => {
    if (verify.isPending) return;
    setRequestError(null);
    verify.mutate(
      { mobile: otp.mobile, country, code: values.code, rememberMe: values.rememberMe, referralCode },
      {
        onSuccess: onVerified,
        onError: () => setFocus('code', { shouldSelect: true }),
      },
    );
  });

  const sendAgain = (channel: OtpChannel) => {
    if (request.isPending) return;
    setSending(channel);
    setRequestError(null);
    verify.reset();
    request.mutate(
      { mobile: otp.mobile, country, channel },
      {
        onSuccess: (next) => {
          setOtp(next);
          resend.start(next.resendInSeconds);
          voice.start(next.voiceInSeconds);
          notices.success(channel === 'voice' ? 'auth.code.voiceCalling' : 'auth.code.resent');
          setFocus('code');
        },
        onError: (e) => {
          setRequestError(e);
          const wait = isApiError(e) ? e.details?.retryAfterSeconds : undefined;
          if (wait && wait > 0) (channel === 'voice' ? voice : resend).start(wait);
        },
        onSettled: () => setSending(null),
      },
    );
  };

  const shownError = verify.isError ? verify.error : requestError;

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} aria-labelledby={titleId}>
      <div>
        <Typography id={titleId} variant="h1" component="h1" gutterBottom>
          {t('auth.code.title')}
        </Typography>
        <Typography color="text.secondary">
          {otp.channel === 'voice' ? t('auth.code.sentByVoice', { mobile }) : t('auth.code.sentBySms', { mobile })}
        </Typography>
        <Button
          size="small"
          onClick={onEditNumber}
          startIcon={<EditOutlined />}
          disabled={verify.isPending}
          sx={{ mt: 0.5, mx: -1 }}
        >
          {t('auth.code.editNumber')}
        </Button>
      </div>

      <Controller
        name="code"
        control={control}
        render={({ field, fieldState, formState }) => {
          const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
          return (
            <OtpCodeField
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              id="auth-code"
              label={t('auth.code.label')}
              autoFocus
              disabled={verify.isPending}
              error={show || (verify.isError && isApiError(verify.error) && verify.error.code.startsWith('OTP_'))}
              helperText={show && fieldState.error?.message ? t(`validation.${fieldState.error.message}`) : ' '}
            />
          );
        }}
      />

      <Controller
        name="rememberMe"
        control={control}
        render={({ field }) => (
          <FormControlLabel
            control={
              <Checkbox
                checked={field.value}
                onChange={(e) => field.onChange(e.target.checked)}
                onBlur={field.onBlur}
                inputRef={field.ref}
                disabled={verify.isPending}
              />
            }
            label={t('auth.code.rememberMe')}
          />
        )}
      />

      {shownError ? <FormError message={errorMessage(shownError)} /> : null}

      <Button type="submit" variant="contained" size="large" fullWidth loading={verify.isPending}>
        {t('auth.code.submit')}
      </Button>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between', alignItems: 'center' }}>
        <CountdownButton
          countdown={resend}
          label={t('auth.code.resend')}
          startIcon={<SmsOutlined />}
          loading={sending === 'sms'}
          disabled={sending !== null && sending !== 'sms'}
          onClick={() => sendAgain('sms')}
        />
        {voice.isRunning ? null : (
          <Button
            startIcon={<PhoneInTalkOutlined />}
            loading={sending === 'voice'}
            disabled={sending !== null && sending !== 'voice'}
            onClick={() => sendAgain('voice')}
          >
            {t('auth.code.callMe')}
          </Button>
        )}
      </Box>
    </Stack>
  );
}
