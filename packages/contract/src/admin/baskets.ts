/**
 * The console's basket desk (issue 20, decision 045): basket orders by status (failed generations are the
 * `GenerationFailed` ones, with their reason), one order with its construction, trades and ledger
 * journals, VIP requests (orders of 50,000 USDT or more) with the operators' contact notes, and the
 * baskets' settings.
 *
 * Reading needs `baskets.read`. A VIP request is a user's request: adding a note is one operator's record;
 * accepting it (→ `PaymentPending`, the user pays it from their tether wallet) or declining it
 * (→ `Cancelled`, with a reason the user sees) is a review (admin/four-eyes.ts): one operator up to the
 * settings' `vipSecondReviewAbove`, two different operators above it (the first approval is recorded and
 * the request stays `PendingVip`), never on the operator's own account (`baskets.manage`).
 *
 * The settings (construction parameters, basket fee, excluded symbols, the VIP review bound) decide what
 * every new basket buys and pays: they are proposed (`adminProposeBasketSettings`, 202 with a proposal of
 * kind `basket_settings`) and take effect when a second operator approves it on the proposals desk
 * (`baskets.manage` and `proposals.decide`).
 *
 * Money: tether as decimal strings (six decimals at most), quantities at the asset's scale.
 */
import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint';
import { pageOf, pageQuery } from '../core/paging';
import { textSchema } from '../core/text';
import {
  BASKET_ORDER_STATUSES,
  basketConstructionSchema,
  basketOperationSchema,
  basketOrderSchema,
} from '../baskets/orders';
import { ASSET_SYMBOL_PATTERN } from '../baskets/universe';
import { reviewFields } from './review';
import { normalizeAmountInput } from './adjustments';
import { basketSettingsValuesSchema, proposalSchema, type BasketSettingsValues } from './proposal-view';

export { basketSettingsValuesSchema, type BasketSettingsValues };

const forbidden = ['UNAUTHENTICATED', 'FORBIDDEN', 'TWO_FACTOR_REQUIRED'] as const;

export const ADMIN_BASKET_ORDERS_PAGE_SIZE = 20;

const orderIdParams = z.object({ orderId: z.uuid({ message: 'format' }) });

const personRefSchema = z.object({
  id: z.string(),
  mobile: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});

/** An operator's contact note on a VIP request. */
export const basketVipNoteSchema = z.object({
  id: z.string(),
  text: z.string(),
  author: personRefSchema,
  createdAt: z.string(),
});
export type BasketVipNote = z.infer<typeof basketVipNoteSchema>;

/** An order as the console lists it: with its user and, for a VIP request, its review. */
export const adminBasketOrderRowSchema = basketOrderSchema.extend({
  user: personRefSchema,
  notesCount: z.number().int(),
  ...reviewFields,
  /** Who accepted or declined a VIP request, and when. */
  decidedBy: personRefSchema.nullable(),
  decidedAt: z.string().nullable(),
});
export type AdminBasketOrderRow = z.infer<typeof adminBasketOrderRowSchema>;

/** A journal the order posted (payment hold, build, refund, rebalance, close): ref type `BasketOrder`. */
export const basketJournalRefSchema = z.object({
  id: z.string(),
  /** `pay`, `build`, `refund`, `rebalance`, `close`. */
  kind: z.string(),
  memo: z.string().nullable(),
  createdAt: z.string(),
});

export const adminBasketOrderSchema = adminBasketOrderRowSchema.extend({
  construction: basketConstructionSchema.nullable(),
  /** The build (its buys, and the sells back of a failed one), rebalances, the close: newest first. */
  operations: z.array(basketOperationSchema),
  journals: z.array(basketJournalRefSchema),
  notes: z.array(basketVipNoteSchema),
  /** The worker's attempts at building it (a crash leaves one that the next run resumes). */
  attempts: z.number().int(),
  /** The worker's last error, for the operators (a failed generation's reason is `failReason`). */
  lastError: z.string().nullable(),
});
export type AdminBasketOrder = z.infer<typeof adminBasketOrderSchema>;

