import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { BASKET_LIMITS, type BasketOrder } from '@portal/contract/baskets/orders';
import { ErrorState } from '@/components/errors/error-state';
import { PageShell, Section, SectionLoading } from '@/components/layouts/page-shell';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-error';
import { basketOrderQueryOptions } from '@/lib/queries/baskets';
import { isUuid, notFound } from '../ids';
import { useBasketErrorMessage } from '../messages';
import { useBasketFormat } from '../use-basket-format';
import { OrderFigures } from './payment-screen';
import { OrderElsewhere } from './order-state';

export type OrderOutcomePage = 'vip' | 'success' | 'unsuccess';

/**
 * `/basket-order/vip|success|unsuccess/{orderId}` (SPEC §2): the VIP request sent (operators call the
 * investor; above 200,000 a specialised basket is offered), the payment made (on to the building page), the
 * payment failed (nothing taken; the reason when the payment page passed it, and a way back to pay). A page
 * that does not match the order's status says what the order is now and leads to its page.
 */
export default function OutcomeScreen({ orderId, outcome }: { orderId: string; outcome: OrderOutcomePage }) {
  const { t } = useTranslation('baskets');
  const valid = isUuid(orderId);
  const order = useQuery({ ...basketOrderQueryOptions(orderId), enabled: valid });
  const title = t(`outcome.${outcome}.pageTitle`);
  const back = paths.baskets.getHref();
  if (!valid)
    return (
      <PageShell title={title} backTo={back}>
        <ErrorState error={notFound()} />
      </PageShell>
    );
  if (order.isPending)
    return (
      <PageShell title={title} backTo={back}>
        <SectionLoading />
      </PageShell>
    );
  if (order.isError)
    return (
      <PageShell title={title} backTo={back}>
        <ErrorState error={order.error} onRetry={() => void order.refetch()} isRetrying={order.isFetching} />
      </PageShell>
    );
  const o = order.data;
  return (
    <PageShell title={title} backTo={back}>
      {outcome === 'vip' ? (
        o.status === 'PendingVip' ? (
          <VipSent order={o} />
        ) : (
          <OrderElsewhere order={o} />
        )
      ) : outcome === 'success' ? (
        o.status === 'PaymentPending' || o.status === 'PendingVip' || o.status === 'Cancelled' ? (
          <OrderElsewhere order={o} />
        ) : (
          <PaidOutcome order={o} />
        )
      ) : o.status === 'PaymentPending' ? (
        <UnsuccessOutcome order={o} />
      ) : (
        <OrderElsewhere order={o} />
      )}
      <OrderFigures order={o} />
    </PageShell>
  );
}

function Outcome({
  icon,
  title,
  children,
  actions,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <Section id="basket-outcome" title={title}>
      <Box role="status" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5, py: 1 }}>
        {icon}
        <Box sx={{ textAlign: 'center', display: 'grid', gap: 1 }}>{children}</Box>
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
        {actions}
      </Stack>
    </Section>
  );
}

function VipSent({ order }: { order: BasketOrder }) {
  const { t } = useTranslation('baskets');
  const fmt = useBasketFormat();
  return (
    <Outcome
      icon={<SupportAgentOutlined color="primary" aria-hidden="true" sx={{ fontSize: 48 }} />}
      title={t('outcome.vip.title')}
      actions={
        <Button component={RouterLink} to={paths.baskets.getHref()} variant="contained">
          {t('outcome.toBaskets')}
        </Button>
      }
    >
      <Typography>{t('outcome.vip.text', { amount: fmt.usdt(order.amount) })}</Typography>
      {order.specialised ? (
        <Typography sx={{ fontWeight: 700 }}>
          {t('outcome.vip.specialised', { amount: fmt.usdt(BASKET_LIMITS.specialisedAbove) })}
        </Typography>
      ) : null}
    </Outcome>
  );
}

function PaidOutcome({ order }: { order: BasketOrder }) {
  const { t } = useTranslation('baskets');
  const fmt = useBasketFormat();
  const building = order.status === 'NotStarted' || order.status === 'InProgress';
  return (
    <Outcome
      icon={<CheckCircleOutline color="success" aria-hidden="true" sx={{ fontSize: 48 }} />}
      title={t('outcome.success.title')}
      actions={
        building ? (
          <Button component={RouterLink} to={paths.basketOrderOutcome.getHref(order.id, 'process')} variant="contained">
            {t('outcome.success.follow')}
          </Button>
        ) : (
          <Button component={RouterLink} to={paths.basketOrder.getHref(order.id)} variant="contained">
            {t('outcome.toOrder')}
          </Button>
        )
      }
    >
      <Typography>{t('outcome.success.text', { amount: fmt.usdt(order.amount) })}</Typography>
    </Outcome>
  );
}

function UnsuccessOutcome({ order }: { order: BasketOrder }) {
  const { t } = useTranslation('baskets');
  const errorMessage = useBasketErrorMessage();
  const state: unknown = useLocation().state;
  const code =
    state && typeof state === 'object' && 'code' in state && typeof state.code === 'string' ? state.code : null;
  return (
    <Outcome
      icon={<ErrorOutline color="error" aria-hidden="true" sx={{ fontSize: 48 }} />}
      title={t('outcome.unsuccess.title')}
      actions={
        <>
          <Button component={RouterLink} to={paths.basketOrderPayment.getHref(order.id)} variant="contained">
            {t('outcome.unsuccess.retry')}
          </Button>
          <Button component={RouterLink} to={paths.baskets.getHref()} variant="outlined">
            {t('outcome.toBaskets')}
          </Button>
        </>
      }
    >
      <Typography>{t('outcome.unsuccess.text')}</Typography>
      {code ? (
        <Typography color="text.secondary">
          {/* The payment page's refusal, as the user's sentence (never the server's text). */}
          {errorMessage(new ApiError(409, code as ApiError['code'], code))}
        </Typography>
      ) : null}
    </Outcome>
  );
}
