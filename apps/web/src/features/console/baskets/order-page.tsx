import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
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
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { AdminBasketOrder } from '@portal/contract/admin/baskets';
import type { BasketConstruction, BasketOperation, BasketTrade } from '@portal/contract/baskets/orders';
import { paths } from '@/config/paths';
import { ConsolePage, Detail, Details, EmptyState, LoadingOrError, Panel, PanelColumns } from '../shell/console-page';
import { useReviewState } from '../shell/four-eyes/review-approvals';
import { useCan, useOperator } from '../shell/operator';
import { UserCell } from '../shell/user-cell';
import { basketOrderQueryOptions } from './api';
import { BasketStatusChip, Mono, useBasketFormat } from './basket-labels';
import { reviewedOf, VipAlerts, VipDecisionButtons, VipNotesPanel, VipReviewPanel } from './vip-review';

/** Who ordered, how much, for what risk, on which exchanges and market, and where the order stands. */
function Summary({ o }: { o: AdminBasketOrder }) {
  const { t } = useTranslation('basketDesk');
  const bf = useBasketFormat();
  return (
    <Panel id="basket-order-summary" title={t('order.summary')}>
      <Details>
        <Detail label={t('columns.user')}>
          <UserCell user={o.user} />
        </Detail>
        <Detail label={t('columns.amount')}>
          <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.1rem' }} data-testid="basket-order-amount">
            {bf.usdt(o.amount)}
          </Typography>
          {o.vip ? <Chip size="small" color="warning" variant="outlined" label={t('order.vip')} /> : null}
          {o.specialised ? <Chip size="small" color="info" variant="outlined" label={t('order.specialised')} /> : null}
        </Detail>
        <Detail label={t('columns.status')}>
          <BasketStatusChip status={o.status} />
          {o.holding ? <Chip size="small" variant="outlined" label={t(`order.holding.${o.holding}`)} /> : null}
        </Detail>
        {o.failReason ? (
          <Detail label={t('columns.failReason')}>
            <span data-testid="basket-order-fail-reason">{t(`failReasons.${o.failReason}`)}</span>
          </Detail>
        ) : null}
        <Detail label={t('columns.risk')}>
          <span>{bf.risk(o.risk)}</span>
          {o.riskAcknowledged ? (
            <Chip size="small" color="warning" variant="outlined" label={t('order.riskAcknowledged')} />
          ) : null}
        </Detail>
        <Detail label={t('columns.exchanges')}>{bf.exchanges(o.exchanges)}</Detail>
        <Detail label={t('order.marketType')}>{bf.marketType(o.marketType)}</Detail>
        <Detail label={t('order.fee')}>
          {o.fee
            ? t('order.feePaid', { fee: bf.usdt(o.fee), rate: bf.bps(o.feeBps) })
            : t('order.feeRate', { rate: bf.bps(o.feeBps) })}
        </Detail>
        <Detail label={t('columns.createdAt')}>
          {bf.relative(o.createdAt)} – {bf.date(o.createdAt, 'dateTime')}
        </Detail>
        {o.paidAt ? <Detail label={t('order.paidAt')}>{bf.date(o.paidAt, 'dateTime')}</Detail> : null}
        {o.builtAt ? <Detail label={t('order.builtAt')}>{bf.date(o.builtAt, 'dateTime')}</Detail> : null}
        {o.closedAt ? <Detail label={t('order.closedAt')}>{bf.date(o.closedAt, 'dateTime')}</Detail> : null}
        <Detail label={t('order.attempts')}>{bf.number(o.attempts)}</Detail>
        {o.lastError ? (
          <Detail label={t('order.lastError')}>
            <Mono>{o.lastError}</Mono>
          </Detail>
        ) : null}
        <Detail label={t('order.id')}>
          <Mono>{o.id}</Mono>
        </Detail>
      </Details>
    </Panel>
  );
}

