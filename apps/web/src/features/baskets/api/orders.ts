import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  closeBasket,
  confirmBasketRebalance,
  createBasketOrder,
  payBasketOrder,
  type BasketOrder,
  type CreateBasketOrderBody,
} from '@portal/contract/baskets/orders';
import { callApi } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { basketKeys } from '@/lib/queries/baskets';
import { invalidateAfter } from '@/lib/queries/invalidate';

/** Refusals that say the order, the basket or the balance changed under the page: read them again. */
const CHANGED = new Set([
  'INSUFFICIENT_BALANCE',
  'BASKET_ORDER_ALREADY_PAID',
  'BASKET_ORDER_NOT_PAYABLE',
  'BASKET_NOT_READY',
  'BASKET_CLOSED',
  'BASKET_REBALANCE_NOT_NEEDED',
  'NOT_FOUND',
]);

function useRefreshOnRefusal() {
  const client = useQueryClient();
  return (error: unknown) => {
    if (isApiError(error) && CHANGED.has(error.code)) void invalidateAfter(client, 'basketOrder');
  };
}

/**
 * `POST /basket-orders`: an order (PaymentPending) or a VIP request (PendingVip). One idempotency key per
 * attempt, made by the form and sent again with every retry of the same body. The answer is put in the cache,
 * so the next page (payment or VIP) shows it at once.
 */
export function useCreateBasketOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateBasketOrderBody; idempotencyKey: string }) =>
      callApi(createBasketOrder, { body, idempotencyKey }),
    onSuccess: (order) => {
      client.setQueryData(basketKeys.order(order.id), order);
      void client.invalidateQueries({ queryKey: basketKeys.list, refetchType: 'none' });
    },
  });
}

/**
 * `POST /basket-orders/:orderId/pay`: the amount leaves the tether wallet (held until the basket is built).
 * One idempotency key per attempt: a retry after a lost answer is the same payment, never a second one.
 */
export function usePayBasketOrder(orderId: string) {
  const client = useQueryClient();
  const refresh = useRefreshOnRefusal();
  return useMutation({
    mutationFn: ({ idempotencyKey }: { idempotencyKey: string }) =>
      callApi(payBasketOrder, { params: { orderId }, idempotencyKey }),
    onSuccess: (order: BasketOrder) => {
      client.setQueryData(basketKeys.order(order.id), order);
      void invalidateAfter(client, 'basketOrder', { refetchType: 'none' });
    },
    onError: refresh,
  });
}

/** `POST /baskets/:basketId/rebalance`: trades back to the target weights; idempotent per attempt. */
export function useConfirmRebalance(basketId: string) {
  const client = useQueryClient();
  const refresh = useRefreshOnRefusal();
  return useMutation({
    mutationFn: ({ idempotencyKey }: { idempotencyKey: string }) =>
      callApi(confirmBasketRebalance, { params: { basketId }, idempotencyKey }),
    onSuccess: () => {
      void invalidateAfter(client, 'basketOrder', { refetchType: 'none' });
    },
    onError: refresh,
  });
}

/** `POST /baskets/:basketId/close`: sells everything to tether; idempotent per attempt. */
export function useCloseBasket(basketId: string) {
  const client = useQueryClient();
  const refresh = useRefreshOnRefusal();
  return useMutation({
    mutationFn: ({ idempotencyKey }: { idempotencyKey: string }) =>
      callApi(closeBasket, { params: { basketId }, idempotencyKey }),
    onSuccess: () => {
      void invalidateAfter(client, 'basketOrder');
    },
    onError: refresh,
  });
}
