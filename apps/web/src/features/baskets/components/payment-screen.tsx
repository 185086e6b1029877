import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { BasketOrder } from '@portal/contract/baskets/orders';
import type { TetherTrade } from '@portal/contract/tether/market';
import { ErrorState } from '@/components/errors/error-state';
import { FormError } from '@/components/form/form-error';
import { PageShell, Section, SectionLoading } from '@/components/layouts/page-shell';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { basketOrderQueryOptions } from '@/lib/queries/baskets';
import { useWallets } from '@/lib/queries/wallets';
import { usePayBasketOrder } from '../api/orders';
import { isUncertain, isUuid, notFound } from '../ids';
import { useBasketErrorMessage } from '../messages';
import { shortfallOf } from '../order-rules';
import { useBasketFormat } from '../use-basket-format';
import { Figures } from './figures';
import { OrderElsewhere } from './order-state';

/**
 * The step that buys the tether a payment lacks (the tether feature's «buy the missing tether», composed by
 * the route): open while `missing` is set; `onBought` comes back with the trade done, `onClose` without.
 */
export type BuyTetherStep = ComponentType<{
  missing: string | null;
  returnTo?: string;
  onClose: () => void;
  onBought: (trade: TetherTrade) => void;
  /** What the tether is for, in the step's texts. */
  purpose?: 'fund' | 'basket';
}>;

/**
 * `/basket-order/payment/{orderId}` (SPEC §2): the order and its payment from the tether wallet. With less
 * tether than the amount, the page says how much is missing and (with `buyTether`) buys it in the same flow
 * through the tether market's quote and execute, then pays. Paying sends one idempotency key per attempt: an
 * answer lost on the way is retried with the same key (the same payment, never a second); a definite refusal
 * goes to the failed-payment page, except a short balance, which stays here to be made up.
 */
export default function PaymentScreen({ orderId, buyTether }: { orderId: string; buyTether?: BuyTetherStep }) {
  const { t } = useTranslation('baskets');
  const valid = isUuid(orderId);
  const order = useQuery({ ...basketOrderQueryOptions(orderId), enabled: valid });
  const back = paths.baskets.getHref();
  if (!valid)
    return (
      <PageShell title={t('payment.pageTitle')} backTo={back}>
        <ErrorState error={notFound()} />
      </PageShell>
    );
  if (order.isPending)
    return (
      <PageShell title={t('payment.pageTitle')} backTo={back}>
        <SectionLoading />
      </PageShell>
    );
  if (order.isError)
    return (
      <PageShell title={t('payment.pageTitle')} backTo={back}>
        <ErrorState error={order.error} onRetry={() => void order.refetch()} isRetrying={order.isFetching} />
      </PageShell>
    );
  return (
    <PageShell title={t('payment.pageTitle')} backTo={back}>
      <OrderFigures order={order.data} />
      {order.data.status === 'PaymentPending' ? (
        <PayFromWallet order={order.data} buyTether={buyTether} />
      ) : (
        <OrderElsewhere order={order.data} />
      )}
    </PageShell>
  );
}

/** The order's risk, amount, exchanges, market type and fee. */
export function OrderFigures({ order }: { order: BasketOrder }) {
  const { t } = useTranslation('baskets');
  const fmt = useBasketFormat();
  const band = fmt.bandOf(order.risk);
  return (
    <Section id="basket-order" title={t('name', { persona: fmt.persona(band) })}>
      <Figures
        label={t('order.summary')}
        rows={[
          { label: t('order.status'), value: t(`status.${order.status}`) },
          { label: t('order.risk'), value: fmt.risk(band) },
          { label: t('order.exchanges'), value: order.exchanges.map((e) => t(`exchange.${e}`)).join('، ') },
          { label: t('order.marketType'), value: t(`marketType.${order.marketType}`) },
          {
            label: t('order.fee'),
            value: order.fee ? <bdi>{fmt.usdt(order.fee)}</bdi> : fmt.percent(order.feeBps / 10_000),
          },
          { label: t('order.created'), value: fmt.date(order.createdAt, 'dateTime') },
          { label: t('order.amount'), value: <bdi>{fmt.usdt(order.amount)}</bdi>, strong: true },
        ]}
      />
    </Section>
  );
}

