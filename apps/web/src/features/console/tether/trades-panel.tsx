import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AdminTetherTrade } from '@portal/contract/admin/tether';
import { TRADE_SIDES } from '@portal/contract/tether/market';
import type { TradeSide } from '@portal/contract/tether/pricing';
import { pageParam } from '@/lib/page-window';
import { formatRelative } from '../shell/dates';
import { PagedList, Panel, When } from '../shell/console-page';
import { withPage } from '../shell/url';
import { UserCell } from '../shell/user-cell';
import { tetherTradesQueryOptions } from './api';
import { useTetherFormat } from './tether-labels';

const SIDE_FILTERS = ['all', ...TRADE_SIDES] as const;
type SideFilter = (typeof SIDE_FILTERS)[number];
const sideOf = (raw: string | null): SideFilter =>
  (SIDE_FILTERS as readonly string[]).includes(raw ?? '') ? (raw as SideFilter) : 'all';

function SideChip({ side }: { side: TradeSide }) {
  const { t } = useTranslation('admin');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={side === 'buy' ? 'success' : 'warning'}
      label={t(`tether.trades.sides.${side}`)}
    />
  );
}

/** The quote a trade executed: the price's number, how long it held, its spread and fee. */
function QuoteCell({ q }: { q: AdminTetherTrade['quote'] }) {
  const { t } = useTranslation('admin');
  const tf = useTetherFormat();
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column' }}>
      <span>{t('tether.trades.priceSeq', { formatted: tf.number(q.priceSeq) })}</span>
      <Typography component="span" variant="caption" color="text.secondary">
        {t('tether.trades.quoteLife', {
          formatted: tf.number(Math.round((Date.parse(q.expiresAt) - Date.parse(q.createdAt)) / 1000)),
        })}
      </Typography>
      <Typography component="span" variant="caption" color="text.secondary">
        {t('tether.trades.quoteTerms', { spread: tf.bps(q.spreadBps), fee: tf.bps(q.feeBps) })}
      </Typography>
    </Box>
  );
}

/**
 * Every trade, newest first (`?side=` and `?page=` in the address): its user, side, the fiat paid or
 * received, the price, the tether, the fee and the quote it executed. A table on a desktop, cards on a phone.
 */
export function TradesPanel() {
  const { t } = useTranslation('admin');
  const tf = useTetherFormat();
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [params, setParams] = useSearchParams();
  const side = sideOf(params.get('side'));
  const page = pageParam(params.get('page'));
  const list = useQuery(tetherTradesQueryOptions(side, page));
  const title = t('tether.trades.title');
  const setSide = (next: SideFilter) => setParams(next === 'all' ? {} : { side: next });
  const fiat = (x: AdminTetherTrade, amount: string) => tf.money(amount, x.fiat);

  const table = (items: AdminTetherTrade[]) => (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={title} data-testid="tether-trades">
        <TableHead>
          <TableRow>
            <TableCell>{t('tether.trades.columns.at')}</TableCell>
            <TableCell>{t('tether.trades.columns.user')}</TableCell>
            <TableCell>{t('tether.trades.columns.side')}</TableCell>
            <TableCell>{t('tether.trades.columns.price')}</TableCell>
            <TableCell>{t('tether.trades.columns.usdt')}</TableCell>
            <TableCell>{t('tether.trades.columns.fiat')}</TableCell>
            <TableCell>{t('tether.trades.columns.fee')}</TableCell>
            <TableCell>{t('tether.trades.columns.quote')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((x) => (
            <TableRow key={x.id} hover>
              <TableCell>
                <When at={x.createdAt} />
              </TableCell>
              <TableCell>
                <UserCell user={x.user} />
              </TableCell>
              <TableCell>
                <SideChip side={x.side} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{tf.rials(x.price)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: 700 }}>{tf.money(x.usdtAmount, 'USDT')}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{fiat(x, x.fiatAmount)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{fiat(x, x.fee)}</TableCell>
              <TableCell>
                <QuoteCell q={x.quote} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );

  const cards = (items: AdminTetherTrade[]) => (
    <List
      disablePadding
      aria-label={title}
      data-testid="tether-trades"
      sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      {items.map((x) => (
        <Paper
          key={x.id}
          component={ListItem}
          variant="outlined"
          sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: 0.75, py: 1.25 }}
        >
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <UserCell user={x.user} />
            <SideChip side={x.side} />
          </Box>
          <Typography sx={{ fontWeight: 700 }}>
            {tf.money(x.usdtAmount, 'USDT')} · {fiat(x, x.fiatAmount)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('tether.trades.cardLine', { price: tf.rials(x.price), fee: fiat(x, x.fee) })}
          </Typography>
          <QuoteCell q={x.quote} />
          <Typography variant="body2" color="text.secondary">
            {formatRelative(x.createdAt, tf.lng)} – {tf.date(x.createdAt, 'dateTime')}
          </Typography>
        </Paper>
      ))}
    </List>
  );

  return (
    <Panel id="tether-trades" title={title}>
      <Tabs
        value={side}
        onChange={(_, next: SideFilter) => setSide(next)}
        aria-label={t('tether.trades.sideFilter')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {SIDE_FILTERS.map((s) => (
          <Tab key={s} value={s} label={t(`tether.trades.filters.${s}`)} />
        ))}
      </Tabs>
      <PagedList
        list={list}
        page={page}
        onPage={(p) => setParams(withPage(params, p))}
        empty={t('tether.trades.empty')}
      >
        {(items) => (isDesktop ? table(items) : cards(items))}
      </PagedList>
    </Panel>
  );
}
