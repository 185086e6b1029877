import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { deposits } from '../../db/schema';

export type DepositRow = typeof deposits.$inferSelect;

export async function insertDeposit(tx: DbOrTx, values: typeof deposits.$inferInsert): Promise<DepositRow> {
  const [row] = await tx.insert(deposits).values(values).returning();
  return row!;
}

/** A deposit of this user (another user's is `null`, as if it did not exist). */
export async function findUserDeposit(tx: DbOrTx, userId: string, depositId: string): Promise<DepositRow | null> {
  const [row] = await tx
    .select()
    .from(deposits)
    .where(and(eq(deposits.id, depositId), eq(deposits.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Sets the gateway's authority once (a retried start must not replace the first one). */
export async function setAuthorityOnce(tx: DbOrTx, depositId: string, provider: string, authority: string) {
  return tx
    .update(deposits)
    .set({ provider, authority, updatedAt: sql`now()` })
    .where(and(eq(deposits.id, depositId), sql`${deposits.authority} IS NULL`))
    .returning({ id: deposits.id });
}

/**
 * Moves a deposit from one status to another if it is still in the first: the one caller that wins asks
 * the gateway; every other caller sees the status it lost to.
 */
export async function moveStatus(
  tx: DbOrTx,
  where: { depositId: string; userId?: string; from: DepositRow['status']; authority?: string },
  set: Partial<typeof deposits.$inferInsert> & { status: DepositRow['status'] },
): Promise<DepositRow | null> {
  const [row] = await tx
    .update(deposits)
    .set({ ...set, updatedAt: sql`now()` })
    .where(
      and(
        eq(deposits.id, where.depositId),
        eq(deposits.status, where.from),
        where.userId ? eq(deposits.userId, where.userId) : undefined,
        where.authority ? eq(deposits.authority, where.authority) : undefined,
      ),
    )
    .returning();
  return row ?? null;
}
