import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { BasketOrder } from '@portal/contract/baskets/orders';
import { ErrorState } from '@/components/errors/error-state';
import { PageShell, Section, SectionLoading } from '@/components/layouts/page-shell';
import { paths } from '@/config/paths';
import { basketOrderQueryOptions } from '@/lib/queries/baskets';
import { invalidateAfter } from '@/lib/queries/invalidate';
import { isUuid, notFound } from '../ids';
import { useBasketFormat } from '../use-basket-format';
import { OrderElsewhere } from './order-state';
import { OrderFigures } from './payment-screen';

/** How often the building page asks for the order while it is being built. */
export const PROCESS_POLL_MS = 2_000;

const isBuilding = (o: BasketOrder | undefined) => o?.status === 'NotStarted' || o?.status === 'InProgress';

/**
 * `/basket-order/process/{orderId}` (SPEC §2 "processing"): a paid order being built. The page asks for the
 * order every two seconds while it is `NotStarted` or `InProgress`, and stops once it is `Analysed` (the
 * basket is ready: on to it) or `GenerationFailed` (why, and that the payment went back to the wallet); the
 * wallets, the baskets and the portfolio are then read again.
 */
export default function ProcessScreen({ orderId, pollMs = PROCESS_POLL_MS }: { orderId: string; pollMs?: number }) {
  const { t } = useTranslation('baskets');
  const valid = isUuid(orderId);
  const client = useQueryClient();
  const order = useQuery({
    ...basketOrderQueryOptions(orderId),
    enabled: valid,
    refetchInterval: (q) => (isBuilding(q.state.data) || q.state.data === undefined ? pollMs : false),
    // Seen once building, the order is read afresh on opening (not from a cache of the payment).
    staleTime: 0,
  });
  const seenBuilding = useRef(false);
  const status = order.data?.status;
  useEffect(() => {
    if (isBuilding(order.data)) seenBuilding.current = true;
    else if (seenBuilding.current && (status === 'Analysed' || status === 'GenerationFailed')) {
      seenBuilding.current = false;
      void invalidateAfter(client, 'basketOrder');
    }
  }, [status, order.data, client]);

  const back = paths.baskets.getHref();
  if (!valid)
    return (
      <PageShell title={t('process.pageTitle')} backTo={back}>
        <ErrorState error={notFound()} />
      </PageShell>
    );
  if (order.isPending)
    return (
      <PageShell title={t('process.pageTitle')} backTo={back}>
        <SectionLoading />
      </PageShell>
    );
  if (order.isError && !order.data)
    return (
      <PageShell title={t('process.pageTitle')} backTo={back}>
        <ErrorState error={order.error} onRetry={() => void order.refetch()} isRetrying={order.isFetching} />
      </PageShell>
    );
  const o = order.data;
  return (
    <PageShell title={t('process.pageTitle')} backTo={back}>
      {isBuilding(o) ? (
        <Building order={o} />
      ) : o.status === 'Analysed' ? (
        <Built order={o} />
      ) : o.status === 'GenerationFailed' ? (
        <Failed order={o} />
      ) : (
        <OrderElsewhere order={o} />
      )}
      <OrderFigures order={o} />
    </PageShell>
  );
}

function Building({ order }: { order: BasketOrder }) {
  const { t } = useTranslation('baskets');
  return (
    <Section id="basket-process" title={t(`status.${order.status}`)}>
      <Box role="status" aria-live="polite" sx={{ display: 'grid', gap: 1.5 }}>
        <Typography>{order.status === 'NotStarted' ? t('process.waiting') : t('process.building')}</Typography>
        <LinearProgress aria-label={t(`status.${order.status}`)} />
        <Typography variant="body2" color="text.secondary">
          {t('process.note')}
        </Typography>
      </Box>
    </Section>
  );
}

function Built({ order }: { order: BasketOrder }) {
  const { t } = useTranslation('baskets');
  return (
    <Section id="basket-process" title={t('process.done')}>
      <Stack role="status" spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <CheckCircleOutline color="success" aria-hidden="true" sx={{ fontSize: 48 }} />
        <Typography>{t('process.doneText')}</Typography>
        <Button component={RouterLink} to={paths.basketOrder.getHref(order.id)} variant="contained">
          {t('process.open')}
        </Button>
      </Stack>
    </Section>
  );
}

function Failed({ order }: { order: BasketOrder }) {
  const { t } = useTranslation('baskets');
  const fmt = useBasketFormat();
  return (
    <Section id="basket-process" title={t('process.failed')}>
      <Stack role="alert" spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <ErrorOutline color="error" aria-hidden="true" sx={{ fontSize: 48 }} />
        <Typography>{t(`failReason.${order.failReason ?? 'other'}`)}</Typography>
        <Typography sx={{ fontWeight: 700 }}>{t('process.refunded', { amount: fmt.usdt(order.amount) })}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button
            component={RouterLink}
            to={paths.basketOrderCreate.getHref({ risk: String(order.risk), amount: order.amount })}
            variant="contained"
          >
            {t('process.tryAgain')}
          </Button>
          <Button component={RouterLink} to={paths.baskets.getHref()} variant="outlined">
            {t('outcome.toBaskets')}
          </Button>
        </Stack>
      </Stack>
    </Section>
  );
}
