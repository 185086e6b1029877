import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import {
  explorerTxUrl,
  type ChainDepositStatus,
  type TetherNetworkKey,
  type TetherWithdrawalStatus,
} from '@portal/contract/tether/chain';
import { useFormat } from '@/hooks/use-format';
import { isApiError } from '@/lib/api-error';
import { useErrorMessage } from '@/lib/error-message';
import { formatDecimal } from '@/lib/format-money';
import { formatRelative } from '../shell/dates';

type ChipColor = 'warning' | 'info' | 'success' | 'error' | 'default';

const WITHDRAWAL_COLOR: Record<TetherWithdrawalStatus, ChipColor> = {
  Pending: 'warning',
  Approved: 'info',
  Sending: 'info',
  Sent: 'info',
  Successful: 'success',
  Rejected: 'error',
  Failed: 'error',
  Canceled: 'default',
};

const DEPOSIT_COLOR: Record<ChainDepositStatus, ChipColor> = {
  Confirming: 'info',
  Credited: 'success',
  Dropped: 'default',
  Ignored: 'warning',
};

/** A tether withdrawal's state as a coloured chip. */
export function ChainWithdrawalStateChip({ state }: { state: TetherWithdrawalStatus }) {
  const { t } = useTranslation('admin');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={WITHDRAWAL_COLOR[state]}
      label={t(`chain.withdrawals.statuses.${state}`)}
      data-testid="chain-withdrawal-state"
    />
  );
}

/** A deposit's status as a coloured chip (an ignored one filled: it needs an operator's eye). */
export function ChainDepositStatusChip({ status }: { status: ChainDepositStatus }) {
  const { t } = useTranslation('admin');
  return (
    <Chip
      size="small"
      variant={status === 'Ignored' ? 'filled' : 'outlined'}
      color={DEPOSIT_COLOR[status]}
      label={t(`chain.deposits.statuses.${status}`)}
    />
  );
}

/** A network's name: `TRC20 (ترون)`. */
export function useNetworkName(): (network: TetherNetworkKey) => string {
  const { t } = useTranslation('admin');
  return (network) => t(`chain.networkNames.${network}`);
}

/** The desk's format helpers: tether with its name, block numbers grouped, `x of y` confirmations. */
export function useChainFormat() {
  const fmt = useFormat();
  const { t } = useTranslation('admin');
  return {
    ...fmt,
    usdt: (amount: string) => fmt.money(amount, 'USDT'),
    block: (block: string) => formatDecimal(block, fmt.lng),
    /** A decimal grouped in the language's digits; anything else as it came (a token's amount the server did not scale). */
    decimal: (value: string) => (/^-?\d+(\.\d+)?$/.test(value) ? formatDecimal(value, fmt.lng) : value),
    confirmations: (have: number | null, need: number) =>
      t('chain.confirmationsOf', { have: fmt.number(have ?? 0), need: fmt.number(need) }),
    relative: (iso: string) => formatRelative(iso, fmt.lng),
  };
}

/** An amount of tether, signed ones kept left of their minus in a right-to-left line. */
export function Usdt({ amount, strong = false, testId }: { amount: string; strong?: boolean; testId?: string }) {
  const cf = useChainFormat();
  return (
    <Box component="bdi" data-testid={testId} sx={{ whiteSpace: 'nowrap', fontWeight: strong ? 700 : undefined }}>
      {cf.usdt(amount)}
    </Box>
  );
}

/** An address, left to right, whole (an operator compares it character by character), wrapping anywhere. */
export function Address({ value }: { value: string }) {
  return (
    <Box
      component="bdi"
      dir="ltr"
      sx={{ fontFamily: 'monospace', fontSize: '0.875rem', overflowWrap: 'anywhere', wordBreak: 'break-all' }}
    >
      {value}
    </Box>
  );
}

/** `0x1234ab…90cdef12`: a hash short enough for a line; the whole one is its title and link. */
export const shortHash = (hash: string) => (hash.length > 20 ? `${hash.slice(0, 10)}…${hash.slice(-8)}` : hash);

/**
 * A transaction's hash, shortened, linked to its network's explorer, except on the sandbox chain (nothing
 * on it is real; no explorer knows it).
 */
export function TxHash({ network, hash, sandbox }: { network: TetherNetworkKey; hash: string; sandbox: boolean }) {
  const { t } = useTranslation('admin');
  const text = (
    <Box component="bdi" dir="ltr" sx={{ fontFamily: 'monospace', fontSize: '0.875rem', whiteSpace: 'nowrap' }}>
      {shortHash(hash)}
    </Box>
  );
  return sandbox ? (
    <Box component="span" title={hash} data-testid="chain-tx-hash">
      {text}
    </Box>
  ) : (
    <Link
      href={explorerTxUrl(network, hash)}
      target="_blank"
      rel="noopener noreferrer"
      title={hash}
      aria-label={t('chain.explorerOf', { hash })}
      data-testid="chain-tx-hash"
    >
      {text}
    </Link>
  );
}

/** The rule of a field of the desk as a sentence: the desk's own (`chain.rules.<rule>`), else the app's. */
export function useChainRuleMessage(): (rule: string | undefined) => string {
  const { t, i18n } = useTranslation('admin');
  return (rule) => {
    if (!rule) return ' ';
    if (i18n.exists(`admin:chain.rules.${rule}`)) return t(`chain.rules.${rule}`);
    if (i18n.exists(`translation:validation.${rule}`)) return t(`translation:validation.${rule}`);
    return t('translation:validation.format');
  };
}

/** An error of the desk: a refused rule in the desk's words, else the app's translation of the code. */
export function useChainErrorMessage(): (error: unknown) => string {
  const { i18n } = useTranslation('admin');
  const generic = useErrorMessage();
  const rule = useChainRuleMessage();
  return (error) => {
    if (isApiError(error) && error.code === 'VALIDATION_FAILED') {
      const issue = error.details?.issues?.[0];
      if (issue && i18n.exists(`admin:chain.rules.${issue.rule}`)) return rule(issue.rule);
    }
    return generic(error);
  };
}

/**
 * Whether the destination was in the user's address book a day before the request (`addressSaved`), saved
 * later than that (a label but not a day old: what a thief who took the account over would do), or not saved.
 */
export function AddressSavedChip({ w }: { w: { addressSaved: boolean; addressLabel: string | null } }) {
  const { t } = useTranslation('admin');
  const key = w.addressSaved ? 'saved' : w.addressLabel ? 'savedRecently' : 'notSaved';
  return (
    <Chip
      size="small"
      variant="outlined"
      color={w.addressSaved ? 'success' : 'warning'}
      label={t(`chain.withdrawal.${key}`)}
      data-testid="chain-withdrawal-saved"
    />
  );
}
