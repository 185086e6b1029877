import NorthEast from '@mui/icons-material/NorthEast';
import SouthWest from '@mui/icons-material/SouthWest';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import type { MouseEvent } from 'react';
import Typography from '@mui/material/Typography';
import type { Transaction } from '@portal/contract/wallet/wallets';
import { useTranslation } from 'react-i18next';
import { ChainRefDetails } from '@/components/chain/chain-details';
import { useFormat } from '@/hooks/use-format';

/** What a movement was for, as its row and its details name it. */
export function useTransactionTitle() {
  const { t } = useTranslation('wallet');
  // A withdrawal's money coming back (cancelled or rejected) is not a withdrawal to the reader.
  return (item: Pick<Transaction, 'type' | 'refType'>) =>
    (item.refType === 'Withdrawal' || item.refType === 'TetherWithdrawal') && item.type === 'Deposit'
      ? t('list.withdrawalReturned')
      : t(`refTypes.${item.refType}`);
}

/**
 * Wallet movements, newest first: what each was for (`UserTransactionRefType`), money in or out
 * (`UserTransactionType`), when, the amount with its sign and the balance after it; a tether movement on
 * chain also its network, transaction hash, confirmations and status (issue 18). With `onOpen`, each row
 * opens its details: its title is the button (for the keyboard and screen readers), a click anywhere on
 * the row does the same (except on a link of its own, the explorer's).
 */
export function TransactionList({
  items,
  label,
  onOpen,
}: {
  items: readonly Transaction[];
  label: string;
  onOpen?: (item: Transaction) => void;
}) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {items.map((item) => (
        <TransactionRow key={item.id} item={item} onOpen={onOpen} />
      ))}
    </Box>
  );
}

function TransactionRow({ item, onOpen }: { item: Transaction; onOpen?: (item: Transaction) => void }) {
  const { t } = useTranslation('wallet');
  const fmt = useFormat();
  const titleOf = useTransactionTitle();
  const isIn = item.type === 'Deposit';
  const Icon = isIn ? SouthWest : NorthEast;
  const onRowClick = onOpen
    ? (e: MouseEvent<HTMLElement>) => {
        if (!(e.target as HTMLElement).closest('a, button')) onOpen(item);
      }
    : undefined;
  return (
    <Box
      component="li"
      onClick={onRowClick}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
        ...(onOpen
          ? { cursor: 'pointer', mx: -1, px: 1, borderRadius: 1, '&:hover': { bgcolor: 'action.hover' } }
          : {}),
      }}
    >
      <Box
        aria-hidden="true"
        sx={{
          width: 36,
          height: 36,
          flexShrink: 0,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          color: isIn ? 'success.main' : 'error.main',
        }}
      >
        <Icon fontSize="small" />
      </Box>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>
          {onOpen ? (
            <ButtonBase
              onClick={() => onOpen(item)}
              aria-haspopup="dialog"
              sx={{ font: 'inherit', textAlign: 'start', borderRadius: 0.5, '&:focus-visible': { outline: 2 } }}
            >
              {titleOf(item)}
            </ButtonBase>
          ) : (
            titleOf(item)
          )}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t(`types.${item.type}`)} – {fmt.date(item.createdAt, 'dateTime')}
        </Typography>
        {item.chain ? <ChainRefDetails chain={item.chain} /> : null}
      </Box>
      <Box sx={{ textAlign: 'end', flexShrink: 0 }}>
        <Typography sx={{ fontWeight: 700, color: isIn ? 'success.main' : 'error.main' }}>
          <bdi>
            {isIn ? '+' : '−'}
            {fmt.money(item.amount, item.currency)}
          </bdi>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('list.balanceAfter', { amount: fmt.money(item.balanceAfter, item.currency) })}
        </Typography>
      </Box>
    </Box>
  );
}
