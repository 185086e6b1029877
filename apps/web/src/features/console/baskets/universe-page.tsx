import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EXCHANGES, MARKET_TYPES, type ExchangeId } from '@portal/contract/baskets/universe';
import type { MarketSyncStatusView, UniverseAssetView } from '@portal/contract/baskets/universe-views';
import { EmptyState, LoadingOrError, Panel, ResultCount } from '../shell/console-page';
import { universeQueryOptions, type UniverseFilters } from './api';
import { BasketFrame, FilterSelect, oneOf } from './basket-frame';
import { Mono, useBasketFormat } from './basket-labels';

const EXCHANGE_FILTERS = ['all', ...EXCHANGES] as const;

/** The universe job's last run against one exchange: when it last worked, its last failure, what it wrote. */
function SyncCard({ s, intervalMinutes }: { s: MarketSyncStatusView; intervalMinutes: number }) {
  const { t } = useTranslation('basketDesk');
  const bf = useBasketFormat();
  const failing = s.lastError !== null;
  const state = failing ? 'failing' : s.lastOkAt ? 'ok' : 'never';
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 0.75 }}
      data-testid={`universe-sync-${s.exchange}`}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 700 }}>{bf.exchange(s.exchange)}</Typography>
        <Chip
          size="small"
          variant="outlined"
          color={state === 'ok' ? 'success' : state === 'failing' ? 'error' : 'default'}
          label={t(`universe.sync.states.${state}`)}
        />
        {s.demo ? <Chip size="small" color="warning" label={t('universe.demo')} /> : null}
      </Box>
      <Typography variant="body2">
        {s.lastOkAt
          ? t('universe.sync.lastOk', { at: `${bf.relative(s.lastOkAt)} – ${bf.date(s.lastOkAt, 'dateTime')}` })
          : t('universe.sync.neverOk')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('universe.sync.figures', {
          listings: bf.number(s.listings),
          closes: bf.number(s.closesAdded),
          duration: s.durationMs === null ? '–' : bf.number(s.durationMs / 1000, { maximumFractionDigits: 1 }),
        })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('universe.sync.every', { formatted: bf.number(intervalMinutes) })}
      </Typography>
      {failing ? (
        <Alert severity="error" sx={{ mt: 0.5 }}>
          {s.lastErrorAt ? `${bf.date(s.lastErrorAt, 'dateTime')}: ` : ''}
          <Mono>{s.lastError ?? ''}</Mono>
        </Alert>
      ) : null}
    </Paper>
  );
}

/** An asset's listings: each exchange's pair, and whether it is on that exchange's margin market. */
function Listings({ a }: { a: UniverseAssetView }) {
  const { t } = useTranslation('basketDesk');
  const bf = useBasketFormat();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      {a.listings.map((l) => (
        <Box
          key={l.exchange}
          sx={{ display: 'flex', gap: 0.75, alignItems: 'center', flexWrap: 'wrap' }}
          data-testid={`universe-listing-${l.exchange}`}
        >
          <Typography component="span" variant="body2">
            {bf.exchange(l.exchange)}
          </Typography>
          <Mono>{l.pair}</Mono>
          {l.margin ? <Chip size="small" variant="outlined" color="info" label={t('universe.margin')} /> : null}
        </Box>
      ))}
    </Box>
  );
}

/** How many daily closes are kept, and from which day to which. */
function History({ a }: { a: UniverseAssetView }) {
  const { t } = useTranslation('basketDesk');
  const bf = useBasketFormat();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column' }}>
      <span>{t('universe.days', { formatted: bf.number(a.historyDays) })}</span>
      {a.firstDay && a.lastDay ? (
        <Typography component="span" variant="caption" color="text.secondary">
          {t('universe.range', { from: bf.day(a.firstDay), to: bf.day(a.lastDay) })}
        </Typography>
      ) : null}
    </Box>
  );
}

/** The latest price and when it was read. */
function LastPrice({ a }: { a: UniverseAssetView }) {
  const { t } = useTranslation('basketDesk');
  const bf = useBasketFormat();
  if (!a.lastPrice) return <Typography color="text.secondary">{t('universe.noPrice')}</Typography>;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="span" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
        {bf.price(a.lastPrice)}
      </Box>
      {a.lastPriceAt ? (
        <Typography component="span" variant="caption" color="text.secondary">
          {bf.relative(a.lastPriceAt)}
        </Typography>
      ) : null}
    </Box>
  );
}

function Marks({ a }: { a: UniverseAssetView }) {
  const { t } = useTranslation('basketDesk');
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {a.enabled ? null : <Chip size="small" color="error" variant="outlined" label={t('universe.excluded')} />}
      {a.demo ? <Chip size="small" color="warning" variant="outlined" label={t('universe.demo')} /> : null}
    </Box>
  );
}

/**
 * The baskets' crypto universe (`/admin/baskets/universe?exchange=&marketType=&q=`): each exchange's sync
 * (last good run, last failure, what it wrote), then every asset with its listings per exchange and margin
 * flag, latest price, depth of daily history, and marks for an excluded or demo asset. A table on a
 * desktop, cards on a phone. Excluding an asset is a proposal of the settings.
 */
