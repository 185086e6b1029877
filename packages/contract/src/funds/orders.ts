/**
 * Buying and redeeming fund units (SPEC §2 "Fund purchase", "Fund redeem", §3, §4, §9; issue 6; decision
 * 022). The arithmetic is `pricing.ts`; this file declares the investor's endpoints and their shapes.
 *
 * Purchase (`/fund/purchase/{fundId}`): the form asks `quoteFundPurchase` for the fee breakdown, then
 * `createFundPurchase` (idempotent) with the method:
 * - `wallet`: the amount is held at once; the units are issued at once when the NAV of today's Tehran
 *   date is published (outcome `success`), else when it is (`waiting`, the waiting page).
 * - `card`: the purchase is `PaymentPending` and the answer carries `redirectUrl`, the bank gateway. The
 *   gateway sends the payer back to `/fund/purchase/payment/{purchaseId}?Authority=…&Status=OK|NOK`; that
 *   page calls `verifyFundPurchasePayment` (verified with the gateway exactly once, however often it is
 *   called) and moves on to `/fund/purchase/payment/{purchaseId}/success|waiting|unsuccess` by the answer's
 *   `outcome`. A paid card purchase credits the wallet and holds the amount in one transaction (the money is
 *   in the wallet, then in the order). A cancelled or failed payment ends the purchase `Failed`; a retry is a
 *   new purchase. Card payments go through the toman gateway: funds in USDT take the wallet only
 *   (`PAYMENT_METHOD_DISABLED`).
 *
 * Redemption (`/fund/redeem/{id}`): `getFundHolding` lists the lots (the redemption planner: each lot's
 * early-exit fee today and the day it becomes free), `quoteFundRedemption` prices a count (or the free
 * units only), `createFundRedemption` (idempotent) holds the units and redeems them at today's NAV (at
 * once, or when it is published), oldest lots first; the proceeds reach the wallet.
 *
 * Every amount is a decimal string in the fund's currency (IRT or USDT, `core/money.ts`); unit counts are
 * decimal strings with up to four decimals (`formatUnits`); rates are basis points; times are ISO strings.
 */
import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint';
import { UserRequestStatus } from '../core/enums';
import { TEHRAN_OFFSET_MS } from '../core/bank-calendar';
import { CURRENCY_SCALE, fromMinor, toMinor, type Currency } from '../core/money';
import { normalizeDigits } from '../core/digits';
import { FUND_CURRENCIES, PURCHASE_STATUSES, REDEMPTION_STATUSES, unitsStringSchema } from './funds';
import { textSchema } from '../core/text';
import { pageOf, pageQuery } from '../core/paging';

/** How the investor pays for a purchase (SPEC §2: card or wallet balance). */
export const PURCHASE_METHODS = ['wallet', 'card'] as const;
export type PurchaseMethod = (typeof PURCHASE_METHODS)[number];

/**
 * What the purchase pages show (SPEC §4: success, waiting, failed): `pending` while the payer is at the
 * gateway, `waiting` until the day's NAV issues the units, `success`, `failed` (failed or cancelled
 * payment, or cancelled order: retry with a new purchase).
 */
export const PURCHASE_OUTCOMES = ['pending', 'waiting', 'success', 'failed'] as const;
export type PurchaseOutcome = (typeof PURCHASE_OUTCOMES)[number];
export const PURCHASE_OUTCOME: Record<(typeof PURCHASE_STATUSES)[number], PurchaseOutcome> = {
  PaymentPending: 'pending',
  Waiting: 'waiting',
  Successful: 'success',
  Failed: 'failed',
  Canceled: 'failed',
};

/** What the redemption pages show: `waiting` for the day's NAV, `success`, or `canceled`. */
export const REDEMPTION_OUTCOMES = ['waiting', 'success', 'canceled'] as const;
export type RedemptionOutcome = (typeof REDEMPTION_OUTCOMES)[number];
export const REDEMPTION_OUTCOME: Record<(typeof REDEMPTION_STATUSES)[number], RedemptionOutcome> = {
  Waiting: 'waiting',
  Successful: 'success',
  Canceled: 'canceled',
};

