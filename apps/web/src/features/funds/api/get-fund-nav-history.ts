import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { TIMING } from '@portal/contract/core/constants';
import { getFundNavHistory } from '@portal/contract/funds/catalogue';
import type { NavRange } from '@portal/contract/funds/funds';
import { callApi } from '@/lib/api-client';
import { fundKeys } from './fund-keys';

/** The range the chart opens with. */
export const DEFAULT_NAV_RANGE: NavRange = '1m';

/** `GET /funds/:fundId/navs?range=`: the share value chart's points, oldest first. */
export const fundNavHistoryQueryOptions = (fundId: string, range: NavRange) =>
  queryOptions({
    queryKey: fundKeys.navs(fundId, range),
    queryFn: ({ signal }) => callApi(getFundNavHistory, { params: { fundId }, query: { range }, signal }),
    refetchInterval: TIMING.fundEfficiencyRefetchMs,
  });

/** The previous range stays on screen while the next one loads. */
export function useFundNavHistory(fundId: string, range: NavRange) {
  return useQuery({ ...fundNavHistoryQueryOptions(fundId, range), placeholderData: keepPreviousData });
}
