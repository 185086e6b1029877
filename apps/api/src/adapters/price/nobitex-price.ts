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
}): PriceSourcePort {
  const client = orderBookClient('nobitex', opts.fetch ?? fetch);
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/v3/orderbook/${SYMBOL}`;
  const priceOf = (level: unknown) => (Array.isArray(level) ? decimalToRials(level[0], 1n) : null);

  return {
    name: 'nobitex',
    demo: false,
    async fetchBook(signal) {
      const { json, said } = await client.getJson(url, signal);
      if (json.status !== 'ok') throw client.fail(`refused:${said || ` status ${String(json.status)}`}`);
      return client.uncrossed({
        bid: client.best(json.bids, 'bids', true, priceOf),
        ask: client.best(json.asks, 'asks', false, priceOf),
      });
    },
  };
}
