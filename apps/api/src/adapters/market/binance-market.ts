import type { DailyClose, Listing, MarketDataPort } from './market-data.port';
import { MarketDataError } from './market-data.port';
import { DAY_MS, dayOfMs, dayStartMs, isRecord, requestJson, trimSlash } from './exchange-http';
import { isDecimal } from './decimal';

/** Binance answers at most this many klines per request. */
const KLINES_LIMIT = 1000;

/**
 * Binance's public spot market data:
 * - `GET /api/v3/exchangeInfo` → `{ symbols: [{ symbol: 'BTCUSDT', status: 'TRADING', baseAsset, quoteAsset,
 *   isSpotTradingAllowed, isMarginTradingAllowed, filters: [{ filterType: 'LOT_SIZE', stepSize },
 *   { filterType: 'NOTIONAL', minNotional } | { filterType: 'MIN_NOTIONAL', minNotional }, …] }] }`;
 * - `GET /api/v3/klines?symbol&interval=1d&startTime&endTime&limit` → `[[openTime ms, open, high, low, close,
 *   volume, closeTime, …]]`, oldest first, at most 1000 a request (paged on);
 * - `GET /api/v3/ticker/price` → `[{ symbol, price }]`.
 * A refusal is an HTTP error with `{ code, msg }` (`-1121 Invalid symbol.`).
 */
export function createBinanceMarketData(opts: { baseUrl: string; fetch?: typeof fetch }): MarketDataPort {
  const f = opts.fetch ?? fetch;
  const base = trimSlash(opts.baseUrl);
  const fail = (message: string) => new MarketDataError('binance', message);
  const get = async (path: string, signal?: AbortSignal) => {
    try {
      return await requestJson('binance', f, `${base}${path}`, signal ? { signal } : {});
    } catch (e) {
      throw fail(e instanceof Error ? e.message.replace(/^binance: /, '') : String(e));
    }
  };

  return {
    exchange: 'binance',
    demo: false,

    async listings(signal) {
      const json = await get('/api/v3/exchangeInfo', signal);
      if (!isRecord(json) || !Array.isArray(json.symbols)) throw fail('exchangeInfo without symbols');
      const out: Listing[] = [];
      for (const s of json.symbols as unknown[]) {
        if (!isRecord(s) || s.quoteAsset !== 'USDT' || s.status !== 'TRADING') continue;
        if (s.isSpotTradingAllowed === false || typeof s.baseAsset !== 'string' || typeof s.symbol !== 'string')
          continue;
        const filters = Array.isArray(s.filters) ? (s.filters as unknown[]).filter(isRecord) : [];
        const lot = filters.find((x) => x.filterType === 'LOT_SIZE');
        const notional =
          filters.find((x) => x.filterType === 'NOTIONAL') ?? filters.find((x) => x.filterType === 'MIN_NOTIONAL');
        const step = lot?.stepSize;
        if (typeof step !== 'string' || !isDecimal(step)) continue;
        const min = notional?.minNotional;
        out.push({
          symbol: s.baseAsset,
          pair: s.symbol,
          margin: s.isMarginTradingAllowed === true,
          quantityStep: step,
          minNotional: typeof min === 'string' && isDecimal(min) ? min : '0',
        });
      }
      return out;
    },

    async dailyCloses(pair, fromDay, toDay, signal) {
      const out: DailyClose[] = [];
      const end = dayStartMs(toDay) + DAY_MS - 1;
      let start = dayStartMs(fromDay);
      while (start <= end) {
        const q = new URLSearchParams({
          symbol: pair,
          interval: '1d',
          startTime: String(start),
          endTime: String(end),
          limit: String(KLINES_LIMIT),
        });
        const json = await get(`/api/v3/klines?${q.toString()}`, signal);
        if (!Array.isArray(json)) throw fail('klines: not a list');
        let last = -1;
        for (const k of json as unknown[]) {
          if (!Array.isArray(k) || typeof k[0] !== 'number' || typeof k[4] !== 'string' || !isDecimal(k[4])) {
            throw fail(`klines: not a kline: ${JSON.stringify(k)}`);
          }
          if (k[0] > last) last = k[0];
          out.push({ day: dayOfMs(k[0]), close: k[4] });
        }
        if (json.length < KLINES_LIMIT || last < 0) break;
        start = last + DAY_MS;
      }
      return out;
    },

    async lastPrices(signal) {
      const json = await get('/api/v3/ticker/price', signal);
      if (!Array.isArray(json)) throw fail('ticker/price: not a list');
      const out = new Map<string, string>();
      for (const t of json as unknown[]) {
        if (isRecord(t) && typeof t.symbol === 'string' && typeof t.price === 'string' && isDecimal(t.price)) {
          out.set(t.symbol, t.price);
        }
      }
      return out;
    },
  };
}
