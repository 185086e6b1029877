/**
 * The tether market (issue 17, decision 039; SPEC §2 "Tether trading", the wallet's conversion modal): a
 * live price from the exchanges, timed quotes, and trades of tether against toman or rial on the ledger
 * (ref type `ExchangeTransaction`).
 *
 * Prices are whole rials per tether, as decimal strings. Amounts are decimal strings in their currency's
 * scale (`core/money.ts`). A quote is the house's promise for `quoteTtlSeconds`: executing it moves exactly
 * what it says, or is refused (`QUOTE_EXPIRED`, with a fresh quote's id), never filled at another price.
 */
import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint';
import { normalizeDigits } from '../core/digits';
import { pageOf, pageQuery } from '../core/paging';

export const TRADE_SIDES = ['buy', 'sell'] as const;
export const TRADE_FIATS = ['IRT', 'IRR'] as const;
/** Which amount the user typed: what they pay, or what they receive. */
export const AMOUNT_OF = ['pay', 'receive'] as const;

/**
 * `live`: quotes are given; `stale`: no source answered for `staleAfterSeconds` (trading waits, the page
 * says so); `paused`: the operators paused trading; `unavailable`: no price yet since the server started.
 */
export const MARKET_STATUSES = ['live', 'stale', 'paused', 'unavailable'] as const;
export type MarketStatus = (typeof MARKET_STATUSES)[number];

