import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ADJUSTMENT_DIRECTIONS, ADJUSTMENT_STATUSES } from '@portal/contract/admin/adjustments';
import { CURRENCY_CODES } from '@portal/contract/core/money';
import { createdAt } from './columns';
import { ledgerJournals } from './ledger';
import { users } from './users';

/**
 * Manual adjustments with maker-checker (issue 5, decision 019): a credit or debit of one user's
 * available wallet, proposed by one operator (`makerId`) and approved by another (`checkerId`), which
 * posts one `ManualAdjustment` journal against the `adjustments` system account. Nothing is posted while
 * `Pending`; the database refuses an approval by the maker and an approved row without its journal.
 */
export const adjustments = pgTable(
  'adjustments',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    currency: text({ enum: CURRENCY_CODES }).notNull(),
    /** `credit`: adjustments → the user's available; `debit`: the user's available → adjustments. */
    direction: text({ enum: ADJUSTMENT_DIRECTIONS }).notNull(),
    /** Minor units of `currency`, positive. */
    amount: bigint({ mode: 'bigint' }).notNull(),
    /** Contract `ADJUSTMENT_REASON_CODES`, and the maker's own words. */
    reasonCode: text().notNull(),
    reason: text().notNull(),
    status: text({ enum: ADJUSTMENT_STATUSES }).notNull(),
    makerId: uuid()
      .notNull()
      .references(() => users.id),
    checkerId: uuid().references(() => users.id),
    decidedAt: timestamp({ withTimezone: true }),
    rejectReason: text(),
    /** Whether the user's account was frozen when the decision was taken (adjustments are allowed then). */
    userFrozenAtDecision: boolean(),
    journalId: uuid().references(() => ledgerJournals.id),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index('adjustments_status_idx').on(t.status, t.createdAt),
    index('adjustments_user_idx').on(t.userId, t.createdAt),
    check('adjustments_amount_positive', sql`${t.amount} > 0`),
    /** Maker-checker, kept by the database too: whoever proposed cannot be whoever approved. */
    check('adjustments_checker_not_maker', sql`${t.status} <> 'Approved' OR ${t.checkerId} <> ${t.makerId}`),
    check(
      'adjustments_decided_complete',
      sql`(${t.status} = 'Pending') = (${t.checkerId} IS NULL AND ${t.decidedAt} IS NULL AND ${t.userFrozenAtDecision} IS NULL)`,
    ),
    check('adjustments_journal_iff_approved', sql`(${t.status} = 'Approved') = (${t.journalId} IS NOT NULL)`),
    check('adjustments_reject_reason', sql`(${t.status} = 'Rejected') = (${t.rejectReason} IS NOT NULL)`),
  ],
);
