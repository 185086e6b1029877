import { sql } from 'drizzle-orm';
import { boolean, check, date, numeric, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A user's portfolio at the end of one Tehran day (issue 19, decision 041): its value and the day's net money
 * in, in toman and in tether. Rebuilt at will from the ledger (postings' times), the NAV history and the
 * tether price history, so a row is a cache of what the ledger says, never a source of truth. Amounts are
 * integers at `PORTFOLIO_SCALE` (10¹² of the currency's minor unit): the profit of a window is rounded once.
 * A value is null when it could not be taken (no tether price to convert with on that day).
 */
export const portfolioSnapshots = pgTable(
  'portfolio_snapshots',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Tehran calendar date; the figures are at its end. */
    day: date({ mode: 'string' }).notNull(),
    valueIrt: numeric({ precision: 48, scale: 0 }),
    valueUsdt: numeric({ precision: 48, scale: 0 }),
    flowIrt: numeric({ precision: 48, scale: 0 }),
    flowUsdt: numeric({ precision: 48, scale: 0 }),
    /** Whether the user held anything at the day's end (fund units or money). */
    holding: boolean().notNull(),
    computedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), check('portfolio_snapshots_day', sql`${t.day} > '2000-01-01'`)],
);
