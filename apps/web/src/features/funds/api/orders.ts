import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getFundPurchase, getFundRedemption, listMyFundOrders } from '@portal/contract/funds/orders';
import { callApi } from '@/lib/api-client';
import { fundKeys } from './fund-keys';

/** `GET /fund-orders?fundId=&page=`: my purchases and redemptions of a fund, newest first. */
export const myFundOrdersQueryOptions = (fundId: string, page: number) =>
  queryOptions({
    queryKey: fundKeys.orders(fundId, page),
    queryFn: ({ signal }) => callApi(listMyFundOrders, { query: { fundId, page }, signal }),
  });

export function useMyFundOrders(fundId: string, page: number) {
  return useQuery({ ...myFundOrdersQueryOptions(fundId, page), placeholderData: keepPreviousData });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The purchase named by the fund page's `orderid` (after the purchase pages): its amount and units. */
export function useFundPurchase(purchaseId: string | null) {
  return useQuery({
    queryKey: fundKeys.purchase(purchaseId ?? ''),
    queryFn: ({ signal }) => callApi(getFundPurchase, { params: { purchaseId: purchaseId ?? '' }, signal }),
    enabled: purchaseId !== null && UUID.test(purchaseId),
  });
}

/** The redemption named by the fund page's `redeemRequestId`. */
export function useFundRedemption(redemptionId: string | null) {
  return useQuery({
    queryKey: fundKeys.redemption(redemptionId ?? ''),
    queryFn: ({ signal }) => callApi(getFundRedemption, { params: { redemptionId: redemptionId ?? '' }, signal }),
    enabled: redemptionId !== null && UUID.test(redemptionId),
  });
}
