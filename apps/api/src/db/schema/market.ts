import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { EXCHANGES } from '@portal/contract/baskets/universe';
import { createdAt } from './columns';

/**
 * The crypto assets the smart hold baskets may hold (issue 20, decision 045), kept by the universe job from
 * the exchanges' market data. `quantityScale` is the number of decimals of the asset's ledger minor unit
 * (`B:<basket>:<SYMBOL>` accounts); `lastPrice` is tether per unit, the exchanges' last trade. Tether itself
 * is not a row: its price is 1. `demo`: the embedded mode's simulated market, labelled demo.
 */
export const cryptoAssets = pgTable(
  'crypto_assets',
  {
    symbol: text().primaryKey(),
    name: text().notNull(),
    quantityScale: smallint().notNull().default(8),
    enabled: boolean().notNull().default(true),
    demo: boolean().notNull().default(false),
    lastPrice: numeric(),
    lastPriceAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('crypto_assets_symbol', sql`${t.symbol} ~ '^[A-Z0-9]{2,15}$'`),
    check('crypto_assets_scale', sql`${t.quantityScale} BETWEEN 0 AND 18`),
    check('crypto_assets_price_positive', sql`${t.lastPrice} IS NULL OR ${t.lastPrice} > 0`),
  ],
);

/** Where an asset trades against tether: one row per exchange that lists it now. */
export const exchangeListings = pgTable(
  'exchange_listings',
  {
    exchange: text({ enum: EXCHANGES }).notNull(),
    symbol: text()
      .notNull()
      .references(() => cryptoAssets.symbol, { onDelete: 'cascade' }),
    pair: text().notNull(),
    margin: boolean().notNull().default(false),
    quantityStep: numeric().notNull(),
    minNotional: numeric().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.exchange, t.symbol] }),
    index('exchange_listings_pair_idx').on(t.exchange, t.pair),
    check('exchange_listings_step_positive', sql`${t.quantityStep} > 0`),
    check('exchange_listings_min_notional', sql`${t.minNotional} >= 0`),
  ],
);

/** Each asset's daily close in tether (UTC days), for construction and back-tests and basket values. */
export const cryptoDailyCloses = pgTable(
  'crypto_daily_closes',
  {
    symbol: text()
      .notNull()
      .references(() => cryptoAssets.symbol, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    close: numeric().notNull(),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.day] }), check('crypto_daily_closes_positive', sql`${t.close} > 0`)],
);

/** The universe job's last run per exchange, shared by every instance (the console shows it). */
export const marketSyncStatus = pgTable('market_sync_status', {
  exchange: text({ enum: EXCHANGES }).primaryKey(),
  demo: boolean().notNull().default(false),
  lastOkAt: timestamp({ withTimezone: true }),
  lastErrorAt: timestamp({ withTimezone: true }),
  lastError: text(),
  /** How many pairs of the universe the exchange listed at the last successful run. */
  listings: integer().notNull().default(0),
  /** How many daily closes the last successful run added. */
  closesAdded: integer().notNull().default(0),
  durationMs: integer(),
});

/**
 * The sandbox exchange's orders (embedded mode): each filled at the universe's latest price, kept so that
 * `findOrder` answers what a first attempt did. Production never writes here (it refuses the sandbox).
 */
export const sandboxTradingOrders = pgTable(
  'sandbox_trading_orders',
  {
    exchange: text({ enum: EXCHANGES }).notNull(),
    clientOrderId: text().notNull(),
    exchangeOrderId: text().notNull(),
    pair: text().notNull(),
    side: text({ enum: ['buy', 'sell'] }).notNull(),
    status: text({ enum: ['filled', 'rejected'] }).notNull(),
    quantity: numeric().notNull(),
    quoteAmount: numeric().notNull(),
    feeUsdt: numeric().notNull(),
    averagePrice: numeric().notNull(),
    reason: text(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.exchange, t.clientOrderId] })],
);
