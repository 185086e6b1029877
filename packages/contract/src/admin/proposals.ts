/**
 * Proposals waiting for a second operator (issue 15, decision 028). A bank statement import, a NAV
 * publication or correction, a dividend, a change of a fund's terms (fees, limits, pauses) and the tether
 * market's settings (issue 17, admin/tether.ts) are proposed by one operator (the endpoint that used to
 * act now answers 202 with the proposal) and take effect when a second operator approves: the approval
 * runs the change in its transaction, with the approver as its author and the proposer on record. Adjustments keep their own desk (decision 019).
 *
 * Reading needs `proposals.read`; approving or rejecting needs `proposals.decide` and, in the service,
 * the permission of the proposing endpoint (`PROPOSAL_PERMISSION`). The rules of four-eyes.ts apply:
 * never the proposer (`SAME_OPERATOR`), never an operator a proposal pays or prices for
 * (`OPERATOR_OWN_ACCOUNT`, `FUND_HOLDER_OPERATOR`), an admin for a NAV moved beyond
 * `NAV_CHANGE_ADMIN_BOUND_BPS` (`PROPOSAL_NEEDS_ADMIN`). A change that fails when approved (a NAV of that
 * date published meanwhile, a fund's figures no longer valid) answers its error and stays pending.
 */
import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint';
import { importBankStatementBody } from './bank-statements';
import { distributeFundDividendBody } from './fund-orders';
import { correctFundNavBody, fundFeesInputSchema, fundLimitsInputSchema, publishFundNavBody } from './funds';
import { proposeTetherSettingsBody } from './tether';
import { proposeChainSettingsBody } from './chain';
import { proposeBasketSettingsBody } from './baskets';
import type { ProposalKind } from './four-eyes';
import { PROPOSAL_STATUSES, TABLE_PROPOSAL_KINDS, proposalSchema, type TableProposalKind } from './proposal-view';
import type { Permission } from './roles';
import { textSchema } from '../core/text';
import { pageOf, pageQuery } from '../core/paging';

export * from './proposal-view';

const forbidden = ['UNAUTHENTICATED', 'FORBIDDEN', 'TWO_FACTOR_REQUIRED'] as const;

export const PROPOSAL_PAGE_SIZE = 20;
/** The permission a second operator needs, besides `proposals.decide`, to approve or reject a kind. */
export const PROPOSAL_PERMISSION: Record<ProposalKind, Permission> = {
  adjustment: 'money.adjust',
  bank_statement_import: 'money.review',
  nav_publish: 'funds.manage',
  nav_correction: 'funds.manage',
  dividend: 'funds.manage',
  fund_terms: 'funds.manage',
  tether_settings: 'tether.manage',
  chain_settings: 'tether.manage',
  basket_settings: 'baskets.manage',
};

/** A fund's terms that only change by proposal: fees, limits and the pauses (any of them, at least one). */
export const fundTermsBody = z
  .object({
    fees: fundFeesInputSchema,
    limits: fundLimitsInputSchema,
    buyingPaused: z.boolean(),
    redeemingPaused: z.boolean(),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: 'required' });
export type FundTermsBody = z.input<typeof fundTermsBody>;

const proposalId = z.object({ proposalId: z.uuid({ message: 'format' }) });

export const adminListProposals = defineEndpoint({
  id: 'adminListProposals',
  method: 'GET',
  path: '/admin/proposals',
  summary: 'Proposals: pending oldest first (the queue), decided newest first',
  tags: ['admin'],
  auth: 'session',
  permission: 'proposals.read',
  query: pageQuery({
    status: z.enum(PROPOSAL_STATUSES, { message: 'select' }).optional(),
    kind: z.enum(TABLE_PROPOSAL_KINDS, { message: 'select' }).optional(),
    fundId: z.uuid({ message: 'format' }).optional(),
  }),
  response: pageOf(proposalSchema),
  errors: [...forbidden, 'VALIDATION_FAILED'],
});

export const adminGetProposal = defineEndpoint({
  id: 'adminGetProposal',
  method: 'GET',
  path: '/admin/proposals/:proposalId',
  summary: 'A proposal with what approving it would do',
  tags: ['admin'],
  auth: 'session',
  permission: 'proposals.read',
  params: proposalId,
  response: proposalSchema,
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND'],
});

export const adminApproveProposal = defineEndpoint({
  id: 'adminApproveProposal',
  method: 'POST',
  path: '/admin/proposals/:proposalId/approve',
  summary: 'Approve another operator’s proposal: the change takes effect now',
  tags: ['admin'],
  auth: 'session',
  permission: 'proposals.decide',
  params: proposalId,
  response: proposalSchema,
  errors: [
    ...forbidden,
    'VALIDATION_FAILED',
    'NOT_FOUND',
    'REQUEST_ALREADY_REVIEWED',
    'SAME_OPERATOR',
    'OPERATOR_OWN_ACCOUNT',
    'FUND_HOLDER_OPERATOR',
    'PROPOSAL_NEEDS_ADMIN',
    'FUND_NAV_EXISTS',
    'FUND_CURRENCY_LOCKED',
    'CONFLICT',
  ],
});

export const adminRejectProposal = defineEndpoint({
  id: 'adminRejectProposal',
  method: 'POST',
  path: '/admin/proposals/:proposalId/reject',
  summary: 'Reject a pending proposal with a reason (the proposer may withdraw their own this way)',
  tags: ['admin'],
  auth: 'session',
  permission: 'proposals.decide',
  params: proposalId,
  body: z.object({ reason: textSchema({ multiline: true }).min(10, { message: 'min' }).max(1000, { message: 'max' }) }),
  response: proposalSchema,
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND', 'REQUEST_ALREADY_REVIEWED', 'OPERATOR_OWN_ACCOUNT'],
});

/** Proposing a fund's terms (fees, limits, pauses): answered 202 with the proposal. */
export const adminProposeFundTerms = defineEndpoint({
  id: 'adminProposeFundTerms',
  method: 'POST',
  path: '/admin/funds/:fundId/terms',
  summary: 'Propose new fees, limits or pauses of a fund (a second operator approves)',
  tags: ['admin'],
  auth: 'session',
  permission: 'funds.manage',
  params: z.object({ fundId: z.uuid({ message: 'format' }) }),
  body: fundTermsBody,
  response: proposalSchema,
  successStatus: 202,
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND', 'OPERATOR_OWN_ACCOUNT', 'FUND_HOLDER_OPERATOR'],
});

/** The bodies the proposing endpoints take, for the record of the proposal. */
export const proposalBodies = {
  bank_statement_import: importBankStatementBody,
  nav_publish: publishFundNavBody,
  nav_correction: correctFundNavBody,
  dividend: distributeFundDividendBody,
  fund_terms: fundTermsBody,
  tether_settings: proposeTetherSettingsBody,
  chain_settings: proposeChainSettingsBody,
  basket_settings: proposeBasketSettingsBody,
} as const satisfies Record<TableProposalKind, z.ZodType>;
