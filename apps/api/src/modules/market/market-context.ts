/**
 * Everything the smart hold baskets need from the exchanges (issue 20, decision 045), built once by the app
 * (`app.market`): each exchange's market data (for the universe job) and its trading port (for the basket
 * worker), as `MARKET_DATA_SOURCE` and `TRADING_MODE` select.
 */
import { and, eq } from 'drizzle-orm';
import { EXCHANGES, type ExchangeId } from '@portal/contract/baskets/universe';
import type { Db } from '../../db/client';
import { exchangeListings } from '../../db/schema';
import type { Env } from '../../env';
import { createBinanceMarketData } from '../../adapters/market/binance-market';
import { createDemoMarketData } from '../../adapters/market/demo-market';
import { createKucoinMarketData } from '../../adapters/market/kucoin-market';
import type { MarketDataPort } from '../../adapters/market/market-data.port';
import { createBinanceTrading } from '../../adapters/trading/binance-trading';
import { createKucoinTrading } from '../../adapters/trading/kucoin-trading';
import { createSandboxTrading } from '../../adapters/trading/sandbox-trading';
import type { TradingPort } from '../../adapters/trading/trading.port';
import type { UniverseJobDeps } from './universe.job';

export interface MarketContext {
  marketData: Readonly<Record<ExchangeId, MarketDataPort>>;
  trading: Readonly<Record<ExchangeId, TradingPort>>;
  /** The demo market is in use: pages label its prices and baskets demo. */
  demo: boolean;
  /** The sandbox exchange is in use: orders move nothing real. */
  sandboxTrading: boolean;
  /** The assets the universe job takes from the listings (null: all the demo's). */
  universe: ReadonlySet<string> | null;
}

export type MarketEnv = Pick<
  Env,
  | 'MARKET_DATA_SOURCE'
  | 'BINANCE_BASE_URL'
  | 'KUCOIN_BASE_URL'
  | 'MARKET_UNIVERSE'
  | 'TRADING_MODE'
  | 'MARKET_SANDBOX_FEE_BPS'
  | 'BINANCE_API_KEY'
  | 'BINANCE_API_SECRET'
  | 'BINANCE_RECV_WINDOW_MS'
  | 'KUCOIN_API_KEY'
  | 'KUCOIN_API_SECRET'
  | 'KUCOIN_API_PASSPHRASE'
>;

const byExchange = <T>(make: (exchange: ExchangeId) => T): Record<ExchangeId, T> =>
  Object.fromEntries(EXCHANGES.map((e) => [e, make(e)])) as Record<ExchangeId, T>;

/**
 * The context the environment selects; tests hand in ports of their own (a local exchange's, a fixed
 * clock's demo), an exchange without one keeps the environment's.
 */
export function createMarketContext(
  env: MarketEnv,
  db: Db,
  overrides: {
    marketData?: Partial<Record<ExchangeId, MarketDataPort>>;
    trading?: Partial<Record<ExchangeId, TradingPort>>;
    now?: () => Date;
  } = {},
): MarketContext {
  const demo = env.MARKET_DATA_SOURCE === 'demo';
  const marketData = byExchange<MarketDataPort>(
    (exchange) =>
      overrides.marketData?.[exchange] ??
      (demo
        ? createDemoMarketData(exchange, overrides.now ? { now: overrides.now } : {})
        : exchange === 'binance'
          ? createBinanceMarketData({ baseUrl: env.BINANCE_BASE_URL })
          : createKucoinMarketData({ baseUrl: env.KUCOIN_BASE_URL })),
  );
  const quantityStep = (exchange: ExchangeId) => async (pair: string) => {
    const [row] = await db
      .select({ step: exchangeListings.quantityStep })
      .from(exchangeListings)
      .where(and(eq(exchangeListings.exchange, exchange), eq(exchangeListings.pair, pair)));
    return row?.step ?? null;
  };
  const live = env.TRADING_MODE === 'live';
  const trading = byExchange<TradingPort>(
    (exchange) =>
      overrides.trading?.[exchange] ??
      (!live
        ? createSandboxTrading(exchange, { db, feeBps: env.MARKET_SANDBOX_FEE_BPS })
        : exchange === 'binance'
          ? createBinanceTrading({
              baseUrl: env.BINANCE_BASE_URL,
              apiKey: env.BINANCE_API_KEY ?? '',
              apiSecret: env.BINANCE_API_SECRET ?? '',
              recvWindowMs: env.BINANCE_RECV_WINDOW_MS,
              quantityStep: quantityStep('binance'),
            })
          : createKucoinTrading({
              baseUrl: env.KUCOIN_BASE_URL,
              apiKey: env.KUCOIN_API_KEY ?? '',
              apiSecret: env.KUCOIN_API_SECRET ?? '',
              passphrase: env.KUCOIN_API_PASSPHRASE ?? '',
              quantityStep: quantityStep('kucoin'),
            })),
  );
  return {
    marketData,
    trading,
    demo: EXCHANGES.some((e) => marketData[e].demo),
    sandboxTrading: EXCHANGES.some((e) => trading[e].sandbox),
    universe: demo ? null : new Set(env.MARKET_UNIVERSE),
  };
}

/** What the universe job needs from the context. */
export function universeJobDeps(market: MarketContext, db: Db, now?: () => Date): UniverseJobDeps {
  return { db, marketData: market.marketData, symbols: market.universe, ...(now ? { now } : {}) };
}
