import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { toMinor } from '@portal/contract/core/money';
import type { FundDetail } from '@portal/contract/funds/catalogue';
import { NAV_RANGES, type NavRange } from '@portal/contract/funds/funds';
import { yieldPercent } from '@portal/contract/funds/pricing';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/errors/error-state';
import { Section } from '@/components/layouts/page-shell';
import { useAfterPaint } from '@/hooks/use-after-paint';
import { useFormat } from '@/hooks/use-format';
import { useLanguage } from '@/hooks/use-language';
import { formatNumber, intlLocale } from '@/lib/format';
import { DEFAULT_NAV_RANGE, useFundNavHistory } from '../api/get-fund-nav-history';
import { PRESET_ACCENT, formatYield, signColor, useDayFormat } from '../fund-format';

/** The chart's own chunk (uPlot), fetched when the first points are there to draw. */
const NavLineChart = lazy(() => import('./nav-line-chart'));

const CHART_HEIGHT = 240;
const chartSkeleton = <Skeleton variant="rectangular" height={CHART_HEIGHT} sx={{ borderRadius: 1 }} />;
const DAY_S = 86_400;

const unixOf = (navDate: string) => Date.parse(`${navDate}T00:00:00Z`) / 1000;

/**
 * The share value chart of a fund's page (SPEC §2: 1 day, 1 week, 1 month, 1 year, all): the range
 * buttons, the change over the range in words (the chart's text alternative), and the line itself.
 */
export function NavChartSection({ fund }: { fund: FundDetail }) {
  const { t } = useTranslation('funds');
  const fmt = useFormat();
  const { lng, dir } = useLanguage();
  const day = useDayFormat();
  const [range, setRange] = useState<NavRange>(DEFAULT_NAV_RANGE);
  // The drawing's code (uPlot) is asked for once the words above it are on screen.
  const painted = useAfterPaint();
  const navs = useFundNavHistory(fund.id, range);
  const points = navs.data?.points;

  const series = useMemo(
    () => ({ times: (points ?? []).map((p) => unixOf(p.navDate)), values: (points ?? []).map((p) => Number(p.nav)) }),
    [points],
  );
  const span = series.times.length > 1 ? series.times[series.times.length - 1]! - series.times[0]! : 0;
  const formatAxisTime = useCallback(
    (s: number) =>
      new Intl.DateTimeFormat(intlLocale(lng), {
        calendar: fmt.calendar,
        timeZone: 'UTC',
        ...(span > 400 * DAY_S ? { month: 'short', year: '2-digit' } : { month: 'short', day: 'numeric' }),
      }).format(new Date(s * 1000)),
    [lng, fmt.calendar, span],
  );
  const formatAxisValue = useCallback(
    (v: number) =>
      Math.abs(v) >= 1_000_000
        ? formatNumber(v, lng, { notation: 'compact', maximumFractionDigits: 1 })
        : formatNumber(v, lng, { maximumFractionDigits: Math.abs(v) < 10 ? 4 : Math.abs(v) < 1000 ? 2 : 0 }),
    [lng],
  );

  const first = points?.[0];
  const last = points?.[points.length - 1];
  const change =
    first && last && points && points.length > 1
      ? yieldPercent(toMinor(first.nav, fund.currency, 'down') || 1n, toMinor(last.nav, fund.currency, 'down'))
      : null;

  return (
    <Section id="fund-nav" title={t('chart.title')}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={range}
        onChange={(_e, next: NavRange | null) => {
          if (next) setRange(next);
        }}
        aria-label={t('chart.rangeLabel')}
        sx={{ alignSelf: 'flex-start', flexWrap: 'wrap' }}
      >
        {NAV_RANGES.map((r) => (
          <ToggleButton key={r} value={r} sx={{ px: 1.5 }}>
            {t(`chart.ranges.${r}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>

      {navs.isPending ? (
        <Skeleton
          variant="rectangular"
          height={CHART_HEIGHT + 28}
          sx={{ borderRadius: 1 }}
          aria-label={t('chart.loading')}
        />
      ) : navs.isError ? (
        <ErrorState error={navs.error} onRetry={() => void navs.refetch()} isRetrying={navs.isFetching} />
      ) : !points || points.length === 0 || !first || !last ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {t('chart.empty')}
        </Typography>
      ) : (
        <>
          <Typography variant="body2" aria-live="polite" sx={{ opacity: navs.isPlaceholderData ? 0.6 : 1 }}>
            {points.length === 1
              ? t('chart.single', { date: day(last.navDate), value: fmt.money(last.nav, fund.currency) })
              : t('chart.summary', {
                  from: day(first.navDate),
                  to: day(last.navDate),
                  start: fmt.money(first.nav, fund.currency),
                  end: fmt.money(last.nav, fund.currency),
                })}{' '}
            {change !== null ? (
              <Box component="span" sx={{ fontWeight: 700, color: signColor(change), whiteSpace: 'nowrap' }}>
                {formatYield(change, lng)}
              </Box>
            ) : null}
          </Typography>
          <Box sx={{ opacity: navs.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
            <Suspense fallback={chartSkeleton}>
              {painted ? (
                <NavLineChart
                  times={series.times}
                  values={series.values}
                  color={PRESET_ACCENT[fund.preset]}
                  rtl={dir === 'rtl'}
                  height={CHART_HEIGHT}
                  formatAxisTime={formatAxisTime}
                  formatAxisValue={formatAxisValue}
                  tooltipOf={(i) => ({
                    date: points[i] ? day(points[i].navDate) : '',
                    value: points[i] ? fmt.money(points[i].nav, fund.currency) : '',
                  })}
                />
              ) : (
                chartSkeleton
              )}
            </Suspense>
          </Box>
        </>
      )}
    </Section>
  );
}
