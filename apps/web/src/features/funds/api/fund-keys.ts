import type { FundAnnouncementKind } from '@portal/contract/funds/catalogue';
import type { NavRange } from '@portal/contract/funds/funds';
import { queryRoots, resourceKeys } from '@/lib/queries/keys';

const root = queryRoots.funds;

/**
 * Query keys of the funds pages, written once. Every key starts with the funds root, as the catalogue and a
 * fund's `GET /funds/:id` (lib/queries/funds.ts) do; what a user does on a fund (marking an announcement
 * seen, asking for a call) invalidates that fund's keys through `fund(id)`.
 */
export const fundKeys = {
  holdings: [...root, 'holdings'] as const,
  fund: resourceKeys.fund,
  navs: (fundId: string, range: NavRange) => [...resourceKeys.fund(fundId), 'navs', range] as const,
  holding: (fundId: string) => [...resourceKeys.fund(fundId), 'holding'] as const,
  announcements: (fundId: string, kind: FundAnnouncementKind | undefined, page: number) =>
    [...resourceKeys.fund(fundId), 'announcements', kind ?? 'all', page] as const,
  orders: (fundId: string, page: number) => [...resourceKeys.fund(fundId), 'orders', page] as const,
  purchase: (purchaseId: string) => [...root, 'purchase', purchaseId] as const,
  redemption: (redemptionId: string) => [...root, 'redemption', redemptionId] as const,
};
