import type { RedemptionBody } from '@portal/contract/funds/orders';
import { queryRoots } from '@/lib/queries/keys';

const root = queryRoots.fundOrders;

/**
 * Query keys of the purchase and redemption pages, written once. Every key starts with the fund orders'
 * root, so an order that moves money or units makes every figure of these pages stale at once (with the
 * wallets and funds they read through lib/queries: `invalidateAfter(client, 'fundOrder')`).
 */
export const fundOrderKeys = {
  all: root,
  purchaseQuote: (fundId: string, amount: string) => [...root, 'purchase-quote', fundId, amount] as const,
  purchase: (purchaseId: string) => [...root, 'purchase', purchaseId] as const,
  /**
   * The outcome of one return from the gateway (its own authority and status): outside `all`, since asking
   * again is pointless once answered (the server verifies once and answers the same).
   */
  verification: (purchaseId: string, authority: string, status: 'OK' | 'NOK') =>
    ['fund-purchase-verification', purchaseId, authority, status] as const,
  holding: (fundId: string) => [...root, 'holding', fundId] as const,
  redemptionQuote: (fundId: string, body: RedemptionBody) => [...root, 'redemption-quote', fundId, body] as const,
  redemption: (redemptionId: string) => [...root, 'redemption', redemptionId] as const,
};

/** How often an order still waiting (for the gateway or for the day's NAV) is asked about again. */
export const ORDER_POLL_MS = 5_000;
