import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TetherNetworkView, TetherWithdrawal, TetherWithdrawalStatus } from '@portal/contract/tether/chain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CancelDialog } from '@/components/cancel-dialog';
import { shortChainText, TxHash, useConfirmationsText } from '@/components/chain/chain-details';
import { ErrorState } from '@/components/errors/error-state';
import { SectionLoading } from '@/components/layouts/page-shell';
import { LinkPagination } from '@/components/link-pagination';
import { useFormat } from '@/hooks/use-format';
import { pageCountOf } from '@/lib/page-window';
import { invalidateAfter } from '@/lib/queries/invalidate';
import { tetherWithdrawalsQueryOptions } from '@/lib/queries/tether-chain';
import { useCancelTetherWithdrawal } from '../api/withdrawals';
import { ChainItemCard, DetailRows } from './detail-rows';
import { WithdrawalStatusChip } from './status-chips';

/** States the investor waits through: the list is read again while one of them is on screen. */
const MOVING: readonly TetherWithdrawalStatus[] = ['Pending', 'Approved', 'Sending', 'Sent'];
export const WITHDRAWAL_POLL_MS = 15_000;

/** The list's `refetchInterval`: every few seconds while a withdrawal is on its way, else not at all. */
export const withdrawalPollInterval = (data: { items: readonly Pick<TetherWithdrawal, 'state'>[] } | undefined) =>
  data?.items.some((w) => MOVING.includes(w.state)) ? WITHDRAWAL_POLL_MS : false;

/**
 * Marks the wallet stale when the list shows a withdrawal ended (paid, failed, rejected, cancelled) that it had
 * shown on its way: the held amount went out or came back.
 */
function useWalletAfterEnd(items: readonly Pick<TetherWithdrawal, 'id' | 'state'>[] | undefined) {
  const client = useQueryClient();
  const moving = useRef<Set<string>>(new Set());
  useEffect(() => {
    if (!items) return;
    if (items.some((w) => !MOVING.includes(w.state) && moving.current.has(w.id))) {
      void invalidateAfter(client, 'tetherWithdrawal');
    }
    moving.current = new Set(items.filter((w) => MOVING.includes(w.state)).map((w) => w.id));
  }, [items, client]);
}

/**
 * My tether withdrawals, newest first: amount, fee, network, destination, state, the hash linked to the
 * explorer with its confirmations once sent, why it was refused; cancel (after a confirmation) while it
 * waits for review. Read again every few seconds while one is on its way.
 */
export function WithdrawalList({
  page,
  networks,
  hrefOf,
}: {
  page: number;
  networks: readonly TetherNetworkView[] | undefined;
  hrefOf: (page: number) => string;
}) {
  const { t } = useTranslation('chain');
  const [cancelling, setCancelling] = useState<TetherWithdrawal | null>(null);
  const withdrawals = useQuery({
    ...tetherWithdrawalsQueryOptions(page),
    refetchInterval: (query) => withdrawalPollInterval(query.state.data),
  });
  useWalletAfterEnd(withdrawals.data?.items);

  if (withdrawals.isPending) return <SectionLoading />;
  if (withdrawals.isError) {
    return (
      <ErrorState
        error={withdrawals.error}
        onRetry={() => void withdrawals.refetch()}
        isRetrying={withdrawals.isFetching}
      />
    );
  }
  const { items, total, pageSize } = withdrawals.data;
  if (items.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
        {t('withdraw.list.empty')}
      </Typography>
    );
  }
  return (
    <>
      <Box
        component="ul"
        aria-label={t('withdraw.list.title')}
        aria-busy={withdrawals.isPlaceholderData || undefined}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}
      >
        {items.map((w) => (
          <WithdrawalRow
            key={w.id}
            withdrawal={w}
            sandbox={networks?.find((n) => n.network === w.network)?.sandbox}
            onCancel={setCancelling}
          />
        ))}
      </Box>
      <LinkPagination page={page} pageCount={pageCountOf(total, pageSize)} hrefOf={hrefOf} />
      <CancelWithdrawalDialog withdrawal={cancelling} onClose={() => setCancelling(null)} />
    </>
  );
}

function WithdrawalRow({
  withdrawal: w,
  sandbox,
  onCancel,
}: {
  withdrawal: TetherWithdrawal;
  sandbox: boolean | undefined;
  onCancel: (w: TetherWithdrawal) => void;
}) {
  const { t } = useTranslation('chain');
  const fmt = useFormat();
  const confirmationsText = useConfirmationsText();
  const headingId = `withdrawal-${w.id}`;
  const to = w.addressLabel ?? shortChainText(w.address);
  return (
    <ChainItemCard
      headingId={headingId}
      heading={t('withdraw.list.heading', { amount: fmt.money(w.amount, 'USDT'), to })}
      status={<WithdrawalStatusChip state={w.state} />}
    >
      <DetailRows
        rows={[
          [t('details.network'), t(`networks.${w.network}`)],
          [t('withdraw.figures.fee'), fmt.money(w.fee, 'USDT')],
          [t('withdraw.figures.total'), fmt.money(w.total, 'USDT')],
          [
            t('details.address'),
            <bdi key="address" dir="ltr" style={{ fontFamily: 'monospace' }}>
              {w.address}
            </bdi>,
          ],
          [
            t('details.txHash'),
            w.txHash ? (
              <TxHash key="hash" network={w.network} hash={w.txHash} sandbox={sandbox} />
            ) : (
              t('details.txPending')
            ),
          ],
          ...(w.txHash && w.confirmations !== null
            ? ([[t('details.confirmations'), confirmationsText(w.confirmations, w.requiredConfirmations)]] as const)
            : []),
          [t('withdraw.list.createdAt'), fmt.date(w.createdAt, 'dateTime')],
          ...(w.rejectReason ? ([[t('withdraw.list.reason'), t(`rejectReasons.${w.rejectReason}`)]] as const) : []),
        ]}
      />
      {w.canCancel ? (
        <Button
          variant="outlined"
          color="error"
          size="small"
          onClick={() => onCancel(w)}
          aria-label={t('withdraw.list.cancelLabel', { amount: fmt.money(w.amount, 'USDT') })}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('withdraw.list.cancel')}
        </Button>
      ) : null}
    </ChainItemCard>
  );
}

/** Asks before cancelling: amount and fee return to the wallet. */
function CancelWithdrawalDialog({ withdrawal, onClose }: { withdrawal: TetherWithdrawal | null; onClose: () => void }) {
  const { t } = useTranslation('chain');
  const fmt = useFormat();
  const cancel = useCancelTetherWithdrawal();
  return (
    <CancelDialog
      item={withdrawal}
      cancel={cancel}
      variables={(w) => w.id}
      titleId="tether-cancel-title"
      texts={{
        title: t('withdraw.cancel.title'),
        text: (w) =>
          t('withdraw.cancel.text', { amount: fmt.money(w.amount, 'USDT'), total: fmt.money(w.total, 'USDT') }),
        keep: t('withdraw.cancel.keep'),
        confirm: t('withdraw.cancel.confirm'),
      }}
      doneNotice="chain:withdraw.cancel.done"
      onClose={onClose}
    />
  );
}
