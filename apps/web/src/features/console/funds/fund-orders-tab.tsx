import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { AdminFund } from '@portal/contract/admin/funds';
import type { AdminFundPurchase } from '@portal/contract/admin/fund-orders';
import { PURCHASE_STATUSES, REDEMPTION_STATUSES } from '@portal/contract/funds/funds';
import { UNIT_SCALE } from '@portal/contract/funds/pricing';
import { ErrorState } from '@/components/errors/error-state';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { displayMobile } from '@/lib/format';
import { formatDecimal } from '@/lib/format-money';
import { pageParam } from '@/lib/page-window';
import { fundPurchasesQueryOptions, fundRedemptionsQueryOptions } from './api';
import { formatDay } from '../shell/dates';
import { useCan } from '../shell/operator';
import { personName } from '../shell/schemas';
import { withPage } from '../shell/url';
import { EmptyState, Loading, Pages, Panel, ResultCount } from '../shell/console-page';
import { FundMoney, PurchaseStateChip, RedemptionStateChip } from './fund-labels';

const VIEWS = ['purchases', 'redemptions'] as const;
type OrdersView = (typeof VIEWS)[number];

/** Who placed an order: name and number, a link to the user's page for `users.read`. */
function Owner({ user }: { user: AdminFundPurchase['user'] }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const can = useCan();
  const mobile = (
    <Box component="bdi" dir="ltr" sx={{ whiteSpace: 'nowrap' }}>
      {displayMobile(user.mobile, fmt.lng)}
    </Box>
  );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column' }}>
      <span>{personName(user.firstName, user.lastName) ?? t('users.noName')}</span>
      {can('users.read') ? (
        <Typography component={RouterLink} to={paths.adminUser.getHref(user.id)} variant="body2" color="primary">
          {mobile}
        </Typography>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {mobile}
        </Typography>
      )}
    </Box>
  );
}

