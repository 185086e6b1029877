/**
 * The tether price (issue 17, decision 039): every source asked at once within its time limit, the median
 * of those that answered with outliers dropped (`aggregatePrices`), written with its candles and sent to
 * every open page through the events channel. The price is stale after `staleAfterSeconds` without a new
 * one: then no quote is given, and the pages say trading waits.
 */
import type { MarketStatus, PriceSource, TetherPrice } from '@portal/contract/tether/market';
import { aggregatePrices, housePrices } from '@portal/contract/tether/pricing';
import { tehranDateOf } from '@portal/contract/funds/orders';
import { TEHRAN_OFFSET_MS } from '@portal/contract/core/bank-calendar';
import type { Db, DbOrTx } from '../../db/client';
import type { EventsBus } from '../../lib/invalidation';
import { midOf, type PriceSourcePort } from '../../adapters/price/price.port';
import {
  insertPrice,
  latestPrice,
  prunePrices,
  readSettings,
  type PriceRow,
  type SettingsRow,
} from './tether.repository';

const PRUNE_EVERY = 500;

export interface PriceConfig {
  /** How long each source has to answer. */
  timeoutMs: number;
  staleAfterSeconds: number;
  bandBps: number;
}

/** What the console shows of a source: its last answer and its last failure. */
export interface SourceHealth {
  source: PriceSource;
  demo: boolean;
  lastOkAt: string | null;
  lastMid: string | null;
  lastLatencyMs: number | null;
  lastError: string | null;
  lastErrorAt: string | null;
  /** Whether the last price used it (false when it failed or was dropped as an outlier). */
  usedInLast: boolean;
}

export interface PriceService {
  /** Asks the sources and writes a price when they give one; answers it (or null: no usable answer). */
  takePrice(now?: Date): Promise<PriceRow | null>;
  /** The live price as pages see it, with the house's spread and the market's status. */
  currentPrice(db: DbOrTx, now?: Date, settings?: SettingsRow): Promise<TetherPrice>;
  health(): SourceHealth[];
  readonly config: PriceConfig;
}

/** The instant a Tehran calendar day starts. */
export function tehranDayStart(at: Date): Date {
  return new Date(Date.parse(`${tehranDateOf(at)}T00:00:00Z`) - TEHRAN_OFFSET_MS);
}

export function createPriceService(deps: {
  db: Db;
  sources: readonly PriceSourcePort[];
  events: EventsBus;
  config: PriceConfig;
  now?: () => Date;
}): PriceService {
  const clock = () => deps.now?.() ?? new Date();
  const health = new Map<PriceSource, SourceHealth>(
    deps.sources.map((s) => [
      s.name,
      {
        source: s.name,
        demo: s.demo,
        lastOkAt: null,
        lastMid: null,
        lastLatencyMs: null,
        lastError: null,
        lastErrorAt: null,
        usedInLast: false,
      },
    ]),
  );

  const service: PriceService = {
    config: deps.config,

    async takePrice(now = clock()) {
      const answers = await Promise.all(
        deps.sources.map(async (source) => {
          const started = performance.now();
          const h = health.get(source.name)!;
          try {
            const book = await source.fetchBook(AbortSignal.timeout(deps.config.timeoutMs));
            const mid = midOf(book);
            h.lastOkAt = now.toISOString();
            h.lastMid = mid.toString();
            h.lastLatencyMs = Math.round(performance.now() - started);
            return { source: source.name, mid, demo: source.demo };
          } catch (err) {
            h.lastError = err instanceof Error ? err.message : String(err);
            h.lastErrorAt = now.toISOString();
            h.usedInLast = false;
            return { source: source.name, mid: null, demo: source.demo, error: h.lastError };
          }
        }),
      );
      const answered = answers.filter((a): a is typeof a & { mid: bigint } => a.mid !== null);
      const result = aggregatePrices(answered, BigInt(deps.config.bandBps));
      for (const a of answers) health.get(a.source)!.usedInLast = result.used.includes(a.source);
      if (result.mid === null) return null;
      const row = await insertPrice(deps.db, {
        at: now,
        mid: result.mid,
        sources: answers.map((a) => ({
          source: a.source,
          mid: a.mid?.toString() ?? null,
          used: result.used.includes(a.source),
          ...('error' in a && a.error ? { error: a.error } : {}),
        })),
        demo: answered.some((a) => a.demo && result.used.includes(a.source)),
        dayStart: tehranDayStart(now),
      });
      // Every few hundred prices, the ones older than a day go: the candles keep the history.
      if (row.seq % PRUNE_EVERY === 0) await prunePrices(deps.db, new Date(now.getTime() - 24 * 3600_000));
      // The row just written is the live price: published as pages read it, without reading it back.
      const price = priceView(row, await readSettings(deps.db), now, deps.config.staleAfterSeconds);
      await deps.events.publish({ topic: 'tether.price', data: price });
      return row;
    },

    async currentPrice(db, now = clock(), settings) {
      const [row, s] = await Promise.all([latestPrice(db), settings ?? readSettings(db)]);
      return priceView(row, s, now, deps.config.staleAfterSeconds);
    },

    health: () => [...health.values()].map((h) => ({ ...h })),
  };
  return service;
}

/** The market's status: paused by the operators, no price yet, stale, or live. */
export function marketStatus(
  row: PriceRow | undefined,
  settings: Pick<SettingsRow, 'paused'>,
  now: Date,
  staleAfterSeconds: number,
): MarketStatus {
  if (settings.paused) return 'paused';
  if (!row) return 'unavailable';
  return now.getTime() - row.at.getTime() > staleAfterSeconds * 1000 ? 'stale' : 'live';
}

export function priceView(
  row: PriceRow | undefined,
  settings: SettingsRow,
  now: Date,
  staleAfterSeconds: number,
): TetherPrice {
  const status = marketStatus(row, settings, now, staleAfterSeconds);
  if (!row) return { status, buy: null, sell: null, mid: null, at: null, seq: 0, demo: false };
  const { buy, sell } = housePrices(row.mid, BigInt(settings.spreadBps));
  const live = status === 'live';
  return {
    status,
    buy: live ? buy.toString() : null,
    sell: live ? sell.toString() : null,
    mid: row.mid.toString(),
    at: row.at.toISOString(),
    seq: row.seq,
    demo: row.demo,
  };
}

/**
 * Takes a price every `intervalMs` (and once at once). Another instance may take one at the same moment:
 * both are written, each with its own sequence number; nothing depends on there being one taker.
 */
export function startPriceJob(
  service: PriceService,
  opts: { intervalMs: number; onError: (err: unknown) => void },
): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    service
      .takePrice()
      .catch(opts.onError)
      .finally(() => {
        running = false;
      });
  };
  tick();
  const timer = setInterval(tick, opts.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