export const adminListBasketOrders = defineEndpoint({
  id: 'adminListBasketOrders',
  method: 'GET',
  path: '/admin/basket-orders',
  summary: 'Basket orders, newest first (by status — GenerationFailed: the failed generations — or user)',
  tags: ['admin'],
  auth: 'session',
  permission: 'baskets.read',
  query: pageQuery({
    status: z.enum(BASKET_ORDER_STATUSES, { message: 'select' }).optional(),
    userId: z.uuid({ message: 'format' }).optional(),
  }),
  response: pageOf(adminBasketOrderRowSchema),
  errors: [...forbidden, 'VALIDATION_FAILED'],
});

export const adminGetBasketOrder = defineEndpoint({
  id: 'adminGetBasketOrder',
  method: 'GET',
  path: '/admin/basket-orders/:orderId',
  summary: 'A basket order: construction, trades, journals, notes and review',
  tags: ['admin'],
  auth: 'session',
  permission: 'baskets.read',
  params: orderIdParams,
  response: adminBasketOrderSchema,
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND'],
});

/** `open`: waiting (`PendingVip`), oldest first (the queue); `decided`: accepted or declined, newest first. */
export const BASKET_VIP_FILTERS = ['open', 'decided'] as const;

export const adminListBasketVipRequests = defineEndpoint({
  id: 'adminListBasketVipRequests',
  method: 'GET',
  path: '/admin/basket-vip',
  summary: 'VIP basket requests: waiting (oldest first) or decided (newest first)',
  tags: ['admin'],
  auth: 'session',
  permission: 'baskets.read',
  query: pageQuery({ state: z.enum(BASKET_VIP_FILTERS, { message: 'select' }).default('open') }),
  response: pageOf(adminBasketOrderRowSchema),
  errors: [...forbidden, 'VALIDATION_FAILED'],
});

export const BASKET_NOTE_MIN = 2;
export const BASKET_NOTE_MAX = 2000;

export const addBasketVipNoteBody = z.object({
  text: textSchema({ multiline: true })
    .min(BASKET_NOTE_MIN, { message: 'min' })
    .max(BASKET_NOTE_MAX, { message: 'max' }),
});
export type AddBasketVipNoteBody = z.input<typeof addBasketVipNoteBody>;

/** Adds a contact note to a VIP request (any state: a call after the decision is noted too). Audited. */
export const adminAddBasketVipNote = defineEndpoint({
  id: 'adminAddBasketVipNote',
  method: 'POST',
  path: '/admin/basket-orders/:orderId/notes',
  summary: 'Add a contact note to a VIP basket request',
  tags: ['admin'],
  auth: 'session',
  permission: 'baskets.manage',
  params: orderIdParams,
  body: addBasketVipNoteBody,
  response: basketVipNoteSchema,
  successStatus: 201,
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND', 'OPERATOR_OWN_ACCOUNT', 'CONFLICT'],
});

/**
 * Accepts a VIP request: up to `vipSecondReviewAbove` it becomes `PaymentPending` at once; above it the
 * first approval is recorded (`firstApproval`) and a second, different operator's makes it payable
 * (`SAME_OPERATOR` for the first one). `REQUEST_ALREADY_REVIEWED` when it is no longer `PendingVip`.
 */
export const adminAcceptBasketVip = defineEndpoint({
  id: 'adminAcceptBasketVip',
  method: 'POST',
  path: '/admin/basket-orders/:orderId/accept',
  summary: 'Accept a VIP basket request: the investor may pay it',
  tags: ['admin'],
  auth: 'session',
  permission: 'baskets.manage',
  params: orderIdParams,
  response: adminBasketOrderRowSchema,
  errors: [
    ...forbidden,
    'VALIDATION_FAILED',
    'NOT_FOUND',
    'REQUEST_ALREADY_REVIEWED',
    'SAME_OPERATOR',
    'OPERATOR_OWN_ACCOUNT',
  ],
});

export const declineBasketVipBody = z.object({
  /** Shown to the investor. */
  reason: textSchema({ multiline: true }).min(5, { message: 'min' }).max(1000, { message: 'max' }),
});
export type DeclineBasketVipBody = z.input<typeof declineBasketVipBody>;

