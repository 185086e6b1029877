/**
 * The investor's portfolio (issue 19; SPEC §2 Dashboard, §7 `GET /account/portfolio/state`, §9 profit
 * windows): what the user holds, what it is worth now in the valuation currency, and what they gained.
 *
 * Valuation (decision 041):
 * - a fund's units at its latest NAV, in the fund's currency (IRT or USDT);
 * - toman ↔ tether at the tether price's mid (the tether market's price service); IRR = IRT × 10;
 *   USD is valued as USDT one for one (there is no dollar price feed) and says so (`approximate`);
 * - profit over a window = value at its end − value at its start − net money in during it. Money in and
 *   out is what crosses the portal's boundary (deposits, withdrawals, returned deposits, adjustments, tether
 *   on chain); trades, fund purchases and redemptions, fees and dividends are inside it, so a fee is a loss
 *   and a dividend a gain, and a deposit is never a gain.
 *
 * Amounts are decimal strings in the valuation currency's scale (core/money.ts).
 */
import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint';
import { currencySchema } from '../core/money';
import { localizedTextSchema } from '../funds/funds';

/** The currencies a portfolio is valued in (the dashboard's toggle; localStorage `activeCurrency`). */
export const VALUATION_CURRENCIES = ['IRT', 'USDT'] as const;
export type ValuationCurrency = (typeof VALUATION_CURRENCIES)[number];
export const valuationCurrencySchema = z.enum(VALUATION_CURRENCIES);

/** SPEC §2 "the four investment kinds": funds, precious metals, baskets, wallet. */
export const PORTFOLIO_KINDS = ['funds', 'metals', 'baskets', 'wallet'] as const;
export type PortfolioKind = (typeof PORTFOLIO_KINDS)[number];

/** SPEC §9: the profit windows (1, 7, 30 days) and all time. */
export const PNL_WINDOWS = ['1d', '7d', '30d', 'all'] as const;
export type PnlWindow = (typeof PNL_WINDOWS)[number];

/** Days of history the history endpoint gives (the dashboard's 7-day tab uses 7). */
export const PORTFOLIO_HISTORY_DAYS = [7, 30, 90, 365] as const;

export const portfolioHoldingSchema = z.object({
  /** `fund:<fund id>` or `wallet:<currency>`: stable, for keys and links. */
  key: z.string(),
  kind: z.enum(PORTFOLIO_KINDS),
  /** The fund (null for a wallet). */
  fundId: z.string().nullable(),
  fundCode: z.string().nullable(),
  /** The fund's name (null for a wallet: the page names it by its currency). */
  name: localizedTextSchema.nullable(),
  /** The holding's own currency: the fund's, or the wallet's. */
  currency: currencySchema,
  /** Units (a fund, 4 decimals) or the wallet's total (available + held). */
  quantity: z.string(),
  /** The NAV used and its date (a fund); null for a wallet or a fund without a NAV. */
  nav: z.string().nullable(),
  navDate: z.string().nullable(),
  /** In the holding's own currency. */
  nativeValue: z.string().nullable(),
  /** In the valuation currency; null when it cannot be valued (no NAV, or no tether price to convert). */
  value: z.string().nullable(),
  /** value / total, 0–1; null when either is unknown. */
  share: z.number().nullable(),
  /** What the units still held cost (a fund), in the valuation currency at today's price; null for a wallet. */
  costBasis: z.string().nullable(),
  /** value − costBasis (a fund); null for a wallet. */
  gain: z.string().nullable(),
  /** gain / costBasis; null when not known. */
  gainRatio: z.number().nullable(),
  /** Valued by an assumption (USD as USDT). */
  approximate: z.boolean(),
});
export type PortfolioHolding = z.infer<typeof portfolioHoldingSchema>;

