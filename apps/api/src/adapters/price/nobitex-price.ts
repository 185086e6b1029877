import { PriceSourceError, type PriceSourcePort, type SourceBook } from './price.port';

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
  const f = opts.fetch ?? fetch;
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/v3/orderbook/${SYMBOL}`;
  const fail = (message: string) => new PriceSourceError('nobitex', message);

  return {
    name: 'nobitex',
    demo: false,
    async fetchBook(signal) {
      let status: number;
      let text: string;
      try {
        const res = await f(url, { headers: { accept: 'application/json' }, signal });
        status = res.status;
        text = await res.text();
      } catch (e) {
        throw fail(unreachable(signal, e));
      }
      const json = parseJson(text);
      const said = isRecord(json) ? whatItSaid(json) : '';
      if (status < 200 || status > 299) throw fail(`answered HTTP ${status}${said}`);
      if (!isRecord(json)) throw fail(`answered HTTP ${status} without JSON`);
      if (json.status !== 'ok') throw fail(`refused:${said || ` status ${String(json.status)}`}`);
      const best = (side: 'bids' | 'asks'): bigint => {
        const levels = json[side];
        if (!Array.isArray(levels) || levels.length === 0) throw fail(`empty book side: ${side}`);
        const prices = (levels as unknown[]).map((level) => {
          const price = Array.isArray(level) ? wholeRials(level[0]) : null;
          if (price === null || price <= 0n) throw fail(`not a price in ${side}: ${JSON.stringify(level)}`);
          return price;
        });
        return prices.reduce((top, p) => (side === 'bids' ? (p > top ? p : top) : p < top ? p : top));
      };
      const book: SourceBook = { bid: best('bids'), ask: best('asks') };
      if (book.bid >= book.ask) throw fail(`crossed book: bid ${book.bid} ≥ ask ${book.ask}`);
      return book;
    },
  };
}

/** Why a request got no answer: the caller's time limit, its abort, or the network. */
function unreachable(signal: AbortSignal, e: unknown): string {
  if (signal.aborted) {
    const reason: unknown = signal.reason;
    return reason instanceof Error && reason.name === 'TimeoutError' ? 'no answer within the time limit' : 'aborted';
  }
  return `unreachable: ${e instanceof Error ? e.message : String(e)}`;
}

/** An error answer's code and message, each only when given, after a space (or nothing). */
function whatItSaid(json: Record<string, unknown>): string {
  const parts = [json.code, json.message].filter((v) => typeof v === 'string' || typeof v === 'number');
  return parts.map((v) => ` ${String(v)}`).join('');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A decimal price in rials (`"1052500"`, `"1052500.0"`) as whole rials, rounded half up; null if not one. */
function wholeRials(value: unknown): bigint | null {
  const m = typeof value === 'string' ? /^(\d+)(?:\.(\d+))?$/.exec(value.trim()) : null;
  if (!m) return null;
  const frac = m[2] ?? '';
  const scale = 10n ** BigInt(frac.length);
  return (BigInt(m[1]! + frac) * 2n + scale) / (2n * scale);
}
