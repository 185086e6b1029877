import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { AdjustmentStatus } from '@portal/contract/admin/adjustments';
import type { DbOrTx } from '../../db/client';
import { adjustments, users } from '../../db/schema';
import { findUser } from '../users/users.repository';

export type AdjustmentRow = typeof adjustments.$inferSelect;

export interface AdjustmentSubject {
  mobile: string;
  firstName: string | null;
  lastName: string | null;
  frozenAt: Date | null;
}

const subjectColumns = {
  mobile: users.mobile,
  firstName: users.firstName,
  lastName: users.lastName,
  frozenAt: users.frozenAt,
};

export async function insertAdjustment(
  tx: DbOrTx,
  values: Omit<typeof adjustments.$inferInsert, 'status'>,
): Promise<AdjustmentRow> {
  const [row] = await tx
    .insert(adjustments)
    .values({ ...values, status: 'Pending' })
    .returning();
  return row!;
}

/** An adjustment by id; `lock` takes its row for the transaction, so two checkers queue and the second sees the first's decision. */
export async function findAdjustment(
  tx: DbOrTx,
  id: string,
  opts: { lock?: boolean } = {},
): Promise<AdjustmentRow | null> {
  const q = tx.select().from(adjustments).where(eq(adjustments.id, id)).limit(1);
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function updateAdjustment(
  tx: DbOrTx,
  id: string,
  set: Partial<typeof adjustments.$inferInsert>,
): Promise<AdjustmentRow> {
  const [row] = await tx
    .update(adjustments)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(adjustments.id, id))
    .returning();
  return row!;
}

/**
 * The user an adjustment is about; `share` locks the row (`FOR SHARE`) so a freeze cannot pass the
 * decision that records whether the account was frozen.
 */
export async function findSubject(
  tx: DbOrTx,
  userId: string,
  opts: { share?: boolean } = {},
): Promise<AdjustmentSubject | null> {
  const u = await findUser(tx, userId, opts.share ? { lock: 'share' } : {});
  return u && { mobile: u.mobile, firstName: u.firstName, lastName: u.lastName, frozenAt: u.frozenAt };
}

/** Adjustments of a status (and of one user), pending oldest first (the queue), decided newest first. */
export async function listAdjustments(
  tx: DbOrTx,
  f: { status: AdjustmentStatus; userId?: string | undefined; limit: number; offset: number },
) {
  const where = and(eq(adjustments.status, f.status), f.userId ? eq(adjustments.userId, f.userId) : undefined);
  const order =
    f.status === 'Pending'
      ? [asc(adjustments.createdAt), asc(adjustments.id)]
      : [desc(adjustments.decidedAt), desc(adjustments.id)];
  const [rows, total] = await Promise.all([
    tx
      .select({ a: adjustments, ...subjectColumns })
      .from(adjustments)
      .innerJoin(users, eq(users.id, adjustments.userId))
      .where(where)
      .orderBy(...order)
      .limit(f.limit)
      .offset(f.offset),
    tx.select({ n: count() }).from(adjustments).where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}
