import type { DailyClose, Listing, MarketDataPort } from './market-data.port';
import { MarketDataError } from './market-data.port';
import { DAY_MS, dayOfMs, dayStartMs, isRecord, requestJson, trimSlash } from './exchange-http';
import { isDecimal } from './decimal';

/** KuCoin answers at most this many candles per request. */
const CANDLES_LIMIT = 1500;
/** KuCoin's success code. */
export const KUCOIN_OK = '200000';

/**
 * KuCoin's public spot market data; every answer is `{ code: '200000', data }`, a refusal another code with
 * `msg` (HTTP 200 or an error status):
 * - `GET /api/v2/symbols` → `data: [{ symbol: 'BTC-USDT', baseCurrency, quoteCurrency, baseIncrement,
 *   minFunds, quoteMinSize, isMarginEnabled, enableTrading, … }]`;
 * - `GET /api/v1/market/candles?type=1day&symbol&startAt&endAt` (seconds) → `data: [[time s, open, close,
 *   high, low, volume, turnover]]`, NEWEST first, at most 1500 a request (paged backwards);
 * - `GET /api/v1/market/allTickers` → `data: { time, ticker: [{ symbol, last, … }] }`.
 */
export function createKucoinMarketData(opts: { baseUrl: string; fetch?: typeof fetch }): MarketDataPort {
  const f = opts.fetch ?? fetch;
  const base = trimSlash(opts.baseUrl);
  const fail = (message: string) => new MarketDataError('kucoin', message);
  const data = async (path: string, signal?: AbortSignal): Promise<unknown> => {
    let json: unknown;
    try {
      json = await requestJson('kucoin', f, `${base}${path}`, signal ? { signal } : {});
    } catch (e) {
      throw fail(e instanceof Error ? e.message.replace(/^kucoin: /, '') : String(e));
    }
    if (!isRecord(json)) throw fail('answered without an object');
    if (json.code !== KUCOIN_OK)
      throw fail(`refused: ${String(json.code)} ${typeof json.msg === 'string' ? json.msg : ''}`.trimEnd());
    return json.data;
  };

  return {
    exchange: 'kucoin',
    demo: false,

    async listings(signal) {
      const list = await data('/api/v2/symbols', signal);
      if (!Array.isArray(list)) throw fail('symbols: not a list');
      const out: Listing[] = [];
      for (const s of list as unknown[]) {
        if (!isRecord(s) || s.quoteCurrency !== 'USDT' || s.enableTrading !== true) continue;
        if (typeof s.symbol !== 'string' || typeof s.baseCurrency !== 'string') continue;
        if (typeof s.baseIncrement !== 'string' || !isDecimal(s.baseIncrement)) continue;
        const min = [s.minFunds, s.quoteMinSize].find((v): v is string => typeof v === 'string' && isDecimal(v));
        out.push({
          symbol: s.baseCurrency,
          pair: s.symbol,
          margin: s.isMarginEnabled === true,
          quantityStep: s.baseIncrement,
          minNotional: min ?? '0',
        });
      }
      return out;
    },

    async dailyCloses(pair, fromDay, toDay, signal) {
      const startAt = Math.floor(dayStartMs(fromDay) / 1000);
      let endAt = Math.floor((dayStartMs(toDay) + DAY_MS - 1) / 1000);
      const byDay = new Map<string, string>();
      while (endAt >= startAt) {
        const q = new URLSearchParams({ type: '1day', symbol: pair, startAt: String(startAt), endAt: String(endAt) });
        const rows = await data(`/api/v1/market/candles?${q.toString()}`, signal);
        if (!Array.isArray(rows)) throw fail('candles: not a list');
        let oldest = Infinity;
        for (const k of rows as unknown[]) {
          if (
            !Array.isArray(k) ||
            typeof k[0] !== 'string' ||
            !/^\d+$/.test(k[0]) ||
            typeof k[2] !== 'string' ||
            !isDecimal(k[2])
          ) {
            throw fail(`candles: not a candle: ${JSON.stringify(k)}`);
          }
          const t = Number(k[0]);
          if (t < oldest) oldest = t;
          byDay.set(dayOfMs(t * 1000), k[2]);
        }
        if (rows.length < CANDLES_LIMIT || !Number.isFinite(oldest)) break;
        endAt = oldest - 1;
      }
      return [...byDay]
        .filter(([day]) => day >= fromDay && day <= toDay)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([day, close]): DailyClose => ({ day, close }));
    },

    async lastPrices(signal) {
      const d = await data('/api/v1/market/allTickers', signal);
      if (!isRecord(d) || !Array.isArray(d.ticker)) throw fail('allTickers without ticker');
      const out = new Map<string, string>();
      for (const t of d.ticker as unknown[]) {
        if (isRecord(t) && typeof t.symbol === 'string' && typeof t.last === 'string' && isDecimal(t.last)) {
          out.set(t.symbol, t.last);
        }
      }
      return out;
    },
  };
}