export const pnlFigureSchema = z.object({
  window: z.enum(PNL_WINDOWS),
  /** The window's first day (Tehran date; the value at the end of the day before it is the start). */
  from: z.string(),
  /** value now − value at the start − net money in: in the valuation currency. */
  profit: z.string(),
  /** Net money in during the window (in − out). */
  netFlow: z.string(),
  /** Time-weighted return over the window (0.05 = 5 %); null when there was nothing to weigh. */
  twr: z.number().nullable(),
  /** Money-weighted return (XIRR), annualised; null when it has no solution or the window is under a day of money. */
  xirr: z.number().nullable(),
});
export type PnlFigure = z.infer<typeof pnlFigureSchema>;

export const portfolioStateQuery = z.object({ currency: z.enum(VALUATION_CURRENCIES, { message: 'select' }).default('IRT') });
export type PortfolioStateQuery = z.input<typeof portfolioStateQuery>;

export const portfolioStateSchema = z.object({
  currency: valuationCurrencySchema,
  /** ISO instant of the valuation. */
  asOf: z.string(),
  /** The tether price used (toman per tether, mid) and when it was taken; null when there is none. */
  tetherPrice: z.object({ mid: z.string(), at: z.string() }).nullable(),
  /** Sum of the holdings' values; null when a holding could not be valued. */
  total: z.string().nullable(),
  /** Value per investment kind (zero for a kind not held). */
  byKind: z.object({ funds: z.string(), metals: z.string(), baskets: z.string(), wallet: z.string() }),
  /** Kinds the user holds something of (the dashboard shows empty-state cards for the others). */
  heldKinds: z.array(z.enum(PORTFOLIO_KINDS)),
  /** Every fund holding and every non-empty wallet, largest value first. */
  holdings: z.array(portfolioHoldingSchema),
  /** Requests still open (purchases waiting for their NAV, redemptions, withdrawals, offline deposits…). */
  pendingRequests: z.number().int(),
  /** True only when the user holds nothing and has no pending request. */
  isEmptyState: z.boolean(),
  /** One per window of `PNL_WINDOWS`, in that order. */
  pnl: z.array(pnlFigureSchema),
});
export type PortfolioState = z.infer<typeof portfolioStateSchema>;

export const getPortfolioState = defineEndpoint({
  id: 'getPortfolioState',
  method: 'GET',
  path: '/account/portfolio/state',
  summary: 'My holdings valued now, by kind, with profit over 1, 7, 30 days and all time',
  tags: ['account'],
  auth: 'session',
  query: portfolioStateQuery,
  response: portfolioStateSchema,
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED'],
});

export const portfolioHistoryQuery = z.object({
  currency: z.enum(VALUATION_CURRENCIES, { message: 'select' }).default('IRT'),
  days: z.coerce
    .number()
    .int()
    .refine((d) => (PORTFOLIO_HISTORY_DAYS as readonly number[]).includes(d), { message: 'select' })
    .default(7),
});
export type PortfolioHistoryQuery = z.input<typeof portfolioHistoryQuery>;

export const portfolioDaySchema = z.object({
  /** Tehran date (YYYY-MM-DD); the figures are at the end of that day (today: now). */
  date: z.string(),
  value: z.string(),
  /** Net money in on that day. */
  netFlow: z.string(),
  /** value − previous day's value − netFlow. */
  profit: z.string(),
});
export type PortfolioDay = z.infer<typeof portfolioDaySchema>;

export const portfolioHistorySchema = z.object({
  currency: valuationCurrencySchema,
  /** Oldest first, one per day, the last one today. */
  days: z.array(portfolioDaySchema),
  /** Sum of the days' profit. */
  profit: z.string(),
  /** profit / value at the start (0 when it was 0). */
  profitRatio: z.number(),
});
export type PortfolioHistory = z.infer<typeof portfolioHistorySchema>;

export const getPortfolioHistory = defineEndpoint({
  id: 'getPortfolioHistory',
  method: 'GET',
  path: '/account/portfolio/history',
  summary: 'My portfolio day by day: value, net money in and profit (the 7-day tab)',
  tags: ['account'],
  auth: 'session',
  query: portfolioHistoryQuery,
  response: portfolioHistorySchema,
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED'],
});
