/**
 * How the crypto universe of the smart hold baskets is shown (issue 20, decision 045): an asset with its
 * listings on the exchanges, its latest price and the depth of its daily history, and the universe job's
 * state per exchange. Prices are decimal strings of tether per unit; days are UTC (`YYYY-MM-DD`).
 */
import { z } from 'zod';
import { exchangeIdSchema } from './universe';

export const universeListingSchema = z.object({
  exchange: exchangeIdSchema,
  /** The exchange's name of the pair (`BTCUSDT`, `BTC-USDT`). */
  pair: z.string(),
  /** Listed on the exchange's margin market too (the `margin` market type). */
  margin: z.boolean(),
  /** The smallest quantity increment of an order, decimal. */
  quantityStep: z.string(),
  /** The least an order may be worth, tether. */
  minNotional: z.string(),
});
export type UniverseListingView = z.infer<typeof universeListingSchema>;

export const universeAssetSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  /** Decimals of the asset's ledger unit in baskets. */
  quantityScale: z.number().int(),
  /** Whether baskets may buy it (an operator excludes symbols through the baskets' settings). */
  enabled: z.boolean(),
  /** From the demo market: simulated, labelled demo. */
  demo: z.boolean(),
  lastPrice: z.string().nullable(),
  lastPriceAt: z.iso.datetime().nullable(),
  /** How many daily closes are kept, and the first and last day. */
  historyDays: z.number().int(),
  firstDay: z.string().nullable(),
  lastDay: z.string().nullable(),
  listings: z.array(universeListingSchema),
});
export type UniverseAssetView = z.infer<typeof universeAssetSchema>;

/** The universe job's last run against one exchange (shared by every instance). */
export const marketSyncStatusSchema = z.object({
  exchange: exchangeIdSchema,
  /** The demo market stands in for the exchange. */
  demo: z.boolean(),
  lastOkAt: z.iso.datetime().nullable(),
  lastErrorAt: z.iso.datetime().nullable(),
  /** The last failure, while the exchange has not answered since (null after a good run). */
  lastError: z.string().nullable(),
  /** Pairs of the universe the exchange listed at its last good run. */
  listings: z.number().int(),
  /** Daily closes the last run wrote. */
  closesAdded: z.number().int(),
  durationMs: z.number().int().nullable(),
});
export type MarketSyncStatusView = z.infer<typeof marketSyncStatusSchema>;

export const dailyCloseSchema = z.object({ day: z.string(), close: z.string() });
