/**
 * Smart hold baskets, the investor's side (issue 20, decision 045; SPEC §2 "Basket order", §3
 * `BasketOrderStatus`, §5 limits): an order states a risk band and an amount of tether, is paid from the
 * tether wallet, and a worker builds the basket (construction over the chosen exchanges' universe, buys
 * through the exchange-trading port). A built order (`Analysed`) is a basket the investor holds: its
 * holdings are ledger accounts `B:<order id>:<SYMBOL>` (baskets/universe.ts), valued at the latest prices.
 *
 * Life of an order:
 * - created `PaymentPending` (amount 1,000 ≤ a < 50,000 USDT) or `PendingVip` (50,000 ≤ a ≤ 1,000,000,000:
 *   no payment, the operators call the investor; accepted → `PaymentPending`, declined → `Cancelled`);
 * - paid from the tether wallet (`payBasketOrder`: the amount is held) → `NotStarted`;
 * - the worker takes it → `InProgress` → `Analysed` (built: the holdings are credited, the fee taken) or
 *   `GenerationFailed` (the construction could not meet its constraints or a buy was refused: whatever was
 *   bought is sold back and the whole amount returns to the wallet);
 * - an unpaid order (`PaymentPending`, `PendingVip`) may be cancelled by the investor → `Cancelled`.
 * A built basket is `held` until closed (`closeBasket`: everything sold back to tether, the proceeds reach
 * the tether wallet) → `closed`. Rebalancing (`previewBasketRebalance`, `confirmBasketRebalance`) trades a
 * held basket back to its target weights.
 *
 * The basket's id is its order's id: `/basket-order/{id}` and `getBasket` take the same id.
 *
 * Money: tether as decimal strings with up to six decimals (core/money.ts), asset quantities as decimal
 * strings at the asset's own scale, prices in tether per whole unit (decimal strings), weights and ratios
 * as numbers 0–1, times ISO 8601, days `YYYY-MM-DD` (UTC, the exchanges' daily closes).
 */
import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint';
import { BasketOrderStatus } from '../core/enums';
import { normalizeDigits } from '../core/digits';
import { pageOf, pageQuery } from '../core/paging';
import { EXCHANGES, MARKET_TYPES, exchangeIdSchema, marketTypeSchema } from './universe';
import { RISK_BANDS } from './risk';
import type { FundRiskValue } from '../funds/funds';

// ————— vocabulary —————

/** SPEC `BasketOrderStatus` and `Cancelled` (an unpaid order cancelled by the investor, a VIP request declined). */
export const BASKET_ORDER_STATUSES = [...BasketOrderStatus, 'Cancelled'] as const;
export type BasketOrderStatusValue = (typeof BASKET_ORDER_STATUSES)[number];

/** Statuses the investor can still cancel (nothing was paid). */
export const BASKET_CANCELLABLE_STATUSES = [
  'PaymentPending',
  'PendingVip',
] as const satisfies readonly BasketOrderStatusValue[];

/** A built basket (`Analysed`): `held` until closed; `closed` once sold back to tether. */
export const BASKET_HOLDING_STATES = ['held', 'closed'] as const;
export type BasketHoldingState = (typeof BASKET_HOLDING_STATES)[number];

/**
 * What the web's pages show, by status (`/basket-order/process/{id}` polls until `success` or `failed`):
 * `payment` (pay it), `vip` (operators will call), `processing` (NotStarted, InProgress), `success`
 * (Analysed), `failed` (GenerationFailed: the payment went back to the wallet), `cancelled`.
 */
export const BASKET_ORDER_OUTCOMES = ['payment', 'vip', 'processing', 'success', 'failed', 'cancelled'] as const;
export type BasketOrderOutcome = (typeof BASKET_ORDER_OUTCOMES)[number];
export const BASKET_ORDER_OUTCOME: Record<BasketOrderStatusValue, BasketOrderOutcome> = {
  PaymentPending: 'payment',
  PendingVip: 'vip',
  NotStarted: 'processing',
  InProgress: 'processing',
  GenerationFailed: 'failed',
  Analysed: 'success',
  Cancelled: 'cancelled',
};

/**
 * Why an order ended `GenerationFailed` (the web translates `baskets:failReason.<reason>`). The first four
 * are the construction's (decision 044): not enough price history, fewer assets than the minimum, the
 * band's volatility target out of reach, no allocation meets the bounds. `no_universe`: the chosen
 * exchanges and market type list no asset (after the excluded ones); `buy_rejected`: an exchange refused a
 * buy (what was bought was sold back); `execution_error`: an exchange did not answer.
 */
