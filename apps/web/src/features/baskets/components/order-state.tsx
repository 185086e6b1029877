import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { BasketOrder } from '@portal/contract/baskets/orders';
import { paths } from '@/config/paths';

/** Where an order in this status is followed: its payment, its VIP page, the building page, or its own page. */
export function pageOfOrder(order: Pick<BasketOrder, 'id' | 'status'>): string {
  switch (order.status) {
    case 'PaymentPending':
      return paths.basketOrderPayment.getHref(order.id);
    case 'PendingVip':
      return paths.basketOrderOutcome.getHref(order.id, 'vip');
    case 'NotStarted':
    case 'InProgress':
      return paths.basketOrderOutcome.getHref(order.id, 'process');
    default:
      return paths.basketOrder.getHref(order.id);
  }
}

/**
 * An order that is not (or no longer) what the page is for: what it is now, and the way to the page that
 * follows it (a paid order's building page, an unpaid one's payment…).
 */
export function OrderElsewhere({ order }: { order: BasketOrder }) {
  const { t } = useTranslation('baskets');
  const text =
    order.status === 'PaymentPending'
      ? t('order.pendingPayment')
      : order.status === 'PendingVip'
        ? t('order.pendingVip')
        : order.status === 'NotStarted' || order.status === 'InProgress'
          ? t('order.building')
          : order.status === 'GenerationFailed'
            ? t('order.failed')
            : order.status === 'Cancelled'
              ? t('order.cancelled')
              : order.holding === 'closed'
                ? t('order.closedText')
                : t('order.ready');
  return (
    <Alert
      severity={order.status === 'GenerationFailed' ? 'warning' : 'info'}
      role="status"
      action={
        <Button component={RouterLink} to={pageOfOrder(order)} color="inherit" size="small">
          {order.status === 'PaymentPending'
            ? t('order.pay')
            : order.status === 'NotStarted' || order.status === 'InProgress'
              ? t('order.follow')
              : t('outcome.toOrder')}
        </Button>
      }
      sx={{ flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
    >
      {text}
    </Alert>
  );
}
