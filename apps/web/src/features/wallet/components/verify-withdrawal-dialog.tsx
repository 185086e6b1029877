import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { OtpChannel } from '@portal/contract/auth/auth';
import type { Withdrawal } from '@portal/contract/wallet/withdrawals';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/form/form-error';
import { CodeEntry } from '@/components/otp/code-entry';
import { SecondFactorEntry } from '@/components/otp/second-factor-entry';
import { useFormat } from '@/hooks/use-format';
import { isApiError } from '@/lib/api-error';
import { useErrorMessage } from '@/lib/error-message';
import { displayMobile } from '@/lib/format';
import { useCreateWithdrawal, useRequestWithdrawalCode } from '../api/withdrawals';
import { ltr } from './bank-account-label';

/** One withdrawal the user asked for, waiting for its code; `key` is its `Idempotency-Key`. */
export interface WithdrawalAttempt {
  bankAccountId: string;
  /** Whole toman, digits only. */
  amount: string;
  /** How the destination reads («card 603799******1234»). */
  accountText: string;
  key: string;
}

type Sent = { maskedMobile: string; resendInSeconds: number; voiceInSeconds: number; at: number };

/**
 * The verification modal (SPEC §2 "Withdraw"): a code sent to the phone (resend after a countdown,
 * or a voice call), or the authenticator's code when two-factor is on. The attempt's idempotency key
 * goes with every try of this attempt, so a retry after a lost answer cannot withdraw twice. A refusal
 * for a missing KYC level closes it: the forced-KYC dialog takes over.
 */
export function VerifyWithdrawalDialog({
  attempt,
  twoFactor,
  onClose,
  onDone,
}: {
  attempt: WithdrawalAttempt | null;
  twoFactor: boolean;
  onClose: () => void;
  onDone: (withdrawal: Withdrawal) => void;
}) {
  const { t } = useTranslation('wallet');
  const titleId = useId();
  return (
    <Dialog open={attempt !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('withdraw.verify.title')}</DialogTitle>
      {attempt ? (
        <VerifyContent key={attempt.key} attempt={attempt} twoFactor={twoFactor} onClose={onClose} onDone={onDone} />
      ) : null}
    </Dialog>
  );
}

function VerifyContent({
  attempt,
  twoFactor,
  onClose,
  onDone,
}: {
  attempt: WithdrawalAttempt;
  twoFactor: boolean;
  onClose: () => void;
  onDone: (withdrawal: Withdrawal) => void;
}) {
  const { t } = useTranslation('wallet');
  const fmt = useFormat();
  const errorMessage = useErrorMessage();
  const requestCode = useRequestWithdrawalCode();
  const create = useCreateWithdrawal();
  const [sent, setSent] = useState<Sent | null>(null);
  const [sending, setSending] = useState<OtpChannel | null>(null);

  const closeOnKyc = (error: unknown) => {
    if (isApiError(error) && error.code === 'KYC_REQUIRED') onClose();
  };

  const send = (channel: OtpChannel) => {
    if (requestCode.isPending) return;
    setSending(channel);
    create.reset();
    requestCode.mutate(channel, {
      onSuccess: (r) => setSent({ ...r, at: Date.now() }),
      onError: closeOnKyc,
      onSettled: () => setSending(null),
    });
  };

  // The first code goes out as the modal opens (once, even under StrictMode's double effects).
  const asked = useRef(false);
  useEffect(() => {
    if (twoFactor || asked.current) return;
    asked.current = true;
    send('sms');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once when the dialog opens; `send` is new each render
  }, [twoFactor]);

  const submit = (code: string) =>
    create.mutate(
      { body: { bankAccountId: attempt.bankAccountId, amount: attempt.amount, code }, idempotencyKey: attempt.key },
      { onSuccess: onDone, onError: closeOnKyc },
    );

  const summary = t('withdraw.verify.summary', {
    amount: fmt.money(attempt.amount, 'IRT'),
    account: attempt.accountText,
  });

  return (
    <>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography sx={{ fontWeight: 600 }}>{summary}</Typography>
        {twoFactor ? (
          <>
            <Typography color="text.secondary">{t('withdraw.verify.totpText')}</Typography>
            <SecondFactorEntry
              id="withdraw-totp"
              label={t('withdraw.verify.totpLabel')}
              submitLabel={t('withdraw.verify.submit')}
              isPending={create.isPending}
              error={create.error}
              onSwitch={() => create.reset()}
              onSubmit={submit}
            />
          </>
        ) : sent ? (
          <>
            <Typography color="text.secondary">
              {t('withdraw.verify.sentTo', { mobile: ltr(displayMobile(sent.maskedMobile, fmt.lng)) })}
            </Typography>
            <CodeEntry
              id="withdraw-code"
              label={t('withdraw.verify.codeLabel')}
              submitLabel={t('withdraw.verify.submit')}
              isPending={create.isPending}
              error={create.error ?? requestCode.error}
              onSubmit={submit}
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
        <Button onClick={onClose} disabled={create.isPending}>
          {t('translation:common.cancel')}
        </Button>
      </DialogActions>
    </>
  );
}
