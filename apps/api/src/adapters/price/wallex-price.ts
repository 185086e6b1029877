import { PriceSourceError, type PriceSourcePort, type SourceBook } from './price.port';

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
  const f = opts.fetch ?? fetch;
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/v1/depth?symbol=${SYMBOL}`;
  const fail = (message: string) => new PriceSourceError('wallex', message);

  return {
    name: 'wallex',
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
      if (json.success !== true) throw fail(`refused:${said || ' success is not true'}`);
      const result = json.result;
      if (!isRecord(result)) throw fail('answered without a book (no result)');
      const best = (side: 'bid' | 'ask'): bigint => {
        const levels = result[side];
        if (!Array.isArray(levels) || levels.length === 0) throw fail(`empty book side: ${side}`);
        const prices = (levels as unknown[]).map((level) => {
          const price = isRecord(level) ? tomanToRials(level.price) : null;
          if (price === null || price <= 0n) throw fail(`not a price in ${side}: ${JSON.stringify(level)}`);
          return price;
        });
        return prices.reduce((top, p) => (side === 'bid' ? (p > top ? p : top) : p < top ? p : top));
      };
      const book: SourceBook = { bid: best('bid'), ask: best('ask') };
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

/**
 * A price in toman (`"105250"`, `"105250.5"` or `105250.05`) as whole rials, rounded half up; null if not a
 * plain non-negative decimal (a number that prints in exponent form is refused too).
 */
function tomanToRials(value: unknown): bigint | null {
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return null;
  const frac = m[2] ?? '';
  const scale = 10n ** BigInt(frac.length);
  return (BigInt(m[1]! + frac) * 10n * 2n + scale) / (2n * scale);
}
