import type { PriceSourcePort } from './price.port';
import { decimalToRials, isRecord, orderBookClient } from './order-book-http';

/** Wallex's tether market against the toman (TMN): its prices are converted to rials. */
const SYMBOL = 'USDTTMN';

/**
 * Wallex's public order book: `GET /v1/depth?symbol=USDTTMN` → `{ result: { ask: [{ price, quantity, sum }, …],
 * bid: […] }, message, success: true }`, prices in toman as decimal strings or JSON numbers; the book is
 * turned into whole rials (×10, rounded half up). A refusal is `success: false` with a message (often in
 * Persian), with HTTP 200 or an error status.
 */
export function createWallexPriceSource(opts: {
  /** `https://api.wallex.ir`; tests use a local server. */
  baseUrl: string;
  fetch?: typeof fetch;
}): PriceSourcePort {
  const client = orderBookClient('wallex', opts.fetch ?? fetch);
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/v1/depth?symbol=${SYMBOL}`;
  const priceOf = (level: unknown) => (isRecord(level) ? decimalToRials(level.price, 10n) : null);

  return {
    name: 'wallex',
    demo: false,
    async fetchBook(signal) {
      const { json, said } = await client.getJson(url, signal);
      if (json.success !== true) throw client.fail(`refused:${said || ' success is not true'}`);
      const result = json.result;
      if (!isRecord(result)) throw client.fail('answered without a book (no result)');
      return client.uncrossed({
        bid: client.best(result.bid, 'bid', true, priceOf),
        ask: client.best(result.ask, 'ask', false, priceOf),
      });
    },
  };
}
