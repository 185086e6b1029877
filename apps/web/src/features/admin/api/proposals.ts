import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminApproveProposal,
  adminGetProposal,
  adminListProposals,
  adminProposeFundTerms,
  adminRejectProposal,
  type FundTermsBody,
  type ProposalStatus,
  type TableProposalKind,
} from '@portal/contract/admin/proposals';
import { callApi } from '@/lib/api-client';
import { adminKeys } from './admin-queries';
import { statementKeys } from './bank-statements';
import { fundKeys } from './funds';

/** The proposals desk's filters, as the URL holds them. */
export interface ProposalFilters {
  status: ProposalStatus;
  kind?: TableProposalKind | undefined;
  fundId?: string | undefined;
}

/**
 * Query keys of the proposals desk (issue 15), under the console's `admin` root: a proposal made or
 * decided anywhere refreshes every list of them.
 */
export const proposalKeys = {
  all: adminKeys.proposals,
  list: (filters: ProposalFilters, page: number) => ['admin', 'proposals', 'list', { ...filters, page }] as const,
  proposal: (proposalId: string) => ['admin', 'proposals', 'detail', proposalId] as const,
};

/** `GET /admin/proposals`: pending oldest first (the queue), decided newest first. */
export const proposalsQueryOptions = (filters: ProposalFilters, page: number) =>
  queryOptions({
    queryKey: proposalKeys.list(filters, page),
    queryFn: ({ signal }) => callApi(adminListProposals, { query: { ...filters, page }, signal }),
    placeholderData: keepPreviousData,
  });

/** `GET /admin/proposals/:id`: the proposal with what approving it would do now. */
export const proposalQueryOptions = (proposalId: string) =>
  queryOptions({
    queryKey: proposalKeys.proposal(proposalId),
    queryFn: ({ signal }) => callApi(adminGetProposal, { params: { proposalId }, signal }),
  });

export type ProposalDecision = { approve: true } | { approve: false; reason: string };

/**
 * Approve (the change takes effect now, with the approver as its author) or reject a proposal. Whatever
 * the answer (a decision, `REQUEST_ALREADY_REVIEWED`, a four-eyes refusal), the proposals are read
 * again; an approval also moves what the proposal was about: the fund (its NAVs, orders and dividends),
 * the statement lines, users' wallets and the audit log.
 */
export function useDecideProposal(proposalId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: ProposalDecision) =>
      decision.approve
        ? callApi(adminApproveProposal, { params: { proposalId } })
        : callApi(adminRejectProposal, { params: { proposalId }, body: { reason: decision.reason } }),
    onSettled: (_, __, decision) =>
      Promise.all([
        client.invalidateQueries({ queryKey: proposalKeys.all }),
        client.invalidateQueries({ queryKey: adminKeys.audit }),
        ...(decision.approve
          ? [
              client.invalidateQueries({ queryKey: fundKeys.all }),
              client.invalidateQueries({ queryKey: statementKeys.all }),
              client.invalidateQueries({ queryKey: adminKeys.users }),
            ]
          : []),
      ]),
  });
}

/** `POST /admin/funds/:id/terms`: proposes new fees, limits or pauses (202, a proposal). */
export function useProposeFundTerms(fundId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FundTermsBody) => callApi(adminProposeFundTerms, { params: { fundId }, body }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: proposalKeys.all }),
        client.invalidateQueries({ queryKey: adminKeys.audit }),
      ]),
  });
}
