/**
 * The crypto universe of the smart hold baskets (issue 20, decision 045) as the rest of the server reads
 * it: the enabled assets listed on some exchanges, their daily closes and their latest prices. The universe
 * job (`universe.job.ts`) keeps the tables; nothing here asks an exchange.
 */
import { and, asc, eq, gte, inArray, isNotNull, lte } from 'drizzle-orm';
import type { ExchangeId, MarketType } from '@portal/contract/baskets/universe';
import type { DbOrTx } from '../../db/client';
import { cryptoAssets, cryptoDailyCloses, exchangeListings } from '../../db/schema';
import { canonical } from '../../adapters/market/decimal';

/** Tether: the baskets' cash, priced 1, with the ledger's scale of six decimals. */
export const TETHER_SYMBOL = 'USDT';
export const TETHER_QUANTITY_SCALE = 6;

export interface UniverseListing {
  exchange: ExchangeId;
  /** The exchange's pair (`BTCUSDT`, `BTC-USDT`): what the trading port takes. */
  pair: string;
  margin: boolean;
  /** Decimal strings, canonical (`"0.00001"`, `"5"`). */
  quantityStep: string;
  minNotional: string;
}

export interface UniverseAsset {
  symbol: string;
  name: string;
  /** Decimals of the asset's ledger minor unit (`B:<basket>:<SYMBOL>`). */
  quantityScale: number;
  /** Only the listings on the exchanges asked for (and, for `margin`, only margin ones); never empty. */
  listings: UniverseListing[];
}

export interface AssetInfo {
  symbol: string;
  name: string;
  quantityScale: number;
  enabled: boolean;
  demo: boolean;
  /** Every listing the asset has now, on any exchange. */
  listings: UniverseListing[];
}

export interface LatestPrice {
  /** Tether per unit, decimal string. */
  price: string;
  at: Date;
  demo: boolean;
}

/**
 * The enabled assets a basket may hold on `exchanges` for `marketType`: each listed on at least one of
 * them (`margin`: on the margin market of at least one), with those listings. Sorted by symbol.
 */
export async function listUniverse(
  db: DbOrTx,
  opts: { exchanges: readonly ExchangeId[]; marketType: MarketType },
): Promise<UniverseAsset[]> {
  if (opts.exchanges.length === 0) return [];
  const rows = await db
    .select({
      symbol: cryptoAssets.symbol,
      name: cryptoAssets.name,
      quantityScale: cryptoAssets.quantityScale,
      exchange: exchangeListings.exchange,
      pair: exchangeListings.pair,
      margin: exchangeListings.margin,
      quantityStep: exchangeListings.quantityStep,
      minNotional: exchangeListings.minNotional,
    })
    .from(cryptoAssets)
    .innerJoin(exchangeListings, eq(exchangeListings.symbol, cryptoAssets.symbol))
    .where(
      and(
        eq(cryptoAssets.enabled, true),
        inArray(exchangeListings.exchange, [...opts.exchanges]),
        opts.marketType === 'margin' ? eq(exchangeListings.margin, true) : undefined,
      ),
    )
    .orderBy(asc(cryptoAssets.symbol), asc(exchangeListings.exchange));
  return groupListings(rows);
}

/** Assets by symbol whatever their state (a basket may hold one that was since disabled), with every listing. */
export async function getAssets(db: DbOrTx, symbols: readonly string[]): Promise<Map<string, AssetInfo>> {
  const out = new Map<string, AssetInfo>();
  if (symbols.length === 0) return out;
  const assets = await db
    .select()
    .from(cryptoAssets)
    .where(inArray(cryptoAssets.symbol, [...symbols]));
  const listings = await db
    .select()
    .from(exchangeListings)
    .where(inArray(exchangeListings.symbol, [...symbols]))
    .orderBy(asc(exchangeListings.exchange));
  for (const a of assets) {
    out.set(a.symbol, {
      symbol: a.symbol,
      name: a.name,
      quantityScale: a.quantityScale,
      enabled: a.enabled,
      demo: a.demo,
      listings: [],
    });
  }
  for (const l of listings) out.get(l.symbol)?.listings.push(listingView(l));
  return out;
}

/**
 * The daily closes of `symbols` from `fromDay` to `toDay` inclusive (UTC days, `YYYY-MM-DD`), oldest first,
 * as numbers (for the construction's statistics; never for money). Every symbol asked for has an entry
 * (empty when it has no closes).
 */
export async function dailyCloses(
  db: DbOrTx,
  symbols: readonly string[],
  fromDay: string,
  toDay: string,
): Promise<Map<string, { day: string; close: number }[]>> {
  const out = new Map<string, { day: string; close: number }[]>(symbols.map((s) => [s, []]));
  if (symbols.length === 0) return out;
  const rows = await db
    .select({ symbol: cryptoDailyCloses.symbol, day: cryptoDailyCloses.day, close: cryptoDailyCloses.close })
    .from(cryptoDailyCloses)
    .where(
      and(
        inArray(cryptoDailyCloses.symbol, [...symbols]),
        gte(cryptoDailyCloses.day, fromDay),
        lte(cryptoDailyCloses.day, toDay),
      ),
    )
    .orderBy(asc(cryptoDailyCloses.symbol), asc(cryptoDailyCloses.day));
  for (const r of rows) out.get(r.symbol)?.push({ day: r.day, close: Number(r.close) });
  return out;
}

/**
 * The latest price of each of `symbols` that has one (tether: `'1'`, now, not demo). A symbol without a
 * price is absent: nothing may be valued or traded at a guess.
 */
export async function latestPrices(
  db: DbOrTx,
  symbols: readonly string[],
  now: Date = new Date(),
): Promise<Map<string, LatestPrice>> {
  const out = new Map<string, LatestPrice>();
  const others = symbols.filter((s) => s !== TETHER_SYMBOL);
  if (symbols.includes(TETHER_SYMBOL)) out.set(TETHER_SYMBOL, { price: '1', at: now, demo: false });
  if (others.length === 0) return out;
  const rows = await db
    .select({
      symbol: cryptoAssets.symbol,
      price: cryptoAssets.lastPrice,
      at: cryptoAssets.lastPriceAt,
      demo: cryptoAssets.demo,
    })
    .from(cryptoAssets)
    .where(and(inArray(cryptoAssets.symbol, others), isNotNull(cryptoAssets.lastPrice)));
  for (const r of rows) {
    if (r.price !== null && r.at !== null) out.set(r.symbol, { price: canonical(r.price), at: r.at, demo: r.demo });
  }
  return out;
}

function listingView(l: {
  exchange: ExchangeId;
  pair: string;
  margin: boolean;
  quantityStep: string;
  minNotional: string;
}): UniverseListing {
  return {
    exchange: l.exchange,
    pair: l.pair,
    margin: l.margin,
    quantityStep: canonical(l.quantityStep),
    minNotional: canonical(l.minNotional),
  };
}

function groupListings(
  rows: {
    symbol: string;
    name: string;
    quantityScale: number;
    exchange: ExchangeId;
    pair: string;
    margin: boolean;
    quantityStep: string;
    minNotional: string;
  }[],
): UniverseAsset[] {
  const out: UniverseAsset[] = [];
  for (const r of rows) {
    let last = out.at(-1);
    if (last?.symbol !== r.symbol) {
      last = { symbol: r.symbol, name: r.name, quantityScale: r.quantityScale, listings: [] };
      out.push(last);
    }
    last.listings.push(listingView(r));
  }
  return out;
}