/** The price sources the server knows (configuration `TETHER_PRICE_SOURCES`). */
export const PRICE_SOURCES = ['nobitex', 'wallex', 'demo'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

/** The live price as every page and the real-time channel see it. */
export const tetherPriceSchema = z.object({
  status: z.enum(MARKET_STATUSES),
  /** Rials per tether the user pays when buying (the middle plus the spread); null without a live price. */
  buy: z.string().nullable(),
  /** Rials per tether the user receives when selling. */
  sell: z.string().nullable(),
  /** The market's middle (the median of the sources). */
  mid: z.string().nullable(),
  /** When the price was taken (ISO 8601). */
  at: z.string().nullable(),
  /** Increases by one with every price the server takes: a client sees a gap when it missed one. */
  seq: z.number().int(),
  /** The embedded mode's demo feed: the page labels the price as demo. */
  demo: z.boolean(),
});
export type TetherPrice = z.infer<typeof tetherPriceSchema>;

export const getTetherPrice = defineEndpoint({
  id: 'getTetherPrice',
  method: 'GET',
  path: '/tether/price',
  summary: 'The live tether price (rials per tether), as the house buys and sells it',
  tags: ['tether'],
  auth: 'public',
  response: tetherPriceSchema,
  errors: [],
});

/** What the trading page shows besides the price: the fee, the limits and what is left of today's. */
export const tetherMarketSchema = z.object({
  price: tetherPriceSchema,
  feeBps: z.number().int(),
  quoteTtlSeconds: z.number().int(),
  /** Toman: the least one trade may be worth. */
  minTradeToman: z.string(),
  /** Toman: the user's daily limit at their KYC level, and what is left of it today (Tehran's day). */
  dailyLimitToman: z.string(),
  dailyRemainingToman: z.string(),
  /** The KYC level trading needs (1), and the user's. */
  requiredKycLevel: z.number().int(),
  kycLevel: z.number().int(),
});
export type TetherMarket = z.infer<typeof tetherMarketSchema>;

export const getTetherMarket = defineEndpoint({
  id: 'getTetherMarket',
  method: 'GET',
  path: '/tether/market',
  summary: 'The trading page: price, fee, limits and what is left of mine today',
  tags: ['tether'],
  auth: 'session',
  response: tetherMarketSchema,
  errors: ['UNAUTHENTICATED'],
});

/** An amount as typed: Persian or Arabic digits, separators and `٫` allowed; scale checked by the server. */
export const tradeAmountInputSchema = z
  .string({ message: 'required' })
  .transform((s) =>
    normalizeDigits(s)
      .replace(/[,\s٬،]/g, '')
      .replace('٫', '.')
      .trim(),
  )
  .pipe(z.string().regex(/^\d{1,18}(\.\d{1,18})?$/, { message: 'amountInvalid' }));

export const createTetherQuoteBody = z.object({
  side: z.enum(TRADE_SIDES, { message: 'select' }),
  fiat: z.enum(TRADE_FIATS, { message: 'select' }),
  amountOf: z.enum(AMOUNT_OF, { message: 'select' }),
  amount: tradeAmountInputSchema,
});
export type CreateTetherQuoteBody = z.input<typeof createTetherQuoteBody>;

export const tetherQuoteSchema = z.object({
  id: z.string(),
  side: z.enum(TRADE_SIDES),
  fiat: z.enum(TRADE_FIATS),
  amountOf: z.enum(AMOUNT_OF),
  /** Rials per tether this quote is priced at. */
  price: z.string(),
  /** Fiat the user pays (buy, fee included) or receives (sell, after the fee). */
  fiatAmount: z.string(),
  /** Tether the user receives (buy) or pays (sell). */
  usdtAmount: z.string(),
  /** The house's fee, in the fiat currency. */
  fee: z.string(),
  feeBps: z.number().int(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** Set once executed: the trade's id. */
  tradeId: z.string().nullable(),
});
export type TetherQuote = z.infer<typeof tetherQuoteSchema>;

const QUOTE_ERRORS = [
  'UNAUTHENTICATED',
  'VALIDATION_FAILED',
  'KYC_REQUIRED',
  'ACCOUNT_FROZEN',
  'TETHER_TRADING_PAUSED',
  'TETHER_PRICE_STALE',
  'TRADE_BELOW_MINIMUM',
  'TRADE_DAILY_LIMIT',
  'INSUFFICIENT_BALANCE',
] as const;

export const createTetherQuote = defineEndpoint({
  id: 'createTetherQuote',
  method: 'POST',
  path: '/tether/quotes',
  summary: 'A buy or sell quote for an amount in either currency, valid for a few seconds',
  tags: ['tether'],
  auth: 'session',
  body: createTetherQuoteBody,
  response: tetherQuoteSchema,
  successStatus: 201,
  errors: QUOTE_ERRORS,
});

const quoteIdParams = z.object({ quoteId: z.uuid({ message: 'format' }) });

export const getTetherQuote = defineEndpoint({
  id: 'getTetherQuote',
  method: 'GET',
  path: '/tether/quotes/:quoteId',
  summary: 'One of my quotes (the fresh quote an expired one was refused with)',
  tags: ['tether'],
  auth: 'session',
  params: quoteIdParams,
  response: tetherQuoteSchema,
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND'],
});

export const tetherTradeSchema = z.object({
  id: z.string(),
  quoteId: z.string(),
  side: z.enum(TRADE_SIDES),
  fiat: z.enum(TRADE_FIATS),
  price: z.string(),
  fiatAmount: z.string(),
  usdtAmount: z.string(),
  fee: z.string(),
  createdAt: z.string(),
});
export type TetherTrade = z.infer<typeof tetherTradeSchema>;

export const executeTetherQuote = defineEndpoint({
  id: 'executeTetherQuote',
  method: 'POST',
  path: '/tether/quotes/:quoteId/execute',
  summary: 'Trade at a quote: once, before it expires, from my wallets',
  tags: ['tether'],
  auth: 'session',
  idempotent: true,
  params: quoteIdParams,
  response: tetherTradeSchema,
  successStatus: 201,
  errors: [...QUOTE_ERRORS, 'NOT_FOUND', 'QUOTE_EXPIRED', 'QUOTE_ALREADY_EXECUTED', 'IDEMPOTENCY_KEY_REUSED'],
});

export const TETHER_TRADES_PAGE_SIZE = 10;

export const listTetherTrades = defineEndpoint({
  id: 'listTetherTrades',
  method: 'GET',
  path: '/tether/trades',
  summary: 'My tether trades, newest first',
  tags: ['tether'],
  auth: 'session',
  query: pageQuery(),
  response: pageOf(tetherTradeSchema),
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED'],
});

export const CANDLE_INTERVALS = ['1m', '1d'] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];

export const candleSchema = z.object({
  /** The interval's start (ISO 8601; a day starts at Tehran's midnight). */
  start: z.string(),
  open: z.string(),
  high: z.string(),
  low: z.string(),
  close: z.string(),
});
export type Candle = z.infer<typeof candleSchema>;

/** The most candles one request answers. */
export const CANDLES_MAX = 1_440;

export const listTetherCandles = defineEndpoint({
  id: 'listTetherCandles',
  method: 'GET',
  path: '/tether/candles',
  summary: 'The price history (the market middle, rials per tether): minute or day candles, oldest first',
  tags: ['tether'],
  auth: 'public',
  query: z.object({
    interval: z.enum(CANDLE_INTERVALS, { message: 'select' }),
    from: z.iso.datetime({ message: 'date', offset: true }).optional(),
    to: z.iso.datetime({ message: 'date', offset: true }).optional(),
  }),
  response: z.object({ items: z.array(candleSchema) }),
  errors: ['VALIDATION_FAILED'],
});
