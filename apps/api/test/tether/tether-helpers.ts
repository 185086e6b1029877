import { sql } from 'drizzle-orm';
import type { PriceSource } from '@portal/contract/tether/market';
import type { PriceSourcePort, SourceBook } from '../../src/adapters/price/price.port';
import { PriceSourceError } from '../../src/adapters/price/price.port';
import { tetherMarketSettings } from '../../src/db/schema';
import type { TestApp } from '../helpers/app';

/** A price source whose book the test sets; `fail` makes it answer nothing. */
export interface SettableSource extends PriceSourcePort {
  set(mid: bigint, halfSpread?: bigint): void;
  fail(message?: string): void;
}

export function settableSource(name: PriceSource, mid: bigint): SettableSource {
  let book: SourceBook | null = { bid: mid - 500n, ask: mid + 500n };
  let failure = 'down';
  return {
    name,
    demo: false,
    async fetchBook() {
      if (!book) throw new PriceSourceError(name, failure);
      return book;
    },
    set(m, half = 500n) {
      book = { bid: m - half, ask: m + half };
    },
    fail(message = 'down') {
      book = null;
      failure = message;
    },
  };
}

/** The market's settings, changed straight in the table (the console's proposals are tested apart). */
export async function setMarket(t: TestApp, values: Partial<typeof tetherMarketSettings.$inferInsert>): Promise<void> {
  await t.database.db
    .update(tetherMarketSettings)
    .set(values)
    .where(sql`${tetherMarketSettings.id} = 1`);
}
