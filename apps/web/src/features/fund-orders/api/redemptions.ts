import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  createFundRedemption,
  getFundHolding,
  getFundRedemption,
  quoteFundRedemption,
  type RedemptionBody,
} from '@portal/contract/funds/orders';
import { callApi } from '@/lib/api-client';
import { fundOrderKeys, ORDER_POLL_MS } from './keys';
import { useInvalidateOrders, useInvalidateWhenSettled } from './order-cache';

/** `GET /funds/:fundId/holding`: my units lot by lot (the redemption planner), free units, the fund's redemption terms. */
export const fundHoldingQueryOptions = (fundId: string) =>
  queryOptions({
    queryKey: fundOrderKeys.holding(fundId),
    queryFn: ({ signal }) => callApi(getFundHolding, { params: { fundId }, signal }),
  });

export function useFundHolding(fundId: string, enabled = true) {
  return useQuery({ ...fundHoldingQueryOptions(fundId), enabled });
}

/**
 * `POST /funds/:fundId/redemption-quote`, read like a query: what a count of units (or the free ones) pays,
 * lot by lot; asked again when the count changes, the previous figures staying on screen meanwhile.
 */
export const redemptionQuoteQueryOptions = (fundId: string, body: RedemptionBody) =>
  queryOptions({
    queryKey: fundOrderKeys.redemptionQuote(fundId, body),
    queryFn: ({ signal }) => callApi(quoteFundRedemption, { params: { fundId }, body, signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export function useRedemptionQuote(fundId: string, body: RedemptionBody | null) {
  return useQuery({ ...redemptionQuoteQueryOptions(fundId, body ?? {}), enabled: body !== null });
}

/**
 * `POST /funds/:fundId/redemptions`. `idempotencyKey` is made once per attempt by the form, so a retry of
 * the same attempt redeems once.
 */
export function useCreateFundRedemption(fundId: string) {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: RedemptionBody; idempotencyKey: string }) =>
      callApi(createFundRedemption, { params: { fundId }, body, idempotencyKey }),
    // Stale, not refetched: the form goes on to its outcome page at once (useInvalidateOrders).
    onSuccess: () => {
      void invalidate('none');
    },
  });
}

/** `GET /fund-redemptions/:id`, asked again every few seconds while it waits for the day's NAV. */
export const fundRedemptionQueryOptions = (redemptionId: string) =>
  queryOptions({
    queryKey: fundOrderKeys.redemption(redemptionId),
    queryFn: ({ signal }) => callApi(getFundRedemption, { params: { redemptionId }, signal }),
    refetchInterval: (query) => (query.state.data?.outcome === 'waiting' ? ORDER_POLL_MS : false),
  });

export function useFundRedemption(redemptionId: string, enabled = true) {
  const query = useQuery({ ...fundRedemptionQueryOptions(redemptionId), enabled });
  useInvalidateWhenSettled(query.data?.outcome);
  return query;
}
