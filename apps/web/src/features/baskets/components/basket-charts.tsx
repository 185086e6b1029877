import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { lazy, Suspense, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BasketConstruction } from '@portal/contract/baskets/orders';
import { useLanguage } from '@/hooks/use-language';
import { formatDecimal } from '@/lib/format-money';
import { useBasketFormat } from '../use-basket-format';
import type { ChartLine } from './basket-chart';

const BasketChart = lazy(() => import('./basket-chart'));

const CHART_HEIGHT = 220;
const toSeconds = (day: string) => Date.parse(`${day}T00:00:00.000Z`) / 1000;

function ChartFallback() {
  return <Skeleton variant="rounded" height={CHART_HEIGHT} />;
}

/** Every `step`-th row of a long series for the table under a chart (the chart itself draws them all). */
function sample<T>(rows: readonly T[], most: number): T[] {
  if (rows.length <= most) return [...rows];
  const step = Math.ceil(rows.length / most);
  const out = rows.filter((_, i) => i % step === 0);
  const last = rows[rows.length - 1];
  if (last !== undefined && out[out.length - 1] !== last) out.push(last);
  return out;
}

/** The basket's value day by day (tether), with the table of its figures as the chart's text alternative. */
export function ValueHistory({ history }: { history: { day: string; value: string }[] }) {
  const { t } = useTranslation('baskets');
  const fmt = useBasketFormat();
  const { dir } = useLanguage();
  const theme = useTheme();
  const times = useMemo(() => history.map((h) => toSeconds(h.day)), [history]);
  const lines = useMemo<ChartLine[]>(
    () => [
      {
        label: t('order.history.series'),
        values: history.map((h) => Number(h.value)),
        color: theme.palette.primary.main,
      },
    ],
    [history, t, theme.palette.primary.main],
  );
  const axisValue = useCallback((v: number) => formatDecimal(String(Math.round(v)), fmt.lng), [fmt.lng]);
  const axisTime = useCallback((s: number) => fmt.shortDay(new Date(s * 1000).toISOString().slice(0, 10)), [fmt]);
  if (history.length < 2)
    return (
      <Typography color="text.secondary" role="status">
        {t('order.history.empty')}
      </Typography>
    );
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Suspense fallback={<ChartFallback />}>
        <BasketChart
          times={times}
          lines={lines}
          rtl={dir === 'rtl'}
          height={CHART_HEIGHT}
          formatAxisValue={axisValue}
          formatAxisTime={axisTime}
          tooltipOf={(i) => ({ date: fmt.day(history[i]?.day ?? ''), value: fmt.value(history[i]?.value ?? '0') })}
        />
      </Suspense>
      <SeriesTable
        caption={t('order.history.title')}
        head={[t('order.history.date'), t('order.history.value')]}
        rows={sample(history, 8).map((h) => [
          fmt.day(h.day),
          formatDecimal(h.value, fmt.lng, { maxFractionDigits: 2 }),
        ])}
      />
    </Box>
  );
}

/**
 * The construction's back-test: 1 tether in the basket's weights over the history it was built from, against
 * holding bitcoin and holding tether, each starting at 1.
 */
export function Backtest({ construction }: { construction: BasketConstruction }) {
  const { t } = useTranslation('baskets');
  const fmt = useBasketFormat();
  const { dir } = useLanguage();
  const theme = useTheme();
  const rows = construction.backtest;
  const times = useMemo(() => rows.map((r) => toSeconds(r.day)), [rows]);
  const lines = useMemo<ChartLine[]>(
    () => [
      { label: t('order.backtest.basket'), values: rows.map((r) => r.basket), color: theme.palette.primary.main },
      { label: t('order.backtest.bitcoin'), values: rows.map((r) => r.bitcoin), color: theme.palette.warning.main },
      {
        label: t('order.backtest.tether'),
        values: rows.map((r) => r.tether),
        color: theme.palette.success.main,
        dashed: true,
      },
    ],
    [rows, t, theme.palette.primary.main, theme.palette.warning.main, theme.palette.success.main],
  );
  const num = useCallback((v: number) => fmt.number(v, { maximumFractionDigits: 2 }), [fmt]);
  const axisTime = useCallback((s: number) => fmt.shortDay(new Date(s * 1000).toISOString().slice(0, 10)), [fmt]);
  if (rows.length < 2)
    return (
      <Typography color="text.secondary" role="status">
        {t('order.backtest.empty')}
      </Typography>
    );
  const first = rows[0]!;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="body2" color="text.secondary">
        {t('order.backtest.text', { from: fmt.day(first.day) })}
      </Typography>
      <Box
        component="ul"
        aria-hidden="true"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 2 }}
      >
        {lines.map((l) => (
          <Box component="li" key={l.label} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Box sx={{ width: 16, height: 3, bgcolor: l.color, borderRadius: 1 }} />
            <Typography variant="body2">{l.label}</Typography>
          </Box>
        ))}
      </Box>
      <Suspense fallback={<ChartFallback />}>
        <BasketChart
          times={times}
          lines={lines}
          rtl={dir === 'rtl'}
          height={CHART_HEIGHT}
          formatAxisValue={num}
          formatAxisTime={axisTime}
          tooltipOf={(i) => {
            const r = rows[i];
            return {
              date: fmt.day(r?.day ?? ''),
              value: `${t('order.backtest.basket')}: ${num(r?.basket ?? 0)}`,
              extra: `${t('order.backtest.bitcoin')}: ${r?.bitcoin === null || r === undefined ? '—' : num(r.bitcoin)} · ${t('order.backtest.tether')}: ${num(r?.tether ?? 1)}`,
            };
          }}
        />
      </Suspense>
      <SeriesTable
        caption={t('order.backtest.table')}
        head={[
          t('order.history.date'),
          t('order.backtest.basket'),
          t('order.backtest.bitcoin'),
          t('order.backtest.tether'),
        ]}
        rows={sample(rows, 8).map((r) => [
          fmt.day(r.day),
          num(r.basket),
          r.bitcoin === null ? '—' : num(r.bitcoin),
          num(r.tether),
        ])}
      />
    </Box>
  );
}

/** A chart's figures as a small table (what assistive technology reads; sampled for a long series). */
function SeriesTable({ caption, head, rows }: { caption: string; head: string[]; rows: string[][] }) {
  return (
    <Box
      component="table"
      sx={{
        width: '100%',
        borderCollapse: 'collapse',
        fontSize: '0.8125rem',
        '& th, & td': { textAlign: 'start', py: 0.5, px: 0.75, borderBottom: 1, borderColor: 'divider' },
        '& th': { color: 'text.secondary', fontWeight: 500 },
        '& td + td, & th + th': { textAlign: 'end' },
      }}
    >
      <Box component="caption" sx={{ captionSide: 'top', textAlign: 'start', color: 'text.secondary', pb: 0.5 }}>
        {caption}
      </Box>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r[0]}>
            {r.map((c, i) => (
              <td key={i}>{c}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </Box>
  );
}
