import type { ExchangeId } from '@portal/contract/baskets/universe';
import type { DailyClose, Listing, MarketDataPort } from './market-data.port';
import { MarketDataError } from './market-data.port';
import {
  DEMO_ASSETS,
  demoCloses,
  demoPriceAt,
  demoQuantityStep,
  toDecimalString,
  type DemoAsset,
} from './demo-universe';

/** How each exchange names a pair against tether. */
export const PAIR_OF: Record<ExchangeId, (symbol: string) => string> = {
  binance: (symbol) => `${symbol}USDT`,
  kucoin: (symbol) => `${symbol}-USDT`,
};

/** The least order each exchange takes, tether (Binance's NOTIONAL filter, KuCoin's `minFunds`). */
const MIN_NOTIONAL: Record<ExchangeId, string> = { binance: '5', kucoin: '0.1' };

/**
 * The embedded mode's market data of one exchange (labelled demo): the forty assets of `demo-universe.ts`
 * under the exchange's own pair names, steps and minimums, their closes the demo walk's (the same on both
 * exchanges). `now` sets today (tests fix it).
 */
export function createDemoMarketData(exchange: ExchangeId, opts: { now?: () => Date } = {}): MarketDataPort {
  const now = opts.now ?? (() => new Date());
  const byPair = new Map<string, DemoAsset>(DEMO_ASSETS.map((a) => [PAIR_OF[exchange](a.symbol), a]));
  const assetOf = (pair: string) => {
    const asset = byPair.get(pair);
    if (!asset) throw new MarketDataError(exchange, `unknown pair ${pair}`);
    return asset;
  };
  return {
    exchange,
    demo: true,
    listings(signal) {
      if (signal?.aborted) return Promise.reject(new MarketDataError(exchange, 'aborted'));
      return Promise.resolve(
        DEMO_ASSETS.map((a): Listing => ({
          symbol: a.symbol,
          pair: PAIR_OF[exchange](a.symbol),
          margin: a.margin[exchange],
          quantityStep: demoQuantityStep(a.anchor, exchange),
          minNotional: MIN_NOTIONAL[exchange],
        })),
      );
    },
    dailyCloses(pair, fromDay, toDay, signal) {
      if (signal?.aborted) return Promise.reject(new MarketDataError(exchange, 'aborted'));
      try {
        const closes = demoCloses(assetOf(pair), fromDay, toDay, now());
        return Promise.resolve(closes.map((c): DailyClose => ({ day: c.day, close: toDecimalString(c.close) })));
      } catch (e) {
        return Promise.reject(e instanceof Error ? e : new Error(String(e)));
      }
    },
    lastPrices(signal) {
      if (signal?.aborted) return Promise.reject(new MarketDataError(exchange, 'aborted'));
      const at = now();
      return Promise.resolve(
        new Map(DEMO_ASSETS.map((a) => [PAIR_OF[exchange](a.symbol), toDecimalString(demoPriceAt(a, at))])),
      );
    },
  };
}
