/**
 * The tether market's tables (issue 17, decision 039): settings, prices and candles, quotes and trades;
 * and what the console's desk reads of them (the house's accounts, the day's trades, every trade).
 */
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { CandleInterval } from '@portal/contract/tether/market';
import { queryRows, type DbOrTx } from '../../db/client';
import {
  auditLog,
  ledgerAccounts,
  tetherCandles,
  tetherMarketSettings,
  tetherPrices,
  tetherQuotes,
  tetherTrades,
  users,
} from '../../db/schema';

export type SettingsRow = typeof tetherMarketSettings.$inferSelect;
export type PriceRow = typeof tetherPrices.$inferSelect;
export type QuoteRow = typeof tetherQuotes.$inferSelect;
export type TradeRow = typeof tetherTrades.$inferSelect;

export async function readSettings(db: DbOrTx): Promise<SettingsRow> {
  const [row] = await db.select().from(tetherMarketSettings).where(eq(tetherMarketSettings.id, 1)).limit(1);
  // The migration writes the row; a database without it was not migrated.
  if (!row) throw new Error('tether_market_settings has no row: run the migrations');
  return row;
}

/** The daily limit of a KYC level (toman); a level without one (0) may not trade. */
export function dailyLimitOf(settings: SettingsRow, kycLevel: number): bigint {
  let best = 0n;
  for (const [level, limit] of Object.entries(settings.dailyLimitToman)) {
    if (Number(level) <= kycLevel) {
      const v = BigInt(limit);
      if (v > best) best = v;
    }
  }
  return best;
}

export async function latestPrice(db: DbOrTx): Promise<PriceRow | undefined> {
  const [row] = await db.select().from(tetherPrices).orderBy(desc(tetherPrices.seq)).limit(1);
  return row;
}

/** Writes a price and folds it into its minute and day candles, in one statement. */
export async function insertPrice(
  db: DbOrTx,
  p: { at: Date; mid: bigint; sources: PriceRow['sources']; demo: boolean; dayStart: Date },
): Promise<PriceRow> {
  const minute = new Date(Math.floor(p.at.getTime() / 60_000) * 60_000);
  const [row] = await queryRows<{ seq: string | number; at: Date | string }>(
    db,
    sql`WITH price AS (
      INSERT INTO tether_prices (at, mid, sources, demo)
      VALUES (${p.at.toISOString()}, ${p.mid.toString()}, ${JSON.stringify(p.sources)}::jsonb, ${p.demo})
      RETURNING seq, at
    ), candles AS (
      INSERT INTO tether_candles (interval, start, open, high, low, close, demo)
      VALUES ('1m', ${minute.toISOString()}, ${p.mid.toString()}, ${p.mid.toString()}, ${p.mid.toString()}, ${p.mid.toString()}, ${p.demo}),
             ('1d', ${p.dayStart.toISOString()}, ${p.mid.toString()}, ${p.mid.toString()}, ${p.mid.toString()}, ${p.mid.toString()}, ${p.demo})
      ON CONFLICT (interval, start) DO UPDATE SET
        high = GREATEST(tether_candles.high, EXCLUDED.high),
        low = LEAST(tether_candles.low, EXCLUDED.low),
        close = EXCLUDED.close,
        demo = tether_candles.demo OR EXCLUDED.demo
    )
    SELECT seq, at FROM price`,
  );
  if (!row) throw new Error('the price was not written');
  return { seq: Number(row.seq), at: new Date(row.at), mid: p.mid, sources: p.sources, demo: p.demo };
}

/** Forgets prices taken before `before`: their candles keep the history. */
export async function prunePrices(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(tetherPrices).where(lt(tetherPrices.at, before));
}

export async function listCandles(
  db: DbOrTx,
  q: { interval: CandleInterval; from: Date; to: Date; limit: number },
): Promise<(typeof tetherCandles.$inferSelect)[]> {
  return db
    .select()
    .from(tetherCandles)
    .where(
      and(eq(tetherCandles.interval, q.interval), gte(tetherCandles.start, q.from), lte(tetherCandles.start, q.to)),
    )
    .orderBy(asc(tetherCandles.start))
    .limit(q.limit);
}

export async function insertQuote(db: DbOrTx, q: typeof tetherQuotes.$inferInsert): Promise<QuoteRow> {
  const [row] = await db.insert(tetherQuotes).values(q).returning();
  return row!;
}

export async function findUserQuote(
  db: DbOrTx,
  userId: string,
  quoteId: string,
  opts: { lock?: boolean } = {},
): Promise<QuoteRow | undefined> {
  const query = db
    .select()
    .from(tetherQuotes)
    .where(and(eq(tetherQuotes.id, quoteId), eq(tetherQuotes.userId, userId)))
    .limit(1);
  const [row] = opts.lock ? await query.for('update') : await query;
  return row;
}

export async function findTradeOfQuote(db: DbOrTx, quoteId: string): Promise<TradeRow | undefined> {
  const [row] = await db.select().from(tetherTrades).where(eq(tetherTrades.quoteId, quoteId)).limit(1);
  return row;
}

