import { queryRoots } from '@/lib/queries/keys';

/**
 * Query keys of the tether pages, under the tether root (as the shared price is, lib/queries/tether-price.ts),
 * so a trade (`invalidateAfter(client, 'tetherTrade')`) makes the market's limits stale with the price.
 */
export const tetherKeys = {
  market: [...queryRoots.tether, 'market'] as const,
};
