import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/errors/error-state';
import { useFormat } from '@/hooks/use-format';
import { displayMobile } from '@/lib/format';
import { useAccount } from '@/lib/session';
import { InvestmentKinds } from './investment-kinds';
import { MyAssetsCard } from './my-assets-card';
import { PnlHistoryCard } from './pnl-history-card';
import { QuickLinks } from './quick-links';
import { ReferralCard } from './referral-card';

function DashboardSkeleton() {
  const { t } = useTranslation();
  return (
    <Box aria-busy="true" aria-label={t('common.loading')} sx={{ display: 'grid', gap: 2 }}>
      <Skeleton variant="text" width="40%" height={48} />
      <Skeleton variant="rounded" height={180} />
      <Skeleton variant="rounded" height={220} />
    </Box>
  );
}

/** The dashboard (SPEC §2): the landing page after login. */
export function DashboardScreen() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const account = useAccount();

  if (account.isPending) return <DashboardSkeleton />;
  if (account.isError || !account.data) {
    return <ErrorState error={account.error} onRetry={() => void account.refetch()} isRetrying={account.isFetching} />;
  }

  const { user, isEmptyState } = account.data;
  const name = user.firstName?.trim() || displayMobile(user.mobile, fmt.lng);

  return (
    <Box sx={{ display: 'grid', gap: 3, maxWidth: 1280, mx: 'auto' }}>
      <title>{`${t('dashboard.title')} | ${t('app.name')}`}</title>
      <Box component="header">
        <Typography variant="h1" sx={{ fontSize: { xs: '1.35rem', sm: '1.75rem' } }}>
          {t('dashboard.greeting', { name })}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {t('dashboard.today', { date: fmt.date(new Date(), 'long') })}
        </Typography>
      </Box>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '7fr 5fr' } }}>
        <MyAssetsCard />
        <PnlHistoryCard />
      </Box>

      {isEmptyState ? <InvestmentKinds /> : null}

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '7fr 5fr' } }}>
        <QuickLinks />
        <ReferralCard referralCode={user.referralCode} />
      </Box>
    </Box>
  );
}
