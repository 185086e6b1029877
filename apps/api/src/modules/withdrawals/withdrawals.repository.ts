import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bankAccounts, users, withdrawals } from '../../db/schema';

export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** An active bank account of the user with a sheba to pay out to; null for anyone else's. */
export async function findPayoutAccount(tx: DbOrTx, userId: string, bankAccountId: string) {
  const [row] = await tx
    .select({ id: bankAccounts.id, sheba: bankAccounts.sheba })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, bankAccountId), eq(bankAccounts.userId, userId), isNull(bankAccounts.deletedAt)))
    .limit(1);
  return row?.sheba ? { id: row.id, sheba: row.sheba } : null;
}

export async function insertWithdrawal(tx: DbOrTx, values: typeof withdrawals.$inferInsert): Promise<WithdrawalRow> {
  const [row] = await tx.insert(withdrawals).values(values).returning();
  return row!;
}

/** A withdrawal by id, of this user when `userId` is given; `lock` takes its row for the transaction. */
export async function findWithdrawal(
  tx: DbOrTx,
  id: string,
  userId?: string,
  lock = false,
): Promise<WithdrawalRow | null> {
  const q = tx
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.id, id), userId ? eq(withdrawals.userId, userId) : undefined))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** The user's latest withdrawals, newest first, of the given server statuses when any are given. */
export async function listUserWithdrawals(
  tx: DbOrTx,
  userId: string,
  statuses: readonly WithdrawalRow['status'][] | undefined,
  limit: number,
): Promise<WithdrawalRow[]> {
  return tx
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), statuses ? inArray(withdrawals.status, [...statuses]) : undefined))
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(limit);
}

export async function updateWithdrawal(tx: DbOrTx, id: string, set: Partial<typeof withdrawals.$inferInsert>) {
  const [row] = await tx
    .update(withdrawals)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(withdrawals.id, id))
    .returning();
  return row!;
}

/** The review queue: withdrawals of a status, oldest first, with who asked. */
export async function listWithdrawalsByStatus(
  tx: DbOrTx,
  status: WithdrawalRow['status'],
  limit: number,
  offset: number,
) {
  const [rows, total] = await Promise.all([
    tx
      .select({ w: withdrawals, mobile: users.mobile, firstName: users.firstName, lastName: users.lastName })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(eq(withdrawals.status, status))
      .orderBy(asc(withdrawals.createdAt))
      .limit(limit)
      .offset(offset),
    tx.select({ n: count() }).from(withdrawals).where(eq(withdrawals.status, status)),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/**
 * Approved withdrawals whose bank cycle has come, locked for this caller only (`SKIP LOCKED`): every
 * instance may run the payout job at once and each withdrawal is paid once.
 */
export async function claimDuePayouts(tx: DbOrTx, now: Date, limit: number): Promise<WithdrawalRow[]> {
  return tx
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.status, 'Approved'), sql`${withdrawals.payoutAt} <= ${now.toISOString()}::timestamptz`))
    .orderBy(asc(withdrawals.payoutAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}
