import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminAcceptBasketVip,
  adminAddBasketVipNote,
  adminDeclineBasketVip,
  adminGetBasketOrder,
  adminGetBasketSettings,
  adminListBasketOrders,
  adminListBasketVipRequests,
  adminProposeBasketSettings,
  type ProposeBasketSettingsBody,
} from '@portal/contract/admin/baskets';
import { adminGetUniverse } from '@portal/contract/admin/universe';
import type { BasketOrderStatusValue } from '@portal/contract/baskets/orders';
import type { ExchangeId, MarketType } from '@portal/contract/baskets/universe';
import { callApi } from '@/lib/api-client';
import { consoleKeys } from '../shell/console-keys';
import { useInvalidateProposals } from '../shell/four-eyes/proposal-queries';

/** The orders list's filters as the address holds them: one status (or every one), one user (or every one). */
export interface OrderFilters {
  status: BasketOrderStatusValue | 'all';
  userId?: string | undefined;
}

export type VipFilter = 'open' | 'decided';

/** The universe's filters as the address holds them: one exchange (or both), every market or margin only. */
export interface UniverseFilters {
  exchange: ExchangeId | 'all';
  marketType: MarketType;
}

/**
 * Query keys of the basket desk (issue 20), under the console's `baskets` root: a VIP decision or note reads
 * the lists and the order again; an approved settings proposal refreshes the root (proposals/api.ts).
 */
export const basketKeys = {
  all: consoleKeys.baskets,
  orders: (filters: OrderFilters, page: number) => [...consoleKeys.baskets, 'orders', { ...filters, page }] as const,
  order: (orderId: string) => [...consoleKeys.baskets, 'order', orderId] as const,
  vip: (state: VipFilter, page: number) => [...consoleKeys.baskets, 'vip', { state, page }] as const,
  settings: [...consoleKeys.baskets, 'settings'] as const,
  universe: (filters: UniverseFilters) => [...consoleKeys.baskets, 'universe', filters] as const,
};

/** `GET /admin/basket-orders`: newest first; `GenerationFailed` is the failed generations' list. */
export const basketOrdersQueryOptions = (filters: OrderFilters, page: number) =>
  queryOptions({
    queryKey: basketKeys.orders(filters, page),
    queryFn: ({ signal }) =>
      callApi(adminListBasketOrders, {
        query: {
          ...(filters.status === 'all' ? {} : { status: filters.status }),
          ...(filters.userId ? { userId: filters.userId } : {}),
          page,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** How often an order still being built is read again (its status moves without the operator). */
export const BASKET_ORDER_BUILDING_REFRESH_MS = 5_000;

export const basketOrderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: basketKeys.order(orderId),
    queryFn: ({ signal }) => callApi(adminGetBasketOrder, { params: { orderId }, signal }),
    refetchInterval: (q) =>
      q.state.data?.status === 'NotStarted' || q.state.data?.status === 'InProgress'
        ? BASKET_ORDER_BUILDING_REFRESH_MS
        : false,
  });

/** `GET /admin/basket-vip`: open requests oldest first (the queue), decided ones newest first. */
export const basketVipQueryOptions = (state: VipFilter, page: number) =>
  queryOptions({
    queryKey: basketKeys.vip(state, page),
    queryFn: ({ signal }) => callApi(adminListBasketVipRequests, { query: { state, page }, signal }),
    placeholderData: keepPreviousData,
  });

/** How often the universe (latest prices, each exchange's sync) is read again while the page is open. */
export const UNIVERSE_REFRESH_MS = 60_000;

/** `GET /admin/universe`: every asset with its listings, latest price and history, and each exchange's sync. */
export const universeQueryOptions = (filters: UniverseFilters) =>
  queryOptions({
    queryKey: basketKeys.universe(filters),
    queryFn: ({ signal }) =>
      callApi(adminGetUniverse, {
        query: {
          ...(filters.exchange === 'all' ? {} : { exchange: filters.exchange }),
          ...(filters.marketType === 'all' ? {} : { marketType: filters.marketType }),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: UNIVERSE_REFRESH_MS,
  });

export const basketSettingsQueryOptions = () =>
  queryOptions({
    queryKey: basketKeys.settings,
    queryFn: ({ signal }) => callApi(adminGetBasketSettings, { signal }),
  });

/** The desk's lists and the order, the user's page and the audit log: what a VIP note or decision changes. */
function useInvalidateVip(userId: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: consoleKeys.baskets }),
      client.invalidateQueries({ queryKey: consoleKeys.user(userId) }),
      client.invalidateQueries({ queryKey: consoleKeys.audit }),
    ]);
}

/** `POST /admin/basket-orders/:id/notes`: a contact note on a VIP request (`baskets.manage`). */
export function useAddVipNote(orderId: string, userId: string) {
  const invalidate = useInvalidateVip(userId);
  return useMutation({
    mutationFn: (text: string) => callApi(adminAddBasketVipNote, { params: { orderId }, body: { text } }),
    onSuccess: () => invalidate(),
  });
}

export type VipDecision = { accept: true } | { accept: false; reason: string };

/**
 * Accept (the investor may pay it; above the bound, a first approval that waits for a second operator) or
 * decline a VIP request. Whatever the answer (a decision, `REQUEST_ALREADY_REVIEWED`, `SAME_OPERATOR`…), the
 * desk, the user's page and the audit log are read again.
 */
export function useDecideVip(orderId: string, userId: string) {
  const invalidate = useInvalidateVip(userId);
  return useMutation({
    mutationFn: (decision: VipDecision) =>
      decision.accept
        ? callApi(adminAcceptBasketVip, { params: { orderId } })
        : callApi(adminDeclineBasketVip, { params: { orderId }, body: { reason: decision.reason } }),
    onSettled: () => invalidate(),
  });
}

/** `POST /admin/baskets/settings`: proposes the settings (202, a proposal; they apply once another operator approves). */
export function useProposeBasketSettings() {
  const invalidate = useInvalidateProposals();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProposeBasketSettingsBody) => callApi(adminProposeBasketSettings, { body }),
    onSuccess: () =>
      Promise.all([invalidate(), client.invalidateQueries({ queryKey: basketKeys.settings })]).then(() => undefined),
  });
}
