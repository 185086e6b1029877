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
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import type { PriceSourceHealth, TetherDesk } from '@portal/contract/admin/tether';
import type { TetherPrice } from '@portal/contract/tether/market';
import { formatRelative } from '../shell/dates';
import { Detail, Details, Panel } from '../shell/console-page';
import { MarketStatusChip, useTetherFormat } from './tether-labels';

/** A signed balance, the minus kept before the figure in a right-to-left line. */
function Signed({ amount, currency }: { amount: string; currency: 'USDT' | 'IRT' | 'IRR' }) {
  const tf = useTetherFormat();
  return (
    <Box
      component="bdi"
      sx={{ fontWeight: 700, whiteSpace: 'nowrap', color: amount.startsWith('-') ? 'error.main' : undefined }}
    >
      {tf.money(amount, currency)}
    </Box>
  );
}

/**
 * The live price (the real-time channel's, else the desk's): the market's state, the house's buy and sell
 * prices and the middle, when it was taken and its number, the demo label.
 */
export function PricePanel({ price, rules }: { price: TetherPrice; rules: TetherDesk['priceRules'] }) {
  const { t } = useTranslation('admin');
  const tf = useTetherFormat();
  return (
    <Panel
      id="tether-price"
      title={t('tether.price.title')}
      action={
        <Box sx={{ display: 'flex', gap: 1 }}>
          {price.demo ? <Chip size="small" color="warning" label={t('tether.price.demo')} /> : null}
          <MarketStatusChip status={price.status} />
        </Box>
      }
    >
      <Details>
        <Detail label={t('tether.price.buy')}>
          <span data-testid="tether-price-buy">{price.buy === null ? '—' : tf.rials(price.buy)}</span>
        </Detail>
        <Detail label={t('tether.price.sell')}>
          <span data-testid="tether-price-sell">{price.sell === null ? '—' : tf.rials(price.sell)}</span>
        </Detail>
        <Detail label={t('tether.price.mid')}>{price.mid === null ? '—' : tf.rials(price.mid)}</Detail>
        <Detail label={t('tether.price.at')}>
          {price.at === null ? (
            t('tether.price.none')
          ) : (
            <span>
              {formatRelative(price.at, tf.lng)} – {tf.date(price.at, 'dateTime')}
            </span>
          )}
        </Detail>
        <Detail label={t('tether.price.seq')}>{tf.number(price.seq)}</Detail>
      </Details>
      <Typography variant="body2" color="text.secondary">
        {t('tether.price.rules', {
          sources: tf.number(rules.timeoutMs / 1000),
          band: tf.bps(rules.bandBps),
          stale: tf.number(rules.staleAfterSeconds),
        })}
      </Typography>
    </Panel>
  );
}

/** A source's state: used by the last price, answering but dropped, or failing. */
function SourceState({ s }: { s: PriceSourceHealth }) {
  const { t } = useTranslation('admin');
  const failing = s.lastErrorAt !== null && (s.lastOkAt === null || s.lastErrorAt >= s.lastOkAt);
  const state = s.usedInLast ? 'used' : failing ? 'failing' : s.lastOkAt ? 'dropped' : 'waiting';
  const color = { used: 'success', failing: 'error', dropped: 'warning', waiting: 'default' } as const;
  return <Chip size="small" variant="outlined" color={color[state]} label={t(`tether.sources.states.${state}`)} />;
}

