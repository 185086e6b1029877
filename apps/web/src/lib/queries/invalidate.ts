import type { QueryClient } from '@tanstack/react-query';
import { queryRoots, type QueryRoot } from './keys';

/**
 * What each kind of change makes stale, written once (decision 032): a mutation (or an order or deposit
 * seen to settle) names what happened, not the keys of the pages it touches. Every change that moves money
 * (a deposit, a withdrawal, a purchase or redemption, a trade, a cancelled request) also marks the
 * portfolio (issue 19: the dashboard's value and profit) stale.
 */
export const STALE_AFTER = {
  /** A withdrawal requested or cancelled: its amount moves between available and held. */
  withdrawal: ['wallet', 'userRequests', 'portfolio'],
  /** A withdrawal refused for a hold (decision 029): `GET /account` says until when. */
  withdrawalHold: ['account'],
  /** A request cancelled from `/user-requests` (a withdrawal or an offline deposit). */
  requestCancelled: ['userRequests', 'wallet', 'portfolio'],
  /** An offline deposit declared: a new request, and the wallet pages' lists. */
  offlineDeposit: ['wallet', 'userRequests', 'portfolio'],
  /** A gateway deposit credited. */
  gatewayDeposit: ['wallet', 'portfolio'],
  /** A fund purchase or redemption made, settled or refused for a changed fund or balance. */
  fundOrder: ['fundOrders', 'wallet', 'funds', 'portfolio'],
  /** A KYC submission: the state, and the account's level and flags. */
  kyc: ['kyc', 'account'],
  /** A change of the profile or of how the account is reached or secured. */
  account: ['account'],
  /** A bank account added or removed. */
  bankAccounts: ['bankAccounts'],
  /**
   * A tether trade executed (or refused for a changed balance, price or pause): both wallets moved, and the
   * market's remainder of today's limit and its price are read again.
   */
  tetherTrade: ['wallet', 'tether', 'portfolio'],
  /**
   * A tether withdrawal on chain asked for or cancelled (issue 18): amount and fee move between available and
   * held, the day's allowance changes, and the requests list has it.
   */
  tetherWithdrawal: ['wallet', 'userRequests', 'portfolio'],
  /** A tether deposit on chain credited (issue 18), seen by the deposit page: the wallet and its history moved. */
  tetherDeposit: ['wallet', 'userRequests', 'portfolio'],
  /**
   * A basket order paid, rebalanced or closed, or seen to finish building (issue 20): the tether wallet, the
   * baskets and the portfolio moved.
   */
  basketOrder: ['baskets', 'wallet', 'portfolio'],
  /** A risk quiz answered (issue 20): my results, and the basket order's options that carry the latest. */
  riskQuiz: ['risk', 'baskets'],
} as const satisfies Record<string, readonly QueryRoot[]>;

export type StaleEvent = keyof typeof STALE_AFTER;

/**
 * Marks stale what `event` changed. `refetchType: 'none'` only marks it (for a form about to leave for its
 * outcome page); the default refetches what is on screen.
 */
export function invalidateAfter(
  client: QueryClient,
  event: StaleEvent,
  { refetchType = 'active' }: { refetchType?: 'active' | 'none' } = {},
): Promise<void> {
  return Promise.all(
    STALE_AFTER[event].map((root) => client.invalidateQueries({ queryKey: queryRoots[root], refetchType })),
  ).then(() => undefined);
}
