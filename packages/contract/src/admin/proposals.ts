/**
 * Proposals waiting for a second operator (issue 15, decision 028). A bank statement import, a NAV
 * publication or correction, a dividend and a change of a fund's terms (fees, limits, pauses) are
 * proposed by one operator (the endpoint that used to act now answers 202 with the proposal) and take
 * effect when a second operator approves: the approval runs the change in its transaction, with the
 * approver as its author and the proposer on record. Adjustments keep their own desk (decision 019).
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
import { PROPOSAL_KINDS, type ProposalKind } from './four-eyes';
import type { Permission } from './roles';
import { textSchema } from '../core/text';

const forbidden = ['UNAUTHENTICATED', 'FORBIDDEN', 'TWO_FACTOR_REQUIRED'] as const;
const page = z.coerce.number().int().min(1, { message: 'min' }).max(100_000, { message: 'max' }).default(1);

export const PROPOSAL_PAGE_SIZE = 20;
/** Holders listed in a NAV or dividend proposal's effect (largest first); operators among them always are. */
export const PROPOSAL_EFFECT_HOLDERS_MAX = 50;

/** The kinds of the proposals table (adjustments have their own). */
export const TABLE_PROPOSAL_KINDS = PROPOSAL_KINDS.filter(
  (k): k is Exclude<ProposalKind, 'adjustment'> => k !== 'adjustment',
);
export type TableProposalKind = (typeof TABLE_PROPOSAL_KINDS)[number];

export const PROPOSAL_STATUSES = ['Pending', 'Approved', 'Rejected'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** The permission a second operator needs, besides `proposals.decide`, to approve or reject a kind. */
export const PROPOSAL_PERMISSION: Record<ProposalKind, Permission> = {
  adjustment: 'money.adjust',
  bank_statement_import: 'money.review',
  nav_publish: 'funds.manage',
  nav_correction: 'funds.manage',
  dividend: 'funds.manage',
  fund_terms: 'funds.manage',
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

/** What was proposed, by kind: the body the proposing endpoint took (canonical). */
export const proposalPayloadSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('bank_statement_import'),
    fileName: importBankStatementBody.shape.fileName,
  }),
  z.object({ kind: z.literal('nav_publish'), navDate: z.string(), nav: z.string() }),
  z.object({ kind: z.literal('nav_correction'), navDate: z.string(), nav: z.string(), reason: z.string() }),
  z.object({ kind: z.literal('dividend'), perUnit: z.string() }),
  z.object({
    kind: z.literal('fund_terms'),
    fees: z
      .object({
        purchaseFixedFee: z.string(),
        managementFeeBps: z.number().int(),
        redeemFixedFee: z.string(),
        performanceFeeBps: z.number().int(),
      })
      .optional(),
    limits: z
      .object({ minPurchase: z.string(), maxPurchase: z.string().nullable(), minRedeemUnits: z.string() })
      .optional(),
    buyingPaused: z.boolean().optional(),
    redeemingPaused: z.boolean().optional(),
  }),
]);
export type ProposalPayload = z.infer<typeof proposalPayloadSchema>;

/** A holder as a proposal's effect shows them. */
export const effectHolderSchema = z.object({
  userId: z.string(),
  mobile: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** An operator (any console role): shown first and marked. */
  isOperator: z.boolean(),
  units: z.string(),
  /** Value at the current NAV and at the proposed one (NAV), or the dividend paid (`after − before`). */
  valueBefore: z.string(),
  valueAfter: z.string(),
});
export type EffectHolder = z.infer<typeof effectHolderSchema>;

/** What approving would do, computed when read (it changes as holders buy and redeem). */
export const proposalEffectSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('bank_statement_import'),
    /** Transfers in the file, of them new to the portal (by bank reference). */
    lines: z.number().int(),
    newLines: z.number().int(),
    /** Sum of the new lines, in toman. */
    totalToman: z.string(),
    /** Users the new lines would credit by their payment ID (operators marked), largest first. */
    credits: z.array(
      z.object({
        userId: z.string(),
        mobile: z.string(),
        firstName: z.string().nullable(),
        lastName: z.string().nullable(),
        isOperator: z.boolean(),
        amountToman: z.string(),
      }),
    ),
  }),
  z.object({
    kind: z.enum(['nav_publish', 'nav_correction']),
    currency: z.string(),
    /** The NAV it replaces (a correction) or the latest before its date (a publication); null for a first NAV. */
    previousNav: z.string().nullable(),
    nav: z.string(),
    /** (nav − previous) ÷ previous in basis points, signed; null for a first NAV. */
    changeBps: z.number().int().nullable(),
    /** Beyond `NAV_CHANGE_ADMIN_BOUND_BPS`: only an admin may approve. */
    needsAdmin: z.boolean(),
    holdersCount: z.number().int(),
    totalValueBefore: z.string(),
    totalValueAfter: z.string(),
    holders: z.array(effectHolderSchema),
    /** Holders who are operators (they may neither propose nor approve this NAV). */
    operatorHolders: z.number().int(),
  }),
  z.object({
    kind: z.literal('dividend'),
    currency: z.string(),
    holdersCount: z.number().int(),
    /** What all holders would receive together. */
    total: z.string(),
    holders: z.array(effectHolderSchema),
    operatorHolders: z.number().int(),
  }),
  z.object({
    kind: z.literal('fund_terms'),
    /** The terms now and as proposed, field by field (only the proposed sections). */
    before: proposalPayloadSchema.options[4].omit({ kind: true }),
    after: proposalPayloadSchema.options[4].omit({ kind: true }),
    holdersCount: z.number().int(),
  }),
]);
export type ProposalEffect = z.infer<typeof proposalEffectSchema>;

const operatorRefSchema = z.object({
  id: z.string(),
  mobile: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});

export const proposalSchema = z.object({
  id: z.string(),
  kind: z.enum(TABLE_PROPOSAL_KINDS),
  status: z.enum(PROPOSAL_STATUSES),
  /** The fund it is about (NAV, dividend, terms), else null. */
  fund: z.object({ id: z.string(), code: z.string(), name: z.string(), currency: z.string() }).nullable(),
  payload: proposalPayloadSchema,
  /** Present while pending (what approving would do now) and null once decided. */
  effect: proposalEffectSchema.nullable(),
  proposedBy: operatorRefSchema,
  proposedAt: z.string(),
  decidedBy: operatorRefSchema.nullable(),
  decidedAt: z.string().nullable(),
  /** The rejection's reason (or the proposer's, withdrawing it). */
  rejectReason: z.string().nullable(),
  /** What the approval made: the import's, NAV's or dividend's id. */
  resultId: z.string().nullable(),
});
export type Proposal = z.infer<typeof proposalSchema>;

const proposalId = z.object({ proposalId: z.uuid({ message: 'format' }) });

export const adminListProposals = defineEndpoint({
  id: 'adminListProposals',
  method: 'GET',
  path: '/admin/proposals',
  summary: 'Proposals: pending oldest first (the queue), decided newest first',
  tags: ['admin'],
  auth: 'session',
  permission: 'proposals.read',
  query: z.object({
    status: z.enum(PROPOSAL_STATUSES, { message: 'select' }).optional(),
    kind: z.enum(TABLE_PROPOSAL_KINDS, { message: 'select' }).optional(),
    fundId: z.uuid({ message: 'format' }).optional(),
    page,
  }),
  response: z.object({
    items: z.array(proposalSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
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
} as const satisfies Record<TableProposalKind, z.ZodType>;
