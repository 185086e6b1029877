/** Query keys of the deposit page, written once. */
export const depositKeys = {
  all: ['deposits'] as const,
  /** The outcome of one return from the gateway (the callback's own authority and status). */
  verification: (depositId: string, authority: string, status: 'OK' | 'NOK') =>
    ['deposits', 'verify', depositId, authority, status] as const,
  /** The by-ID tab: my payment IDs, today's cap and my transfers by ID. */
  byId: ['deposits', 'by-id'] as const,
};

/**
 * The root of the wallet pages' query keys (balances, histories, withdrawals): a deposit that reaches the
 * wallet makes them stale. The wallet feature owns these keys; features do not import each other, so the
 * root is named here once.
 */
export const WALLET_QUERY_ROOT = ['wallet'] as const;
