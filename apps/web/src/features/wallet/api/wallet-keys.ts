import type { ListTransactionsQuery } from '@portal/contract/wallet/wallets';
import type { UserRequestStatus } from '@portal/contract/core/enums';

/**
 * Query keys of the wallet pages, written once. Every key starts with `wallet`, so a request that moves
 * money (a withdrawal, its cancellation) invalidates balances, histories and requests together.
 */
export const walletKeys = {
  all: ['wallet'] as const,
  wallets: ['wallet', 'wallets'] as const,
  history: (walletId: string, page: number) => ['wallet', 'history', walletId, page] as const,
  transactions: (query: ListTransactionsQuery) => ['wallet', 'transactions', query] as const,
  withdrawals: (status?: (typeof UserRequestStatus)[number]) => ['wallet', 'withdrawals', status ?? 'all'] as const,
};
