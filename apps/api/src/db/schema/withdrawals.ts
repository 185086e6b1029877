import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { WITHDRAWAL_STATUSES } from '@portal/contract/wallet/withdrawals';
import { createdAt } from './columns';
import { bankAccounts } from './bank-accounts';
import { ledgerJournals } from './ledger';
import { users } from './users';

/**
 * Toman withdrawals (issue 5, SPEC §2 "Withdraw"). The amount moves to the user's held account when the
 * request is made (`holdJournalId`); approval moves it on to the bank settlement account and the payout
 * follows at `payoutAt` (the next bank cycle); rejection or cancellation moves it back.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    currency: text({ enum: ['IRT'] })
      .notNull()
      .default('IRT'),
    amount: bigint({ mode: 'bigint' }).notNull(),
    bankAccountId: uuid()
      .notNull()
      .references(() => bankAccounts.id),
    /** The destination as it was when asked (an account deleted later does not change where it went). */
    sheba: text().notNull(),
    status: text({ enum: WITHDRAWAL_STATUSES }).notNull(),
    rejectReason: text(),
    reviewComment: text(),
    reviewerId: uuid().references(() => users.id),
    reviewedAt: timestamp({ withTimezone: true }),
    /**
     * A withdrawal above the review bound needs two reviewers (issue 15, decision 028): the first approval
     * is recorded here and the withdrawal stays `Pending`; another operator's approval decides it.
     */
    firstApprovedBy: uuid().references(() => users.id),
    firstApprovedAt: timestamp({ withTimezone: true }),
    payoutAt: timestamp({ withTimezone: true }),
    holdJournalId: uuid()
      .notNull()
      .references(() => ledgerJournals.id),
    endJournalId: uuid().references(() => ledgerJournals.id),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index('withdrawals_user_idx').on(t.userId, t.createdAt),
    index('withdrawals_status_idx').on(t.status, t.createdAt),
    check('withdrawals_amount_positive', sql`${t.amount} > 0`),
    check('withdrawals_first_approval_complete', sql`(${t.firstApprovedBy} IS NULL) = (${t.firstApprovedAt} IS NULL)`),
    /** Two reviewers are two people: the approval that decides is not the first approver's. */
    check(
      'withdrawals_second_approver_not_first',
      sql`${t.status} NOT IN ('Approved', 'Successful') OR ${t.firstApprovedBy} IS NULL OR ${t.reviewerId} <> ${t.firstApprovedBy}`,
    ),
  ],
);
