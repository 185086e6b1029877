import type { ListTransactionsQuery } from '@portal/contract/wallet/wallets';
import type { UserRequestStatus } from '@portal/contract/core/enums';
import { queryRoots } from '@/lib/queries/keys';

/**
 * Query keys of the wallet pages, written once. Every key starts with the wallet root, as `GET /wallets`
 * (lib/queries/wallets.ts) does, so a request that moves money (`invalidateAfter(client, 'withdrawal')`)
 * makes balances, histories and requests stale together.
 */
export const walletKeys = {
  all: queryRoots.wallet,
  history: (walletId: string, page: number) => [...queryRoots.wallet, 'history', walletId, page] as const,
  transactions: (query: ListTransactionsQuery) => [...queryRoots.wallet, 'transactions', query] as const,
  transaction: (id: string) => [...queryRoots.wallet, 'transaction', id] as const,
  withdrawals: (status?: (typeof UserRequestStatus)[number]) =>
    [...queryRoots.wallet, 'withdrawals', status ?? 'all'] as const,
};
