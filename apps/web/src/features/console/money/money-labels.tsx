import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { bankOfSheba, type BankKey } from '@portal/contract/bank/bank-accounts';
import type { WithdrawalStatus } from '@portal/contract/wallet/withdrawals';
import { useFormat } from '@/hooks/use-format';
import { formatDigits } from '@/lib/format';
import type { OfflineDepositState } from './api';

type ChipColor = 'warning' | 'info' | 'success' | 'error' | 'default';

const WITHDRAWAL_COLOR: Record<WithdrawalStatus, ChipColor> = {
  Pending: 'warning',
  Approved: 'info',
  Successful: 'success',
  Rejected: 'error',
  Canceled: 'default',
};
const DEPOSIT_COLOR: Record<OfflineDepositState, ChipColor> = {
  Pending: 'warning',
  Successful: 'success',
  Failed: 'error',
  Canceled: 'default',
};

/** A withdrawal's server status as a coloured chip. */
export function WithdrawalStateChip({ state }: { state: WithdrawalStatus }) {
  const { t } = useTranslation('admin');
  return (
    <Chip size="small" variant="outlined" color={WITHDRAWAL_COLOR[state]} label={t(`withdrawals.statuses.${state}`)} />
  );
}

/** An offline deposit's server status as a coloured chip. */
export function OfflineDepositStateChip({ state }: { state: OfflineDepositState }) {
  const { t } = useTranslation('admin');
  return (
    <Chip size="small" variant="outlined" color={DEPOSIT_COLOR[state]} label={t(`offlineDeposits.statuses.${state}`)} />
  );
}

/** A toman amount, grouped, in the language's digits, with the currency's name. */
export function Toman({ amount, strong = false }: { amount: string; strong?: boolean }) {
  const fmt = useFormat();
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap', fontWeight: strong ? 700 : undefined }}>
      {fmt.money(amount, 'IRT')}
    </Box>
  );
}

/** `603799******1234` → `6037 99** **** 1234`: a card's mask grouped like the card. */
const groupByFour = (s: string) => s.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * A card mask (grouped in fours) or a sheba mask (`IR8201…1357`, as the investor's pages show it), left
 * to right, in the language's digits. The console shows an operator the whole sheba: `ShebaNumber` of the shell.
 */
export function MaskedNumber({ value }: { value: string }) {
  const { lng } = useFormat();
  return (
    <Box component="bdi" dir="ltr" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {formatDigits(value.startsWith('IR') ? value : groupByFour(value), lng)}
    </Box>
  );
}

/** A bank's name (the `bank` texts), or nothing for a code the contract does not know. */
export function useBankName(): (bank: BankKey | null) => string | null {
  const { t } = useTranslation('bank');
  return (bank) => (bank ? t(`banks.${bank}`) : null);
}

/** The bank of a sheba, named. */
export function useShebaBank(): (sheba: string) => string | null {
  const bankName = useBankName();
  return (sheba) => bankName(bankOfSheba(sheba));
}
