/**
 * What a proposal looks like on the wire (issue 15, decision 028): its kinds, statuses, what was proposed
 * (`proposalPayloadSchema`), what approving it would do (`proposalEffectSchema`) and the proposal itself.
 * Apart from admin/proposals.ts (the desk's endpoints) so the endpoints that now answer a proposal
 * (a statement import, a NAV, a dividend: admin/bank-statements.ts, funds.ts, fund-orders.ts) can name
 * it without importing the files whose bodies admin/proposals.ts records.
 */
import { z } from 'zod';
import { localizedTextViewSchema } from '../funds/catalogue';
import { PROPOSAL_KINDS, type ProposalKind } from './four-eyes';

/**
 * The tether market's settings as a proposal records them and its effect shows them (issue 17, admin/tether.ts):
 * spread and fee in basis points, a quote's life in seconds, toman as whole-toman decimal strings, the daily
 * limit of each KYC level that may trade (`"1"`, `"2"`). Here, not in admin/tether.ts, because that file's
 * proposing endpoint answers a proposal (this file's).
 */
export const tetherSettingsValuesSchema = z.object({
  spreadBps: z.number().int(),
  feeBps: z.number().int(),
  quoteTtlSeconds: z.number().int(),
  minTradeToman: z.string(),
  dailyLimitToman: z.object({ '1': z.string(), '2': z.string() }),
});
export type TetherSettingsValues = z.infer<typeof tetherSettingsValuesSchema>;

/**
 * Tether on chain's settings as a proposal records them (issue 18, admin/chain.ts): each network's
 * confirmations and tether figures (decimal strings, six decimals at most), the daily withdrawal limit of
 * KYC level two, and the review bounds of withdrawals: above `reviewAbove` an operator reviews, above
 * `secondReviewAbove` two do. The switches that close a network are not here (one operator's act).
 */
export const chainNetworkValuesSchema = z.object({
  confirmations: z.number().int(),
  minDeposit: z.string(),
  withdrawalFee: z.string(),
  minWithdrawal: z.string(),
  maxWithdrawal: z.string(),
});
export const chainSettingsValuesSchema = z.object({
  networks: z.object({
    TRC20: chainNetworkValuesSchema,
    ERC20: chainNetworkValuesSchema,
    BEP20: chainNetworkValuesSchema,
  }),
  dailyWithdrawalLimit: z.string(),
  reviewAbove: z.string(),
  secondReviewAbove: z.string(),
});
export type ChainSettingsValues = z.infer<typeof chainSettingsValuesSchema>;

/**
 * The smart hold baskets' settings as a proposal records them (issue 20, admin/baskets.ts): the
 * construction's parameters (decision 044: each risk band's volatility target and tether share, weight
 * bounds, asset counts, history, shrinkage of the expected returns and their cap), the basket fee in basis
 * points of an order's amount, the symbols excluded from every new basket, and the amount (tether) above
 * which accepting a VIP request takes two operators. Shares and volatilities are numbers (0.35 = 35 %).
 */
