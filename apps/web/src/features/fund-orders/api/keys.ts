import type { RedemptionBody } from '@portal/contract/funds/orders';

/**
 * Query keys of the purchase and redemption pages, written once. Every key starts with `fund-orders`, so
 * an order that moves money or units makes every figure of these pages stale at once.
 */
export const fundOrderKeys = {
  all: ['fund-orders'] as const,
  fund: (fundId: string) => ['fund-orders', 'fund', fundId] as const,
  wallets: ['fund-orders', 'wallets'] as const,
  purchaseQuote: (fundId: string, amount: string) => ['fund-orders', 'purchase-quote', fundId, amount] as const,
  purchase: (purchaseId: string) => ['fund-orders', 'purchase', purchaseId] as const,
  /**
   * The outcome of one return from the gateway (its own authority and status): outside `all`, since asking
   * again is pointless once answered (the server verifies once and answers the same).
   */
  verification: (purchaseId: string, authority: string, status: 'OK' | 'NOK') =>
    ['fund-purchase-verification', purchaseId, authority, status] as const,
  holding: (fundId: string) => ['fund-orders', 'holding', fundId] as const,
  redemptionQuote: (fundId: string, body: RedemptionBody) => ['fund-orders', 'redemption-quote', fundId, body] as const,
  redemption: (redemptionId: string) => ['fund-orders', 'redemption', redemptionId] as const,
};

/**
 * The roots of the other pages' keys that an order makes stale: the wallet pages (balances, histories) and
 * the funds pages (my funds, a fund's buy and sell history). Those features own their keys; features do
 * not import each other, so the roots are named here once.
 */
export const WALLET_QUERY_ROOT = ['wallet'] as const;
export const FUNDS_QUERY_ROOT = ['funds'] as const;

/** How often an order still waiting (for the gateway or for the day's NAV) is asked about again. */
export const ORDER_POLL_MS = 5_000;
