import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { LIMITS } from '@portal/contract/core/constants';
import type { Withdrawal } from '@portal/contract/wallet/withdrawals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '@/components/errors/error-state';
import { PageShell, Section, SectionLoading } from '@/components/layouts/page-shell';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { useWithdrawalHold } from '@/hooks/use-withdrawal-hold';
import { useAccount } from '@/lib/session';
import { useBankAccounts } from '@/lib/queries/bank-accounts';
import { useWallets } from '@/lib/queries/wallets';
import { PendingWithdrawals } from './pending-withdrawals';
import { WithdrawForm } from './withdraw-form';

/** Withdrawals are held after a sensitive change (decision 029): until when, before the form is filled. */
function WithdrawalHold({ until }: { until: string }) {
  const { t } = useTranslation('wallet');
  const fmt = useFormat();
  return (
    <Alert severity="warning" role="status">
      <AlertTitle>{t('withdraw.hold.title')}</AlertTitle>
      {t('withdraw.hold.text', { until: fmt.date(until, 'dateTime') })} {t('withdraw.hold.after')}
    </Alert>
  );
}

/**
 * `/wallet/withdraw` (SPEC §2 "Withdraw", toman): the toman balance (available and held), the
 * withdrawal form with its verification modal, the success note, and the pending requests with a
 * cancel button. Needs KYC level two: the server's `KYC_REQUIRED` opens the forced-KYC dialog. While
 * withdrawals are held after a sensitive change, the form gives way to until when.
 */
export default function WithdrawScreen() {
  const { t } = useTranslation('wallet');
  const fmt = useFormat();
  const accountQuery = useAccount();
  const user = accountQuery.data?.user;
  const heldUntil = useWithdrawalHold(user?.withdrawalsHeldUntil, accountQuery.refetch);
  const wallets = useWallets();
  const accounts = useBankAccounts();
  const [done, setDone] = useState<Withdrawal | null>(null);
  const irt = wallets.data?.items.find((w) => w.currency === 'IRT');

  return (
    <PageShell title={t('withdraw.pageTitle')} backTo={paths.wallet.getHref()}>
      <Section id="withdraw-balance" title={t('withdraw.balance.title')}>
        {wallets.isPending ? (
          <SectionLoading />
        ) : wallets.isError || !irt ? (
          <ErrorState error={wallets.error} onRetry={() => void wallets.refetch()} isRetrying={wallets.isFetching} />
        ) : (
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2 }}>
            {(['available', 'held'] as const).map((k) => (
              <Box key={k}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {t(`withdraw.balance.${k}`)}
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontWeight: 700, fontSize: '1.1rem' }}>
                  {fmt.money(irt[k], 'IRT')}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </Section>

      {done ? (
        <Alert severity="success" onClose={() => setDone(null)}>
          <AlertTitle>{t('withdraw.success.title')}</AlertTitle>
          {t('withdraw.success.text', {
            amount: fmt.money(done.amount, done.currency),
            hours: fmt.number(LIMITS.reviewHours),
          })}
        </Alert>
      ) : null}

      <Section id="withdraw-form" title={t('withdraw.form.title')}>
        {heldUntil ? (
          <WithdrawalHold until={heldUntil} />
        ) : accounts.isPending || wallets.isPending ? (
          <SectionLoading />
        ) : accounts.isError ? (
          <ErrorState error={accounts.error} onRetry={() => void accounts.refetch()} isRetrying={accounts.isFetching} />
        ) : accounts.data.items.length === 0 ? (
          <>
            <Typography>{t('withdraw.form.noAccounts')}</Typography>
            <Button
              component={RouterLink}
              to={paths.addBankAccount.getHref()}
              variant="contained"
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('withdraw.form.addAccount')}
            </Button>
          </>
        ) : irt ? (
          <WithdrawForm
            accounts={accounts.data.items}
            available={irt.available}
            twoFactor={user?.twoFactorEnabled ?? false}
            onDone={setDone}
          />
        ) : null}
      </Section>

      <PendingWithdrawals />
    </PageShell>
  );
}