export const BASKET_FAIL_REASONS = [
  'insufficient_history',
  'too_few_assets',
  'volatility_target_unreachable',
  'infeasible',
  'no_universe',
  'buy_rejected',
  'execution_error',
] as const;
export type BasketFailReason = (typeof BASKET_FAIL_REASONS)[number];

/** Why an operator declined a VIP request is free text; the investor sees `declineReason`. */

/** SPEC §5 limits, tether. */
export const BASKET_LIMITS = {
  /** The least an order may be. */
  min: '1000',
  /** From this amount an order is a VIP request (`PendingVip`). */
  vipFrom: '50000',
  /** Above this amount the page offers contact with support for a specialised basket. */
  specialisedAbove: '200000',
  /** The most an order (VIP) may be. */
  max: '1000000000',
} as const;
/** Tether's decimals (core/money.ts `CURRENCY_SCALE.USDT`). */
export const BASKET_AMOUNT_SCALE = 6;

/** The risk bands an order may name (`FundRisk`: 10, 25, 35, 60, 100). */
export const basketRiskSchema = z
  .number({ message: 'select' })
  .int({ message: 'select' })
  .refine((n): n is FundRiskValue => (RISK_BANDS as readonly number[]).includes(n), { message: 'select' });

/** An amount as typed (Persian or Arabic digits, separators, `٫`) → `1234.5`. */
export function normalizeBasketAmount(input: string): string {
  return normalizeDigits(input)
    .replace(/[,\s٬،]/g, '')
    .replace('٫', '.')
    .trim();
}

/** Compares two non-negative decimal strings (no sign, no exponent). */
function compareDecimal(a: string, b: string): number {
  const [ai = '0', af = ''] = a.split('.');
  const [bi = '0', bf = ''] = b.split('.');
  const aInt = ai.replace(/^0+(?=\d)/, '');
  const bInt = bi.replace(/^0+(?=\d)/, '');
  if (aInt.length !== bInt.length) return aInt.length < bInt.length ? -1 : 1;
  if (aInt !== bInt) return aInt < bInt ? -1 : 1;
  const len = Math.max(af.length, bf.length);
  const x = af.padEnd(len, '0');
  const y = bf.padEnd(len, '0');
  return x === y ? 0 : x < y ? -1 : 1;
}

/**
 * An order's amount (normalised) against SPEC §5: a decimal number (`amountInvalid`), at most six decimals
 * (`amountDecimals`, `{ scale }`), at least 1,000 (`amountMin`, `{ min }`), at most 1,000,000,000
 * (`amountMax`, `{ max }`). Null when it is fine. The server answers the same rules (`VALIDATION_FAILED`,
 * issue `body.amount`).
 */
export function basketAmountIssue(amount: string): {
  rule: 'amountInvalid' | 'amountDecimals' | 'amountMin' | 'amountMax';
  params?: Record<string, string>;
} | null {
  const m = /^(\d{1,24})(?:\.(\d{1,24}))?$/.exec(amount);
  if (!m) return { rule: 'amountInvalid' };
  const decimals = (m[2] ?? '').replace(/0+$/, '');
  if (decimals.length > BASKET_AMOUNT_SCALE)
    return { rule: 'amountDecimals', params: { scale: String(BASKET_AMOUNT_SCALE) } };
  const canonical = `${m[1]}${decimals ? `.${decimals}` : ''}`;
  if (compareDecimal(canonical, BASKET_LIMITS.min) < 0)
    return { rule: 'amountMin', params: { min: BASKET_LIMITS.min } };
  if (compareDecimal(canonical, BASKET_LIMITS.max) > 0)
    return { rule: 'amountMax', params: { max: BASKET_LIMITS.max } };
  return null;
}

/** Whether an amount (valid) makes a VIP request, and whether the page offers a specialised basket. */
export const isVipAmount = (amount: string) => compareDecimal(amount, BASKET_LIMITS.vipFrom) >= 0;
export const isSpecialisedAmount = (amount: string) => compareDecimal(amount, BASKET_LIMITS.specialisedAbove) > 0;

/**
 * The amount as typed, normalised; the rules of `basketAmountIssue` are checked by the schema (so the
 * form and the server give the same issue).
 */
