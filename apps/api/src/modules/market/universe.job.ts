/**
 * The universe job (issue 20, decision 045): at start and every few minutes, each exchange's listings of
 * the universe's assets, the daily closes missing since the last run (about three years at the first) and
 * the latest prices. Written in bulk (one statement per table), so the embedded mode's first start, which
 * writes the demo's whole history, stays quick. Safe on every instance at once: every write is an upsert.
 */
import { sql } from 'drizzle-orm';
import { ASSET_SYMBOL_PATTERN, EXCHANGES, type ExchangeId } from '@portal/contract/baskets/universe';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import type { Listing, MarketDataPort } from '../../adapters/market/market-data.port';
import { canonical, decimalsOf, isDecimal, toDec } from '../../adapters/market/decimal';
import { KNOWN_ASSET_NAMES, dayNumber, dayOfNumber, utcDayOf } from '../../adapters/market/demo-universe';

/** How far back the closes go: three years and a day. */
export const HISTORY_DAYS = 3 * 365 + 1;
/** The finest ledger unit an asset gets (its quantity scale never exceeds it). */
export const MAX_QUANTITY_SCALE = 8;
/** How many pairs' closes are asked for at once. */
const CONCURRENCY = 4;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Rows per insert statement. */
const CHUNK = 20_000;

export interface UniverseJobDeps {
  db: Db;
  marketData: Readonly<Record<ExchangeId, MarketDataPort>>;
  /** The symbols the universe takes from the exchanges' listings; null: every one they list (the demo). */
  symbols: ReadonlySet<string> | null;
  now?: () => Date;
  /** Each exchange's time limit for one call. */
  timeoutMs?: number;
}

export interface SyncReport {
  exchanges: { exchange: ExchangeId; ok: boolean; listings: number; error?: string }[];
  assets: number;
  closesWritten: number;
  prices: number;
  durationMs: number;
}

interface AssetListing extends Listing {
  exchange: ExchangeId;
}

