import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { BasketDetail, BasketHolding, BasketOperation } from '@portal/contract/baskets/orders';
import { ErrorState } from '@/components/errors/error-state';
import { FormError } from '@/components/form/form-error';
import { PageShell, Section, SectionLoading } from '@/components/layouts/page-shell';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { basketQueryOptions } from '@/lib/queries/baskets';
import { useCloseBasket } from '../api/orders';
import { isUncertain, isUuid, notFound } from '../ids';
import { useBasketErrorMessage } from '../messages';
import { BASKET_TABS, type BasketTab } from '../tabs';
import { useBasketFormat } from '../use-basket-format';
import { Backtest, ValueHistory } from './basket-charts';
import { DemoNotice } from './demo-notice';
import { Figures } from './figures';
import { OrderElsewhere } from './order-state';
import { OrderFigures } from './payment-screen';

/**
 * `/basket-order/{id}?type=` (SPEC §2 "order info"): an order and, once built, the basket it holds — its value,
 * gain and drift, and three tabs (`type`): the holdings (quantity, price, value, weight against the target,
 * and the value's history), the orders (the build, rebalances, the close, with their trades and fees) and the
 * back-test of its weights against bitcoin and tether. A held basket can be rebalanced (its own page) or
 * closed (sold back to tether, after a confirmation). Before it is built the page says where the order is.
 */
export default function BasketScreen({
  basketId,
  tab,
  onTab,
}: {
  basketId: string;
  tab: BasketTab;
  onTab: (tab: BasketTab) => void;
}) {
  const { t } = useTranslation('baskets');
  const valid = isUuid(basketId);
  const basket = useQuery({ ...basketQueryOptions(basketId), enabled: valid });
  const back = paths.baskets.getHref();
  if (!valid)
    return (
      <PageShell title={t('order.pageTitle')} backTo={back}>
        <ErrorState error={notFound()} />
      </PageShell>
    );
  if (basket.isPending)
    return (
      <PageShell title={t('order.pageTitle')} backTo={back}>
        <SectionLoading />
      </PageShell>
    );
  if (basket.isError)
    return (
      <PageShell title={t('order.pageTitle')} backTo={back}>
        <ErrorState error={basket.error} onRetry={() => void basket.refetch()} isRetrying={basket.isFetching} />
      </PageShell>
    );
  const b = basket.data;
  return b.status === 'Analysed' ? (
    <BuiltBasket basket={b} tab={tab} onTab={onTab} />
  ) : (
    <PageShell title={t('order.pageTitle')} backTo={back}>
      <OrderElsewhere order={b.order} />
      {b.order.failReason ? (
        <Alert severity="warning">
          {t('order.failureReason')}: {t(`failReason.${b.order.failReason}`)}
        </Alert>
      ) : null}
      <OrderFigures order={b.order} />
    </PageShell>
  );
}