function PayFromWallet({ order, buyTether: Step }: { order: BasketOrder; buyTether: BuyTetherStep | undefined }) {
  const { t } = useTranslation('baskets');
  const fmt = useBasketFormat();
  const navigate = useNavigate();
  const errorMessage = useBasketErrorMessage();
  const wallets = useWallets();
  const pay = usePayBasketOrder(order.id);
  const key = useRef<string | null>(null);
  const [uncertain, setUncertain] = useState(false);
  const [open, setOpen] = useState(false);
  const [bought, setBought] = useState<TetherTrade | null>(null);
  const available = wallets.data?.items.find((w) => w.currency === 'USDT')?.available ?? null;
  // Right after a trade the old balance shows for a moment: no shortfall is claimed while it is read again.
  const settling = bought !== null && wallets.isFetching;
  const missing = settling ? null : shortfallOf(order.amount, available);
  // The step's code and texts load as soon as it may be needed, and it stays mounted while it fades out.
  const [mounted, setMounted] = useState(false);
  if (Step && missing !== null && !mounted) setMounted(true);

  const submit = () => {
    if (pay.isPending || missing !== null || available === null) return;
    key.current ??= newIdempotencyKey();
    pay.mutate(
      { idempotencyKey: key.current },
      {
        onSuccess: (paid) => void navigate(paths.basketOrderOutcome.getHref(paid.id, 'success')),
        onError: (e) => {
          const unknownOutcome = isUncertain(e);
          setUncertain(unknownOutcome);
          if (unknownOutcome) return;
          // A definite refusal: the next attempt is a new one.
          key.current = null;
          if (isApiError(e) && e.code === 'BASKET_ORDER_ALREADY_PAID')
            void navigate(paths.basketOrderOutcome.getHref(order.id, 'process'));
          else if (isApiError(e) && !['INSUFFICIENT_BALANCE', 'KYC_REQUIRED', 'ACCOUNT_FROZEN'].includes(e.code))
            void navigate(paths.basketOrderOutcome.getHref(order.id, 'unsuccess'), { state: { code: e.code } });
        },
      },
    );
  };

  return (
    <Section id="basket-payment" title={t('payment.title')}>
      {wallets.isError ? (
        <ErrorState error={wallets.error} onRetry={() => void wallets.refetch()} isRetrying={wallets.isFetching} />
      ) : (
        <Typography>
          {t('payment.balance')}: <bdi>{available === null ? '…' : fmt.usdt(available)}</bdi>
        </Typography>
      )}
      {bought ? (
        <Alert severity="success" role="status">
          {t('payment.bought', {
            usdt: fmt.usdt(bought.usdtAmount),
            fiat: fmt.money(bought.fiatAmount, bought.fiat),
          })}
        </Alert>
      ) : null}
      {missing !== null ? (
        <Alert
          severity="warning"
          role="status"
          action={
            Step ? (
              <Button color="inherit" size="small" disabled={pay.isPending} onClick={() => setOpen(true)}>
                {t('payment.buyMissing')}
              </Button>
            ) : undefined
          }
          sx={{ alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
        >
          {t('payment.shortfall', { missing: fmt.usdt(missing), available: fmt.usdt(available ?? '0') })}
        </Alert>
      ) : null}
      {pay.error && !(isApiError(pay.error) && pay.error.code === 'KYC_REQUIRED') ? (
        <FormError message={uncertain ? t('payment.uncertain') : errorMessage(pay.error)} />
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button
          variant="contained"
          size="large"
          onClick={submit}
          loading={pay.isPending}
          disabled={missing !== null || available === null}
          sx={{ minWidth: 220 }}
        >
          {t('payment.pay', { amount: fmt.usdt(order.amount) })}
        </Button>
      </Stack>
      {Step && mounted ? (
        <Suspense fallback={null}>
          <Step
            missing={open && missing !== null ? missing : null}
            returnTo={paths.basketOrderPayment.getHref(order.id)}
            purpose="basket"
            onClose={() => setOpen(false)}
            onBought={(trade) => {
              setBought(trade);
              setOpen(false);
              // The trade marks the wallets stale itself; read them now, whatever the step did.
              void wallets.refetch();
            }}
          />
        </Suspense>
      ) : null}
    </Section>
  );
}
