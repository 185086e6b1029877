import type { FastifyInstance } from 'fastify';
import { adminImportBankStatement } from '@portal/contract/admin/bank-statements';
import { distributeFundDividend } from '@portal/contract/admin/fund-orders';
import { adminCorrectFundNav, adminPublishFundNav } from '@portal/contract/admin/funds';
import {
  adminApproveProposal,
  adminGetProposal,
  adminListProposals,
  adminProposeFundTerms,
  adminRejectProposal,
} from '@portal/contract/admin/proposals';
import { adminProposeTetherSettings } from '@portal/contract/admin/tether';
import { adminProposeChainSettings } from '@portal/contract/admin/chain';
import { adminProposeBasketSettings } from '@portal/contract/admin/baskets';
import { route } from '../../plugins/contract';
import { operatorOf } from '../../plugins/access';
import * as proposals from './proposals.service';

/**
 * The proposals desk (issue 15, decision 028): the endpoints that propose a change (a statement import, a
 * NAV, a correction, a dividend, a fund's terms, the tether market's and tether on chain's settings: each
 * answers 202 with the proposal) and the desk that approves or rejects them. Transport only.
 */
export function proposalsRoutes(app: FastifyInstance, deps: proposals.ProposalsDeps): void {
  const act = (request: Parameters<typeof operatorOf>[0]) => ({
    operatorId: operatorOf(request).userId,
    ip: request.ip,
  });

  route(app, adminImportBankStatement, async ({ body, request }) =>
    proposals.proposeStatementImport(deps, { ...act(request), fileName: body.fileName, content: body.content }),
  );
  route(app, adminPublishFundNav, async ({ params, body, request }) =>
    proposals.proposeNavPublication(deps, { ...act(request), fundId: params.fundId, body }),
  );
  route(app, adminCorrectFundNav, async ({ params, body, request }) =>
    proposals.proposeNavCorrection(deps, { ...act(request), fundId: params.fundId, body }),
  );
  route(app, distributeFundDividend, async ({ params, body, request, idempotencyKey }) =>
    proposals.proposeDividend(deps, { ...act(request), fundId: params.fundId, perUnit: body.perUnit, idempotencyKey }),
  );
  route(app, adminProposeFundTerms, async ({ params, body, request }) =>
    proposals.proposeFundTerms(deps, { ...act(request), fundId: params.fundId, body }),
  );
  route(app, adminProposeTetherSettings, async ({ body, request }) =>
    proposals.proposeTetherSettings(deps, { ...act(request), body }),
  );
  route(app, adminProposeChainSettings, async ({ body, request }) =>
    proposals.proposeChainSettings(deps, { ...act(request), body }),
  );
  route(app, adminProposeBasketSettings, async ({ body, request }) =>
    proposals.proposeBasketSettings(deps, { ...act(request), body }),
  );

  route(app, adminListProposals, async ({ query }) => proposals.listProposals(deps, query));
  route(app, adminGetProposal, async ({ params }) => proposals.getProposal(deps, params.proposalId));
  route(app, adminApproveProposal, async ({ params, request }) =>
    proposals.approveProposal(deps, { ...act(request), proposalId: params.proposalId, log: request.log }),
  );
  route(app, adminRejectProposal, async ({ params, body, request }) =>
    proposals.rejectProposal(deps, { ...act(request), proposalId: params.proposalId, reason: body.reason }),
  );
}