export const basketBandValuesSchema = z.object({ volatilityTarget: z.number(), tetherShare: z.number() });
export const basketSettingsValuesSchema = z.object({
  construction: z.object({
    bands: z.object({
      '10': basketBandValuesSchema,
      '25': basketBandValuesSchema,
      '35': basketBandValuesSchema,
      '60': basketBandValuesSchema,
      '100': basketBandValuesSchema,
    }),
    maxWeight: z.number(),
    minWeight: z.number(),
    minAssets: z.number().int(),
    maxAssets: z.number().int(),
    minHistoryDays: z.number().int(),
    meanShrinkage: z.number(),
    maxAnnualReturn: z.number(),
  }),
  feeBps: z.number().int(),
  excludedSymbols: z.array(z.string()),
  vipSecondReviewAbove: z.string(),
});
export type BasketSettingsValues = z.infer<typeof basketSettingsValuesSchema>;

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
    /** The statement file's name (its text is kept with the proposal until it is decided). */
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
  tetherSettingsValuesSchema.extend({ kind: z.literal('tether_settings') }),
  chainSettingsValuesSchema.extend({ kind: z.literal('chain_settings') }),
  basketSettingsValuesSchema.extend({ kind: z.literal('basket_settings') }),
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
  /**
   * A NAV: the units' value at `previousNav` (0 for a first NAV) and at the proposed NAV. A dividend: the
   * units' value at the latest NAV (0 without one), and that plus the dividend paid (`after − before` is
   * the payment). Each value is ⌊units × NAV ÷ 10⁴⌋, rounded down as the fund pays (funds/pricing.ts).
   */
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
        /** The sum of their new lines, before the 0.01 % fee and the daily cap (decision 020). */
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
    /** Every holder (the list below shows at most `PROPOSAL_EFFECT_HOLDERS_MAX` and every operator). */
    holdersCount: z.number().int(),
    /** The sums of every holder's value before and after. */
    totalValueBefore: z.string(),
    totalValueAfter: z.string(),
    holders: z.array(effectHolderSchema),
    /** Holders who are operators (they may neither propose nor approve this NAV). */
    operatorHolders: z.number().int(),
  }),
  z.object({
    kind: z.literal('dividend'),
    currency: z.string(),
    /** Holders who would be paid (a share that rounds down to zero is not paid, as the dividend does). */
    holdersCount: z.number().int(),
    /** What all holders would receive together. */
    total: z.string(),
    holders: z.array(effectHolderSchema),
    /** Holders who are operators (they may neither propose nor approve this dividend). */
    operatorHolders: z.number().int(),
  }),
  z.object({
    kind: z.literal('fund_terms'),
    /** The terms now and as proposed, field by field (only the proposed sections). */
    before: proposalPayloadSchema.options[4].omit({ kind: true }),
    after: proposalPayloadSchema.options[4].omit({ kind: true }),
    /** Holders of the fund now (whom the new terms apply to). */
    holdersCount: z.number().int(),
  }),
  z.object({
    kind: z.literal('tether_settings'),
    /** The market's settings now and as proposed (every field; the changed ones differ). */
    before: tetherSettingsValuesSchema,
    after: tetherSettingsValuesSchema,
    /** Trading is paused now (the new settings take effect when it resumes). */
    paused: z.boolean(),
  }),
  z.object({
    kind: z.literal('chain_settings'),
    /** Tether on chain's settings now and as proposed (every field; the changed ones differ). */
    before: chainSettingsValuesSchema,
    after: chainSettingsValuesSchema,
    /** Withdrawals waiting for review now (new bounds apply to requests made after the approval). */
    pendingWithdrawals: z.number().int(),
  }),
  z.object({
    kind: z.literal('basket_settings'),
    /** The baskets' settings now and as proposed (every field; the changed ones differ). */
    before: basketSettingsValuesSchema,
    after: basketSettingsValuesSchema,
    /** Orders waiting to be built now (they are built with the settings in force when the worker takes them). */
    waitingOrders: z.number().int(),
    /** Baskets held now (their targets stay; a rebalance keeps the target they were built to). */
    heldBaskets: z.number().int(),
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
  /** The fund it is about (NAV, dividend, terms), else null (a statement import, the tether market's settings). */
  fund: z.object({ id: z.string(), code: z.string(), name: localizedTextViewSchema, currency: z.string() }).nullable(),
  payload: proposalPayloadSchema,
  /** Present while pending (what approving would do now) and null once decided. */
  effect: proposalEffectSchema.nullable(),
  proposedBy: operatorRefSchema,
  proposedAt: z.string(),
  decidedBy: operatorRefSchema.nullable(),
  decidedAt: z.string().nullable(),
  /** The rejection's reason (or the proposer's, withdrawing it). */
  rejectReason: z.string().nullable(),
  /**
   * What the approval made: the import's or the dividend's id, the NAV's date (a NAV is known by its fund
   * and date); null for terms, the tether market's settings and while pending or rejected.
   */
  resultId: z.string().nullable(),
});
export type Proposal = z.infer<typeof proposalSchema>;
