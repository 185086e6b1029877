import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMING } from '@portal/contract/core/constants';
import { getFund } from '@portal/contract/funds/catalogue';
import { callApi } from '@/lib/api-client';
import { fundKeys } from './fund-keys';

/** `GET /funds/:fundId`: a fund's page (about, fees, limits, top holdings, licences, documents…). */
export const fundQueryOptions = (fundId: string) =>
  queryOptions({
    queryKey: fundKeys.detail(fundId),
    queryFn: ({ signal }) => callApi(getFund, { params: { fundId }, signal }),
    refetchInterval: TIMING.fundEfficiencyRefetchMs,
  });

export function useFund(fundId: string) {
  return useQuery(fundQueryOptions(fundId));
}
