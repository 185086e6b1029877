import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TetherDeposit, TetherNetworkView } from '@portal/contract/tether/chain';
import { useTranslation } from 'react-i18next';
import { TxHash, useConfirmationsText } from '@/components/chain/chain-details';
import { ErrorState } from '@/components/errors/error-state';
import { SectionLoading } from '@/components/layouts/page-shell';
import { LinkPagination } from '@/components/link-pagination';
import { useFormat } from '@/hooks/use-format';
import { formatDigits } from '@/lib/format';
import { pageCountOf } from '@/lib/page-window';
import { invalidateAfter } from '@/lib/queries/invalidate';
import { tetherDepositsQueryOptions } from '@/lib/queries/tether-chain';
import { ChainItemCard, DetailRows } from './detail-rows';
import { DepositStatusChip } from './status-chips';

/** How often the list is read again while a deposit waits for its confirmations. */
export const DEPOSIT_POLL_MS = 5_000;
/**
 * How often it is read otherwise: the page is open because its reader is sending tether and waits to see it
 * arrive (TanStack Query stops reading while the tab is in the background).
 */
export const DEPOSIT_WAIT_POLL_MS = 15_000;

/** The list's `refetchInterval`: every few seconds while a deposit is confirming, else every quarter minute. */
export const depositPollInterval = (data: { items: readonly Pick<TetherDeposit, 'status'>[] } | undefined) =>
  data?.items.some((d) => d.status === 'Confirming') ? DEPOSIT_POLL_MS : DEPOSIT_WAIT_POLL_MS;

/** Marks the wallet stale when the list shows a deposit credited that it had not shown credited before. */
function useWalletAfterCredit(items: readonly Pick<TetherDeposit, 'id' | 'status'>[] | undefined) {
  const client = useQueryClient();
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!items) return;
    const credited = items.filter((d) => d.status === 'Credited').map((d) => d.id);
    if (seen.current && credited.some((id) => !seen.current!.has(id))) void invalidateAfter(client, 'tetherDeposit');
    seen.current = new Set([...(seen.current ?? []), ...credited]);
  }, [items, client]);
}

/**
 * My deposits (transfers the watcher saw to my addresses), newest first: network, amount, confirmations
 * «x of y», status, the hash linked to the explorer (or marked sandbox). Read again every few seconds while
 * one is still confirming.
 */
export function DepositList({
  page,
  networks,
  hrefOf,
}: {
  page: number;
  networks: readonly TetherNetworkView[] | undefined;
  hrefOf: (page: number) => string;
}) {
  const { t } = useTranslation('chain');
  const deposits = useQuery({
    ...tetherDepositsQueryOptions(page),
    refetchInterval: (query) => depositPollInterval(query.state.data),
  });
  useWalletAfterCredit(deposits.data?.items);

  if (deposits.isPending) return <SectionLoading />;
  if (deposits.isError) {
    return (
      <ErrorState error={deposits.error} onRetry={() => void deposits.refetch()} isRetrying={deposits.isFetching} />
    );
  }
  const { items, total, pageSize } = deposits.data;
  if (items.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
        {t('deposit.list.empty')}
      </Typography>
    );
  }
  const confirming = items.some((d) => d.status === 'Confirming');
  return (
    <>
      {confirming ? (
        <Typography variant="body2" color="text.secondary">
          {t('deposit.list.polling')}
        </Typography>
      ) : null}
      <Box
        component="ul"
        aria-label={t('deposit.list.title')}
        aria-busy={deposits.isPlaceholderData || undefined}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}
      >
        {items.map((d) => (
          <DepositRow key={d.id} deposit={d} sandbox={networks?.find((n) => n.network === d.network)?.sandbox} />
        ))}
      </Box>
      <LinkPagination page={page} pageCount={pageCountOf(total, pageSize)} hrefOf={hrefOf} />
    </>
  );
}

function DepositRow({ deposit: d, sandbox }: { deposit: TetherDeposit; sandbox: boolean | undefined }) {
  const { t } = useTranslation('chain');
  const fmt = useFormat();
  const confirmationsText = useConfirmationsText();
  const headingId = `deposit-${d.id}`;
  const amount = d.otherToken
    ? t('deposit.list.otherTokenAmount', { amount: formatDigits(d.amount, fmt.lng) })
    : fmt.money(d.amount, 'USDT');
  return (
    <ChainItemCard
      headingId={headingId}
      heading={
        <>
          <bdi>{amount}</bdi> – {t(`networks.${d.network}`)}
        </>
      }
      status={<DepositStatusChip status={d.status} />}
    >
      <DetailRows
        rows={[
          // An ignored or dropped transfer is not counted toward a credit: its confirmations say nothing.
          ...(d.status === 'Confirming' || d.status === 'Credited'
            ? ([[t('details.confirmations'), confirmationsText(d.confirmations, d.requiredConfirmations)]] as const)
            : []),
          [t('details.txHash'), <TxHash key="hash" network={d.network} hash={d.txHash} sandbox={sandbox} />],
          [t('deposit.list.seenAt'), fmt.date(d.createdAt, 'dateTime')],
          ...(d.creditedAt ? ([[t('deposit.list.creditedAt'), fmt.date(d.creditedAt, 'dateTime')]] as const) : []),
          ...(d.ignoreReason ? ([[t('deposit.list.reason'), t(`ignoreReasons.${d.ignoreReason}`)]] as const) : []),
          ...(d.status === 'Dropped' ? ([[t('deposit.list.reason'), t('deposit.list.dropped')]] as const) : []),
        ]}
      />
    </ChainItemCard>
  );
}
