import { queryOptions, useQuery } from '@tanstack/react-query';
import { getFundHolding, getMyFundHoldings } from '@portal/contract/funds/orders';
import { callApi } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { fundKeys } from './fund-keys';

/** `GET /funds/holdings`: my funds (units, value, profit, free units), for `/funds` and its chart. */
export const myFundHoldingsQueryOptions = () =>
  queryOptions({
    queryKey: fundKeys.holdings,
    queryFn: ({ signal }) => callApi(getMyFundHoldings, { signal }),
  });

export function useMyFundHoldings() {
  return useQuery(myFundHoldingsQueryOptions());
}

/**
 * `GET /funds/:fundId/holding`: my units of one fund, lot by lot (the early-exit card). A fund I hold
 * nothing of answers no lots; a not-found answer is read the same way (`null`): nothing to show.
 */
export const fundHoldingQueryOptions = (fundId: string) =>
  queryOptions({
    queryKey: fundKeys.holding(fundId),
    queryFn: async ({ signal }) => {
      try {
        return await callApi(getFundHolding, { params: { fundId }, signal });
      } catch (e) {
        if (isApiError(e) && e.status === 404) return null;
        throw e;
      }
    },
  });

export function useFundHolding(fundId: string) {
  return useQuery(fundHoldingQueryOptions(fundId));
}
