import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import SellOutlined from '@mui/icons-material/SellOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { FundDetail } from '@portal/contract/funds/catalogue';
import type { FundHolding } from '@portal/contract/funds/orders';
import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { ErrorState } from '@/components/errors/error-state';
import { PageShell } from '@/components/layouts/page-shell';
import { visuallyHidden } from '@/components/logo';
import { paths } from '@/config/paths';
import { useAfterPaint } from '@/hooks/use-after-paint';
import { useFormat } from '@/hooks/use-format';
import { useLanguage } from '@/hooks/use-language';
import { isApiError } from '@/lib/api-error';
import { formatNumber } from '@/lib/format';
import { pageParam } from '@/lib/page-window';
import { useFund } from '../api/get-fund';
import { useFundHolding } from '../api/get-holdings';
import {
  FUND_TABS,
  PRESET_ACCENT,
  RISK_NAME,
  formatUnitCount,
  useDayFormat,
  useLocalized,
  type FundTab,
} from '../fund-format';
import { FundBadges } from './fund-badges';
import type { MainTabProps } from './main-tab-details';
import { NavChartSection } from './nav-chart';
import { OrderNotice } from './order-notice';
import { YieldFigures } from './yield-figures';

/**
 * What the first paint of a fund's page needs is in this chunk: its head (share value, yields, buy and
 * sell), the tabs and the chart's frame. The rest of the main tab and the other tabs are chunks of their
 * own, fetched once the head is on screen (decision 024), so a phone paints the head sooner and renders
 * the rest in later, shorter tasks.
 */
const MainTabDetails = lazy(() => import('./main-tab-details'));
const AboutTab = lazy(() => import('./about-tab').then((m) => ({ default: m.AboutTab })));
const AnnouncementsTab = lazy(() => import('./announcements-tab').then((m) => ({ default: m.AnnouncementsTab })));
const HistoryTab = lazy(() => import('./history-tab').then((m) => ({ default: m.HistoryTab })));

const sectionSkeleton = <Skeleton variant="rounded" height={320} />;

export const FUND_CONTENTS = ['main', 'about', 'announcements', 'history'] as const;
export type FundContent = (typeof FUND_CONTENTS)[number];

/** The `content` query (SPEC §2): the tab shown, `main` when absent or unknown. */
export function fundContentParam(raw: string | null): FundContent {
  return FUND_CONTENTS.find((c) => c === raw) ?? 'main';
}

/** The `/funds` tab a fund is listed under: where its page's back button goes. */
const TAB_OF_CATEGORY: Record<FundDetail['category'], FundTab> = {
  crypto: FUND_TABS[0],
  gold_silver: FUND_TABS[1],
  fixed_income: FUND_TABS[2],
};

const hasUnits = (units: string | undefined) => units !== undefined && /[1-9]/.test(units);