/** Each price source as this server last saw it: its state, last middle and answer time, its last failure. */
export function SourcesPanel({ sources }: { sources: readonly PriceSourceHealth[] }) {
  const { t } = useTranslation('admin');
  const tf = useTetherFormat();
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const title = t('tether.sources.title');
  const name = (s: PriceSourceHealth) => t(`tether.sources.names.${s.source}`);
  const lastOk = (s: PriceSourceHealth) =>
    s.lastOkAt === null ? t('tether.sources.never') : formatRelative(s.lastOkAt, tf.lng);
  const latency = (s: PriceSourceHealth) =>
    s.lastLatencyMs === null ? '—' : t('tether.sources.ms', { formatted: tf.number(s.lastLatencyMs) });
  const lastError = (s: PriceSourceHealth) =>
    s.lastError === null || s.lastErrorAt === null ? (
      '—'
    ) : (
      <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column' }}>
        <Box component="bdi" dir="ltr" sx={{ overflowWrap: 'anywhere' }}>
          {s.lastError}
        </Box>
        <Typography component="span" variant="caption" color="text.secondary">
          {formatRelative(s.lastErrorAt, tf.lng)}
        </Typography>
      </Box>
    );

  return (
    <Panel id="tether-sources" title={title}>
      {sources.length === 0 ? (
        <Typography color="text.secondary">{t('tether.sources.none')}</Typography>
      ) : isDesktop ? (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell>{t('tether.sources.columns.source')}</TableCell>
                <TableCell>{t('tether.sources.columns.state')}</TableCell>
                <TableCell>{t('tether.sources.columns.mid')}</TableCell>
                <TableCell>{t('tether.sources.columns.lastOk')}</TableCell>
                <TableCell>{t('tether.sources.columns.latency')}</TableCell>
                <TableCell>{t('tether.sources.columns.lastError')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {sources.map((s) => (
                <TableRow key={s.source} data-testid={`tether-source-${s.source}`}>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                    {name(s)} {s.demo ? <Chip size="small" color="warning" label={t('tether.price.demo')} /> : null}
                  </TableCell>
                  <TableCell>
                    <SourceState s={s} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{s.lastMid === null ? '—' : tf.rials(s.lastMid)}</TableCell>
                  <TableCell>{lastOk(s)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{latency(s)}</TableCell>
                  <TableCell>{lastError(s)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : (
        <List disablePadding aria-label={title} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          {sources.map((s) => (
            <Paper
              key={s.source}
              component={ListItem}
              variant="outlined"
              data-testid={`tether-source-${s.source}`}
              sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: 0.5, py: 1.25 }}
            >
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 600 }}>{name(s)}</Typography>
                <SourceState s={s} />
              </Box>
              <Typography variant="body2">
                {t('tether.sources.columns.mid')}: {s.lastMid === null ? '—' : tf.rials(s.lastMid)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('tether.sources.columns.lastOk')}: {lastOk(s)} · {latency(s)}
              </Typography>
              {s.lastError ? (
                <Typography variant="body2" color="text.secondary" component="div">
                  {t('tether.sources.columns.lastError')}: {lastError(s)}
                </Typography>
              ) : null}
            </Paper>
          ))}
        </List>
      )}
    </Panel>
  );
}

/**
 * The house's position: its tether inventory (the `exchange` tether balance; below zero, tether it owes
 * its users) and what it is worth at the middle, the toman and rial `exchange` balances, the fee accounts,
 * and today's trades.
 */
export function HousePanel({ house, today }: { house: TetherDesk['house']; today: TetherDesk['today'] }) {
  const { t } = useTranslation('admin');
  const tf = useTetherFormat();
  return (
    <Panel id="tether-house" title={t('tether.house.title')}>
      <Details>
        <Detail label={t('tether.house.inventory')}>
          <span data-testid="tether-inventory">
            <Signed amount={house.inventoryUsdt} currency="USDT" />
          </span>
        </Detail>
        <Detail label={t('tether.house.exposure')}>
          {house.exposureToman === null ? (
            t('tether.house.noPrice')
          ) : (
            <span data-testid="tether-exposure">
              <Signed amount={house.exposureToman} currency="IRT" />
            </span>
          )}
        </Detail>
        <Detail label={t('tether.house.exchangeIrt')}>
          <Signed amount={house.exchange.IRT} currency="IRT" />
        </Detail>
        <Detail label={t('tether.house.exchangeIrr')}>
          <Signed amount={house.exchange.IRR} currency="IRR" />
        </Detail>
        <Detail label={t('tether.house.fees')}>
          <Box component="span" sx={{ display: 'inline-flex', gap: 1.5, flexWrap: 'wrap' }}>
            <Signed amount={house.fees.IRT} currency="IRT" />
            <Signed amount={house.fees.IRR} currency="IRR" />
          </Box>
        </Detail>
        <Detail label={t('tether.house.today')}>
          <span data-testid="tether-today">
            {t('tether.house.todayOf', {
              formatted: tf.number(today.trades),
              volume: tf.money(today.volumeToman, 'IRT'),
            })}
          </span>
        </Detail>
      </Details>
      <Typography variant="body2" color="text.secondary">
        {t('tether.house.note')}
      </Typography>
    </Panel>
  );
}
