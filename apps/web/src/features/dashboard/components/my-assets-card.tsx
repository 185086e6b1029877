import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { PortfolioKind, PortfolioState, ValuationCurrency } from '@portal/contract/account/portfolio';
import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/errors/error-state';
import { useAfterPaint } from '@/hooks/use-after-paint';
import { useFormat } from '@/hooks/use-format';
import { useLanguage } from '@/hooks/use-language';
import { formatDate, formatNumber, intlLocale } from '@/lib/format';
import { usePortfolioHistory } from '@/lib/queries/portfolio';
import { signColor, signOf, TEHRAN, TOGGLE_CURRENCIES, useSignedFormat } from '../portfolio-format';

/** The 7-day chart's own chunk (uPlot), fetched only when the tab is opened. */
const PortfolioChart = lazy(() => import('./portfolio-chart'));

type AssetsTab = 'total' | 'pnl7d';
const CHART_HEIGHT = 200;

/** Each kind's colour on the breakdown's bar (with its name and figures beside it, never alone). */
export const KIND_COLOR: Record<PortfolioKind, string> = {
  funds: 'primary.main',
  metals: 'secondary.main',
  baskets: 'info.main',
  wallet: 'success.main',
};

/** The card's frame: title and the currency toggle, shown in every state. */
function Frame({
  currency,
  onCurrency,
  children,
}: {
  currency: ValuationCurrency;
  onCurrency: (c: ValuationCurrency) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card component="section" aria-labelledby="my-assets-title" sx={{ height: '100%' }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Typography id="my-assets-title" variant="h2">
            {t('dashboard.assets.title')}
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={currency}
            onChange={(_e, value: ValuationCurrency | null) => {
              if (value) onCurrency(value);
            }}
            aria-label={t('dashboard.assets.currency')}
          >
            {TOGGLE_CURRENCIES.map((c) => (
              <ToggleButton key={c} value={c} sx={{ px: 1.5 }}>
                {t(`currency.${c}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

export function MyAssetsSkeleton() {
  return (
    <Box sx={{ pt: 2 }}>
      <Skeleton variant="rounded" height={40} />
      <Skeleton variant="text" width="45%" height={56} sx={{ mt: 1.5 }} />
      <Skeleton variant="rounded" height={96} sx={{ mt: 1 }} />
    </Box>
  );
}

/**
 * My assets (SPEC §2 Dashboard): the portfolio's total in the active currency (toggle toman or tether,
 * localStorage `activeCurrency`), with the tabs «total balance value» (the value by kind) and «7-day profit
 * and loss» (the value and the profit of each day, drawn and listed). `state` is undefined while loading;
 * `error` replaces the figures with the reason and a retry.
 */
export function MyAssetsCard({
  currency,
  onCurrency,
  state,
  stale = false,
  error,
  onRetry,
  isRetrying = false,
}: {
  currency: ValuationCurrency;
  onCurrency: (c: ValuationCurrency) => void;
  state: PortfolioState | undefined;
  /** The figures on screen are another currency's, the asked ones are loading. */
  stale?: boolean;
  error?: unknown;
  onRetry?: () => void;
  isRetrying?: boolean;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<AssetsTab>('total');

  if (error) {
    return (
      <Frame currency={currency} onCurrency={onCurrency}>
        <ErrorState error={error} onRetry={onRetry} isRetrying={isRetrying} />
      </Frame>
    );
  }
  if (!state) {
    return (
      <Frame currency={currency} onCurrency={onCurrency}>
        <Box aria-busy="true" aria-label={t('common.loading')}>
          <MyAssetsSkeleton />
        </Box>
      </Frame>
    );
  }

  return (
    <Frame currency={currency} onCurrency={onCurrency}>
      <Tabs
        value={tab}
        onChange={(_e, v: AssetsTab) => setTab(v)}
        aria-label={t('dashboard.assets.title')}
        variant="fullWidth"
        sx={{ mt: 1.5, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab
          value="total"
          id="assets-tab-total"
          aria-controls="assets-panel-total"
          label={t('dashboard.assets.totalTab')}
        />
        <Tab
          value="pnl7d"
          id="assets-tab-pnl7d"
          aria-controls="assets-panel-pnl7d"
          label={t('dashboard.assets.pnlTab')}
        />
      </Tabs>
      <Box
        role="tabpanel"
        id={`assets-panel-${tab}`}
        aria-labelledby={`assets-tab-${tab}`}
        aria-busy={stale || undefined}
        sx={{ pt: 2.5, opacity: stale ? 0.6 : 1, transition: 'opacity 120ms' }}
      >
        {tab === 'total' ? <TotalPanel state={state} /> : <PnlPanel currency={currency} />}
      </Box>
    </Frame>
  );
}

/** «Total balance value»: the total and the value of each kind held, with the price it was valued at. */
function TotalPanel({ state }: { state: PortfolioState }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const signed = useSignedFormat();
  const { currency } = state;
  const kinds = state.heldKinds;
  const total = state.total;
  const totalNumber = total === null ? 0 : Number(total);
  return (
    <>
      <Typography variant="body2" color="text.secondary" id="assets-total-label">
        {t('dashboard.assets.totalLabel')}
      </Typography>
      <Typography
        aria-describedby="assets-total-label"
        data-testid="assets-total"
        sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, fontWeight: 700, lineHeight: 1.4, overflowWrap: 'anywhere' }}
      >
        {total === null ? '—' : signed.value(total, currency)}
      </Typography>
      {total === null ? (
        <Typography variant="body2" color="text.secondary">
          {t('dashboard.assets.totalUnknown')}
        </Typography>
      ) : state.isEmptyState ? (
        <Typography variant="body2" color="text.secondary">
          {t('dashboard.assets.emptyHint')}
        </Typography>
      ) : null}

      {kinds.length > 0 ? (
        <Box
          component="ul"
          aria-label={t('dashboard.assets.byKind')}
          sx={{ listStyle: 'none', p: 0, m: 0, mt: 2, display: 'grid', gap: 1 }}
        >
          {kinds.map((kind) => {
            const value = state.byKind[kind];
            const share = total !== null && totalNumber > 0 ? Number(value) / totalNumber : null;
            return (
              <Box
                component="li"
                key={kind}
                sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr auto', alignItems: 'center', columnGap: 1 }}
              >
                <Box
                  aria-hidden="true"
                  sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: KIND_COLOR[kind] }}
                />
                <Typography variant="body2">
                  {t(`dashboard.kinds.${kind}.title`)}
                  {share !== null ? (
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                      {` · ${fmt.percent(share)}`}
                    </Box>
                  ) : null}
                </Typography>
                <Typography variant="body2" sx={{ fontWeight: 600, textAlign: 'end' }}>
                  {signed.value(value, currency)}
                </Typography>
              </Box>
            );
          })}
        </Box>
      ) : null}

      {state.tetherPrice ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
          {t('dashboard.assets.tetherPrice', {
            price: fmt.money(state.tetherPrice.mid, 'IRT'),
            time: formatDate(state.tetherPrice.at, fmt.lng, fmt.calendar, 'dateTime', TEHRAN),
          })}
        </Typography>
      ) : currency === 'USDT' || state.holdings.some((h) => h.currency !== currency) ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
          {t('dashboard.assets.noTetherPrice')}
        </Typography>
      ) : null}
    </>
  );
}

const unixOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

/** «7-day profit and loss»: the week's profit, the chart of value and profit per day, and the days listed. */
function PnlPanel({ currency }: { currency: ValuationCurrency }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const signed = useSignedFormat();
  const { lng, dir } = useLanguage();
  const painted = useAfterPaint();
  const history = usePortfolioHistory(currency, 7);
  const days = history.data?.days;

  const series = useMemo(
    () => ({
      times: (days ?? []).map((d) => unixOf(d.date)),
      values: (days ?? []).map((d) => Number(d.value)),
      profits: (days ?? []).map((d) => Number(d.profit)),
    }),
    [days],
  );
  const dayLabel = useCallback(
    (date: string) =>
      new Intl.DateTimeFormat(intlLocale(lng), {
        calendar: fmt.calendar,
        timeZone: 'UTC',
        weekday: 'short',
        month: 'short',
        day: 'numeric',
      }).format(new Date(`${date}T00:00:00Z`)),
    [lng, fmt.calendar],
  );
  const formatAxisTime = useCallback(
    (s: number) =>
      new Intl.DateTimeFormat(intlLocale(lng), { calendar: fmt.calendar, timeZone: 'UTC', day: 'numeric' }).format(
        new Date(s * 1000),
      ),
    [lng, fmt.calendar],
  );
  const formatAxisValue = useCallback(
    (v: number) =>
      Math.abs(v) >= 1000
        ? formatNumber(v, lng, { notation: 'compact', maximumFractionDigits: 1 })
        : formatNumber(v, lng, { maximumFractionDigits: 2 }),
    [lng],
  );

  if (history.isPending) {
    return <Skeleton variant="rounded" height={CHART_HEIGHT + 80} aria-label={t('common.loading')} />;
  }
  if (history.isError) {
    return <ErrorState error={history.error} onRetry={() => void history.refetch()} isRetrying={history.isFetching} />;
  }
  const data = history.data;
  const sign = signOf(data.profit);
  const chartSkeleton = <Skeleton variant="rectangular" height={CHART_HEIGHT} sx={{ borderRadius: 1 }} />;
  return (
    <Box sx={{ opacity: history.isPlaceholderData ? 0.6 : 1 }}>
      <Typography variant="body2" color="text.secondary" id="assets-pnl-label">
        {t('dashboard.assets.pnlLabel')}
      </Typography>
      <Typography
        aria-describedby="assets-pnl-label"
        data-testid="assets-pnl"
        sx={{
          fontSize: { xs: '1.6rem', sm: '2rem' },
          fontWeight: 700,
          lineHeight: 1.4,
          color: signColor(sign),
          overflowWrap: 'anywhere',
        }}
      >
        {signed.money(data.profit, currency)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('dashboard.assets.pnlChange', { percent: signed.ratio(data.profitRatio) })}
      </Typography>

      {days && days.length > 1 ? (
        <Box sx={{ mt: 2 }}>
          <Suspense fallback={chartSkeleton}>
            {painted ? (
              <PortfolioChart
                times={series.times}
                values={series.values}
                profits={series.profits}
                rtl={dir === 'rtl'}
                height={CHART_HEIGHT}
                formatAxisTime={formatAxisTime}
                formatAxisValue={formatAxisValue}
                profitLabel={t('dashboard.assets.dayProfit')}
                tooltipOf={(i) => ({
                  date: days[i] ? dayLabel(days[i].date) : '',
                  value: days[i] ? signed.value(days[i].value, currency) : '',
                  profit: days[i] ? signed.money(days[i].profit, currency) : '',
                })}
              />
            ) : (
              chartSkeleton
            )}
          </Suspense>
        </Box>
      ) : null}

      {days && days.length > 0 ? (
        <Box
          component="table"
          aria-label={t('dashboard.assets.daysTable')}
          sx={{
            width: '100%',
            mt: 2,
            borderCollapse: 'collapse',
            fontSize: '0.8125rem',
            '& th, & td': { py: 0.5, px: 0.5, textAlign: 'start', borderBottom: 1, borderColor: 'divider' },
            '& th': { color: 'text.secondary', fontWeight: 500 },
            '& td:not(:first-of-type), & th:not(:first-of-type)': { textAlign: 'end' },
          }}
        >
          <thead>
            <tr>
              <th scope="col">{t('dashboard.assets.day')}</th>
              <th scope="col">{t('dashboard.assets.dayValue')}</th>
              <th scope="col">{t('dashboard.assets.dayProfit')}</th>
            </tr>
          </thead>
          <tbody>
            {[...days].reverse().map((d) => (
              <tr key={d.date}>
                <td>{dayLabel(d.date)}</td>
                <td>{signed.value(d.value, currency)}</td>
                <Box component="td" sx={{ color: signColor(signOf(d.profit)), whiteSpace: 'nowrap' }}>
                  {signed.money(d.profit, currency)}
                </Box>
              </tr>
            ))}
          </tbody>
        </Box>
      ) : null}
      {days && days.length > 1 && series.times.length > 0 ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {t('dashboard.assets.pnlNote')}
        </Typography>
      ) : null}
    </Box>
  );
}