export const basketAmountInputSchema = z
  .string({ message: 'required' })
  .transform(normalizeBasketAmount)
  .superRefine((s, ctx) => {
    const issue = basketAmountIssue(s);
    if (issue) ctx.addIssue({ code: 'custom', message: issue.rule, params: issue.params });
  });

const orderIdParams = z.object({ orderId: z.uuid({ message: 'format' }) });
const basketIdParams = z.object({ basketId: z.uuid({ message: 'format' }) });

// ————— views —————

/** The latest risk quiz result, as the order form and an order record it. */
export const basketRiskResultSchema = z.object({
  id: z.string(),
  riskNumber: z.number().int(),
  /** Its band (`riskBandOf`). */
  band: z.number().int(),
  takenAt: z.string(),
});

/** An allocation: crypto assets (weights of the whole basket), tether's share, and the construction's figures. */
export const basketConstructionSchema = z.object({
  /** Crypto assets, largest weight first; weights are shares of the whole basket (tether's included). */
  weights: z.array(z.object({ symbol: z.string(), weight: z.number() })),
  /** The share kept in tether (higher for lower risk). */
  tetherWeight: z.number(),
  /** Annualised, 0.35 = 35 %. */
  expectedVolatility: z.number(),
  expectedReturn: z.number(),
  /** The equal-risk-contribution portfolio's volatility on the same assets (diagnostic). */
  riskParityVolatility: z.number(),
  /** The covariance's Ledoit–Wolf shrinkage intensity, 0–1. */
  shrinkage: z.number(),
  /** The last day of prices it used. */
  asOf: z.string(),
  /** Assets of the universe it started from (after the minimum history and the exclusions). */
  assetsConsidered: z.number().int(),
  /** The allocation's back-test over the history used, each series starting at 1 (bitcoin null before its data). */
  backtest: z.array(
    z.object({ day: z.string(), basket: z.number(), bitcoin: z.number().nullable(), tether: z.number() }),
  ),
});
export type BasketConstruction = z.infer<typeof basketConstructionSchema>;