export async function markQuoteExecuted(db: DbOrTx, quoteId: string, at: Date): Promise<void> {
  await db.update(tetherQuotes).set({ executedAt: at }).where(eq(tetherQuotes.id, quoteId));
}

export async function insertTrade(db: DbOrTx, t: typeof tetherTrades.$inferInsert): Promise<TradeRow> {
  const [row] = await db.insert(tetherTrades).values(t).returning();
  return row!;
}

/** The toman worth of the user's trades on a Tehran day (the daily limit's count). */
export async function tradedOnDay(db: DbOrTx, userId: string, day: string): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`COALESCE(SUM(${tetherTrades.valueToman}), 0)` })
    .from(tetherTrades)
    .where(and(eq(tetherTrades.userId, userId), eq(tetherTrades.tradeDay, day)));
  return BigInt(row?.total ?? 0);
}

export async function listUserTrades(
  db: DbOrTx,
  userId: string,
  limit: number,
  offset: number,
): Promise<{ rows: TradeRow[]; total: number }> {
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(tetherTrades)
      .where(eq(tetherTrades.userId, userId))
      .orderBy(desc(tetherTrades.createdAt), desc(tetherTrades.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(tetherTrades).where(eq(tetherTrades.userId, userId)),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

// ---- the console's desk (issue 17) -------------------------------------------------------------------

/** The settings' row under its lock: a change and a pause are written one at a time. */
export async function lockSettings(tx: DbOrTx): Promise<SettingsRow> {
  const [row] = await tx.select().from(tetherMarketSettings).where(eq(tetherMarketSettings.id, 1)).for('update');
  if (!row) throw new Error('tether_market_settings has no row: run the migrations');
  return row;
}

export async function updateSettings(
  tx: DbOrTx,
  values: Partial<Omit<typeof tetherMarketSettings.$inferInsert, 'id'>>,
): Promise<SettingsRow> {
  const [row] = await tx.update(tetherMarketSettings).set(values).where(eq(tetherMarketSettings.id, 1)).returning();
  if (!row) throw new Error('tether_market_settings has no row: run the migrations');
  return row;
}

/** How many trades a Tehran day had, and their toman worth. */
export async function tradesOfDay(db: DbOrTx, day: string): Promise<{ count: number; valueToman: bigint }> {
  const [row] = await db
    .select({ n: count(), total: sql<string>`COALESCE(SUM(${tetherTrades.valueToman}), 0)` })
    .from(tetherTrades)
    .where(eq(tetherTrades.tradeDay, day));
  return { count: row?.n ?? 0, valueToman: BigInt(row?.total ?? 0) };
}

/** Balances of the house's accounts of the codes and currencies asked (an account never opened: absent). */
export async function systemBalances(
  db: DbOrTx,
  codes: readonly string[],
  currencies: readonly string[],
): Promise<Map<string, bigint>> {
  const rows = await db
    .select({ code: ledgerAccounts.code, currency: ledgerAccounts.currency, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        isNull(ledgerAccounts.userId),
        inArray(ledgerAccounts.code, [...codes]),
        inArray(ledgerAccounts.currency, [...currencies] as (typeof ledgerAccounts.$inferSelect)['currency'][]),
      ),
    );
  return new Map(rows.map((r) => [`${r.code}:${r.currency}`, r.balance]));
}

export interface PersonRow {
  id: string;
  mobile: string;
  firstName: string | null;
  lastName: string | null;
}

/** The latest pause of trading in the audit log: who and when (the desk shows it while paused). */
export async function lastPause(db: DbOrTx): Promise<{ actorUserId: string | null; at: Date } | undefined> {
  const [row] = await db
    .select({ actorUserId: auditLog.actorUserId, at: auditLog.at })
    .from(auditLog)
    .where(eq(auditLog.action, 'tether.trading.paused'))
    .orderBy(desc(auditLog.at))
    .limit(1);
  return row;
}

export interface AdminTradeRow {
  trade: TradeRow;
  quote: QuoteRow;
  user: PersonRow;
}

/** Every trade, newest first, with its quote and user; optionally one side or one user. */
export async function listTrades(
  db: DbOrTx,
  q: { side?: TradeRow['side'] | undefined; userId?: string | undefined; limit: number; offset: number },
): Promise<{ rows: AdminTradeRow[]; total: number }> {
  const where = and(
    q.side ? eq(tetherTrades.side, q.side) : undefined,
    q.userId ? eq(tetherTrades.userId, q.userId) : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        trade: tetherTrades,
        quote: tetherQuotes,
        user: { id: users.id, mobile: users.mobile, firstName: users.firstName, lastName: users.lastName },
      })
      .from(tetherTrades)
      .innerJoin(tetherQuotes, eq(tetherQuotes.id, tetherTrades.quoteId))
      .innerJoin(users, eq(users.id, tetherTrades.userId))
      .where(where)
      .orderBy(desc(tetherTrades.createdAt), desc(tetherTrades.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(tetherTrades).where(where),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}