export default function BasketUniversePage() {
  const { t } = useTranslation('basketDesk');
  const bf = useBasketFormat();
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [params, setParams] = useSearchParams();
  const filters: UniverseFilters = {
    exchange: oneOf(EXCHANGE_FILTERS, params.get('exchange'), 'all'),
    marketType: oneOf(MARKET_TYPES, params.get('marketType'), 'all'),
  };
  const q = params.get('q') ?? '';
  const universe = useQuery(universeQueryOptions(filters));
  const setFilter = (next: Partial<UniverseFilters & { q: string }>) => {
    const f = { ...filters, q, ...next };
    setParams(
      {
        ...(f.exchange === 'all' ? {} : { exchange: f.exchange }),
        ...(f.marketType === 'all' ? {} : { marketType: f.marketType }),
        ...(f.q.trim() ? { q: f.q } : {}),
      },
      { replace: next.q !== undefined },
    );
  };
  const title = t('sections.universe');
  const needle = q.trim().toUpperCase();
  const matches = (a: UniverseAssetView) =>
    !needle || a.symbol.includes(needle) || a.name.toUpperCase().includes(needle);

  const filtersRow = (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <FilterSelect<ExchangeId | 'all'>
        id="universe-exchange"
        label={t('universe.filters.exchange')}
        value={filters.exchange}
        options={EXCHANGE_FILTERS.map((e) => ({
          value: e,
          label: e === 'all' ? t('universe.filters.allExchanges') : bf.exchange(e),
        }))}
        onChange={(exchange) => setFilter({ exchange })}
      />
      <FilterSelect
        id="universe-market"
        label={t('universe.filters.marketType')}
        value={filters.marketType}
        options={MARKET_TYPES.map((m) => ({ value: m, label: bf.marketType(m) }))}
        onChange={(marketType) => setFilter({ marketType })}
      />
      <TextField
        size="small"
        id="universe-search"
        type="search"
        label={t('universe.filters.search')}
        value={q}
        onChange={(e) => setFilter({ q: e.target.value })}
        sx={{ minWidth: 180, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
        slotProps={{ htmlInput: { dir: 'ltr', autoComplete: 'off', spellCheck: false } }}
      />
    </Box>
  );

  if (universe.isPending || universe.isError) {
    return (
      <BasketFrame section="universe">
        {filtersRow}
        <LoadingOrError query={universe} />
      </BasketFrame>
    );
  }

  const u = universe.data;
  const assets = u.assets.filter(matches);

  const table = (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={title} data-testid="universe-assets">
        <TableHead>
          <TableRow>
            <TableCell>{t('universe.columns.asset')}</TableCell>
            <TableCell>{t('universe.columns.listings')}</TableCell>
            <TableCell>{t('universe.columns.lastPrice')}</TableCell>
            <TableCell>{t('universe.columns.history')}</TableCell>
            <TableCell>{t('universe.columns.scale')}</TableCell>
            <TableCell>{t('universe.columns.marks')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {assets.map((a) => (
            <TableRow key={a.symbol} hover data-testid="universe-asset">
              <TableCell component="th" scope="row">
                <Box sx={{ display: 'flex', flexDirection: 'column' }}>
                  <Mono>{a.symbol}</Mono>
                  <Typography component="span" variant="caption" color="text.secondary" dir="auto">
                    {a.name}
                  </Typography>
                </Box>
              </TableCell>
              <TableCell>
                <Listings a={a} />
              </TableCell>
              <TableCell>
                <LastPrice a={a} />
              </TableCell>
              <TableCell>
                <History a={a} />
              </TableCell>
              <TableCell>{bf.number(a.quantityScale)}</TableCell>
              <TableCell>
                <Marks a={a} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );

  const cards = (
    <List
      disablePadding
      aria-label={title}
      data-testid="universe-assets"
      sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      {assets.map((a) => (
        <Paper
          key={a.symbol}
          component={ListItem}
          variant="outlined"
          data-testid="universe-asset"
          sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: 0.75, py: 1.25 }}
        >
          <Box
            sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
          >
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
              <Mono>{a.symbol}</Mono>
              <Typography variant="body2" color="text.secondary" dir="auto">
                {a.name}
              </Typography>
            </Box>
            <Marks a={a} />
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <LastPrice a={a} />
            <History a={a} />
          </Box>
          <Listings a={a} />
        </Paper>
      ))}
    </List>
  );

  return (
    <BasketFrame section="universe">
      <Typography color="text.secondary">{t('universe.intro')}</Typography>
      {u.demo ? (
        <Alert severity="warning" data-testid="universe-demo">
          {t('universe.demoText')}
        </Alert>
      ) : null}
      {u.sandboxTrading ? (
        <Alert severity="info" data-testid="universe-sandbox">
          {t('universe.sandboxText')}
        </Alert>
      ) : null}
      <Panel id="universe-sync" title={t('universe.sync.title')}>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))',
          }}
        >
          {u.exchanges.map((s) => (
            <SyncCard key={s.exchange} s={s} intervalMinutes={u.syncIntervalMinutes} />
          ))}
        </Box>
      </Panel>
      {filtersRow}
      {assets.length === 0 ? (
        <EmptyState message={t(u.assets.length === 0 ? 'universe.empty' : 'universe.noMatch')} />
      ) : (
        <>
          <ResultCount total={assets.length} />
          {isDesktop ? table : cards}
        </>
      )}
    </BasketFrame>
  );
}
