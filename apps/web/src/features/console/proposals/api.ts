import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApproveProposal, adminGetProposal, adminRejectProposal } from '@portal/contract/admin/proposals';
import { callApi } from '@/lib/api-client';
import { consoleKeys } from '../shell/console-keys';
import { proposalKeys } from '../shell/four-eyes/proposal-queries';

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
 * the statement lines, users' wallets, the tether desk's and the chain desk's settings and the audit log.
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
        client.invalidateQueries({ queryKey: consoleKeys.audit }),
        ...(decision.approve
          ? [
              client.invalidateQueries({ queryKey: consoleKeys.funds }),
              client.invalidateQueries({ queryKey: consoleKeys.bankStatements }),
              client.invalidateQueries({ queryKey: consoleKeys.users }),
              client.invalidateQueries({ queryKey: consoleKeys.tether }),
              client.invalidateQueries({ queryKey: consoleKeys.chain }),
              client.invalidateQueries({ queryKey: consoleKeys.baskets }),
            ]
          : []),
      ]),
  });
}
