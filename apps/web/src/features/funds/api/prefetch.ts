import type { QueryClient } from '@tanstack/react-query';
import { fundIdParams } from '@portal/contract/funds/catalogue';
import { fundQueryOptions } from '@/lib/queries/funds';
import { DEFAULT_NAV_RANGE, fundNavHistoryQueryOptions } from './get-fund-nav-history';
import { fundHoldingQueryOptions } from './get-holdings';

/**
 * What a fund's page asks for first (the fund, my units of it, the chart's default range), fetched by the
 * route's loader while the page's code loads. Each query keeps its own options, so the page reads the same
 * cache entries.
 */
export async function prefetchFundPage(client: QueryClient, fundId: string): Promise<void> {
  // An id that is not an id names no fund: the page shows not-found without asking (issue 19).
  if (!fundIdParams.safeParse({ fundId }).success) return;
  await Promise.all([
    client.prefetchQuery(fundQueryOptions(fundId)),
    client.prefetchQuery(fundHoldingQueryOptions(fundId)),
    client.prefetchQuery(fundNavHistoryQueryOptions(fundId, DEFAULT_NAV_RANGE)),
  ]);
}