export const basketOrderSchema = z.object({
  id: z.string(),
  status: z.enum(BASKET_ORDER_STATUSES),
  outcome: z.enum(BASKET_ORDER_OUTCOMES),
  /** The risk band (10, 25, 35, 60, 100). */
  risk: z.number().int(),
  /** Tether, as ordered. */
  amount: z.string(),
  exchanges: z.array(exchangeIdSchema),
  marketType: marketTypeSchema,
  /** 50,000 or more: a VIP request handled by the operators. */
  vip: z.boolean(),
  /** Above 200,000: the page offers contact with support for a specialised basket. */
  specialised: z.boolean(),
  /** The investor confirmed a risk above their latest quiz result (or without one). */
  riskAcknowledged: z.boolean(),
  /** The quiz result in force when the order was made (null: none taken). */
  riskResultId: z.string().nullable(),
  /** The basket fee (basis points of the amount) the order will pay when built; what it paid once built. */
  feeBps: z.number().int(),
  /** Tether, once built. */
  fee: z.string().nullable(),
  failReason: z.enum(BASKET_FAIL_REASONS).nullable(),
  /** A declined VIP request's reason, as the operator wrote it. */
  declineReason: z.string().nullable(),
  /** Set once built (`Analysed`). */
  holding: z.enum(BASKET_HOLDING_STATES).nullable(),
  paidAt: z.string().nullable(),
  builtAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BasketOrder = z.infer<typeof basketOrderSchema>;

/** One holding of a basket at the latest price. */
export const basketHoldingSchema = z.object({
  /** `USDT` for the basket's tether. */
  symbol: z.string(),
  name: z.string(),
  /** Decimal string at the asset's scale. */
  quantity: z.string(),
  /** Tether per whole unit (USDT: `1`); null without a price. */
  price: z.string().nullable(),
  priceAt: z.string().nullable(),
  /** quantity × price, tether (six decimals, rounded down); null without a price. */
  value: z.string().nullable(),
  /** value ÷ the basket's value; null when either is unknown. */
  weight: z.number().nullable(),
  /** The construction's target weight (0 for an asset no longer in the target). */
  targetWeight: z.number(),
  /** The price is the embedded mode's demo history. */
  demo: z.boolean(),
});
export type BasketHolding = z.infer<typeof basketHoldingSchema>;

/** A basket as `/baskets` lists it. */
export const basketSummarySchema = z.object({
  /** The order's id. */
  id: z.string(),
  status: z.enum(BASKET_ORDER_STATUSES),
  holding: z.enum(BASKET_HOLDING_STATES).nullable(),
  risk: z.number().int(),
  exchanges: z.array(exchangeIdSchema),
  marketType: marketTypeSchema,
  /** Tether paid for it (the order's amount). */
  invested: z.string(),
  /** Σ holdings × latest prices, tether; null while not built or a price is missing. Closed: 0. */
  value: z.string().nullable(),
  /**
   * Held: value − invested; closed: the closing proceeds − invested; null while not built or unvalued.
   */
  gain: z.string().nullable(),
  gainRatio: z.number().nullable(),
  /** Half the sum of |weight − target| over the holdings, 0–1 (0: on target); null when not valued. */
  drift: z.number().nullable(),
  /** Any price is the embedded mode's demo history. */
  demo: z.boolean(),
  createdAt: z.string(),
  builtAt: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type BasketSummary = z.infer<typeof basketSummarySchema>;

export const TRADE_SIDES = ['buy', 'sell'] as const;

/** A trade an operation made (or a preview would make) on an exchange. */
export const basketTradeSchema = z.object({
  symbol: z.string(),
  exchange: exchangeIdSchema,
  side: z.enum(TRADE_SIDES),
  /** The asset's quantity bought or sold (a preview: estimated at the latest price). */
  quantity: z.string(),
  /** Tether spent (buy) or received before the fee (sell). */
  quoteAmount: z.string(),
  /** The exchange's fee, tether. */
  fee: z.string(),
  /** Tether per unit the trade filled at (a preview: the latest price). */
  price: z.string(),
});
export type BasketTrade = z.infer<typeof basketTradeSchema>;

/** What happened to a basket: built (the buys), rebalanced, closed (the sells). */
export const BASKET_OPERATION_KINDS = ['build', 'rebalance', 'close'] as const;
export const BASKET_OPERATION_STATUSES = ['pending', 'completed', 'failed'] as const;

export const basketOperationSchema = z.object({
  id: z.string(),
  basketId: z.string(),
  kind: z.enum(BASKET_OPERATION_KINDS),
  status: z.enum(BASKET_OPERATION_STATUSES),
  trades: z.array(basketTradeSchema),
  /** Σ trades' fees plus the house's fee (the build's basket fee), tether. */
  fees: z.string(),
  /** A close: the tether that reached the wallet. */
  proceeds: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type BasketOperation = z.infer<typeof basketOperationSchema>;

export const basketDetailSchema = basketSummarySchema.extend({
  order: basketOrderSchema,
  /** Held: each asset with tether last; empty before it is built and once closed. */
  holdings: z.array(basketHoldingSchema),
  /** The allocation it was built to (null until built). */
  construction: basketConstructionSchema.nullable(),
  /** Value per day since it was built, from the daily closes × the quantities held at each day's end. */
  history: z.array(z.object({ day: z.string(), value: z.string() })),
  /** Newest first: the build, rebalances, the close. */
  operations: z.array(basketOperationSchema),
});
export type BasketDetail = z.infer<typeof basketDetailSchema>;

/** What the order form shows before anything is created. */
export const basketOrderOptionsSchema = z.object({
  limits: z.object({ min: z.string(), vipFrom: z.string(), specialisedAbove: z.string(), max: z.string() }),
  feeBps: z.number().int(),
  /** The investor's latest quiz result (the default risk is its band); null: no test taken. */
  latestRisk: basketRiskResultSchema.nullable(),
  /** The investor's available tether (paying needs amount ≤ it; the payment page buys what is missing). */
  walletAvailable: z.string(),
  /** Each exchange with the number of assets a basket could use now, per market type. */
  exchanges: z.array(
    z.object({ exchange: exchangeIdSchema, assets: z.object({ all: z.number().int(), margin: z.number().int() }) }),
  ),
  /** The universe is the embedded mode's demo history. */
  demo: z.boolean(),
});
export type BasketOrderOptions = z.infer<typeof basketOrderOptionsSchema>;

// ————— endpoints: orders —————

export const getBasketOrderOptions = defineEndpoint({
  id: 'getBasketOrderOptions',
  method: 'GET',
  path: '/basket-orders/options',
  summary: 'What the basket order form needs: limits, fee, my latest risk result, my tether, the exchanges',
  tags: ['baskets'],
  auth: 'session',
  response: basketOrderOptionsSchema,
  errors: ['UNAUTHENTICATED'],
});

export const createBasketOrderBody = z.object({
  risk: basketRiskSchema,
  amount: basketAmountInputSchema,
  /** At least one (`exchangesRequired`), each once. */
  exchanges: z
    .array(exchangeIdSchema, { message: 'exchangesRequired' })
    .min(1, { message: 'exchangesRequired' })
    .max(EXCHANGES.length, { message: 'exchangesRequired' })
    .refine((a) => new Set(a).size === a.length, { message: 'exchangesRequired' }),
  marketType: z.enum(MARKET_TYPES, { message: 'select' }).default('all'),
  /**
   * The investor confirms a risk above their latest quiz result (or having taken none): without it the
   * server answers `RISK_CONFIRMATION_REQUIRED` and creates nothing.
   */
  riskAcknowledged: z.boolean().default(false),
});
export type CreateBasketOrderBody = z.input<typeof createBasketOrderBody>;

/**
 * Creates an order: `PaymentPending` below 50,000, `PendingVip` from 50,000 (no payment). Idempotent.
 * `BASKET_CREATION_NOT_POSSIBLE` (SPEC "creating a basket not possible"): the chosen exchanges and market
 * type offer no asset now.
 */
export const createBasketOrder = defineEndpoint({
  id: 'createBasketOrder',
  method: 'POST',
  path: '/basket-orders',
  summary: 'Order a basket: a risk band, an amount of tether, exchanges and market type',
  tags: ['baskets'],
  auth: 'session',
  idempotent: true,
  body: createBasketOrderBody,
  response: basketOrderSchema,
  successStatus: 201,
  errors: [
    'UNAUTHENTICATED',
    'VALIDATION_FAILED',
    'KYC_REQUIRED',
    'ACCOUNT_FROZEN',
    'RISK_CONFIRMATION_REQUIRED',
    'BASKET_CREATION_NOT_POSSIBLE',
    'IDEMPOTENCY_KEY_REUSED',
  ],
});

export const getBasketOrder = defineEndpoint({
  id: 'getBasketOrder',
  method: 'GET',
  path: '/basket-orders/:orderId',
  summary: 'One of my basket orders (another user’s is not found)',
  tags: ['baskets'],
  auth: 'session',
  params: orderIdParams,
  response: basketOrderSchema,
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND'],
});

export const BASKET_ORDERS_PAGE_SIZE = 10;

export const listBasketOrders = defineEndpoint({
  id: 'listBasketOrders',
  method: 'GET',
  path: '/basket-orders',
  summary: 'My basket orders, newest first (optionally of one status)',
  tags: ['baskets'],
  auth: 'session',
  query: pageQuery({ status: z.enum(BASKET_ORDER_STATUSES, { message: 'select' }).optional() }),
  response: pageOf(basketOrderSchema),
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED'],
});

/**
 * Pays a `PaymentPending` order from the tether wallet: the amount is held and the order is `NotStarted`
 * (the worker builds it at once). Idempotent; of concurrent payments of one order exactly one pays.
 * `BASKET_ORDER_ALREADY_PAID` once paid (by this or another request); `BASKET_ORDER_NOT_PAYABLE` for a VIP
 * request not yet accepted or a cancelled order; `INSUFFICIENT_BALANCE` over the available tether.
 */
export const payBasketOrder = defineEndpoint({
  id: 'payBasketOrder',
  method: 'POST',
  path: '/basket-orders/:orderId/pay',
  summary: 'Pay a basket order from my tether wallet',
  tags: ['baskets'],
  auth: 'session',
  idempotent: true,
  params: orderIdParams,
  response: basketOrderSchema,
  errors: [
    'UNAUTHENTICATED',
    'VALIDATION_FAILED',
    'KYC_REQUIRED',
    'ACCOUNT_FROZEN',
    'NOT_FOUND',
    'INSUFFICIENT_BALANCE',
    'BASKET_ORDER_ALREADY_PAID',
    'BASKET_ORDER_NOT_PAYABLE',
    'IDEMPOTENCY_KEY_REUSED',
  ],
});

/** Cancels an unpaid order (`PaymentPending`, `PendingVip`); `BASKET_ORDER_NOT_CANCELLABLE` otherwise. */
export const cancelBasketOrder = defineEndpoint({
  id: 'cancelBasketOrder',
  method: 'POST',
  path: '/basket-orders/:orderId/cancel',
  summary: 'Cancel an unpaid basket order or VIP request',
  tags: ['baskets'],
  auth: 'session',
  params: orderIdParams,
  response: basketOrderSchema,
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND', 'BASKET_ORDER_NOT_CANCELLABLE'],
});

// ————— endpoints: baskets —————

/** My built baskets (held first, then closed), newest first within each. */
export const listBaskets = defineEndpoint({
  id: 'listBaskets',
  method: 'GET',
  path: '/baskets',
  summary: 'My baskets with value, gain and drift from the target weights',
  tags: ['baskets'],
  auth: 'session',
  response: z.object({
    items: z.array(basketSummarySchema),
    /** Σ value of the held baskets, tether (null when one cannot be valued). */
    totalValue: z.string().nullable(),
  }),
  errors: ['UNAUTHENTICATED'],
});

/**
 * One basket (any of my orders: before it is built the holdings are empty and `construction` null):
 * holdings, construction and back-test, value history, operations.
 */
export const getBasket = defineEndpoint({
  id: 'getBasket',
  method: 'GET',
  path: '/baskets/:basketId',
  summary: 'One of my baskets: holdings, target, value history, operations, construction and back-test',
  tags: ['baskets'],
  auth: 'session',
  params: basketIdParams,
  response: basketDetailSchema,
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND'],
});

export const basketRebalancePreviewSchema = z.object({
  basketId: z.string(),
  /** The basket's value now, tether. */
  value: z.string(),
  /** Sells first, then buys: what confirming would trade at the latest prices (estimates). */
  trades: z.array(basketTradeSchema),
  /** Σ of the trades' estimated fees (the exchanges' fee rate `feeBps`). */
  estimatedFees: z.string(),
  feeBps: z.number().int(),
  driftBefore: z.number(),
  /** What the drift would be after the trades (the steps of the exchanges leave a little). */
  driftAfter: z.number(),
  /** No trade is worth making (every difference under the exchanges' minimum): confirming answers `BASKET_REBALANCE_NOT_NEEDED`. */
  needed: z.boolean(),
  asOf: z.string(),
});
export type BasketRebalancePreview = z.infer<typeof basketRebalancePreviewSchema>;

const basketStateErrors = ['BASKET_NOT_READY', 'BASKET_CLOSED'] as const;

/** The trades a rebalance to the target weights would make now, and their fees. Changes nothing. */
export const previewBasketRebalance = defineEndpoint({
  id: 'previewBasketRebalance',
  method: 'POST',
  path: '/baskets/:basketId/rebalance-preview',
  summary: 'Preview rebalancing a basket to its target weights: trades and fees',
  tags: ['baskets'],
  auth: 'session',
  params: basketIdParams,
  response: basketRebalancePreviewSchema,
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND', ...basketStateErrors],
});

/**
 * Rebalances now (sells over target, then buys under it, at market): answers the completed operation.
 * Idempotent. `BASKET_NOT_READY` while the basket is still being built (SPEC "rebalancing a basket that is
 * still being built").
 */
export const confirmBasketRebalance = defineEndpoint({
  id: 'confirmBasketRebalance',
  method: 'POST',
  path: '/baskets/:basketId/rebalance',
  summary: 'Rebalance a basket to its target weights',
  tags: ['baskets'],
  auth: 'session',
  idempotent: true,
  params: basketIdParams,
  response: basketOperationSchema,
  successStatus: 201,
  errors: [
    'UNAUTHENTICATED',
    'VALIDATION_FAILED',
    'ACCOUNT_FROZEN',
    'NOT_FOUND',
    ...basketStateErrors,
    'BASKET_REBALANCE_NOT_NEEDED',
    'BASKET_EXECUTION_FAILED',
    'IDEMPOTENCY_KEY_REUSED',
  ],
});

/**
 * Closes a basket: sells every asset to tether; the proceeds (after the exchanges' fees) reach the tether
 * wallet. Idempotent; closing a closed basket answers `BASKET_CLOSED`.
 */
export const closeBasket = defineEndpoint({
  id: 'closeBasket',
  method: 'POST',
  path: '/baskets/:basketId/close',
  summary: 'Close a basket: sell everything back to tether',
  tags: ['baskets'],
  auth: 'session',
  idempotent: true,
  params: basketIdParams,
  response: basketOperationSchema,
  successStatus: 201,
  errors: [
    'UNAUTHENTICATED',
    'VALIDATION_FAILED',
    'ACCOUNT_FROZEN',
    'NOT_FOUND',
    ...basketStateErrors,
    'BASKET_EXECUTION_FAILED',
    'IDEMPOTENCY_KEY_REUSED',
  ],
});