/** The allocation it was built to: each asset's weight and tether's share, the volatility and the figures. */
function ConstructionPanel({ c }: { c: BasketConstruction | null }) {
  const { t } = useTranslation('basketDesk');
  const bf = useBasketFormat();
  const title = t('order.construction.title');
  if (!c) {
    return (
      <Panel id="basket-order-construction" title={title}>
        <Typography color="text.secondary">{t('order.construction.none')}</Typography>
      </Panel>
    );
  }
  return (
    <Panel id="basket-order-construction" title={title}>
      <Details>
        <Detail label={t('order.construction.volatility')}>
          <span data-testid="basket-construction-volatility">{bf.share(c.expectedVolatility)}</span>
        </Detail>
        <Detail label={t('order.construction.return')}>{bf.share(c.expectedReturn)}</Detail>
        <Detail label={t('order.construction.riskParity')}>{bf.share(c.riskParityVolatility)}</Detail>
        <Detail label={t('order.construction.shrinkage')}>{bf.share(c.shrinkage)}</Detail>
        <Detail label={t('order.construction.considered')}>
          {t('order.construction.assets', { formatted: bf.number(c.assetsConsidered) })}
        </Detail>
        <Detail label={t('order.construction.asOf')}>{bf.day(c.asOf)}</Detail>
      </Details>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('order.construction.weights')} data-testid="basket-construction-weights">
          <TableHead>
            <TableRow>
              <TableCell>{t('order.construction.asset')}</TableCell>
              <TableCell>{t('order.construction.weight')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {c.weights.map((w) => (
              <TableRow key={w.symbol} hover>
                <TableCell component="th" scope="row">
                  <Mono>{w.symbol}</Mono>
                </TableCell>
                <TableCell>{bf.share(w.weight)}</TableCell>
              </TableRow>
            ))}
            <TableRow hover>
              <TableCell component="th" scope="row">
                {t('order.construction.tether')}
              </TableCell>
              <TableCell>{bf.share(c.tetherWeight)}</TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </TableContainer>
    </Panel>
  );
}

/** A trade's side as a coloured chip. */
function SideChip({ side }: { side: BasketTrade['side'] }) {
  const { t } = useTranslation('basketDesk');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={side === 'buy' ? 'success' : 'warning'}
      label={t(`order.trades.sides.${side}`)}
    />
  );
}

