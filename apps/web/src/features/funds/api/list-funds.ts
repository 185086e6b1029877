import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMING } from '@portal/contract/core/constants';
import { listFunds } from '@portal/contract/funds/catalogue';
import { callApi } from '@/lib/api-client';
import { fundKeys } from './fund-keys';

/**
 * `GET /funds`: every published fund with its latest NAV and yields. The page filters the invest tabs
 * itself, so one answer serves every tab and the names of "my funds". Yields are read again every hour
 * (SPEC §9 "fund last-day efficiency refetch every 1 hour").
 */
export const fundsQueryOptions = () =>
  queryOptions({
    queryKey: fundKeys.list,
    queryFn: ({ signal }) => callApi(listFunds, { signal }),
    refetchInterval: TIMING.fundEfficiencyRefetchMs,
  });

export function useFunds() {
  return useQuery(fundsQueryOptions());
}
