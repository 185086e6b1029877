import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TetherWithdrawal } from '@portal/contract/tether/chain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { WithdrawalCodeStep } from '@/components/otp/withdrawal-code-step';
import { useFormat } from '@/hooks/use-format';
import { useCreateTetherWithdrawal } from '../api/withdrawals';
import { refusalPlace } from '../refusals';
import type { WithdrawRequest } from '../withdraw-rules';
import { DetailRows } from './detail-rows';

/** One withdrawal the user asked for, waiting for its code; `key` is its `Idempotency-Key`. */
export type WithdrawAttempt = WithdrawRequest & { key: string };

/**
 * The tether withdrawal's verification (SPEC §2 "Tether withdraw: … same verification"): what goes where,
 * the fee and what arrives, then the shared code step (the phone code with its resend countdown and voice
 * call, or the authenticator's code). Every try of an attempt carries its idempotency key. A refusal about
 * the request itself (the address, the amount, a hold, the KYC level) closes it and goes back to the form
 * (`onRefused`); a wrong code stays here.
 */
export function TetherWithdrawDialog({
  attempt,
  twoFactor,
  onClose,
  onDone,
  onRefused,
}: {
  attempt: WithdrawAttempt | null;
  twoFactor: boolean;
  onClose: () => void;
  onDone: (withdrawal: TetherWithdrawal) => void;
  onRefused: (error: unknown) => void;
}) {
  const { t } = useTranslation('chain');
  const titleId = useId();
  return (
    <Dialog open={attempt !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('withdraw.verify.title')}</DialogTitle>
      {attempt ? (
        <VerifyContent
          key={attempt.key}
          attempt={attempt}
          twoFactor={twoFactor}
          onClose={onClose}
          onDone={onDone}
          onRefused={onRefused}
        />
      ) : null}
    </Dialog>
  );
}

function VerifyContent({
  attempt,
  twoFactor,
  onClose,
  onDone,
  onRefused,
}: {
  attempt: WithdrawAttempt;
  twoFactor: boolean;
  onClose: () => void;
  onDone: (withdrawal: TetherWithdrawal) => void;
  onRefused: (error: unknown) => void;
}) {
  const { t } = useTranslation('chain');
  const fmt = useFormat();
  const create = useCreateTetherWithdrawal();
  const backToForm = (error: unknown) => {
    if (refusalPlace(error) !== 'code') onRefused(error);
  };
  const submit = (code: string) =>
    create.mutate(
      {
        body: { network: attempt.network, address: attempt.address, amount: attempt.amount, code },
        idempotencyKey: attempt.key,
      },
      { onSuccess: onDone, onError: backToForm },
    );
  const codeError = create.error && refusalPlace(create.error) === 'code' ? create.error : null;

  const summary = (
    <Stack spacing={1.5}>
      <Typography sx={{ fontWeight: 600 }}>
        {t('withdraw.verify.summary', {
          amount: fmt.money(attempt.amount, 'USDT'),
          network: t(`networks.${attempt.network}`),
        })}
      </Typography>
      <Box
        dir="ltr"
        sx={{ fontFamily: 'monospace', wordBreak: 'break-all', p: 1, borderRadius: 1, bgcolor: 'action.hover' }}
        aria-label={t('withdraw.verify.address')}
        role="note"
      >
        {attempt.address}
      </Box>
      {attempt.label ? (
        <Typography variant="body2" color="text.secondary">
          {t('withdraw.verify.label', { label: attempt.label })}
        </Typography>
      ) : null}
      <DetailRows
        rows={[
          [t('withdraw.figures.fee'), fmt.money(attempt.fee, 'USDT')],
          [t('withdraw.figures.received'), fmt.money(attempt.amount, 'USDT')],
          [t('withdraw.figures.total'), fmt.money(attempt.total, 'USDT')],
        ]}
      />
    </Stack>
  );

  return (
    <WithdrawalCodeStep
      id="tether-withdraw"
      twoFactor={twoFactor}
      summary={summary}
      isPending={create.isPending}
      error={codeError}
      onSubmit={submit}
      onRetry={() => create.reset()}
      onRequestError={backToForm}
      onClose={onClose}
    />
  );
}
