import { PriceSourceError, type SourceBook } from './price.port';
import type { PriceSource } from '@portal/contract/tether/market';

/**
 * What the exchanges' order-book adapters share (Nobitex, Wallex): one GET of JSON within the caller's
 * signal, the refusals every exchange answers in its own words, the best level of a side, decimal prices as
 * whole rials, and the refusal of a crossed book.
 */
export function orderBookClient(source: PriceSource, f: typeof fetch) {
  const fail = (message: string) => new PriceSourceError(source, message);
  return {
    fail,
    /** The answer's JSON object; rejects on no answer, an error status or a body that is not a JSON object. */
    async getJson(url: string, signal: AbortSignal): Promise<{ json: Record<string, unknown>; said: string }> {
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
      return { json, said };
    },
    /** The best price of a side: the highest bid or the lowest ask, each level's price read by `priceOf`. */
    best(levels: unknown, side: string, highest: boolean, priceOf: (level: unknown) => bigint | null): bigint {
      if (!Array.isArray(levels) || levels.length === 0) throw fail(`empty book side: ${side}`);
      const prices = (levels as unknown[]).map((level) => {
        const price = priceOf(level);
        if (price === null || price <= 0n) throw fail(`not a price in ${side}: ${JSON.stringify(level)}`);
        return price;
      });
      return prices.reduce((top, p) => (highest ? (p > top ? p : top) : p < top ? p : top));
    },
    /** The book, refused when crossed (a bid at or above the ask is not a market). */
    uncrossed(book: SourceBook): SourceBook {
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

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * A decimal price (`"1052500"`, `"105250.5"` or a JSON number such as `105250.05`) times `rialsPerUnit`
 * (1 for rials, 10 for toman) as whole rials, rounded half up; null if not a plain non-negative decimal (a
 * number that prints in exponent form is refused too).
 */
export function decimalToRials(value: unknown, rialsPerUnit: bigint): bigint | null {
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return null;
  const frac = m[2] ?? '';
  const scale = 10n ** BigInt(frac.length);
  return (BigInt(m[1]! + frac) * rialsPerUnit * 2n + scale) / (2n * scale);
}
