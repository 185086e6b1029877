import type { PriceSourcePort } from './price.port';
import { decimalToRials, orderBookClient } from './order-book-http';

/** Nobitex's tether market against the rial: its IRT markets are priced in rials. */
const SYMBOL = 'USDTIRT';

/**
 * Nobitex's public order book: `GET /v3/orderbook/USDTIRT` → `{ status: 'ok', lastUpdate, lastTradePrice,
 * asks: [[price, amount], …], bids: [[price, amount], …] }`, prices as decimal strings in rials, amounts in
 * tether (asks ascending, bids descending; the best of each side is taken whatever the order). A refusal is
 * `{ status: 'failed', code, message }`, with HTTP 200 or an error status.
 */
export function createNobitexPriceSource(opts: {
  /** `https://api.nobitex.ir`; tests use a local server. */
  baseUrl: string;
  fetch?: typeof fetch;
  /**
   * A book whose `lastUpdate` is older than this is not a price: a halted or frozen market still answers
   * its last book (60 s: the price service's own stale age).
   */
  maxBookAgeMs?: number;
  now?: () => number;
}): PriceSourcePort {
  const maxAge = opts.maxBookAgeMs ?? 60_000;
  const now = opts.now ?? Date.now;
  const client = orderBookClient('nobitex', opts.fetch ?? fetch);
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/v3/orderbook/${SYMBOL}`;
  const priceOf = (level: unknown) => (Array.isArray(level) ? decimalToRials(level[0], 1n) : null);

  return {
    name: 'nobitex',
    demo: false,
    async fetchBook(signal) {
      const { json, said } = await client.getJson(url, signal);
      if (json.status !== 'ok') throw client.fail(`refused:${said || ` status ${String(json.status)}`}`);
      if (typeof json.lastUpdate === 'number' && now() - json.lastUpdate > maxAge) {
        throw client.fail(`book not updated for ${Math.round((now() - json.lastUpdate) / 1000)} s`);
      }
      return client.uncrossed({
        bid: client.best(json.bids, 'bids', true, priceOf),
        ask: client.best(json.asks, 'asks', false, priceOf),
      });
    },
  };
}
