import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { PORTFOLIO_KINDS } from '@portal/contract/account/portfolio';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/errors/error-state';
import { useFormat } from '@/hooks/use-format';
import { displayMobile } from '@/lib/format';
import { Suspense } from 'react';
import { lazyNearViewport } from '@/lib/lazy-near-viewport';
import { usePortfolioState } from '@/lib/queries/portfolio';
import { useAccount } from '@/lib/session';
import { useValuationCurrency } from '../portfolio-format';
import { MyAssetsCard } from './my-assets-card';

/**
 * What is under the first screen on a phone (decision 043): chunks of their own. On a page the server
 * rendered, each is fetched when its markup comes near the viewport and React leaves that markup as it is
 * until then, so taking the first screen over is not held by them; built in the browser, they load at
 * once, each behind a placeholder of its size.
 */
const PnlHistoryCard = lazyNearViewport('pnl-title', () =>
  import('./pnl-history-card').then((m) => ({ default: m.PnlHistoryCard })),
);
const HoldingsList = lazyNearViewport('holdings-title', () =>
  import('./holdings-list').then((m) => ({ default: m.HoldingsList })),
);
const InvestmentKinds = lazyNearViewport('dashboard-start-title', () =>
  import('./investment-kinds').then((m) => ({ default: m.InvestmentKinds })),
);
const QuickLinks = lazyNearViewport('quick-links-title', () =>
  import('./quick-links').then((m) => ({ default: m.QuickLinks })),
);
const ReferralCard = lazyNearViewport('referral-title', () =>
  import('./referral-card').then((m) => ({ default: m.ReferralCard })),
);

function PartSkeleton({ height }: { height: number }) {
  return <Skeleton variant="rounded" height={height} />;
}

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
        {portfolio.isError ? null : (
          <Suspense fallback={<PartSkeleton height={360} />}>
            <PnlHistoryCard state={state} stale={stale} />
          </Suspense>
        )}
      </Box>

      {/* Under the first screen on a phone: laid out and painted when scrolled near, not with the first frame
          (`content-visibility`, its height guessed until then), as the fund page's sections. */}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          minWidth: 0,
          '& section': { contentVisibility: 'auto', containIntrinsicSize: 'auto 320px' },
        }}
      >
        {state ? (
          <Suspense fallback={<PartSkeleton height={240} />}>
            <HoldingsList state={state} stale={stale} />
          </Suspense>
        ) : null}

        {state ? (
          <Suspense fallback={<PartSkeleton height={220} />}>
            <InvestmentKinds kinds={missing} empty={state.isEmptyState} />
          </Suspense>
        ) : null}

        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 7fr) minmax(0, 5fr)' },
          }}
        >
          <Suspense fallback={<PartSkeleton height={260} />}>
            <QuickLinks />
          </Suspense>
          <Suspense fallback={<PartSkeleton height={240} />}>
            <ReferralCard referralCode={user.referralCode} />
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
}
