import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import { adminListProposals, type ProposalStatus, type TableProposalKind } from '@portal/contract/admin/proposals';
import { callApi } from '@/lib/api-client';
import { consoleKeys } from '../console-keys';

/** The proposals' filters, as the URL holds them (the proposals desk) or a desk asks (its pending ones). */
export interface ProposalFilters {
  status: ProposalStatus;
  kind?: TableProposalKind | undefined;
  fundId?: string | undefined;
}

/**
 * Query keys of proposals (issue 15), under the console's `proposals` root: a proposal made or decided
 * anywhere refreshes every list of them. Shared because the desks that propose (funds, bank statements)
 * list their pending proposals, and the proposals desk decides them.
 */
export const proposalKeys = {
  all: consoleKeys.proposals,
  list: (filters: ProposalFilters, page: number) => [...consoleKeys.proposals, 'list', { ...filters, page }] as const,
  proposal: (proposalId: string) => [...consoleKeys.proposals, 'detail', proposalId] as const,
};

/** `GET /admin/proposals`: pending oldest first (the queue), decided newest first. */
export const proposalsQueryOptions = (filters: ProposalFilters, page: number) =>
  queryOptions({
    queryKey: proposalKeys.list(filters, page),
    queryFn: ({ signal }) => callApi(adminListProposals, { query: { ...filters, page }, signal }),
    placeholderData: keepPreviousData,
  });

/**
 * After a desk proposes (a NAV, a dividend, fund terms, a statement import): nothing moves until a second
 * operator approves, so only the proposals and the audit log are read again; the approval refreshes what
 * the proposal was about (`proposals/api.ts`).
 */
export function useInvalidateProposals() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: consoleKeys.proposals }),
      client.invalidateQueries({ queryKey: consoleKeys.audit }),
    ]);
}
