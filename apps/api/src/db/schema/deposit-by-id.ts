import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { STATEMENT_LINE_STATUSES } from '@portal/contract/wallet/deposit-by-id';
import { createdAt } from './columns';
import { bankAccounts } from './bank-accounts';
import { ledgerJournals } from './ledger';
import { users } from './users';

/**
 * Payment IDs of deposits by ID (issue 5, decision 020): one per user and source sheba, stable. The
 * payer writes `paymentId` in the transfer; a statement line carrying it from `sheba` credits `userId`.
 */
export const depositIds = pgTable(
  'deposit_ids',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    bankAccountId: uuid()
      .notNull()
      .references(() => bankAccounts.id),
    /** The source account's sheba when the ID was made (bank account numbers never change). */
    sheba: text().notNull(),
    /** 12 digits with a Luhn check digit (contract `paymentIdOf`). */
    paymentId: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('deposit_ids_payment_id_uq').on(t.paymentId),
    uniqueIndex('deposit_ids_user_sheba_uq').on(t.userId, t.sheba),
    check('deposit_ids_payment_id_format', sql`${t.paymentId} ~ '^[1-9][0-9]{11}$'`),
  ],
);

/** One imported bank statement file of the by-ID account (decision 020). */
export const bankStatementImports = pgTable('bank_statement_imports', {
  id: uuid().primaryKey().defaultRandom(),
  fileName: text().notNull(),
  /** SHA-256 of the file's text. */
  sha256: text().notNull(),
  lines: integer().notNull(),
  added: integer().notNull(),
  importedBy: uuid()
    .notNull()
    .references(() => users.id),
  createdAt: createdAt(),
});

/**
 * One credit on the by-ID account's statement, known by the bank's reference (imported once). The
 * matching job moves it `Pending` → `Credited` or `Returning` in one transaction with its journal; the
 * return job moves `Returning` → `Returned` at `returnAt`. Amounts in toman.
 */
export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    importId: uuid()
      .notNull()
      .references(() => bankStatementImports.id),
    bankRef: text().notNull(),
    bookedAt: timestamp({ withTimezone: true }).notNull(),
    amount: bigint({ mode: 'bigint' }).notNull(),
    sourceSheba: text().notNull(),
    /** What the payer wrote, as on the statement, and its digits. */
    rawPaymentId: text().notNull(),
    paymentId: text().notNull(),
    status: text({ enum: STATEMENT_LINE_STATUSES }).notNull(),
    /** Set by matching: whose ID it carried (null for an unknown or missing ID). */
    userId: uuid().references(() => users.id),
    depositIdId: uuid().references(() => depositIds.id),
    /** The Tehran day (`YYYY-MM-DD`) whose daily cap the accepted part counts against. */
    capDay: text(),
    /** Accepted within the cap = credited + fee. */
    accepted: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    fee: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    credited: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** What goes back = refunded + returnFee. */
    returnAmount: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    returnFee: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    returnReason: text(),
    returnAt: timestamp({ withTimezone: true }),
    matchJournalId: uuid().references(() => ledgerJournals.id),
    returnJournalId: uuid().references(() => ledgerJournals.id),
    matchedAt: timestamp({ withTimezone: true }),
    returnedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    /** A statement imported twice credits once. */
    uniqueIndex('bank_statement_lines_bank_ref_uq').on(t.bankRef),
    index('bank_statement_lines_status_idx').on(t.status, t.bookedAt),
    index('bank_statement_lines_user_idx').on(t.userId, t.capDay),
    check('bank_statement_lines_amount_positive', sql`${t.amount} > 0`),
    check(
      'bank_statement_lines_split',
      sql`${t.status} = 'Pending' OR (${t.accepted} = ${t.credited} + ${t.fee} AND ${t.accepted} + ${t.returnAmount} = ${t.amount} AND ${t.returnFee} <= ${t.returnAmount} AND ${t.credited} >= 0 AND ${t.fee} >= 0 AND ${t.returnFee} >= 0)`,
    ),
    check(
      'bank_statement_lines_return_complete',
      sql`(${t.status} IN ('Returning', 'Returned')) = (${t.returnAmount} > 0 AND ${t.returnReason} IS NOT NULL AND ${t.returnAt} IS NOT NULL)`,
    ),
  ],
);