function BuiltBasket({
  basket: b,
  tab,
  onTab,
}: {
  basket: BasketDetail;
  tab: BasketTab;
  onTab: (t: BasketTab) => void;
}) {
  const { t } = useTranslation('baskets');
  const fmt = useBasketFormat();
  const band = fmt.bandOf(b.risk);
  const held = b.holding !== 'closed';
  const [closing, setClosing] = useState(false);
  const [closed, setClosed] = useState<BasketOperation | null>(null);
  const tabsId = useId();
  const gainColor = b.gain === null ? undefined : b.gain.startsWith('-') ? 'error.main' : 'success.main';
  return (
    <PageShell title={t('name', { persona: fmt.persona(band) })} backTo={paths.baskets.getHref()} wide>
      {b.demo ? <DemoNotice /> : null}
      {closed?.proceeds ? (
        <Alert severity="success" role="status">
          {t('order.close.done', { amount: fmt.usdt(closed.proceeds) })}
        </Alert>
      ) : !held ? (
        <Alert severity="info">{t('order.closedText')}</Alert>
      ) : null}
      <Section
        id="basket-summary"
        title={t('order.summary')}
        action={
          held ? (
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              <Button component={RouterLink} to={paths.rebalanceRequest.getHref(b.id)} variant="contained" size="small">
                {t('order.rebalance')}
              </Button>
              <Button variant="outlined" color="error" size="small" onClick={() => setClosing(true)}>
                {t('order.close.action')}
              </Button>
            </Stack>
          ) : undefined
        }
      >
        <Figures
          label={t('order.summary')}
          rows={[
            { label: t('order.value'), value: <bdi>{b.value === null ? '—' : fmt.value(b.value)}</bdi> },
            { label: t('list.invested'), value: <bdi>{fmt.usdt(b.invested)}</bdi> },
            b.gain !== null && {
              label: t('order.gain'),
              value: (
                <Box component="span" sx={{ color: gainColor }}>
                  {fmt.signedValue(b.gain)}
                  {b.gainRatio !== null ? ` (${fmt.ratio(b.gainRatio)})` : ''}
                </Box>
              ),
            },
            held && b.drift !== null && { label: t('order.drift'), value: fmt.weight(b.drift) },
            { label: t('order.risk'), value: fmt.risk(band) },
            b.construction && {
              label: t('order.expectedVolatility'),
              value: fmt.weight(b.construction.expectedVolatility),
            },
            { label: t('order.exchanges'), value: b.exchanges.map((e) => t(`exchange.${e}`)).join('، ') },
            { label: t('order.marketType'), value: t(`marketType.${b.marketType}`) },
            b.builtAt && { label: t('order.built'), value: fmt.date(b.builtAt, 'dateTime') },
            b.closedAt && { label: t('order.closedAt'), value: fmt.date(b.closedAt, 'dateTime') },
          ]}
        />
      </Section>

      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={tab}
          onChange={(_e, v: BasketTab) => onTab(v)}
          variant="fullWidth"
          aria-label={t('order.pageTitle')}
        >
          {BASKET_TABS.map((k) => (
            <Tab
              key={k}
              value={k}
              label={t(`order.tabs.${k}`)}
              id={`${tabsId}-${k}`}
              aria-controls={`${tabsId}-${k}-panel`}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`${tabsId}-${tab}-panel`} aria-labelledby={`${tabsId}-${tab}`}>
        {tab === 'holdings' ? (
          <Stack spacing={2.5}>
            <Section id="basket-holdings" title={t('order.holdings.title')}>
              <Holdings holdings={b.holdings} />
            </Section>
            <Section id="basket-history" title={t('order.history.title')}>
              <ValueHistory history={b.history} />
            </Section>
          </Stack>
        ) : tab === 'orders' ? (
          <Section id="basket-operations" title={t('order.orders.title')}>
            <Operations operations={b.operations} />
          </Section>
        ) : (
          <Section id="basket-backtest" title={t('order.backtest.title')}>
            {b.construction ? (
              <>
                <Typography variant="body2" color="text.secondary">
                  {t('order.asOf', { date: fmt.day(b.construction.asOf) })}
                </Typography>
                <Backtest construction={b.construction} />
              </>
            ) : (
              <Typography color="text.secondary">{t('order.backtest.empty')}</Typography>
            )}
          </Section>
        )}
      </Box>
      <CloseDialog
        basketId={b.id}
        open={closing}
        value={b.value}
        onClose={() => setClosing(false)}
        onClosed={(op) => {
          setClosed(op);
          setClosing(false);
        }}
      />
    </PageShell>
  );
}

/** Each holding: its value and quantity at the latest price, and its weight against the target. */
function Holdings({ holdings }: { holdings: BasketHolding[] }) {
  const { t } = useTranslation('baskets');
  const fmt = useBasketFormat();
  if (holdings.length === 0) return <Typography color="text.secondary">{t('order.holdings.empty')}</Typography>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {holdings.map((h) => (
        <Box
          component="li"
          key={h.symbol}
          sx={{ display: 'grid', gap: 0.5, pb: 1.5, borderBottom: 1, borderColor: 'divider' }}
        >
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <Typography component="span" sx={{ fontWeight: 700 }}>
              <bdi>{h.symbol}</bdi>{' '}
              <Typography component="span" variant="body2" color="text.secondary">
                {h.name}
              </Typography>
            </Typography>
            <Typography component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
              <bdi>{h.value === null ? '—' : fmt.value(h.value)}</bdi>
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary">
              {t('order.holdings.quantity')}: <bdi>{fmt.quantity(h.quantity)}</bdi>
            </Typography>
            {h.symbol !== 'USDT' ? (
              <Typography variant="body2" color="text.secondary">
                {t('order.holdings.price')}: <bdi>{h.price === null ? '—' : fmt.price(h.price)}</bdi>
              </Typography>
            ) : null}
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <LinearProgress
              variant="determinate"
              value={Math.max(0, Math.min(100, (h.weight ?? 0) * 100))}
              aria-label={t('order.holdings.weightOf', {
                asset: h.symbol,
                weight: h.weight === null ? '—' : fmt.weight(h.weight),
                target: fmt.weight(h.targetWeight),
              })}
              sx={{ flexGrow: 1, height: 6, borderRadius: 3 }}
            />
            <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
              {h.weight === null ? '—' : fmt.weight(h.weight)} / {t('order.holdings.target')}{' '}
              {fmt.weight(h.targetWeight)}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** The build, rebalances and the close, newest first, each with its trades and fees. */
function Operations({ operations }: { operations: BasketOperation[] }) {
  const { t } = useTranslation('baskets');
  const fmt = useBasketFormat();
  if (operations.length === 0) return <Typography color="text.secondary">{t('order.orders.empty')}</Typography>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
      {operations.map((op) => (
        <Box
          component="li"
          key={op.id}
          sx={{ display: 'grid', gap: 0.75, pb: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 700 }}>
              {t(`order.orders.kind.${op.kind}`)} · {t(`order.orders.status.${op.status}`)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {fmt.date(op.completedAt ?? op.createdAt, 'dateTime')}
            </Typography>
          </Box>
          <Typography variant="body2" color="text.secondary">
            {t('order.orders.trades', { formatted: fmt.number(op.trades.length) })} · {t('order.orders.fees')}:{' '}
            <bdi>{fmt.usdt(op.fees)}</bdi>
            {op.proceeds ? (
              <>
                {' · '}
                {t('order.orders.proceeds')}: <bdi>{fmt.usdt(op.proceeds)}</bdi>
              </>
            ) : null}
          </Typography>
          {op.trades.length > 0 ? (
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.25 }}>
              {op.trades.map((tr, i) => (
                <Typography component="li" variant="body2" key={`${tr.symbol}-${tr.exchange}-${i}`}>
                  {t(`rebalance.${tr.side}`)} {fmt.quantity(tr.quantity)} <bdi>{tr.symbol}</bdi> ·{' '}
                  <bdi>{fmt.usdt(tr.quoteAmount)}</bdi> · {t(`exchange.${tr.exchange}`)}
                </Typography>
              ))}
            </Box>
          ) : null}
        </Box>
      ))}
    </Box>
  );
}

/**
 * Closing a basket: what it means (everything sold at market, the tether to the wallet, not undone), then
 * the close, one idempotency key per attempt (a lost answer is retried with it: never two closes).
 */
function CloseDialog({
  basketId,
  open,
  value,
  onClose,
  onClosed,
}: {
  basketId: string;
  open: boolean;
  value: string | null;
  onClose: () => void;
  onClosed: (op: BasketOperation) => void;
}) {
  const { t } = useTranslation('baskets');
  const fmt = useBasketFormat();
  const titleId = useId();
  const errorMessage = useBasketErrorMessage();
  const close = useCloseBasket(basketId);
  const key = useRef<string | null>(null);
  const confirm = () => {
    if (close.isPending) return;
    key.current ??= newIdempotencyKey();
    close.mutate(
      { idempotencyKey: key.current },
      {
        onSuccess: (op) => {
          key.current = null;
          onClosed(op);
        },
        onError: (e) => {
          if (!isUncertain(e)) key.current = null;
        },
      },
    );
  };
  return (
    <Dialog
      open={open}
      onClose={close.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{t('order.close.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText>{t('order.close.text')}</DialogContentText>
        {value !== null ? (
          <Typography>
            {t('order.value')}: <bdi>{fmt.value(value)}</bdi>
          </Typography>
        ) : null}
        {close.error && !(isApiError(close.error) && close.error.code === 'KYC_REQUIRED') ? (
          <FormError message={isUncertain(close.error) ? t('payment.uncertain') : errorMessage(close.error)} />
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1, flexWrap: 'wrap' }}>
        <Button color="inherit" onClick={onClose} disabled={close.isPending}>
          {t('order.close.cancel')}
        </Button>
        <Button variant="contained" color="error" onClick={confirm} loading={close.isPending}>
          {t('order.close.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
