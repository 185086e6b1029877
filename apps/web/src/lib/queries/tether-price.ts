import { queryOptions } from '@tanstack/react-query';
import { getTetherPrice } from '@portal/contract/tether/market';
import { callApi } from '@/lib/api-client';
import { resourceKeys } from './keys';

/**
 * `GET /tether/price`: the live tether price (rials per tether, the house's buy and sell prices, the
 * market's status). Read by the tether trading page and the wallet's conversion modal under one key; the
 * real-time channel (`useRealtimePrice` in lib/realtime.ts) writes each new price into this entry and asks
 * it again when it sees a gap in `seq`. A trade marks it stale with the rest of the market
 * (`invalidateAfter(client, 'tetherTrade')`).
 */
export const tetherPriceQueryOptions = () =>
  queryOptions({
    queryKey: resourceKeys.tetherPrice,
    queryFn: ({ signal }) => callApi(getTetherPrice, { signal }),
    staleTime: 10_000,
  });
