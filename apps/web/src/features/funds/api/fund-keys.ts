import type { FundAnnouncementKind } from '@portal/contract/funds/catalogue';
import type { NavRange } from '@portal/contract/funds/funds';

/**
 * Query keys of the funds pages, written once. Every key starts with `funds`; what a user does on a fund
 * (marking an announcement seen, asking for a call) invalidates that fund's keys through `fund(id)`.
 */
export const fundKeys = {
  all: ['funds'] as const,
  list: ['funds', 'list'] as const,
  holdings: ['funds', 'holdings'] as const,
  fund: (fundId: string) => ['funds', 'fund', fundId] as const,
  detail: (fundId: string) => ['funds', 'fund', fundId, 'detail'] as const,
  navs: (fundId: string, range: NavRange) => ['funds', 'fund', fundId, 'navs', range] as const,
  holding: (fundId: string) => ['funds', 'fund', fundId, 'holding'] as const,
  announcements: (fundId: string, kind: FundAnnouncementKind | undefined, page: number) =>
    ['funds', 'fund', fundId, 'announcements', kind ?? 'all', page] as const,
  orders: (fundId: string, page: number) => ['funds', 'fund', fundId, 'orders', page] as const,
  purchase: (purchaseId: string) => ['funds', 'purchase', purchaseId] as const,
  redemption: (redemptionId: string) => ['funds', 'redemption', redemptionId] as const,
};
