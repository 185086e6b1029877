import { queryOptions } from '@tanstack/react-query';
import { TIMING } from '@portal/contract/core/constants';
import { getFund, listFunds } from '@portal/contract/funds/catalogue';
import { callApi } from '@/lib/api-client';
import { resourceKeys } from './keys';

/**
 * `GET /funds`: every published fund with its latest NAV and yields. The funds page filters the invest
 * tabs itself, so one answer serves every tab and the names of "my funds". Yields are read again every
 * hour (SPEC §9 "fund last-day efficiency refetch every 1 hour"), a fund's page likewise.
 */
export const fundsQueryOptions = () =>
  queryOptions({
    queryKey: resourceKeys.fundList,
    queryFn: ({ signal }) => callApi(listFunds, { signal }),
    refetchInterval: TIMING.fundEfficiencyRefetchMs,
  });

/**
 * `GET /funds/:fundId`: a fund's page, and the name, currency, fees, limits and pauses the purchase and
 * redemption pages work with, under one key.
 */
export const fundQueryOptions = (fundId: string) =>
  queryOptions({
    queryKey: resourceKeys.fundDetail(fundId),
    queryFn: ({ signal }) => callApi(getFund, { params: { fundId }, signal }),
    refetchInterval: TIMING.fundEfficiencyRefetchMs,
  });
