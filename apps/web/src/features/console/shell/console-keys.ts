import { queryOptions } from '@tanstack/react-query';
import { adminMe } from '@portal/contract/admin/admin';
import { callApi } from '@/lib/api-client';

/**
 * The roots of the console's query keys, one per desk, written once: each desk builds its own keys under
 * its root (`users/api.ts`, `money/api.ts`…), and a decision on one desk invalidates another desk's data
 * through these roots alone, so desks never import each other. Every key starts with `admin`, so a role
 * change of the operator can drop the whole console's cache at once.
 */
export const consoleKeys = {
  all: ['admin'] as const,
  me: ['admin', 'me'] as const,
  users: ['admin', 'users'] as const,
  /** A user's page; what hangs under it (their wallets) is refreshed with it. */
  user: (userId: string) => ['admin', 'users', 'detail', userId] as const,
  kyc: ['admin', 'kyc'] as const,
  audit: ['admin', 'audit'] as const,
  withdrawals: ['admin', 'withdrawals'] as const,
  offlineDeposits: ['admin', 'offline-deposits'] as const,
  bankStatements: ['admin', 'bank-statements'] as const,
  funds: ['admin', 'funds'] as const,
  consultations: ['admin', 'consultations'] as const,
  /** The tether desk (its view and trades): an approved settings proposal refreshes it. */
  tether: ['admin', 'tether'] as const,
  /** Tether on chain (issue 18): networks, withdrawals, deposits, reconciliation; an approved settings proposal refreshes it. */
  chain: ['admin', 'chain'] as const,
  /** The basket desk (issue 20): orders, VIP requests, failed generations, universe, settings; an approved settings proposal refreshes it. */
  baskets: ['admin', 'baskets'] as const,
  /** The risk quiz editor (issue 20): its versions, the published one and the draft. */
  riskQuiz: ['admin', 'risk-quiz'] as const,
  /** Every proposal list and proposal (`shell/four-eyes/proposal-queries.ts`): a write that proposes refreshes them. */
  proposals: ['admin', 'proposals'] as const,
};

export const adminMeQueryOptions = () =>
  queryOptions({
    queryKey: consoleKeys.me,
    queryFn: ({ signal }) => callApi(adminMe, { signal }),
    staleTime: 60_000,
  });
