import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OtpChannel } from '@portal/contract/auth/auth';
import { requestWithdrawalCode } from '@portal/contract/wallet/withdrawals';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/form/form-error';
import { useFormat } from '@/hooks/use-format';
import { callApi } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { useErrorMessage } from '@/lib/error-message';
import { displayMobile } from '@/lib/format';
import { invalidateAfter } from '@/lib/queries/invalidate';
import { CodeEntry } from './code-entry';
import { SecondFactorEntry } from './second-factor-entry';

/** Text kept left to right inside right-to-left text (a masked mobile): wrapped in the isolates LRI…PDI. */
const ltr = (text: string) => `\u2066${text}\u2069`;

/**
 * Sends the phone code that confirms a withdrawal (`POST /wallet/withdrawals/code`, purpose `withdrawal`):
 * the toman withdrawal, the tether withdrawal and turning the tether whitelist off all take it. A refusal
 * for a hold (decision 029) reads the account again, for the page's notice.
 */
export function useRequestWithdrawalCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (channel: OtpChannel) => callApi(requestWithdrawalCode, { body: { channel } }),
    onError: (error) => {
      if (isApiError(error) && error.code === 'WITHDRAWAL_HOLD') void invalidateAfter(client, 'withdrawalHold');
    },
  });
}

type Sent = { maskedMobile: string; resendInSeconds: number; voiceInSeconds: number; at: number };

/**
 * The verification step of a withdrawal (SPEC §2 "Withdraw": "verification modal (one-time code to phone or
 * two-factor code, resend countdown, switch to call)"), the body and actions of a dialog whose title the
 * caller gives: the phone code is sent as it opens (resent after a countdown, or by a voice call), or the
 * authenticator's code (or a recovery code) is asked for when two-factor is on. The caller runs the request
 * the code confirms (`onSubmit`) and passes its refusal back as `error`; mount it once per attempt (a `key`).
 * Its texts are the `wallet` namespace's `withdraw.verify.*` (the route loads it).
 */
export function WithdrawalCodeStep({
  id,
  twoFactor,
  summary,
  isPending,
  error,
  onSubmit,
  onRetry,
  onRequestError,
  onClose,
}: {
  /** Prefix of the code fields' ids. */
  id: string;
  twoFactor: boolean;
  /** What the code confirms («Withdraw 120,000 toman to …»). */
  summary: ReactNode;
  isPending: boolean;
  /** The confirming request's refusal (a wrong code…), shown under the code. */
  error: unknown;
  onSubmit: (code: string) => void;
  /** A new code was asked for, or the user switched to a recovery code: clear the last refusal. */
  onRetry: () => void;
  /** Sending the phone code was refused (a missing KYC level closes the caller's dialog). */
  onRequestError?: (error: unknown) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('wallet');
  const fmt = useFormat();
  const errorMessage = useErrorMessage();
  const requestCode = useRequestWithdrawalCode();
  const [sent, setSent] = useState<Sent | null>(null);
  const [sending, setSending] = useState<OtpChannel | null>(null);

  const send = (channel: OtpChannel) => {
    if (requestCode.isPending) return;
    setSending(channel);
    onRetry();
    requestCode.mutate(channel, {
      onSuccess: (r) => setSent({ ...r, at: Date.now() }),
      onError: (e) => onRequestError?.(e),
      onSettled: () => setSending(null),
    });
  };

  // The first code goes out as the step opens (once, even under StrictMode's double effects).
  const asked = useRef(false);
  useEffect(() => {
    if (twoFactor || asked.current) return;
    asked.current = true;
    send('sms');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once when the step opens; `send` is new each render
  }, [twoFactor]);

  return (
    <>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography component="div" sx={{ fontWeight: 600 }}>
          {summary}
        </Typography>
        {twoFactor ? (
          <>
            <Typography color="text.secondary">{t('withdraw.verify.totpText')}</Typography>
            <SecondFactorEntry
              id={`${id}-totp`}
              label={t('withdraw.verify.totpLabel')}
              submitLabel={t('withdraw.verify.submit')}
              isPending={isPending}
              error={error}
              onSwitch={onRetry}
              onSubmit={onSubmit}
            />
          </>
        ) : sent ? (
          <>
            <Typography color="text.secondary">
              {t('withdraw.verify.sentTo', { mobile: ltr(displayMobile(sent.maskedMobile, fmt.lng)) })}
            </Typography>
            <CodeEntry
              id={`${id}-code`}
              label={t('withdraw.verify.codeLabel')}
              submitLabel={t('withdraw.verify.submit')}
              isPending={isPending}
              error={error ?? requestCode.error}
              onSubmit={onSubmit}
              resend={{
                resendInSeconds: sent.resendInSeconds,
                voiceInSeconds: sent.voiceInSeconds,
                onResend: send,
                sending,
                resendLabel: t('withdraw.verify.resend'),
                callLabel: t('withdraw.verify.callMe'),
                sentAt: sent.at,
              }}
            />
          </>
        ) : requestCode.isError ? (
          <>
            <FormError message={errorMessage(requestCode.error)} />
            <Button variant="contained" onClick={() => send('sms')} sx={{ alignSelf: 'flex-start' }}>
              {t('withdraw.verify.retrySend')}
            </Button>
          </>
        ) : (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1 }}>
            <CircularProgress size={20} aria-hidden="true" />
            <Typography>{t('withdraw.verify.sending')}</Typography>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={isPending}>
          {t('translation:common.cancel')}
        </Button>
      </DialogActions>
    </>
  );
}
