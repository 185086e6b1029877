import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { PORTFOLIO_KINDS } from '@portal/contract/account/portfolio';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/errors/error-state';
import { useFormat } from '@/hooks/use-format';
import { displayMobile } from '@/lib/format';
import { usePortfolioState } from '@/lib/queries/portfolio';
import { useAccount } from '@/lib/session';
import { useValuationCurrency } from '../portfolio-format';
import { HoldingsList } from './holdings-list';
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

/**
 * The dashboard (SPEC §2): the landing page after login, fed by the portfolio (issue 19,
 * `GET /account/portfolio/state` in the active currency): my assets and the profit and loss history side
 * by side, my holdings, the investment kinds not held yet, quick links and the referral card.
 */
export function DashboardScreen() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const account = useAccount();
  const [currency, setCurrency] = useValuationCurrency();
  const portfolio = usePortfolioState(currency);

  if (account.isPending) return <DashboardSkeleton />;
  if (account.isError || !account.data) {
    return <ErrorState error={account.error} onRetry={() => void account.refetch()} isRetrying={account.isFetching} />;
  }

  const { user } = account.data;
  const name = user.firstName?.trim() || displayMobile(user.mobile, fmt.lng);
  const state = portfolio.data;
  // Another currency's figures stay on screen, dimmed, while the asked ones load.
  const stale = portfolio.isPlaceholderData;
  const missing = state ? PORTFOLIO_KINDS.filter((k) => !state.heldKinds.includes(k)) : [];

  return (
    <Box sx={{ display: 'grid', gap: 3, maxWidth: 1280, mx: 'auto', minWidth: 0 }}>
      <title>{`${t('dashboard.title')} | ${t('app.name')}`}</title>
      <Box component="header">
        <Typography variant="h1" sx={{ fontSize: { xs: '1.35rem', sm: '1.75rem' } }}>
          {t('dashboard.greeting', { name })}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {t('dashboard.today', { date: fmt.date(new Date(), 'long') })}
        </Typography>
      </Box>

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            md: portfolio.isError ? 'minmax(0, 1fr)' : 'minmax(0, 7fr) minmax(0, 5fr)',
          },
        }}
      >
        <MyAssetsCard
          currency={currency}
          onCurrency={setCurrency}
          state={state}
          stale={stale}
          error={portfolio.isError ? portfolio.error : undefined}
          onRetry={() => void portfolio.refetch()}
          isRetrying={portfolio.isFetching}
        />
        {portfolio.isError ? null : <PnlHistoryCard state={state} stale={stale} />}
      </Box>

      {state ? <HoldingsList state={state} stale={stale} /> : null}

      {state ? <InvestmentKinds kinds={missing} empty={state.isEmptyState} /> : null}

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 7fr) minmax(0, 5fr)' },
        }}
      >
        <QuickLinks />
        <ReferralCard referralCode={user.referralCode} />
      </Box>
    </Box>
  );
}
