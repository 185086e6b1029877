/**
 * The console's view of the baskets' crypto universe (issue 20, decision 045): every asset with its
 * listings on Binance and KuCoin, its latest price and history depth, and the universe job's state per
 * exchange; one asset with its daily closes for a chart. Reading needs `baskets.read`. Nothing here
 * changes the universe: excluding an asset from baskets is a proposal of the baskets' settings
 * (`adminProposeBasketSettings`), which a second operator approves.
 */
import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint';
import { assetSymbolSchema, exchangeIdSchema, marketTypeSchema } from '../baskets/universe';
import { dailyCloseSchema, marketSyncStatusSchema, universeAssetSchema } from '../baskets/universe-views';

const forbidden = ['UNAUTHENTICATED', 'FORBIDDEN', 'TWO_FACTOR_REQUIRED'] as const;

export const adminUniverseSchema = z.object({
  /** The demo market is in use (every price simulated): the desk says so. */
  demo: z.boolean(),
  /** The sandbox exchange fills the baskets' orders (nothing real is bought). */
  sandboxTrading: z.boolean(),
  /** How often the universe job runs, minutes. */
  syncIntervalMinutes: z.number().int(),
  exchanges: z.array(marketSyncStatusSchema),
  /** Sorted by symbol; only those the filters keep. */
  assets: z.array(universeAssetSchema),
});
export type AdminUniverse = z.infer<typeof adminUniverseSchema>;

export const adminUniverseQuery = z.object({
  /** Only assets listed on this exchange. */
  exchange: exchangeIdSchema.optional(),
  /** `margin`: only assets on a margin market (of `exchange`, or of any). */
  marketType: marketTypeSchema.optional(),
});

export const adminGetUniverse = defineEndpoint({
  id: 'adminGetUniverse',
  method: 'GET',
  path: '/admin/universe',
  summary: "The baskets' crypto universe: assets, listings, latest prices, history depth and each exchange's sync",
  tags: ['admin'],
  auth: 'session',
  permission: 'baskets.read',
  query: adminUniverseQuery,
  response: adminUniverseSchema,
  errors: [...forbidden, 'VALIDATION_FAILED'],
});

export const adminUniverseAssetSchema = universeAssetSchema.extend({
  /** Every daily close kept, oldest first (tether per unit). */
  closes: z.array(dailyCloseSchema),
});

export const adminGetUniverseAsset = defineEndpoint({
  id: 'adminGetUniverseAsset',
  method: 'GET',
  path: '/admin/universe/:symbol',
  summary: "One asset of the baskets' universe with its daily closes",
  tags: ['admin'],
  auth: 'session',
  permission: 'baskets.read',
  params: z.object({ symbol: assetSymbolSchema }),
  response: adminUniverseAssetSchema,
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND'],
});
