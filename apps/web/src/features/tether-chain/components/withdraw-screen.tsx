import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { KYC_REQUIREMENT } from '@portal/contract/kyc/kyc';
import type { TetherWithdrawal } from '@portal/contract/tether/chain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { shortChainText } from '@/components/chain/chain-details';
import { ErrorState } from '@/components/errors/error-state';
import { PageShell, Section, SectionLoading } from '@/components/layouts/page-shell';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { useWithdrawalHold } from '@/hooks/use-withdrawal-hold';
import { pageParam } from '@/lib/page-window';
import { addressBookQueryOptions, useTetherNetworks } from '@/lib/queries/tether-chain';
import { useWallets } from '@/lib/queries/wallets';
import { useAccount } from '@/lib/session';
import { AddressBookPanel } from './address-book';
import { DetailRows } from './detail-rows';
import { KycGate } from './kyc-gate';
import { WithdrawalStatusChip } from './status-chips';
import { SandboxNotice } from './sandbox-notice';
import { TetherWithdrawForm } from './withdraw-form';
import { WithdrawalList } from './withdrawal-list';

/**
 * `/wallet/withdraw/usdt?page=` (SPEC §2 "Tether withdraw"; issue 18): the tether balance and today's
 * allowance, the withdrawal form (network, destination, amount, fee and what arrives, then the verification
 * the toman withdrawal asks for), the success note with the withdrawal's state, the address book with the
 * whitelist switch, and my tether withdrawals (cancel while waiting for review). Below KYC level two the page
 * explains and links to verification instead; during a withdrawal hold, until when.
 */
export default function TetherWithdrawScreen() {
  const { t } = useTranslation('chain');
  const fmt = useFormat();
  const [params] = useSearchParams();
  const page = pageParam(params.get('page'));
  const account = useAccount();
  const user = account.data?.user;
  const heldUntil = useWithdrawalHold(user?.withdrawalsHeldUntil, account.refetch);
  const allowed = user !== undefined && user.kycLevel >= KYC_REQUIREMENT.withdraw;
  const wallets = useWallets();
  const networks = useTetherNetworks();
  const book = useQuery({ ...addressBookQueryOptions(), enabled: allowed });
  const [done, setDone] = useState<TetherWithdrawal | null>(null);
  const usdt = wallets.data?.items.find((w) => w.currency === 'USDT');
  const allowance = networks.data?.allowance ?? null;

  return (
    <PageShell title={t('withdraw.pageTitle')} backTo={paths.wallet.getHref()}>
      <SandboxNotice networks={networks.data?.items} />
      <Section id="tether-withdraw-balance" title={t('withdraw.balance.title')}>
        {wallets.isPending ? (
          <SectionLoading />
        ) : wallets.isError || !usdt ? (
          <ErrorState error={wallets.error} onRetry={() => void wallets.refetch()} isRetrying={wallets.isFetching} />
        ) : (
          <DetailRows
            rows={[
              [t('withdraw.balance.available'), fmt.money(usdt.available, 'USDT')],
              [t('withdraw.balance.held'), fmt.money(usdt.held, 'USDT')],
              ...(allowance
                ? ([
                    [t('withdraw.balance.dailyLimit'), fmt.money(allowance.dailyLimit, 'USDT')],
                    [t('withdraw.balance.remainingToday'), fmt.money(allowance.remainingToday, 'USDT')],
                  ] as const)
                : []),
            ]}
          />
        )}
      </Section>

      {done ? <WithdrawDone withdrawal={done} onClose={() => setDone(null)} /> : null}

      <Section id="tether-withdraw-form" title={t('withdraw.form.title')}>
        {!user ? (
          <SectionLoading />
        ) : !allowed ? (
          <KycGate action="withdraw" level={KYC_REQUIREMENT.withdraw} />
        ) : heldUntil ? (
          <Alert severity="warning" role="status">
            <AlertTitle>{t('withdraw.hold.title')}</AlertTitle>
            {t('withdraw.hold.text', { until: fmt.date(heldUntil, 'dateTime') })}
          </Alert>
        ) : networks.isPending || wallets.isPending || book.isPending ? (
          <SectionLoading />
        ) : networks.isError ? (
          <ErrorState error={networks.error} onRetry={() => void networks.refetch()} isRetrying={networks.isFetching} />
        ) : book.isError ? (
          <ErrorState error={book.error} onRetry={() => void book.refetch()} isRetrying={book.isFetching} />
        ) : !networks.data.items.some((n) => n.withdrawalEnabled) ? (
          <Alert severity="warning" role="status">
            {t('withdraw.form.allClosed')}
          </Alert>
        ) : usdt ? (
          <TetherWithdrawForm
            networks={networks.data.items}
            available={usdt.available}
            remainingToday={allowance?.remainingToday ?? null}
            book={book.data}
            twoFactor={user.twoFactorEnabled}
            onDone={setDone}
          />
        ) : null}
      </Section>

      {allowed ? (
        <Section id="tether-address-book" title={t('addressBook.title')}>
          {book.isPending ? (
            <SectionLoading />
          ) : book.isError ? (
            <ErrorState error={book.error} onRetry={() => void book.refetch()} isRetrying={book.isFetching} />
          ) : (
            <AddressBookPanel book={book.data} twoFactor={user?.twoFactorEnabled ?? false} />
          )}
        </Section>
      ) : null}

      {allowed ? (
        <Section id="tether-withdrawals" title={t('withdraw.list.title')}>
          <WithdrawalList
            page={page}
            networks={networks.data?.items}
            hrefOf={(n) => paths.walletWithdrawUsdt.getHref({ page: n })}
          />
        </Section>
      ) : null}
    </PageShell>
  );
}

/** The withdrawal just asked for: what goes where, and its state (waiting for review, or on its way). */
function WithdrawDone({ withdrawal: w, onClose }: { withdrawal: TetherWithdrawal; onClose: () => void }) {
  const { t } = useTranslation('chain');
  const fmt = useFormat();
  return (
    <Alert severity="success" onClose={onClose} role="status">
      <AlertTitle>{t('withdraw.success.title')}</AlertTitle>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography variant="body2">
          {t('withdraw.success.text', {
            amount: fmt.money(w.amount, 'USDT'),
            to: w.addressLabel ?? shortChainText(w.address),
            network: t(`networks.${w.network}`),
            total: fmt.money(w.total, 'USDT'),
          })}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2">{t('withdraw.success.state')}</Typography>
          <WithdrawalStatusChip state={w.state} />
        </Box>
        <Typography variant="body2">
          {t(w.state === 'Pending' ? 'withdraw.success.pending' : 'withdraw.success.approved')}
        </Typography>
      </Box>
    </Alert>
  );
}