/** Declines a VIP request (→ `Cancelled`, nothing was paid): one operator at any amount. */
export const adminDeclineBasketVip = defineEndpoint({
  id: 'adminDeclineBasketVip',
  method: 'POST',
  path: '/admin/basket-orders/:orderId/decline',
  summary: 'Decline a VIP basket request with a reason',
  tags: ['admin'],
  auth: 'session',
  permission: 'baskets.manage',
  params: orderIdParams,
  body: declineBasketVipBody,
  response: adminBasketOrderRowSchema,
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND', 'REQUEST_ALREADY_REVIEWED', 'OPERATOR_OWN_ACCOUNT'],
});

// ---- the settings -----------------------------------------------------------------------------------

/** The bounds of the settings (the table's CHECKs say the same). */
export const BASKET_SETTINGS_BOUNDS = {
  /** Basket fee: 0 to 500 basis points (5 %). */
  feeBpsMax: 500,
  /** A band's volatility target: above 0, at most 3 (300 % a year). */
  volatilityTargetMax: 3,
  assetsMax: 50,
  minHistoryDaysMin: 30,
  minHistoryDaysMax: 1825,
  maxAnnualReturnMax: 10,
  excludedMax: 200,
} as const;

const share = z.number({ message: 'number' }).min(0, { message: 'shareRange' }).max(1, { message: 'shareRange' });
const count = z
  .number({ message: 'integer' })
  .int({ message: 'integer' })
  .min(1, { message: 'countRange' })
  .max(BASKET_SETTINGS_BOUNDS.assetsMax, { message: 'countRange' });
const band = z.object({
  volatilityTarget: z
    .number({ message: 'number' })
    .gt(0, { message: 'volatilityRange' })
    .max(BASKET_SETTINGS_BOUNDS.volatilityTargetMax, { message: 'volatilityRange' }),
  tetherShare: share.refine((n) => n < 1, { message: 'shareRange' }),
});

/** Tether as typed → canonical decimal (`"50000"`), positive, at most six decimals. */
const usdtField = z
  .string({ message: 'required' })
  .transform(normalizeAmountInput)
  .pipe(
    z
      .string()
      .regex(/^\d{1,12}(\.\d{1,6})?$/, { message: 'amountInvalid' })
      .refine((s) => /[1-9]/.test(s), { message: 'amountPositive' }),
  )
  .transform((s) =>
    s
      .replace(/^0+(?=\d)/, '')
      .replace(/(\.\d*?)0+$/, '$1')
      .replace(/\.$/, ''),
  );

export const basketSettingsFields = {
  construction: z.object({
    bands: z.object({ '10': band, '25': band, '35': band, '60': band, '100': band }),
    maxWeight: share.refine((n) => n > 0, { message: 'shareRange' }),
    minWeight: share,
    minAssets: count,
    maxAssets: count,
    minHistoryDays: z
      .number({ message: 'integer' })
      .int({ message: 'integer' })
      .min(BASKET_SETTINGS_BOUNDS.minHistoryDaysMin, { message: 'historyRange' })
      .max(BASKET_SETTINGS_BOUNDS.minHistoryDaysMax, { message: 'historyRange' }),
    meanShrinkage: share,
    maxAnnualReturn: z
      .number({ message: 'number' })
      .gt(0, { message: 'returnRange' })
      .max(BASKET_SETTINGS_BOUNDS.maxAnnualReturnMax, { message: 'returnRange' }),
  }),
  feeBps: z
    .number({ message: 'integer' })
    .int({ message: 'integer' })
    .min(0, { message: 'bpsRange' })
    .max(BASKET_SETTINGS_BOUNDS.feeBpsMax, { message: 'bpsRange' }),
  /** Symbols no new basket buys (`BTC`), each once. */
  excludedSymbols: z
    .array(z.string().trim().toUpperCase().regex(ASSET_SYMBOL_PATTERN, { message: 'symbol' }))
    .max(BASKET_SETTINGS_BOUNDS.excludedMax, { message: 'max' })
    .refine((a) => new Set(a).size === a.length, { message: 'duplicate' }),
  /** Accepting a VIP request of more than this (tether) takes two operators. */
  vipSecondReviewAbove: usdtField,
};

