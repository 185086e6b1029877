import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CURRENCY_CODES } from '@portal/contract/core/money';
import { createdAt } from './columns';
import { users } from './users';

/**
 * The ledger (issue 5, decision 016). An account holds one currency: a user's `available` and `held`
 * buckets, or a system account (`gateway_clearing`, `bank_settlement`, `fees`, `refunds`,
 * `adjustments`…). `balance` is in minor units and is written only by the posting trigger, so it always
 * equals the sum of the account's postings; a user's balance can never go below zero (a CHECK).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Null for the house's system accounts. */
    userId: uuid().references(() => users.id, { onDelete: 'restrict' }),
    /** `available` or `held` for a user; the system account's name otherwise. */
    code: text().notNull(),
    currency: text({ enum: CURRENCY_CODES }).notNull(),
    balance: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_user_uq')
      .on(t.userId, t.code, t.currency)
      .where(sql`user_id IS NOT NULL`),
    uniqueIndex('ledger_accounts_system_uq')
      .on(t.code, t.currency)
      .where(sql`user_id IS NULL`),
    check('ledger_accounts_user_balance_nonneg', sql`${t.userId} IS NULL OR ${t.balance} >= 0`),
    check('ledger_accounts_user_code', sql`${t.userId} IS NULL OR ${t.code} IN ('available', 'held')`),
  ],
);

/** One movement of value: its postings sum to zero per currency (a deferred constraint trigger). */
export const ledgerJournals = pgTable(
  'ledger_journals',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** `UserTransactionRefType` (SPEC §3) or an internal kind (contract `JOURNAL_REF_TYPES`). */
    refType: text().notNull(),
    /** The business record this journal belongs to (deposit, withdrawal, order…). */
    refId: text().notNull(),
    memo: text(),
    /** The user or operator whose request wrote it; null for jobs. */
    createdBy: uuid(),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_journals_ref_idx').on(t.refType, t.refId)],
);

/** A line of a journal. Append-only; `balanceAfter` is the account's balance right after it. */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    journalId: uuid()
      .notNull()
      .references(() => ledgerJournals.id),
    accountId: uuid()
      .notNull()
      .references(() => ledgerAccounts.id),
    currency: text({ enum: CURRENCY_CODES }).notNull(),
    amount: bigint({ mode: 'bigint' }).notNull(),
    /** Set by the trigger that moves the balance. */
    balanceAfter: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_postings_account_idx').on(t.accountId, t.id),
    index('ledger_postings_journal_idx').on(t.journalId),
    check('ledger_postings_amount_nonzero', sql`${t.amount} <> 0`),
  ],
);