/** Why a purchase ended `Failed` (the web translates `fundPurchase.failReason.<reason>`). */
export const PURCHASE_FAIL_REASONS = [
  /** The payer cancelled at the gateway. */
  'payment_cancelled',
  /** The gateway says the payment did not go through. */
  'payment_failed',
  /** The gateway did not start the payment. */
  'gateway_unavailable',
  /** At the NAV that priced it, the amount bought no unit: the money went back to the wallet. */
  'too_small_at_nav',
  /** Buying was paused before the card payment arrived: the payment is in the wallet. */
  'fund_paused',
] as const;
export type PurchaseFailReason = (typeof PURCHASE_FAIL_REASONS)[number];

/** Why a waiting redemption ended `Canceled`: at the NAV that priced it the proceeds were not positive. */
export const REDEMPTION_CANCEL_REASONS = ['proceeds_not_positive'] as const;

/** The Tehran calendar date (`YYYY-MM-DD`) of an instant: the date whose NAV prices an order placed then. */
export function tehranDateOf(at: Date): string {
  return new Date(at.getTime() + TEHRAN_OFFSET_MS).toISOString().slice(0, 10);
}

/** An amount as typed (Persian or Arabic digits, thousands separators, `٫` as the decimal point) → `1234.5`. */
export function normalizeFundAmount(input: string): string {
  return normalizeDigits(input)
    .replace(/[,\s٬،]/g, '')
    .replace('٫', '.')
    .trim();
}

/** A fund's currency, as its orders are priced in. */
export const fundCurrencySchema = z.enum(FUND_CURRENCIES);

/** The most minor units one order may name (keeps every product far inside a PostgreSQL bigint). */
export const FUND_ORDER_MAX_MINOR = 10n ** 15n;

/**
 * Checks an amount (already normalised by `normalizeFundAmount`) against a fund's currency: a decimal
 * number, positive, no more decimals than the currency's scale, not absurdly large. Answers the failing
 * rule (the `amount` issue the form shows) or null. The fund's own minimum and maximum are the server's.
 */
export function fundAmountIssue(
  amount: string,
  currency: Currency,
): {
  rule: 'amountInvalid' | 'amountPositive' | 'amountDecimals' | 'amountMax';
  params?: Record<string, string>;
} | null {
  const m = /^(\d{1,24})(?:\.(\d{1,24}))?$/.exec(amount);
  if (!m) return { rule: 'amountInvalid' };
  const scale = CURRENCY_SCALE[currency];
  const decimals = (m[2] ?? '').replace(/0+$/, '');
  if (decimals.length > scale) return { rule: 'amountDecimals', params: { scale: String(scale) } };
  const minor = toMinor(`${m[1]}${decimals ? `.${decimals}` : ''}`, currency);
  if (minor <= 0n) return { rule: 'amountPositive' };
  if (minor > FUND_ORDER_MAX_MINOR)
    return { rule: 'amountMax', params: { max: fromMinor(FUND_ORDER_MAX_MINOR, currency) } };
  return null;
}

/**
 * An amount as typed: Persian or Arabic digits, thousands separators, `٫` as the decimal point; normalised
 * to `1234.5`. Its scale and the fund's limits are checked by the server against the fund's currency
 * (`VALIDATION_FAILED`, issue `body.amount` with rule `amountInvalid`, `amountDecimals`, `amountMin` or
 * `amountMax` and its `{ min | max }`).
 */
export const fundAmountInputSchema = z
  .string({ message: 'required' })
  .transform(normalizeFundAmount)
  .pipe(z.string().regex(/^\d{1,24}(\.\d{1,24})?$/, { message: 'amountInvalid' }));

/** A unit count as typed (Persian digits allowed), at most four decimals: `12.5`. */
export const unitsInputSchema = z
  .string({ message: 'required' })
  .transform(normalizeFundAmount)
  .pipe(unitsStringSchema.refine((s) => /[1-9]/.test(s), { message: 'unitsPositive' }));