/** The head of a fund's page: kind and badges, the latest share value, the yields, buy and sell. */
function FundOverview({ fund, holding }: { fund: FundDetail; holding: UseQueryResult<FundHolding | null> }) {
  const { t } = useTranslation('funds');
  const fmt = useFormat();
  const day = useDayFormat();
  const localized = useLocalized();
  const holds = hasUnits(holding.data?.totalUnits);
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="fund-overview-title"
      sx={{
        p: { xs: 2, sm: 3 },
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        borderTop: 4,
        borderTopColor: PRESET_ACCENT[fund.preset],
      }}
    >
      <Typography id="fund-overview-title" component="h2" sx={visuallyHidden}>
        {t('overview.title')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip size="small" label={t(`kind.${fund.kind}`)} />
        <Chip size="small" variant="outlined" label={t(`fundType.${fund.fundType}`)} />
        <Chip size="small" variant="outlined" label={`${t('risk.label')}: ${t(`risk.${RISK_NAME[fund.risk]}`)}`} />
        <FundBadges fund={fund} />
      </Box>
      <Typography color="text.secondary">{localized(fund.summary)}</Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1.4fr)' },
          alignItems: 'end',
        }}
      >
        <Box>
          <Typography variant="caption" color="text.secondary">
            {t('nav.latest')}
          </Typography>
          {fund.latestNav ? (
            <>
              <Typography
                sx={{
                  fontWeight: 700,
                  fontSize: { xs: '1.4rem', sm: '1.6rem' },
                  lineHeight: 1.3,
                  overflowWrap: 'anywhere',
                }}
              >
                {fmt.money(fund.latestNav.nav, fund.currency)}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t('nav.asOf', { date: day(fund.latestNav.navDate) })}
                {fund.navToday ? '' : ` · ${t('nav.notToday')}`}
              </Typography>
            </>
          ) : (
            <Typography color="text.secondary">{t('nav.none')}</Typography>
          )}
        </Box>
        <YieldFigures yields={fund.yields} />
      </Box>
      {holds && holding.data ? (
        <Typography variant="body2">
          {t('overview.youHold', {
            units: formatUnitCount(holding.data.totalUnits, fmt.lng),
            value: holding.data.value === null ? '—' : fmt.money(holding.data.value, holding.data.currency),
          })}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        {fund.buyingPaused ? (
          <Button
            variant="contained"
            size="large"
            disabled
            startIcon={<ShoppingCartOutlined />}
            aria-describedby="fund-paused"
          >
            {t('actions.buy')}
          </Button>
        ) : (
          <Button
            component={RouterLink}
            to={paths.fundPurchase.getHref(fund.id)}
            variant="contained"
            size="large"
            startIcon={<ShoppingCartOutlined />}
          >
            {t('actions.buy')}
          </Button>
        )}
        {holds ? (
          fund.redeemingPaused ? (
            <Button
              variant="outlined"
              size="large"
              disabled
              startIcon={<SellOutlined />}
              aria-describedby="fund-paused"
            >
              {t('actions.redeem')}
            </Button>
          ) : (
            <Button
              component={RouterLink}
              to={paths.fundRedeem.getHref(fund.id)}
              variant="outlined"
              size="large"
              startIcon={<SellOutlined />}
            >
              {t('actions.redeem')}
            </Button>
          )
        ) : null}
      </Box>
      {fund.buyingPaused || (holds && fund.redeemingPaused) ? (
        <Alert id="fund-paused" severity="warning">
          {t('overview.paused')}
        </Alert>
      ) : null}
    </Paper>
  );
}

function FundSkeleton() {
  const { t } = useTranslation();
  return (
    <Box aria-busy="true" aria-label={t('common.loading')} sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
      <Skeleton variant="rounded" height={220} />
      <Skeleton variant="rounded" height={48} />
      <Skeleton variant="rounded" height={320} />
    </Box>
  );
}

/**
 * `/fund/{fundId}` (SPEC §2 "Fund info"): the fund's head (share value, yields, buy and sell) and its
 * tabs, in the address as `content`: main (share value chart, allocation, fees, risk, early exit,
 * income estimate, licences, documents, consultation), about, announcements and reports, and the buy
 * and sell history (both paged by `page`). The purchase and redemption pages come back here with their
 * outcome in the address, shown as a notice.
 */
