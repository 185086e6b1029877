import PhoneInTalkOutlined from '@mui/icons-material/PhoneInTalkOutlined';
import SmsOutlined from '@mui/icons-material/SmsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { otpCodeSchema } from '@portal/contract/core/validation';
import { useCountdown } from '@/hooks/use-countdown';
import { useErrorMessage } from '@/lib/error-message';
import { FormError } from '../form/form-error';
import { CountdownButton } from './countdown-button';
import { OtpCodeField } from './otp-code-field';
import { useFieldForm } from '../form/use-field-form';

export interface CodeResend {
  /** Seconds until "send again" (from the server's answer). */
  resendInSeconds: number;
  /** Seconds until "call me" is offered; omit to offer no voice call. */
  voiceInSeconds?: number;
  onResend: (channel: 'sms' | 'voice') => void;
  /** The channel whose request is running. */
  sending?: 'sms' | 'voice' | null;
  resendLabel: string;
  callLabel?: string;
  /** Bumped by the caller when a new code was sent: the countdowns start again. */
  sentAt?: number;
}

/**
 * A 6-digit code form: the field (Persian digits accepted), submit, the server's error, and
 * optionally "send again" after a countdown and "call me" (SPEC §4). The code is checked for its
 * shape by the contract's `otpCodeSchema` (react-hook-form, `useFieldForm`); the server checks the rest.
 */
export function CodeEntry({
  id,
  label,
  submitLabel,
  onSubmit,
  isPending,
  error,
  resend,
  autoFocus = true,
  danger = false,
  children,
}: {
  id: string;
  label: string;
  submitLabel: string;
  onSubmit: (code: string) => void;
  isPending: boolean;
  error?: unknown;
  resend?: CodeResend;
  autoFocus?: boolean;
  /** The submit undoes a protection (turning two-factor off): shown in the error colour, not the primary one. */
  danger?: boolean;
  /** Extra fields between the code and the submit button (remember-me…). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const {
    form: { reset, setFocus },
    submit,
    rule,
    input,
  } = useFieldForm(otpCodeSchema, { onSubmit, isPending, error });
  const resendCountdown = useCountdown(resend?.resendInSeconds ?? 0);
  const voiceCountdown = useCountdown(resend?.voiceInSeconds ?? 0);

  const sentAt = resend?.sentAt;
  const { start: startResend } = resendCountdown;
  const { start: startVoice } = voiceCountdown;
  const resendIn = resend?.resendInSeconds;
  const voiceIn = resend?.voiceInSeconds;
  useEffect(() => {
    if (sentAt === undefined) return;
    startResend(resendIn);
    startVoice(voiceIn);
    reset();
    setFocus('value');
  }, [sentAt, resendIn, voiceIn, startResend, startVoice, reset, setFocus]);

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={submit}
    >
      <OtpCodeField
        id={id}
        name="code"
        label={label}
        {...input}
        autoFocus={autoFocus}
        disabled={isPending}
        error={Boolean(rule) || Boolean(error)}
        helperText={rule ? t(`validation.${rule}`) : ' '}
      />
      {children}
      {error ? <FormError message={errorMessage(error)} /> : null}
      <Button
        type="submit"
        variant="contained"
        color={danger ? 'error' : 'primary'}
        size="large"
        fullWidth
        loading={isPending}
      >
        {submitLabel}
      </Button>
      {resend ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between', alignItems: 'center' }}>
          <CountdownButton
            countdown={resendCountdown}
            label={resend.resendLabel}
            startIcon={<SmsOutlined />}
            loading={resend.sending === 'sms'}
            disabled={Boolean(resend.sending) && resend.sending !== 'sms'}
            onClick={() => resend.onResend('sms')}
          />
          {resend.callLabel && resend.voiceInSeconds !== undefined && !voiceCountdown.isRunning ? (
            <Button
              startIcon={<PhoneInTalkOutlined />}
              loading={resend.sending === 'voice'}
              disabled={Boolean(resend.sending) && resend.sending !== 'voice'}
              onClick={() => resend.onResend('voice')}
            >
              {resend.callLabel}
            </Button>
          ) : null}
        </Box>
      ) : null}
    </Stack>
  );
}