const fundIdParams = z.object({ fundId: z.uuid({ message: 'format' }) });

/** Rows per page of the investor's order history (the fund page's "buy and sell history" tab). */
export const FUND_ORDERS_PAGE_SIZE = 10;

/** A NAV as published: the Tehran date and the price of one whole unit in the fund's currency. */
export const navPointSchema = z.object({ navDate: z.string(), nav: z.string() });
export type NavPoint = z.infer<typeof navPointSchema>;

// ————— purchase —————

export const quoteFundPurchaseBody = z.object({ amount: fundAmountInputSchema });
export type QuoteFundPurchaseBody = z.input<typeof quoteFundPurchaseBody>;

export const purchaseQuoteSchema = z.object({
  fundId: z.string(),
  currency: fundCurrencySchema,
  amount: z.string(),
  /** The fund's fixed purchase fee, taken from the amount. */
  fixedFee: z.string(),
  /** The yearly management fee (bp), already in the NAV: shown, not charged. */
  managementFeeBps: z.number().int(),
  minPurchase: z.string(),
  maxPurchase: z.string().nullable(),
  /** The Tehran date whose NAV prices an order placed now. */
  navDate: z.string(),
  /** That date's NAV when published (null: the order waits for it). */
  nav: z.string().nullable(),
  /** True when today's NAV is not out: the units are issued when it is (the waiting outcome). */
  waiting: z.boolean(),
  /** Units issued at today's NAV; null while waiting. */
  units: z.string().nullable(),
  /** What the units cost at the NAV (⌈units × NAV⌉); null while waiting. */
  cost: z.string().nullable(),
  /** cost + fixed fee: what leaves the wallet; null while waiting (the whole amount is held meanwhile). */
  charged: z.string().nullable(),
  /** amount − charged: stays in the wallet; null while waiting. */
  remainder: z.string().nullable(),
  /** The latest published NAV (for an estimate while waiting), null when the fund has none yet. */
  latestNav: navPointSchema.nullable(),
  /** Units the amount would buy at the latest NAV (an estimate while waiting). */
  estimatedUnits: z.string().nullable(),
  /** The investor's available balance in the fund's currency (pay by wallet needs amount ≤ it). */
  walletAvailable: z.string(),
  /** Buying is paused by the operators: `createFundPurchase` answers `FUND_TRADING_PAUSED`. */
  buyingPaused: z.boolean(),
  /** Methods accepted for this fund (card only for toman funds). */
  methods: z.array(z.enum(PURCHASE_METHODS)),
});
export type PurchaseQuoteView = z.infer<typeof purchaseQuoteSchema>;

export const quoteFundPurchase = defineEndpoint({
  id: 'quoteFundPurchase',
  method: 'POST',
  path: '/funds/:fundId/purchase-quote',
  summary: 'The fee breakdown and units of a purchase amount at today’s NAV (or that it will wait for it)',
  tags: ['funds'],
  auth: 'session',
  params: fundIdParams,
  body: quoteFundPurchaseBody,
  response: purchaseQuoteSchema,
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND', 'FUND_ORDER_TOO_SMALL'],
});

export const createFundPurchaseBody = z.object({
  amount: fundAmountInputSchema,
  method: z.enum(PURCHASE_METHODS, { message: 'select' }),
  /** The terms checkbox (SPEC §2): must be ticked; anything else is rule `accept`. */
  acceptTerms: z.literal(true, { message: 'accept' }),
  /**
   * The investor confirms buying a fund riskier than their latest risk quiz result, or without one (issue 20,
   * decision 045): without it such a purchase is refused with `RISK_CONFIRMATION_REQUIRED`.
   */
  riskAcknowledged: z.boolean().optional(),
});
export type CreateFundPurchaseBody = z.input<typeof createFundPurchaseBody>;