export default function FundScreen() {
  const { t } = useTranslation('funds');
  const { lng } = useLanguage();
  const localized = useLocalized();
  const { fundId = '' } = useParams();
  const [params] = useSearchParams();
  const content = fundContentParam(params.get('content'));
  const page = pageParam(params.get('page'));
  const fund = useFund(fundId);
  const holding = useFundHolding(fundId);
  // The page is built in a transition once its data is there (decision 024): React renders it in short
  // slices, so a phone stays responsive, and the skeleton stays until it is ready.
  const deferred = useDeferredValue(fund.data);
  const f = deferred?.id === fundId ? deferred : undefined;
  const notFound = fund.isError && isApiError(fund.error) && (fund.error.status === 404 || fund.error.status === 400);

  return (
    <PageShell
      title={f ? localized(f.name) : t('fund.pageTitle')}
      backTo={paths.funds.getHref(f ? TAB_OF_CATEGORY[f.category] : undefined)}
      wide
    >
      <OrderNotice fundId={fundId} />
      {fund.isError && !fund.data ? (
        notFound ? (
          <Paper
            variant="outlined"
            sx={{ p: 3, textAlign: 'center', display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'center' }}
          >
            <Typography role="alert">{t('fund.notFound')}</Typography>
            <Button component={RouterLink} to={paths.funds.getHref()} variant="outlined">
              {t('fund.backToList')}
            </Button>
          </Paper>
        ) : (
          <Paper variant="outlined">
            <ErrorState error={fund.error} onRetry={() => void fund.refetch()} isRetrying={fund.isFetching} />
          </Paper>
        )
      ) : !f ? (
        <FundSkeleton />
      ) : (
        <>
          <FundOverview fund={f} holding={holding} />
          <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
            {/* Four tabs share the width (labels wrap on a phone), so none hides behind a scroll. */}
            <Tabs value={content} variant="fullWidth" aria-label={t('fund.tabsLabel')}>
              {FUND_CONTENTS.map((c) => (
                <Tab
                  key={c}
                  value={c}
                  id={`fund-tab-${c}`}
                  aria-controls="fund-tabpanel"
                  component={RouterLink}
                  to={paths.fund.getHref(fundId, { content: c === 'main' ? undefined : c })}
                  replace
                  wrapped
                  sx={{ minWidth: 0, px: { xs: 0.75, sm: 2 }, fontSize: { xs: '0.8rem', sm: '0.875rem' } }}
                  label={
                    c === 'announcements' && f.unreadAnnouncements > 0 ? (
                      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
                        {t(`fund.tabs.${c}`)}
                        <Box
                          component="span"
                          aria-hidden="true"
                          sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'primary.main', flexShrink: 0 }}
                        />
                      </Box>
                    ) : (
                      t(`fund.tabs.${c}`)
                    )
                  }
                  aria-label={
                    c === 'announcements' && f.unreadAnnouncements > 0
                      ? t('fund.tabs.announcementsUnread', { n: formatNumber(f.unreadAnnouncements, lng) })
                      : undefined
                  }
                />
              ))}
            </Tabs>
          </Box>
          <Box
            id="fund-tabpanel"
            role="tabpanel"
            aria-labelledby={`fund-tab-${content}`}
            sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}
          >
            {content === 'main' ? (
              <MainTab fund={f} holding={holding} investingAmount={params.get('investingAmount')} />
            ) : (
              <Suspense fallback={sectionSkeleton}>
                {content === 'about' ? (
                  <AboutTab fund={f} />
                ) : content === 'announcements' ? (
                  <AnnouncementsTab fund={f} page={page} />
                ) : (
                  <HistoryTab fund={f} page={page} />
                )}
              </Suspense>
            )}
          </Box>
        </>
      )}
    </PageShell>
  );
}

/**
 * The main tab under the fund's head: the share value chart (its words at once, its drawing a chunk of
 * its own), then the rest, a chunk that is asked for once the head and the chart's words have been
 * painted (`useAfterPaint`), so its code does not delay them.
 */
function MainTab({ fund, holding, investingAmount }: MainTabProps) {
  const painted = useAfterPaint();
  return (
    <>
      <NavChartSection fund={fund} />
      {painted ? (
        // Below the first screen: the browser lays out and paints each section when it is scrolled near,
        // not with the first frame (`content-visibility`; its height guessed until then).
        <Box
          sx={{
            display: 'flex',
            flexDirection: 'column',
            gap: 2.5,
            '& section': { contentVisibility: 'auto', containIntrinsicSize: 'auto 360px' },
          }}
        >
          <Suspense fallback={sectionSkeleton}>
            <MainTabDetails fund={fund} holding={holding} investingAmount={investingAmount} />
          </Suspense>
        </Box>
      ) : (
        sectionSkeleton
      )}
    </>
  );
}