/** An operation's trades: a table on a desktop, one card a trade on a phone. */
function TradesView({ op }: { op: BasketOperation }) {
  const { t } = useTranslation('basketDesk');
  const bf = useBasketFormat();
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const label = t(`order.operations.kinds.${op.kind}`);
  if (!isDesktop) {
    return (
      <List disablePadding aria-label={label} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {op.trades.map((x, i) => (
          <Paper
            key={`${x.symbol}-${x.exchange}-${i}`}
            component={ListItem}
            variant="outlined"
            data-testid="basket-trade"
            sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: 0.5, py: 1 }}
          >
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <SideChip side={x.side} />
              <Mono>{x.symbol}</Mono>
              <Typography component="span" variant="body2" color="text.secondary">
                {bf.exchange(x.exchange)}
              </Typography>
            </Box>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t('order.trades.cardAmounts', {
                quantity: bf.quantity(x.quantity, x.symbol),
                quote: bf.usdt(x.quoteAmount),
              })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('order.trades.cardPrice', { price: bf.price(x.price), fee: bf.usdt(x.fee) })}
            </Typography>
          </Paper>
        ))}
      </List>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{t('order.trades.asset')}</TableCell>
            <TableCell>{t('order.trades.exchange')}</TableCell>
            <TableCell>{t('order.trades.side')}</TableCell>
            <TableCell>{t('order.trades.quantity')}</TableCell>
            <TableCell>{t('order.trades.price')}</TableCell>
            <TableCell>{t('order.trades.quote')}</TableCell>
            <TableCell>{t('order.trades.fee')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {op.trades.map((x, i) => (
            <TableRow key={`${x.symbol}-${x.exchange}-${i}`} hover data-testid="basket-trade">
              <TableCell component="th" scope="row">
                <Mono>{x.symbol}</Mono>
              </TableCell>
              <TableCell>{bf.exchange(x.exchange)}</TableCell>
              <TableCell>
                <SideChip side={x.side} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{bf.quantity(x.quantity, x.symbol)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{bf.price(x.price)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{bf.usdt(x.quoteAmount)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{bf.usdt(x.fee)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The trades of each operation (the build's buys, a failed build's sells back, rebalances, the close). */
function OperationsPanel({ operations }: { operations: BasketOperation[] }) {
  const { t } = useTranslation('basketDesk');
  const bf = useBasketFormat();
  return (
    <Panel id="basket-order-operations" title={t('order.operations.title')}>
      {operations.length === 0 ? (
        <EmptyState message={t('order.operations.none')} />
      ) : (
        operations.map((op) => (
          <Box key={op.id} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="basket-operation">
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 700 }}>{t(`order.operations.kinds.${op.kind}`)}</Typography>
              <Chip
                size="small"
                variant="outlined"
                color={op.status === 'completed' ? 'success' : op.status === 'failed' ? 'error' : 'info'}
                label={t(`order.operations.statuses.${op.status}`)}
              />
              <Typography variant="body2" color="text.secondary">
                {t('order.operations.line', {
                  fees: bf.usdt(op.fees),
                  at: bf.date(op.completedAt ?? op.createdAt, 'dateTime'),
                })}
              </Typography>
              {op.proceeds ? (
                <Typography variant="body2">
                  {t('order.operations.proceeds', { amount: bf.usdt(op.proceeds) })}
                </Typography>
              ) : null}
            </Box>
            {op.trades.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('order.operations.noTrades')}
              </Typography>
            ) : (
              <TradesView op={op} />
            )}
          </Box>
        ))
      )}
    </Panel>
  );
}

/** The ledger journals the order posted (ref type `BasketOrder`): the payment's hold, the build, a refund… */
function JournalsPanel({ o }: { o: AdminBasketOrder }) {
  const { t } = useTranslation('basketDesk');
  const bf = useBasketFormat();
  const can = useCan();
  return (
    <Panel
      id="basket-order-journals"
      title={t('order.journals.title')}
      action={
        can('money.read') ? (
          <Link component={RouterLink} to={paths.adminUser.getHref(o.user.id)}>
            {t('order.journals.userLedger')}
          </Link>
        ) : null
      }
    >
      {o.journals.length === 0 ? (
        <Typography color="text.secondary">{t('order.journals.none')}</Typography>
      ) : (
        <Details>
          {o.journals.map((j) => (
            <Detail key={j.id} label={t(`order.journals.kinds.${j.kind}`, { defaultValue: j.kind })}>
              <Box
                sx={{ display: 'flex', flexDirection: 'column', gap: 0.25, minWidth: 0 }}
                data-testid="basket-journal"
              >
                <Mono>{j.id}</Mono>
                {j.memo && j.memo !== j.kind ? (
                  <Typography component="span" variant="body2" dir="auto">
                    {j.memo}
                  </Typography>
                ) : null}
                <Typography component="span" variant="caption" color="text.secondary">
                  {bf.date(j.createdAt, 'dateTime')}
                </Typography>
              </Box>
            </Detail>
          ))}
        </Details>
      )}
    </Panel>
  );
}

/**
 * One basket order (`/admin/baskets/orders/:orderId`): who ordered and where it stands, the allocation it
 * was built to (weights, tether's share, expected volatility), the trades of its build, rebalances and close,
 * and the ledger journals it posted. A VIP request adds its review (one operator or two, who decided) and
 * the contact notes; a waiting one is accepted or declined by a role with `baskets.manage`.
 */
export default function BasketOrderPage({ orderId }: { orderId: string }) {
  const { t } = useTranslation('basketDesk');
  const can = useCan();
  const me = useOperator();
  const order = useQuery(basketOrderQueryOptions(orderId));
  const [alreadyReviewed, setAlreadyReviewed] = useState(false);
  const firstApprovalId = useId();
  const ownId = useId();
  const review = useReviewState(
    order.data ? reviewedOf(order.data) : { state: '', approvalsNeeded: 1, firstApproval: null },
  );
  const back = { to: paths.adminBasketOrders.getHref(), label: t('order.back') };

  if (order.isPending || order.isError) {
    return (
      <ConsolePage title={t('order.title')} back={back}>
        <LoadingOrError query={order} />
      </ConsolePage>
    );
  }

  const o = order.data;
  const waiting = o.status === 'PendingVip';
  const own = o.user.id === me.id;
  const unpaid = o.paidAt === null && o.operations.length === 0 && o.journals.length === 0;
  return (
    <ConsolePage
      title={o.vip ? t('order.vipTitle') : t('order.title')}
      back={back}
      actions={
        waiting && can('baskets.manage') ? (
          <VipDecisionButtons
            order={o}
            approveBlockedBy={own ? ownId : review.mineFirst ? firstApprovalId : undefined}
            onAlreadyReviewed={() => setAlreadyReviewed(true)}
          />
        ) : null
      }
    >
      {alreadyReviewed ? (
        <Alert severity="warning" onClose={() => setAlreadyReviewed(false)}>
          {t('vip.decision.alreadyReviewed')}
        </Alert>
      ) : null}
      {o.vip ? <VipAlerts o={o} firstApprovalId={firstApprovalId} ownId={ownId} /> : null}
      {o.status === 'GenerationFailed' ? (
        <Alert severity="error" data-testid="basket-order-failed">
          {t('order.failedText', { reason: o.failReason ? t(`failReasons.${o.failReason}`) : t('failed.noReason') })}
        </Alert>
      ) : null}
      <PanelColumns>
        <Summary o={o} />
        {o.vip ? <VipReviewPanel o={o} /> : <ConstructionPanel c={o.construction} />}
      </PanelColumns>
      {o.vip ? (
        unpaid ? (
          <VipNotesPanel o={o} />
        ) : (
          <PanelColumns>
            <VipNotesPanel o={o} />
            <ConstructionPanel c={o.construction} />
          </PanelColumns>
        )
      ) : null}
      {/* An unpaid VIP request has no allocation, trade or journal yet. */}
      {unpaid && o.vip ? null : (
        <>
          <OperationsPanel operations={o.operations} />
          <JournalsPanel o={o} />
        </>
      )}
    </ConsolePage>
  );
}