function OrdersTable({ label, head, rows }: { label: string; head: string[]; rows: ReactNode }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {head.map((h) => (
              <TableCell key={h}>{h}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{rows}</TableBody>
      </Table>
    </TableContainer>
  );
}

function Purchases({
  fund,
  status,
  page,
  onPage,
}: {
  fund: AdminFund;
  status: string;
  page: number;
  onPage: (p: number) => void;
}) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const state = (PURCHASE_STATUSES as readonly string[]).includes(status)
    ? (status as (typeof PURCHASE_STATUSES)[number])
    : 'all';
  const list = useQuery(fundPurchasesQueryOptions(fund.id, state, page));
  const units = (u: string | null) => (u === null ? '—' : formatDecimal(u, fmt.lng, { maxFractionDigits: UNIT_SCALE }));
  if (list.isPending) return <Loading />;
  if (list.isError)
    return <ErrorState error={list.error} onRetry={() => void list.refetch()} isRetrying={list.isFetching} />;
  if (list.data.items.length === 0) return <EmptyState message={t('funds.orders.noPurchases')} />;
  return (
    <>
      <ResultCount total={list.data.total} />
      <OrdersTable
        label={t('funds.orders.purchases')}
        head={[
          t('funds.orders.user'),
          t('funds.orders.amount'),
          t('funds.orders.method'),
          t('funds.orders.status'),
          t('funds.orders.units'),
          t('funds.orders.nav'),
          t('funds.orders.createdAt'),
        ]}
        rows={list.data.items.map((p) => (
          <TableRow key={p.id} hover>
            <TableCell>
              <Owner user={p.user} />
            </TableCell>
            <TableCell>
              <FundMoney amount={p.amount} currency={p.currency} strong />
            </TableCell>
            <TableCell>{t(`funds.orders.methods.${p.method}`)}</TableCell>
            <TableCell>
              <PurchaseStateChip state={p.state} />
            </TableCell>
            <TableCell>{units(p.units)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {p.nav === null ? (
                formatDay(p.navDate, fmt.lng, fmt.calendar, 'medium')
              ) : (
                <FundMoney amount={p.nav} currency={p.currency} />
              )}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{fmt.date(p.createdAt, 'dateTime')}</TableCell>
          </TableRow>
        ))}
      />
      <Pages page={page} total={list.data.total} pageSize={list.data.pageSize} onChange={onPage} />
    </>
  );
}

function Redemptions({
  fund,
  status,
  page,
  onPage,
}: {
  fund: AdminFund;
  status: string;
  page: number;
  onPage: (p: number) => void;
}) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const state = (REDEMPTION_STATUSES as readonly string[]).includes(status)
    ? (status as (typeof REDEMPTION_STATUSES)[number])
    : 'all';
  const list = useQuery(fundRedemptionsQueryOptions(fund.id, state, page));
  const money = (v: string | null, currency: AdminFund['currency']) =>
    v === null ? '—' : <FundMoney amount={v} currency={currency} />;
  if (list.isPending) return <Loading />;
  if (list.isError)
    return <ErrorState error={list.error} onRetry={() => void list.refetch()} isRetrying={list.isFetching} />;
  if (list.data.items.length === 0) return <EmptyState message={t('funds.orders.noRedemptions')} />;
  return (
    <>
      <ResultCount total={list.data.total} />
      <OrdersTable
        label={t('funds.orders.redemptions')}
        head={[
          t('funds.orders.user'),
          t('funds.orders.units'),
          t('funds.orders.status'),
          t('funds.orders.nav'),
          t('funds.orders.earlyExitFee'),
          t('funds.orders.proceeds'),
          t('funds.orders.createdAt'),
        ]}
        rows={list.data.items.map((r) => (
          <TableRow key={r.id} hover>
            <TableCell>
              <Owner user={r.user} />
            </TableCell>
            <TableCell sx={{ fontWeight: 600 }}>
              {formatDecimal(r.units, fmt.lng, { maxFractionDigits: UNIT_SCALE })}
            </TableCell>
            <TableCell>
              <RedemptionStateChip state={r.state} />
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {r.nav === null ? formatDay(r.navDate, fmt.lng, fmt.calendar, 'medium') : money(r.nav, r.currency)}
            </TableCell>
            <TableCell>{money(r.earlyExitFee, r.currency)}</TableCell>
            <TableCell sx={{ fontWeight: 700 }}>{money(r.proceeds, r.currency)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{fmt.date(r.createdAt, 'dateTime')}</TableCell>
          </TableRow>
        ))}
      />
      <Pages page={page} total={list.data.total} pageSize={list.data.pageSize} onChange={onPage} />
    </>
  );
}

/** The orders tab: the fund's purchases or redemptions, newest first, optionally of one status. */
export function FundOrdersTab({ fund }: { fund: AdminFund }) {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const rawView = params.get('view');
  const view: OrdersView = rawView === 'redemptions' ? 'redemptions' : 'purchases';
  const status = params.get('status') ?? 'all';
  const page = pageParam(params.get('page'));
  const statuses = view === 'purchases' ? PURCHASE_STATUSES : REDEMPTION_STATUSES;
  const set = (next: Record<string, string>) => setParams({ tab: 'orders', ...next });
  return (
    <Panel id="fund-orders" title={t('funds.tabs.orders')}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Tabs
          value={view}
          onChange={(_, next: OrdersView) => set({ view: next })}
          aria-label={t('funds.orders.viewLabel')}
        >
          {VIEWS.map((v) => (
            <Tab key={v} value={v} label={t(`funds.orders.${v}`)} />
          ))}
        </Tabs>
        <TextField
          select
          size="small"
          id="fund-orders-status"
          label={t('funds.orders.status')}
          value={(statuses as readonly string[]).includes(status) ? status : 'all'}
          onChange={(e) => set({ view, ...(e.target.value === 'all' ? {} : { status: e.target.value }) })}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="all">{t('funds.orders.allStatuses')}</MenuItem>
          {statuses.map((s) => (
            <MenuItem key={s} value={s}>
              {t(view === 'purchases' ? `funds.orders.purchaseStates.${s}` : `funds.orders.redemptionStates.${s}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {view === 'purchases' ? (
        <Purchases fund={fund} status={status} page={page} onPage={(p) => setParams(withPage(params, p))} />
      ) : (
        <Redemptions fund={fund} status={status} page={page} onPage={(p) => setParams(withPage(params, p))} />
      )}
    </Panel>
  );
}
