/**
 * The console's view of the universe (issue 20, decision 045; contract `admin/universe.ts`): reads only.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { AppError } from '@portal/contract/core/errors';
import type { AdminUniverse } from '@portal/contract/admin/universe';
import type { UniverseAssetView } from '@portal/contract/baskets/universe-views';
import { EXCHANGES, type ExchangeId, type MarketType } from '@portal/contract/baskets/universe';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { cryptoAssets, cryptoDailyCloses, exchangeListings, marketSyncStatus } from '../../db/schema';
import { canonical } from '../../adapters/market/decimal';
import type { MarketContext } from './market-context';

export interface UniverseDeskDeps {
  db: Db;
  market: Pick<MarketContext, 'demo' | 'sandboxTrading'>;
  syncIntervalMinutes: number;
}

interface AssetRow {
  symbol: string;
  name: string;
  quantity_scale: number;
  enabled: boolean;
  demo: boolean;
  last_price: string | null;
  last_price_at: Date | string | null;
  history_days: number;
  first_day: string | null;
  last_day: string | null;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function assetView(a: AssetRow, listings: UniverseAssetView['listings']): UniverseAssetView {
  return {
    symbol: a.symbol,
    name: a.name,
    quantityScale: a.quantity_scale,
    enabled: a.enabled,
    demo: a.demo,
    lastPrice: a.last_price === null ? null : canonical(a.last_price),
    lastPriceAt: iso(a.last_price_at),
    historyDays: a.history_days,
    firstDay: a.first_day,
    lastDay: a.last_day,
    listings,
  };
}

async function assetRows(db: Db, symbol?: string): Promise<AssetRow[]> {
  return queryRows<AssetRow>(
    db,
    sql`SELECT a.symbol, a.name, a.quantity_scale, a.enabled, a.demo, a.last_price::text AS last_price, a.last_price_at,
          coalesce(c.n, 0)::int AS history_days, c.first_day, c.last_day
        FROM crypto_assets a
        LEFT JOIN (SELECT symbol, count(*) AS n, min(day)::text AS first_day, max(day)::text AS last_day
                   FROM crypto_daily_closes ${symbol ? sql`WHERE symbol = ${symbol}` : sql``} GROUP BY symbol) c
          ON c.symbol = a.symbol
        ${symbol ? sql`WHERE a.symbol = ${symbol}` : sql``}
        ORDER BY a.symbol`,
  );
}

async function listingsBySymbol(db: Db, symbol?: string): Promise<Map<string, UniverseAssetView['listings']>> {
  const rows = await db
    .select()
    .from(exchangeListings)
    .where(symbol ? eq(exchangeListings.symbol, symbol) : undefined)
    .orderBy(asc(exchangeListings.symbol), asc(exchangeListings.exchange));
  const out = new Map<string, UniverseAssetView['listings']>();
  for (const l of rows) {
    const list = out.get(l.symbol) ?? [];
    list.push({
      exchange: l.exchange,
      pair: l.pair,
      margin: l.margin,
      quantityStep: canonical(l.quantityStep),
      minNotional: canonical(l.minNotional),
    });
    out.set(l.symbol, list);
  }
  return out;
}

/** The desk: the job's state per exchange and the assets the filters keep (all by default). */
export async function getUniverse(
  deps: UniverseDeskDeps,
  query: { exchange?: ExchangeId | undefined; marketType?: MarketType | undefined },
): Promise<AdminUniverse> {
  const [assets, listings, statuses] = await Promise.all([
    assetRows(deps.db),
    listingsBySymbol(deps.db),
    deps.db.select().from(marketSyncStatus),
  ]);
  const keep = (l: UniverseAssetView['listings'][number]) =>
    (query.exchange === undefined || l.exchange === query.exchange) && (query.marketType !== 'margin' || l.margin);
  return {
    demo: deps.market.demo,
    sandboxTrading: deps.market.sandboxTrading,
    syncIntervalMinutes: deps.syncIntervalMinutes,
    exchanges: EXCHANGES.map((exchange) => {
      const s = statuses.find((x) => x.exchange === exchange);
      return {
        exchange,
        demo: s?.demo ?? deps.market.demo,
        lastOkAt: iso(s?.lastOkAt ?? null),
        lastErrorAt: iso(s?.lastErrorAt ?? null),
        lastError: s?.lastError ?? null,
        listings: s?.listings ?? 0,
        closesAdded: s?.closesAdded ?? 0,
        durationMs: s?.durationMs ?? null,
      };
    }),
    assets: assets
      .map((a) => assetView(a, listings.get(a.symbol) ?? []))
      .filter((a) => (query.exchange === undefined && query.marketType === undefined) || a.listings.some(keep)),
  };
}

/** One asset with every close kept; `NOT_FOUND` when the universe has no such asset. */
export async function getUniverseAsset(db: Db, symbol: string) {
  const [row] = await assetRows(db, symbol);
  if (!row) throw new AppError('NOT_FOUND', 'No such asset in the universe');
  const [listings, closes] = await Promise.all([
    listingsBySymbol(db, symbol),
    db
      .select({ day: cryptoDailyCloses.day, close: cryptoDailyCloses.close })
      .from(cryptoDailyCloses)
      .where(eq(cryptoDailyCloses.symbol, symbol))
      .orderBy(asc(cryptoDailyCloses.day)),
  ]);
  return {
    ...assetView(row, listings.get(symbol) ?? []),
    closes: closes.map((c) => ({ day: c.day, close: canonical(c.close) })),
  };
}

/** Whether the universe has any asset yet (the first sync has run). */
export async function hasUniverse(db: Db): Promise<boolean> {
  const [row] = await db.select({ symbol: cryptoAssets.symbol }).from(cryptoAssets).limit(1);
  return row !== undefined;
}
