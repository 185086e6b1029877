import { queryOptions } from '@tanstack/react-query';
import {
  getBasket,
  getBasketOrder,
  getBasketOrderOptions,
  listBasketOrders,
  listBaskets,
  previewBasketRebalance,
} from '@portal/contract/baskets/orders';
import { callApi } from '@/lib/api-client';
import { queryRoots } from './keys';

/**
 * The smart hold baskets' queries (issue 20), under the baskets root: a payment, a rebalance, a close or an
 * order seen to finish building (`invalidateAfter(client, 'basketOrder')`) reads them all again with the
 * wallets and the portfolio. The basket's id is its order's id.
 */
export const basketKeys = {
  /** `GET /basket-orders/options`: limits, fee, my latest risk result, my tether, the exchanges. */
  options: [...queryRoots.baskets, 'options'] as const,
  /** `GET /baskets`. */
  list: [...queryRoots.baskets, 'list'] as const,
  /** `GET /basket-orders?page=`: my orders, newest first. */
  orders: (page: number) => [...queryRoots.baskets, 'orders', page] as const,
  /** Everything of one basket: its order, its detail, its rebalance preview. */
  basket: (id: string) => [...queryRoots.baskets, 'basket', id] as const,
  order: (id: string) => [...queryRoots.baskets, 'basket', id, 'order'] as const,
  detail: (id: string) => [...queryRoots.baskets, 'basket', id, 'detail'] as const,
  rebalancePreview: (id: string) => [...queryRoots.baskets, 'basket', id, 'rebalance-preview'] as const,
};

export const basketOrderOptionsQueryOptions = () =>
  queryOptions({
    queryKey: basketKeys.options,
    queryFn: ({ signal }) => callApi(getBasketOrderOptions, { signal }),
  });

/** My baskets with their value, gain and drift; prices move all day: read again after a minute on screen. */
export const basketsQueryOptions = () =>
  queryOptions({
    queryKey: basketKeys.list,
    queryFn: ({ signal }) => callApi(listBaskets, { signal }),
    staleTime: 60_000,
  });

/** My orders, newest first (`/baskets` shows those still to pay or being built). */
export const basketOrdersQueryOptions = (page = 1) =>
  queryOptions({
    queryKey: basketKeys.orders(page),
    queryFn: ({ signal }) => callApi(listBasketOrders, { query: { page }, signal }),
  });

/** One order (its status: the payment, the outcome pages and the processing page poll it). */
export const basketOrderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: basketKeys.order(orderId),
    queryFn: ({ signal }) => callApi(getBasketOrder, { params: { orderId }, signal }),
  });

/** One basket: holdings, construction and back-test, value history, operations. */
export const basketQueryOptions = (basketId: string) =>
  queryOptions({
    queryKey: basketKeys.detail(basketId),
    queryFn: ({ signal }) => callApi(getBasket, { params: { basketId }, signal }),
    staleTime: 60_000,
  });

/** The trades a rebalance would make now and their fees (a POST that changes nothing). */
export const rebalancePreviewQueryOptions = (basketId: string) =>
  queryOptions({
    queryKey: basketKeys.rebalancePreview(basketId),
    queryFn: ({ signal }) => callApi(previewBasketRebalance, { params: { basketId }, signal }),
    staleTime: 0,
  });
