/**
 * What the console reads of a proposal (issue 15, decision 028): its kind, status, payload, effect and
 * people. Apart from admin/proposals.ts (which re-exports all of it) because the proposing endpoints of
 * funds.ts, fund-orders.ts and bank-statements.ts answer with a proposal, and proposals.ts imports
 * their bodies: a schema module of its own breaks that cycle.
 */
import { z } from 'zod';
import { PROPOSAL_KINDS, type ProposalKind } from './four-eyes';

/** Holders listed in a NAV or dividend proposal's effect (largest first); operators among them always are. */
export const PROPOSAL_EFFECT_HOLDERS_MAX = 50;

/** The kinds of the proposals table (adjustments have their own). */
export const TABLE_PROPOSAL_KINDS = PROPOSAL_KINDS.filter(
  (k): k is Exclude<ProposalKind, 'adjustment'> => k !== 'adjustment',
);
export type TableProposalKind = (typeof TABLE_PROPOSAL_KINDS)[number];

export const PROPOSAL_STATUSES = ['Pending', 'Approved', 'Rejected'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** What was proposed, by kind: the body the proposing endpoint took (canonical). */
export const proposalPayloadSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('bank_statement_import'),
    fileName: z.string(),
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
