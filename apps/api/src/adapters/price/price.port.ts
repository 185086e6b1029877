/**
 * A tether price source (issue 17, decision 039): an exchange's public market data for tether against the
 * rial, as the best bid and ask of its order book in whole rials per tether. Implementations: Nobitex
 * (`/v3/orderbook/USDTIRT`, rials), Wallex (`/v1/depth?symbol=USDTTMN`, toman) and the embedded mode's demo
 * feed. The price service asks every source at once, each within its time limit, and takes the median
 * (`@portal/contract/tether/pricing`).
 */
import type { PriceSource } from '@portal/contract/tether/market';

export interface SourceBook {
  /** The best (highest) bid and best (lowest) ask, rials per tether. */
  bid: bigint;
  ask: bigint;
}

export interface PriceSourcePort {
  readonly name: PriceSource;
  /** The demo feed: prices it gives are labelled demo everywhere they are shown. */
  readonly demo: boolean;
  /** The best bid and ask now; rejects (`PriceSourceError`) on no answer, a failed answer or an empty book. */
  fetchBook(signal: AbortSignal): Promise<SourceBook>;
}

/** A source that did not answer, or answered something that is not a usable book. */
export class PriceSourceError extends Error {
  constructor(
    readonly source: PriceSource,
    message: string,
  ) {
    super(`${source}: ${message}`);
    this.name = 'PriceSourceError';
  }
}

/** The middle of a book, rounded down; a crossed or empty book is not a price. */
export function midOf(book: SourceBook): bigint {
  return (book.bid + book.ask) / 2n;
}