/** One run: listings, then the missing closes, then the latest prices. */
export async function syncUniverse(deps: UniverseJobDeps): Promise<SyncReport> {
  const started = performance.now();
  const now = deps.now?.() ?? new Date();
  const timeout = () => AbortSignal.timeout(deps.timeoutMs ?? 15_000);
  const today = utcDayOf(now);
  const demo = EXCHANGES.some((e) => deps.marketData[e].demo);

  // 1. Listings of every exchange at once; an exchange that fails keeps its listings of the last run.
  const answers = await Promise.all(
    EXCHANGES.map(async (exchange) => {
      const t0 = performance.now();
      try {
        const all = await deps.marketData[exchange].listings(timeout());
        const listings = all
          .filter((l) => ASSET_SYMBOL_PATTERN.test(l.symbol) && (deps.symbols === null || deps.symbols.has(l.symbol)))
          .filter((l) => isDecimal(l.quantityStep) && toDec(l.quantityStep) > 0n && isDecimal(l.minNotional));
        return { exchange, listings, error: null, ms: Math.round(performance.now() - t0) };
      } catch (err) {
        return { exchange, listings: null, error: messageOf(err), ms: Math.round(performance.now() - t0) };
      }
    }),
  );
  const fresh: AssetListing[] = answers.flatMap((a) => (a.listings ?? []).map((l) => ({ ...l, exchange: a.exchange })));

  // 2. New assets (a known name, the finest step's decimals as the ledger scale: fixed once created) and the
  // listings of each exchange that answered, replacing its last ones.
  if (fresh.length > 0) {
    const scales = new Map<string, number>();
    for (const l of fresh) {
      scales.set(
        l.symbol,
        Math.max(scales.get(l.symbol) ?? 0, Math.min(MAX_QUANTITY_SCALE, decimalsOf(l.quantityStep))),
      );
    }
    const assets = [...scales].map(([symbol, scale]) => ({
      symbol,
      name: KNOWN_ASSET_NAMES.get(symbol) ?? symbol,
      scale,
    }));
    // A database that switches between the demo market and the exchanges never mixes their prices: the
    // other source's closes and price of an asset are forgotten (its history is taken again below).
    await deps.db.execute(sql`
      DELETE FROM crypto_daily_closes WHERE symbol IN (SELECT symbol FROM crypto_assets WHERE demo <> ${demo})`);
    await deps.db.execute(sql`
      UPDATE crypto_assets SET last_price = NULL, last_price_at = NULL WHERE demo <> ${demo}`);
    await deps.db.execute(sql`
      INSERT INTO crypto_assets (symbol, name, quantity_scale, demo)
      SELECT t.symbol, t.name, t.scale, ${demo}
      FROM json_to_recordset(${JSON.stringify(assets)}::json) AS t(symbol text, name text, scale smallint)
      ON CONFLICT (symbol) DO UPDATE SET demo = EXCLUDED.demo`);
  }
  for (const a of answers) {
    if (a.listings === null) continue;
    const rows = a.listings.map((l) => ({
      symbol: l.symbol,
      pair: l.pair,
      margin: l.margin,
      step: canonical(l.quantityStep),
      min: canonical(l.minNotional),
    }));
    await deps.db.transaction(async (tx) => {
      await tx.execute(sql`
        DELETE FROM exchange_listings WHERE exchange = ${a.exchange}
          AND symbol <> ALL (SELECT t.symbol FROM json_to_recordset(${JSON.stringify(rows)}::json) AS t(symbol text))`);
      if (rows.length > 0) {
        await tx.execute(sql`
          INSERT INTO exchange_listings (exchange, symbol, pair, margin, quantity_step, min_notional, updated_at)
          SELECT ${a.exchange}, t.symbol, t.pair, t.margin, t.step::numeric, t.min::numeric, ${now}
          FROM json_to_recordset(${JSON.stringify(rows)}::json) AS t(symbol text, pair text, margin boolean, step text, min text)
          ON CONFLICT (exchange, symbol) DO UPDATE SET pair = EXCLUDED.pair, margin = EXCLUDED.margin,
            quantity_step = EXCLUDED.quantity_step, min_notional = EXCLUDED.min_notional, updated_at = EXCLUDED.updated_at`);
      }
    });
  }

  // 3. Closes: for every listed asset, from its last stored day (again: it may have been a day in progress)
  // or three years back, to today; from the first exchange (in EXCHANGES' order) that lists it and answers.
  const listed = await queryRows<{ symbol: string; exchange: ExchangeId; pair: string; last: string | null }>(
    deps.db,
    sql`SELECT l.symbol, l.exchange, l.pair, (SELECT max(c.day)::text FROM crypto_daily_closes c WHERE c.symbol = l.symbol) AS last
        FROM exchange_listings l ORDER BY l.symbol, l.exchange`,
  );
  const bySymbol = new Map<string, { last: string | null; sources: { exchange: ExchangeId; pair: string }[] }>();
  for (const r of listed) {
    const entry = bySymbol.get(r.symbol) ?? { last: r.last, sources: [] };
    entry.sources.push({ exchange: r.exchange, pair: r.pair });
    bySymbol.set(r.symbol, entry);
  }
  for (const entry of bySymbol.values()) {
    entry.sources.sort((a, b) => EXCHANGES.indexOf(a.exchange) - EXCHANGES.indexOf(b.exchange));
  }
  const earliest = dayOfNumber(dayNumber(today) - HISTORY_DAYS + 1);
  const closes: { symbol: string; day: string; close: string }[] = [];
  const closeErrors = new Map<ExchangeId, string>();
  const work = [...bySymbol];
  const worker = async () => {
    for (let next = work.shift(); next; next = work.shift()) {
      const [symbol, entry] = next;
      const from = entry.last && entry.last > earliest ? entry.last : earliest;
      for (const source of entry.sources) {
        try {
          const got = await deps.marketData[source.exchange].dailyCloses(source.pair, from, today, timeout());
          for (const c of got) {
            if (DAY.test(c.day) && c.day >= from && c.day <= today && isDecimal(c.close) && toDec(c.close) > 0n) {
              closes.push({ symbol, day: c.day, close: canonical(c.close) });
            }
          }
          break;
        } catch (err) {
          closeErrors.set(source.exchange, messageOf(err));
        }
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  // Three arrays of plain tokens (checked above: symbols, ISO days, decimals), so no element needs quoting.
  for (let i = 0; i < closes.length; i += CHUNK) {
    const chunk = closes.slice(i, i + CHUNK);
    const array = (values: string[]) => `{${values.join(',')}}`;
    await deps.db.execute(sql`
      INSERT INTO crypto_daily_closes (symbol, day, close)
      SELECT * FROM unnest(${array(chunk.map((c) => c.symbol))}::text[], ${array(chunk.map((c) => c.day))}::date[],
        ${array(chunk.map((c) => c.close))}::numeric[])
      ON CONFLICT (symbol, day) DO UPDATE SET close = EXCLUDED.close`);
  }

  // 4. Latest prices: each asset's from the first exchange that lists it and answered.
  const priceAnswers = await Promise.all(
    EXCHANGES.map(async (exchange) => {
      try {
        return { exchange, prices: await deps.marketData[exchange].lastPrices(timeout()) };
      } catch (err) {
        closeErrors.set(exchange, messageOf(err));
        return { exchange, prices: null };
      }
    }),
  );
  const prices: { s: string; p: string }[] = [];
  for (const [symbol, entry] of bySymbol) {
    for (const source of entry.sources) {
      const p = priceAnswers.find((a) => a.exchange === source.exchange)?.prices?.get(source.pair);
      if (p !== undefined && isDecimal(p) && toDec(p) > 0n) {
        prices.push({ s: symbol, p: canonical(p) });
        break;
      }
    }
  }
  if (prices.length > 0) {
    await deps.db.execute(sql`
      UPDATE crypto_assets a SET last_price = t.p::numeric, last_price_at = ${now}
      FROM json_to_recordset(${JSON.stringify(prices)}::json) AS t(s text, p text) WHERE a.symbol = t.s`);
  }

  // 5. Each exchange's status, for the console.
  const durationMs = Math.round(performance.now() - started);
  for (const a of answers) {
    const error = a.error ?? closeErrors.get(a.exchange) ?? null;
    const ok = error === null;
    const demoOf = deps.marketData[a.exchange].demo;
    await deps.db.execute(sql`
      INSERT INTO market_sync_status (exchange, demo, last_ok_at, last_error_at, last_error, listings, closes_added, duration_ms)
      VALUES (${a.exchange}, ${demoOf}, ${ok ? now : null}, ${ok ? null : now}, ${error}, ${a.listings?.length ?? 0}, ${closes.length}, ${durationMs})
      ON CONFLICT (exchange) DO UPDATE SET demo = EXCLUDED.demo,
        last_ok_at = COALESCE(EXCLUDED.last_ok_at, market_sync_status.last_ok_at),
        last_error_at = COALESCE(EXCLUDED.last_error_at, market_sync_status.last_error_at),
        last_error = CASE WHEN EXCLUDED.last_ok_at IS NULL THEN EXCLUDED.last_error ELSE market_sync_status.last_error END,
        listings = CASE WHEN ${a.listings === null} THEN market_sync_status.listings ELSE EXCLUDED.listings END,
        closes_added = EXCLUDED.closes_added, duration_ms = EXCLUDED.duration_ms`);
  }

  return {
    exchanges: answers.map((a) => ({
      exchange: a.exchange,
      ok: a.error === null && !closeErrors.has(a.exchange),
      listings: a.listings?.length ?? 0,
      ...((a.error ?? closeErrors.get(a.exchange)) ? { error: a.error ?? closeErrors.get(a.exchange) } : {}),
    })),
    assets: bySymbol.size,
    closesWritten: closes.length,
    prices: prices.length,
    durationMs,
  };
}

/**
 * Runs `syncUniverse` at once and every `intervalMs` (a run still going skips the tick). Answers the stop
 * function and the first run's promise (the server logs it; tests and the e2e start can wait for it).
 */
export function startUniverseJob(
  deps: UniverseJobDeps,
  opts: { intervalMs: number; onError: (err: unknown) => void; onDone?: (report: SyncReport) => void },
): { stop: () => void; first: Promise<SyncReport | null> } {
  let running: Promise<SyncReport | null> | null = null;
  const tick = () => {
    if (running) return running;
    running = syncUniverse(deps)
      .then((report) => {
        opts.onDone?.(report);
        return report;
      })
      .catch((err: unknown) => {
        opts.onError(err);
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const first = tick();
  const timer = setInterval(() => void tick(), opts.intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer), first };
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
