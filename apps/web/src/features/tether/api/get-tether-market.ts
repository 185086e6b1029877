import { queryOptions, useQuery } from '@tanstack/react-query';
import { getTetherMarket } from '@portal/contract/tether/market';
import { callApi } from '@/lib/api-client';
import { tetherKeys } from './tether-keys';

/**
 * `GET /tether/market`: what the trading page and the conversion modal show besides the live price — the
 * fee, the quote's lifetime, the minimum, today's limit and what is left of it, and the KYC level trading
 * needs beside the user's.
 */
export const tetherMarketQueryOptions = () =>
  queryOptions({
    queryKey: tetherKeys.market,
    queryFn: ({ signal }) => callApi(getTetherMarket, { signal }),
  });

export function useTetherMarket() {
  return useQuery(tetherMarketQueryOptions());
}
