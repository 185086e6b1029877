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
