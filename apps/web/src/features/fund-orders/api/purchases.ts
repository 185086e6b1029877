import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  createFundPurchase,
  getFundPurchase,
  quoteFundPurchase,
  verifyFundPurchasePayment,
  type CreateFundPurchaseBody,
} from '@portal/contract/funds/orders';
import { callApi } from '@/lib/api-client';
import { fundOrderKeys, ORDER_POLL_MS } from './keys';
import { isSettling, useInvalidateOrders, useInvalidateWhenSettled } from './order-cache';

/**
 * `POST /funds/:fundId/purchase-quote`, read like a query: the fee breakdown of an amount, asked again when
 * the amount changes (the previous breakdown stays on screen meanwhile). `amount` is already normalised.
 */
export const purchaseQuoteQueryOptions = (fundId: string, amount: string) =>
  queryOptions({
    queryKey: fundOrderKeys.purchaseQuote(fundId, amount),
    queryFn: ({ signal }) => callApi(quoteFundPurchase, { params: { fundId }, body: { amount }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export function usePurchaseQuote(fundId: string, amount: string | null) {
  return useQuery({ ...purchaseQuoteQueryOptions(fundId, amount ?? ''), enabled: amount !== null });
}

/**
 * `POST /funds/:fundId/purchases`. `idempotencyKey` is made once per attempt by the form: sending the same
 * attempt again (after a lost answer) is the same purchase, not a second one.
 */
export function useCreateFundPurchase(fundId: string) {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateFundPurchaseBody; idempotencyKey: string }) =>
      callApi(createFundPurchase, { params: { fundId }, body, idempotencyKey }),
    // Stale, not refetched: the form goes on to its outcome page at once (useInvalidateOrders).
    onSuccess: () => {
      void invalidate('none');
    },
  });
}

/** `GET /fund-purchases/:id`, asked again every few seconds while it is pending or waiting. */
export const fundPurchaseQueryOptions = (purchaseId: string) =>
  queryOptions({
    queryKey: fundOrderKeys.purchase(purchaseId),
    queryFn: ({ signal }) => callApi(getFundPurchase, { params: { purchaseId }, signal }),
    refetchInterval: (query) => (isSettling(query.state.data?.outcome) ? ORDER_POLL_MS : false),
  });

export function useFundPurchase(purchaseId: string, enabled = true) {
  const query = useQuery({ ...fundPurchaseQueryOptions(purchaseId), enabled });
  // Units issued (or the money back) while the page watched: balances and holdings moved.
  useInvalidateWhenSettled(query.data?.outcome);
  return query;
}

export interface GatewayReturn {
  purchaseId: string;
  authority: string;
  status: 'OK' | 'NOK';
}

/**
 * `POST /fund-purchases/:id/verify` for the return from the gateway, read like a query: the server verifies
 * with the gateway once and answers the same purchase to every later call (a reload, a second tab).
 */
export const verifyPurchaseQueryOptions = ({ purchaseId, authority, status }: GatewayReturn) =>
  queryOptions({
    queryKey: fundOrderKeys.verification(purchaseId, authority, status),
    queryFn: ({ signal }) =>
      callApi(verifyFundPurchasePayment, { params: { purchaseId }, body: { authority, status }, signal }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export function useVerifyPurchase(input: GatewayReturn) {
  const invalidate = useInvalidateOrders();
  const query = useQuery(verifyPurchaseQueryOptions(input));
  const answered = query.isSuccess;
  useEffect(() => {
    // A paid card purchase credited the wallet and held the amount: every balance moved.
    if (answered) void invalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once when the verification answers
  }, [answered]);
  return query;
}
