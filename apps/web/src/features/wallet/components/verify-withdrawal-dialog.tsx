import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import type { Withdrawal } from '@portal/contract/wallet/withdrawals';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { WithdrawalCodeStep } from '@/components/otp/withdrawal-code-step';
import { useFormat } from '@/hooks/use-format';
import { isApiError } from '@/lib/api-error';
import { useCreateWithdrawal } from '../api/withdrawals';

/** One withdrawal the user asked for, waiting for its code; `key` is its `Idempotency-Key`. */
export interface WithdrawalAttempt {
  bankAccountId: string;
  /** Whole toman, digits only. */
  amount: string;
  /** How the destination reads («card 603799******1234»). */
  accountText: string;
  key: string;
}

/**
 * The verification modal (SPEC §2 "Withdraw"): a code sent to the phone (resend after a countdown,
 * or a voice call), or the authenticator's code when two-factor is on. The attempt's idempotency key
 * goes with every try of this attempt, so a retry after a lost answer cannot withdraw twice. A refusal
 * for a missing KYC level closes it: the forced-KYC dialog takes over. The step itself is the shared
 * `WithdrawalCodeStep` (the tether withdrawal and the whitelist switch ask for the same code).
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
  const create = useCreateWithdrawal();

  const closeOnKyc = (error: unknown) => {
    if (isApiError(error) && error.code === 'KYC_REQUIRED') onClose();
  };

  const submit = (code: string) =>
    create.mutate(
      { body: { bankAccountId: attempt.bankAccountId, amount: attempt.amount, code }, idempotencyKey: attempt.key },
      { onSuccess: onDone, onError: closeOnKyc },
    );

  return (
    <WithdrawalCodeStep
      id="withdraw"
      twoFactor={twoFactor}
      summary={t('withdraw.verify.summary', { amount: fmt.money(attempt.amount, 'IRT'), account: attempt.accountText })}
      isPending={create.isPending}
      error={create.error}
      onSubmit={submit}
      onRetry={() => create.reset()}
      onRequestError={closeOnKyc}
      onClose={onClose}
    />
  );
}
