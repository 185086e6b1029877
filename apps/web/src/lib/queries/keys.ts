/**
 * The roots of the web app's query keys, typed once (decision 032). A feature's keys start with its root
 * (`[...queryRoots.wallet, 'history', id]`), so invalidating a root refreshes every page of that feature;
 * the resources several features read (`GET /wallets`, `GET /funds`, `GET /funds/:id`, `GET /account`,
 * `GET /kyc`, `GET /bank-accounts`, `GET /tether/price`) have their one key in `resourceKeys` and their one
 * `queryOptions` factory beside it in this folder. No feature writes one of these keys as an array of its own
 * (`queries.test.ts` looks). This module imports nothing, so the first screen's session code can use it.
 */
export const queryRoots = {
  account: ['account'],
  kyc: ['kyc'],
  bankAccounts: ['bank-accounts'],
  /** Balances, wallet histories, transactions, withdrawals. */
  wallet: ['wallet'],
  /** The fund catalogue, a fund's page, my holdings and orders of a fund. */
  funds: ['funds'],
  /** The purchase and redemption pages (quotes, orders being settled). */
  fundOrders: ['fund-orders'],
  deposits: ['deposits'],
  userRequests: ['user-requests'],
  /** The tether market: the live price, the trading page's fee and limits, quotes and trades. */
  tether: ['tether'],
  /** The investor's portfolio (issue 19): its value now and day by day; stale after any money moved. */
  portfolio: ['portfolio'],
  /** Smart hold baskets (issue 20): my baskets, an order and its basket, rebalance previews. */
  baskets: ['baskets'],
  /** The risk quiz (issue 20): the published quiz and my results (the fund purchase and baskets read the latest). */
  risk: ['risk'],
} as const satisfies Record<string, readonly [string]>;

export type QueryRoot = keyof typeof queryRoots;

/** The one key of each resource that more than one feature reads. */
export const resourceKeys = {
  /** `GET /account`: the session (see lib/session.ts). */
  account: queryRoots.account,
  /** `GET /kyc`. */
  kyc: queryRoots.kyc,
  /** `GET /bank-accounts`. */
  bankAccounts: queryRoots.bankAccounts,
  /** `GET /wallets`: the four wallets and their balances. */
  wallets: [...queryRoots.wallet, 'wallets'] as const,
  /** `GET /funds`: the catalogue. */
  fundList: [...queryRoots.funds, 'list'] as const,
  /** Everything of one fund (its page, my units of it, its announcements, my orders of it). */
  fund: (fundId: string) => [...queryRoots.funds, 'fund', fundId] as const,
  /** `GET /funds/:fundId`. */
  fundDetail: (fundId: string) => [...queryRoots.funds, 'fund', fundId, 'detail'] as const,
  /** `GET /tether/price`: the live tether price, kept current by the real-time channel (lib/realtime.ts). */
  tetherPrice: [...queryRoots.tether, 'price'] as const,
  /**
   * Tether on chain (issue 18), under the wallet root so that a withdrawal or a cancelled request reads them
   * again with the balances: `GET /wallet/tether/networks` (fees, limits, today's allowance; also read by the
   * chain details of the wallet history and the requests), my deposit addresses, deposits, address book and
   * withdrawals.
   */
  tetherNetworks: [...queryRoots.wallet, 'tether-networks'] as const,
  depositAddresses: [...queryRoots.wallet, 'deposit-addresses'] as const,
  tetherDeposits: (page: number) => [...queryRoots.wallet, 'tether-deposits', page] as const,
  addressBook: [...queryRoots.wallet, 'address-book'] as const,
  tetherWithdrawals: (page: number) => [...queryRoots.wallet, 'tether-withdrawals', page] as const,
  /** `GET /account/portfolio/state?currency=`: the dashboard's holdings, totals and profit windows. */
  portfolioState: (currency: string) => [...queryRoots.portfolio, 'state', currency] as const,
  /** `GET /account/portfolio/history?currency=&days=`: value, net money in and profit per day. */
  portfolioHistory: (currency: string, days: number) => [...queryRoots.portfolio, 'history', currency, days] as const,
  /** `GET /risk-quiz/results`: my risk quiz results, newest first (the quiz pages, the fund purchase's confirmation). */
  riskResults: [...queryRoots.risk, 'results'] as const,
};