export const fundPurchaseSchema = z.object({
  id: z.string(),
  fundId: z.string(),
  method: z.enum(PURCHASE_METHODS),
  /** The server's status. */
  state: z.enum(PURCHASE_STATUSES),
  /** SPEC §3 `UserRequestStatus`, as `/user-requests` shows it. */
  status: z.enum(UserRequestStatus),
  outcome: z.enum(PURCHASE_OUTCOMES),
  currency: fundCurrencySchema,
  amount: z.string(),
  fixedFee: z.string(),
  /** The Tehran date whose NAV prices it (for a card purchase: the day it was paid). */
  navDate: z.string(),
  nav: z.string().nullable(),
  units: z.string().nullable(),
  cost: z.string().nullable(),
  /** cost + fixed fee, once priced. */
  charged: z.string().nullable(),
  /** Back to the wallet, once priced. */
  remainder: z.string().nullable(),
  failReason: z.enum(PURCHASE_FAIL_REASONS).nullable(),
  /** The gateway's reference number of a card payment. */
  paymentReference: z.string().nullable(),
  pricedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FundPurchase = z.infer<typeof fundPurchaseSchema>;

export const createFundPurchase = defineEndpoint({
  id: 'createFundPurchase',
  method: 'POST',
  path: '/funds/:fundId/purchases',
  summary: 'Buy units: by wallet (held and priced at today’s NAV, or waiting for it) or by card (answers the gateway)',
  tags: ['funds'],
  auth: 'session',
  idempotent: true,
  params: fundIdParams,
  body: createFundPurchaseBody,
  /** `redirectUrl`: where to send the payer of a card purchase still awaiting payment; null otherwise. */
  response: fundPurchaseSchema.extend({ redirectUrl: z.string().nullable() }),
  successStatus: 201,
  errors: [
    'UNAUTHENTICATED',
    'VALIDATION_FAILED',
    'KYC_REQUIRED',
    'ACCOUNT_FROZEN',
    'NOT_FOUND',
    'FUND_TRADING_PAUSED',
    'FUND_ORDER_TOO_SMALL',
    'PAYMENT_METHOD_DISABLED',
    'INSUFFICIENT_BALANCE',
    'PAYMENT_GATEWAY_UNAVAILABLE',
    'IDEMPOTENCY_KEY_REUSED',
    'RISK_CONFIRMATION_REQUIRED',
  ],
});

const purchaseIdParams = z.object({ purchaseId: z.uuid({ message: 'format' }) });

export const verifyFundPurchasePayment = defineEndpoint({
  id: 'verifyFundPurchasePayment',
  method: 'POST',
  path: '/fund-purchases/:purchaseId/verify',
  summary: 'The gateway sent the payer back: verify the card payment (once) and answer the purchase',
  tags: ['funds'],
  auth: 'session',
  params: purchaseIdParams,
  body: z.object({ authority: textSchema({ trim: false }).min(1).max(200), status: z.enum(['OK', 'NOK']) }),
  response: fundPurchaseSchema,
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND'],
});

export const getFundPurchase = defineEndpoint({
  id: 'getFundPurchase',
  method: 'GET',
  path: '/fund-purchases/:purchaseId',
  summary: 'One of my fund purchases (another user’s is not found)',
  tags: ['funds'],
  auth: 'session',
  params: purchaseIdParams,
  response: fundPurchaseSchema,
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND'],
});

const pagedQuery = pageQuery({ fundId: z.uuid({ message: 'format' }).optional() });

export const listMyFundPurchases = defineEndpoint({
  id: 'listMyFundPurchases',
  method: 'GET',
  path: '/fund-purchases',
  summary: 'My fund purchases, newest first (optionally of one fund)',
  tags: ['funds'],
  auth: 'session',
  query: pagedQuery,
  response: pageOf(fundPurchaseSchema),
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED'],
});

// ————— holdings —————

export const holdingLotSchema = z.object({
  lotId: z.string(),
  purchaseId: z.string().nullable(),
  unitsIssued: z.string(),
  /** Units still in the lot (some may be promised to a waiting redemption: see `heldUnits` of the holding). */
  units: z.string(),
  /** The NAV the lot was issued at. */
  nav: z.string(),
  issuedAt: z.string(),
  /** From when the lot redeems without the early-exit fee (issue + 6 months). */
  freeFrom: z.string(),
  isFree: z.boolean(),
  /** The early-exit rate (bp) if redeemed today. */
  earlyExitBpsToday: z.number().int(),
  /** The lot's value at the latest NAV, and its early-exit fee if redeemed whole today at that NAV. */
  valueToday: z.string().nullable(),
  earlyExitFeeToday: z.string().nullable(),
});
export type HoldingLot = z.infer<typeof holdingLotSchema>;

export const holdingSchema = z.object({
  fundId: z.string(),
  currency: fundCurrencySchema,
  /** Units that can be redeemed now. */
  units: z.string(),
  /** Units promised to waiting redemptions. */
  heldUnits: z.string(),
  /** units + heldUnits. */
  totalUnits: z.string(),
  latestNav: navPointSchema.nullable(),
  /** totalUnits at the latest NAV (rounded down). */
  value: z.string().nullable(),
  /** What the units still held cost, at each lot's NAV. */
  costBasis: z.string(),
  /** value − costBasis. */
  profit: z.string().nullable(),
  /** Available units in lots at least six months old: redeemable today without the early-exit fee. */
  freeUnits: z.string(),
});
export type Holding = z.infer<typeof holdingSchema>;

export const getMyFundHoldings = defineEndpoint({
  id: 'getMyFundHoldings',
  method: 'GET',
  path: '/funds/holdings',
  summary: 'My funds: units, value at the latest NAV, cost, profit and free units per fund',
  tags: ['funds'],
  auth: 'session',
  response: z.object({ items: z.array(holdingSchema) }),
  errors: ['UNAUTHENTICATED'],
});

export const fundHoldingSchema = holdingSchema.extend({
  /** Oldest first: the order a redemption takes them in. */
  lots: z.array(holdingLotSchema),
  minRedeemUnits: z.string(),
  redeemingPaused: z.boolean(),
  redeemFixedFee: z.string(),
  performanceFeeBps: z.number().int(),
});
export type FundHolding = z.infer<typeof fundHoldingSchema>;

export const getFundHolding = defineEndpoint({
  id: 'getFundHolding',
  method: 'GET',
  path: '/funds/:fundId/holding',
  summary: 'My units of one fund, lot by lot (the redemption planner: fee today, free from)',
  tags: ['funds'],
  auth: 'session',
  params: fundIdParams,
  response: fundHoldingSchema,
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND'],
});

// ————— redemption —————

/**
 * `units`: how many to redeem; `freeOnly`: only units past the early-exit period (without `units`: all of
 * them; with `units`: refused when fewer are free). One of the two is needed (rule `required` on `units`).
 */
export const redemptionBody = z
  .object({ units: unitsInputSchema.optional(), freeOnly: z.boolean().default(false) })
  .superRefine((b, ctx) => {
    if (b.units === undefined && !b.freeOnly) ctx.addIssue({ code: 'custom', path: ['units'], message: 'required' });
  });
export type RedemptionBody = z.input<typeof redemptionBody>;

export const lotTakeSchema = z.object({
  lotId: z.string(),
  units: z.string(),
  issuedAt: z.string(),
  freeFrom: z.string(),
  value: z.string(),
  earlyExitBps: z.number().int(),
  earlyExitFee: z.string(),
  gain: z.string(),
  performanceFee: z.string(),
});
export type LotTakeView = z.infer<typeof lotTakeSchema>;

export const redemptionQuoteSchema = z.object({
  fundId: z.string(),
  currency: fundCurrencySchema,
  units: z.string(),
  freeOnly: z.boolean(),
  /** The Tehran date whose NAV prices a redemption placed now. */
  navDate: z.string(),
  /** The NAV used: today's when published, else the latest (then `estimate`). */
  nav: z.string(),
  navDateUsed: z.string(),
  /** Today's NAV is not out: the figures are at the latest NAV and the redemption would wait. */
  estimate: z.boolean(),
  waiting: z.boolean(),
  value: z.string(),
  fixedFee: z.string(),
  earlyExitFee: z.string(),
  performanceFee: z.string(),
  /** value − every fee: what reaches the wallet. */
  proceeds: z.string(),
  takes: z.array(lotTakeSchema),
  availableUnits: z.string(),
  freeUnits: z.string(),
  redeemingPaused: z.boolean(),
});
export type RedemptionQuoteView = z.infer<typeof redemptionQuoteSchema>;

export const quoteFundRedemption = defineEndpoint({
  id: 'quoteFundRedemption',
  method: 'POST',
  path: '/funds/:fundId/redemption-quote',
  summary: 'What redeeming a number of units (or the free ones) pays, lot by lot, with every fee',
  tags: ['funds'],
  auth: 'session',
  params: fundIdParams,
  body: redemptionBody,
  response: redemptionQuoteSchema,
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND', 'FUND_UNITS_INSUFFICIENT', 'FUND_ORDER_TOO_SMALL'],
});

export const fundRedemptionSchema = z.object({
  id: z.string(),
  fundId: z.string(),
  state: z.enum(REDEMPTION_STATUSES),
  status: z.enum(UserRequestStatus),
  outcome: z.enum(REDEMPTION_OUTCOMES),
  currency: fundCurrencySchema,
  units: z.string(),
  navDate: z.string(),
  nav: z.string().nullable(),
  value: z.string().nullable(),
  fixedFee: z.string().nullable(),
  earlyExitFee: z.string().nullable(),
  performanceFee: z.string().nullable(),
  proceeds: z.string().nullable(),
  takes: z.array(lotTakeSchema).nullable(),
  pricedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FundRedemption = z.infer<typeof fundRedemptionSchema>;

export const createFundRedemption = defineEndpoint({
  id: 'createFundRedemption',
  method: 'POST',
  path: '/funds/:fundId/redemptions',
  summary: 'Redeem units: held at once, bought back at today’s NAV (at once, or when it is published)',
  tags: ['funds'],
  auth: 'session',
  idempotent: true,
  params: fundIdParams,
  body: redemptionBody,
  response: fundRedemptionSchema,
  successStatus: 201,
  errors: [
    'UNAUTHENTICATED',
    'VALIDATION_FAILED',
    'KYC_REQUIRED',
    'ACCOUNT_FROZEN',
    'NOT_FOUND',
    'FUND_TRADING_PAUSED',
    'FUND_UNITS_INSUFFICIENT',
    'FUND_ORDER_TOO_SMALL',
    'IDEMPOTENCY_KEY_REUSED',
  ],
});

export const getFundRedemption = defineEndpoint({
  id: 'getFundRedemption',
  method: 'GET',
  path: '/fund-redemptions/:redemptionId',
  summary: 'One of my redemptions (another user’s is not found)',
  tags: ['funds'],
  auth: 'session',
  params: z.object({ redemptionId: z.uuid({ message: 'format' }) }),
  response: fundRedemptionSchema,
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND'],
});

export const listMyFundRedemptions = defineEndpoint({
  id: 'listMyFundRedemptions',
  method: 'GET',
  path: '/fund-redemptions',
  summary: 'My redemptions, newest first (optionally of one fund)',
  tags: ['funds'],
  auth: 'session',
  query: pagedQuery,
  response: pageOf(fundRedemptionSchema),
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED'],
});

/** One row of the "buy and sell history" tab: a purchase or a redemption. */
export const fundOrderSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('purchase'), purchase: fundPurchaseSchema }),
  z.object({ kind: z.literal('redemption'), redemption: fundRedemptionSchema }),
]);
export type FundOrder = z.infer<typeof fundOrderSchema>;

export const listMyFundOrders = defineEndpoint({
  id: 'listMyFundOrders',
  method: 'GET',
  path: '/fund-orders',
  summary: 'My purchases and redemptions together, newest first (the fund page’s buy and sell history)',
  tags: ['funds'],
  auth: 'session',
  query: pagedQuery,
  response: pageOf(fundOrderSchema),
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED'],
});
