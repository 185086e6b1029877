import Chip, { type ChipProps } from '@mui/material/Chip';
import type { ChainDepositStatus, TetherWithdrawalStatus } from '@portal/contract/tether/chain';
import { useTranslation } from 'react-i18next';

const DEPOSIT_COLOR: Record<ChainDepositStatus, ChipProps['color']> = {
  Confirming: 'info',
  Credited: 'success',
  Dropped: 'error',
  Ignored: 'warning',
};

const WITHDRAWAL_COLOR: Record<TetherWithdrawalStatus, ChipProps['color']> = {
  Pending: 'warning',
  Approved: 'info',
  Sending: 'info',
  Sent: 'info',
  Successful: 'success',
  Rejected: 'error',
  Failed: 'error',
  Canceled: 'default',
};

/** A deposit's status as the watcher keeps it (`Confirming`, `Credited`, `Dropped`, `Ignored`). */
export function DepositStatusChip({ status }: { status: ChainDepositStatus }) {
  const { t } = useTranslation('chain');
  return <Chip size="small" color={DEPOSIT_COLOR[status]} label={t(`depositStatus.${status}`)} />;
}

/** A withdrawal's state, in the detail the investor can follow (waiting for review, sending, on chain…). */
export function WithdrawalStatusChip({ state }: { state: TetherWithdrawalStatus }) {
  const { t } = useTranslation('chain');
  return <Chip size="small" color={WITHDRAWAL_COLOR[state]} label={t(`withdrawalStatus.${state}`)} />;
}
