import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Currency } from '@portal/contract/core/money';
import { queryRows, type DbOrTx } from '../../src/db/client';
import { users } from '../../src/db/schema';
import { findLedgerViolations } from '../../src/modules/ledger/ledger.repository';

/** A bare user row (the ledger needs no session). */
export async function insertUser(db: DbOrTx): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({
      mobile: `+98935${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      referralCode: randomBytes(5).toString('hex'),
    })
    .returning({ id: users.id });
  return row!.id;
}

/** A user's balance of one bucket, in minor units (0n when the account is not open). */
export async function balanceOf(
  db: DbOrTx,
  userId: string,
  currency: Currency,
  bucket: 'available' | 'held' = 'available',
): Promise<bigint> {
  const [row] = await queryRows<{ balance: string }>(
    db,
    sql`SELECT balance::text AS balance FROM ledger_accounts
        WHERE user_id = ${userId} AND code = ${bucket} AND currency = ${currency}`,
  );
  return BigInt(row?.balance ?? '0');
}

/** Counts of journals and postings, to show that a refused request wrote nothing. */
export async function ledgerCounts(db: DbOrTx): Promise<{ journals: number; postings: number }> {
  const [row] = await queryRows<{ journals: number; postings: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM ledger_journals) AS journals,
               (SELECT count(*)::int FROM ledger_postings) AS postings`,
  );
  return row!;
}

/** Throws with the list when any invariant of DESIGN "Money" is broken. */
export async function expectLedgerSound(db: DbOrTx): Promise<void> {
  const violations = await findLedgerViolations(db);
  if (violations.length > 0) throw new Error(`ledger invariants broken:\n${JSON.stringify(violations, null, 2)}`);
}

/** A system account's balance in a currency, in minor units (0n before it is opened). */
export async function systemBalanceOf(db: DbOrTx, code: string, currency: string): Promise<bigint> {
  const [row] = await queryRows<{ balance: string }>(
    db,
    sql`SELECT balance::text AS balance FROM ledger_accounts WHERE user_id IS NULL AND code = ${code} AND currency = ${currency}`,
  );
  return BigInt(row?.balance ?? '0');
}

/** The postings of a request's journals (`refType`, `refId`), oldest journal first: `[account code, amount]`. */
export async function journalPostingsOf(db: DbOrTx, refType: string, refId: string) {
  const rows = await queryRows<{ journal_id: string; code: string; amount: string }>(
    db,
    sql`SELECT j.id AS journal_id, a.code, p.amount::text AS amount
        FROM ledger_journals j
        JOIN ledger_postings p ON p.journal_id = j.id
        JOIN ledger_accounts a ON a.id = p.account_id
        WHERE j.ref_type = ${refType} AND j.ref_id = ${refId}
        ORDER BY j.created_at, j.id, p.amount`,
  );
  const journals = new Map<string, [string, string][]>();
  for (const r of rows) journals.set(r.journal_id, [...(journals.get(r.journal_id) ?? []), [r.code, r.amount]]);
  return [...journals.values()];
}

/**
 * Everything a refused withdrawal request must leave as it was: the user's withdrawals (rows of `table`) and
 * idempotency records, the ledger's journals and postings, the user's balances of `currency`.
 */
export async function withdrawalSnapshot(
  db: DbOrTx,
  userId: string,
  table: 'withdrawals' | 'tether_withdrawals',
  currency: Currency,
) {
  const [row] = await queryRows<{ withdrawals: number; journals: number; postings: number; idempotency: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM ${sql.identifier(table)} WHERE user_id = ${userId}) AS withdrawals,
               (SELECT count(*)::int FROM ledger_journals) AS journals,
               (SELECT count(*)::int FROM ledger_postings) AS postings,
               (SELECT count(*)::int FROM idempotency_records WHERE user_id = ${userId}) AS idempotency`,
  );
  return {
    ...row!,
    available: await balanceOf(db, userId, currency),
    held: await balanceOf(db, userId, currency, 'held'),
  };
}
