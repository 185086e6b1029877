import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { AMOUNT_OF, CANDLE_INTERVALS, TRADE_FIATS, TRADE_SIDES } from '@portal/contract/tether/market';
import { createdAt } from './columns';
import { ledgerJournals } from './ledger';
import { users } from './users';

/**
 * The tether market's settings (issue 17, decision 039): one row (`id = 1`), changed by a proposal one
 * operator makes and another approves (spread, fee, limits, quote life); pausing is one operator's.
 * Limits are toman; `dailyLimitToman` maps a KYC level ("1", "2") to its daily amount.
 */
export const tetherMarketSettings = pgTable(
  'tether_market_settings',
  {
    id: integer().primaryKey().default(1),
    spreadBps: integer().notNull(),
    feeBps: integer().notNull(),
    quoteTtlSeconds: integer().notNull(),
    minTradeToman: bigint({ mode: 'bigint' }).notNull(),
    dailyLimitToman: jsonb().$type<Record<string, string>>().notNull(),
    paused: boolean().notNull().default(false),
    /** Why the operators paused, shown in the console. */
    pausedReason: text(),
    updatedBy: uuid().references(() => users.id),
    updatedAt: createdAt(),
  },
  (t) => [
    check('tether_settings_one_row', sql`${t.id} = 1`),
    check('tether_settings_spread', sql`${t.spreadBps} BETWEEN 0 AND 2000`),
    check('tether_settings_fee', sql`${t.feeBps} BETWEEN 0 AND 2000`),
    check('tether_settings_ttl', sql`${t.quoteTtlSeconds} BETWEEN 5 AND 300`),
    check('tether_settings_min', sql`${t.minTradeToman} > 0`),
  ],
);

/**
 * Every price the server took (the median of the sources), newest last: the live price is the latest row;
 * `seq` is its number in the sequence clients follow. Rows older than a day are folded into candles only.
 */
export const tetherPrices = pgTable(
  'tether_prices',
  {
    seq: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull(),
    /** Rials per tether. */
    mid: bigint({ mode: 'bigint' }).notNull(),
    /** What each source answered (rials), and which were used. */
    sources: jsonb().$type<{ source: string; mid: string | null; used: boolean; error?: string }[]>().notNull(),
    demo: boolean().notNull().default(false),
  },
  (t) => [index('tether_prices_at_idx').on(t.at), check('tether_prices_mid_positive', sql`${t.mid} > 0`)],
);

/** The price history for charts and valuations: the middle's candles by minute and by Tehran day. */
export const tetherCandles = pgTable(
  'tether_candles',
  {
    interval: text({ enum: CANDLE_INTERVALS }).notNull(),
    start: timestamp({ withTimezone: true }).notNull(),
    open: bigint({ mode: 'bigint' }).notNull(),
    high: bigint({ mode: 'bigint' }).notNull(),
    low: bigint({ mode: 'bigint' }).notNull(),
    close: bigint({ mode: 'bigint' }).notNull(),
    demo: boolean().notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.interval, t.start] })],
);

/** A quote: the house's promise to one user for one amount, until `expiresAt`; executed at most once. */
export const tetherQuotes = pgTable(
  'tether_quotes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    side: text({ enum: TRADE_SIDES }).notNull(),
    fiat: text({ enum: TRADE_FIATS }).notNull(),
    amountOf: text({ enum: AMOUNT_OF }).notNull(),
    /** What the user typed, in minor units of the currency it names. */
    requested: bigint({ mode: 'bigint' }).notNull(),
    /** The price taken (`tether_prices.seq`) and the house's price from it (rials per tether). */
    priceSeq: bigint({ mode: 'number' }).notNull(),
    price: bigint({ mode: 'bigint' }).notNull(),
    fiatAmount: bigint({ mode: 'bigint' }).notNull(),
    usdtAmount: bigint({ mode: 'bigint' }).notNull(),
    fee: bigint({ mode: 'bigint' }).notNull(),
    feeBps: integer().notNull(),
    spreadBps: integer().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    executedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('tether_quotes_user_idx').on(t.userId, t.createdAt),
    check('tether_quotes_amounts_positive', sql`${t.fiatAmount} > 0 AND ${t.usdtAmount} > 0 AND ${t.fee} >= 0`),
  ],
);

/** A trade: a quote executed, with its journal (ref type `ExchangeTransaction`). One per quote. */
export const tetherTrades = pgTable(
  'tether_trades',
  {
    id: uuid().primaryKey().defaultRandom(),
    quoteId: uuid()
      .notNull()
      .unique()
      .references(() => tetherQuotes.id),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    side: text({ enum: TRADE_SIDES }).notNull(),
    fiat: text({ enum: TRADE_FIATS }).notNull(),
    price: bigint({ mode: 'bigint' }).notNull(),
    fiatAmount: bigint({ mode: 'bigint' }).notNull(),
    usdtAmount: bigint({ mode: 'bigint' }).notNull(),
    fee: bigint({ mode: 'bigint' }).notNull(),
    /** The trade's worth in toman, counted against the daily limit. */
    valueToman: bigint({ mode: 'bigint' }).notNull(),
    /** Tehran's calendar day of the trade (the daily limit's day). */
    tradeDay: text().notNull(),
    journalId: uuid()
      .notNull()
      .references(() => ledgerJournals.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('tether_trades_user_idx').on(t.userId, t.createdAt),
    index('tether_trades_user_day_idx').on(t.userId, t.tradeDay),
    index('tether_trades_created_idx').on(t.createdAt),
  ],
);