export interface BasketSettingsIssue {
  path: (string | number)[];
  rule: 'minAboveMax' | 'minWeightAboveMax' | 'weightsTooSmall' | 'tetherShareOrder' | 'volatilityOrder';
}

/**
 * Rules between the fields: `minAssets ≤ maxAssets` (`minAboveMax` on minAssets), `minWeight < maxWeight`
 * (`minWeightAboveMax`), `minAssets × maxWeight` must reach the crypto share of the riskiest band
 * (`weightsTooSmall`: else no basket could be full), the tether share never grows with risk
 * (`tetherShareOrder`, on the riskier band) and the volatility target never falls with it
 * (`volatilityOrder`).
 */
export function basketSettingsIssues(s: z.output<z.ZodObject<typeof basketSettingsFields>>): BasketSettingsIssue[] {
  const issues: BasketSettingsIssue[] = [];
  const c = s.construction;
  if (c.minAssets > c.maxAssets) issues.push({ path: ['construction', 'minAssets'], rule: 'minAboveMax' });
  if (c.minWeight >= c.maxWeight) issues.push({ path: ['construction', 'minWeight'], rule: 'minWeightAboveMax' });
  const keys = ['10', '25', '35', '60', '100'] as const;
  const crypto = 1 - c.bands['100'].tetherShare;
  if (c.maxAssets * c.maxWeight < crypto - 1e-9)
    issues.push({ path: ['construction', 'maxWeight'], rule: 'weightsTooSmall' });
  for (let i = 1; i < keys.length; i++) {
    const lower = c.bands[keys[i - 1]!];
    const higher = c.bands[keys[i]!];
    if (higher.tetherShare > lower.tetherShare)
      issues.push({ path: ['construction', 'bands', keys[i]!, 'tetherShare'], rule: 'tetherShareOrder' });
    if (higher.volatilityTarget < lower.volatilityTarget)
      issues.push({ path: ['construction', 'bands', keys[i]!, 'volatilityTarget'], rule: 'volatilityOrder' });
  }
  return issues;
}

/** Every field of the settings (what is approved is exactly what was shown, before → after). */
export const proposeBasketSettingsBody = z.object(basketSettingsFields).superRefine((b, ctx) => {
  for (const i of basketSettingsIssues(b)) ctx.addIssue({ code: 'custom', path: i.path, message: i.rule });
});
export type ProposeBasketSettingsBody = z.input<typeof proposeBasketSettingsBody>;

export const basketSettingsSchema = basketSettingsValuesSchema.extend({
  /** The approver of the settings in force and when they took effect (null: the first settings). */
  updatedBy: personRefSchema.nullable(),
  updatedAt: z.string(),
  /** A `basket_settings` proposal waiting for a second operator, if any. */
  pendingProposalId: z.string().nullable(),
});
export type BasketSettings = z.infer<typeof basketSettingsSchema>;

export const adminGetBasketSettings = defineEndpoint({
  id: 'adminGetBasketSettings',
  method: 'GET',
  path: '/admin/baskets/settings',
  summary: "The baskets' settings in force: construction parameters, fee, exclusions, VIP review bound",
  tags: ['admin'],
  auth: 'session',
  permission: 'baskets.read',
  response: basketSettingsSchema,
  errors: forbidden,
});

/**
 * Proposes the baskets' settings: answered 202 with the proposal (kind `basket_settings`, its effect the
 * settings before → after). They take effect when another operator approves it (`SAME_OPERATOR` for the
 * proposer); orders built afterwards use them.
 */
export const adminProposeBasketSettings = defineEndpoint({
  id: 'adminProposeBasketSettings',
  method: 'POST',
  path: '/admin/baskets/settings',
  summary: "Propose the baskets' construction parameters, fee, exclusions and VIP bound (a second operator approves)",
  tags: ['admin'],
  auth: 'session',
  permission: 'baskets.manage',
  body: proposeBasketSettingsBody,
  response: proposalSchema,
  successStatus: 202,
  errors: [...forbidden, 'VALIDATION_FAILED'],
});
