import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { OFFLINE_DEPOSIT_STATUSES } from '@portal/contract/wallet/offline-deposits';
import type { DbOrTx } from '../../db/client';
import { deposits, users } from '../../db/schema';
import { findUser } from '../users/users.repository';

export type DepositRow = typeof deposits.$inferSelect;
export type OfflineDepositState = (typeof OFFLINE_DEPOSIT_STATUSES)[number];

export async function insertOfflineDeposit(
  tx: DbOrTx,
  values: Omit<typeof deposits.$inferInsert, 'kind'>,
): Promise<DepositRow> {
  const [row] = await tx
    .insert(deposits)
    .values({ ...values, kind: 'offline' })
    .returning();
  return row!;
}

/**
 * An offline deposit by id, of this user when `userId` is given (another user's is `null`, as if it did
 * not exist); `lock` takes its row for the transaction, so two deciders queue and the second sees the
 * first one's decision.
 */
export async function findOfflineDeposit(
  tx: DbOrTx,
  id: string,
  opts: { userId?: string; lock?: boolean } = {},
): Promise<DepositRow | null> {
  const q = tx
    .select()
    .from(deposits)
    .where(
      and(
        eq(deposits.id, id),
        eq(deposits.kind, 'offline'),
        opts.userId ? eq(deposits.userId, opts.userId) : undefined,
      ),
    )
    .limit(1);
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function updateDeposit(
  tx: DbOrTx,
  id: string,
  set: Partial<typeof deposits.$inferInsert>,
): Promise<DepositRow> {
  const [row] = await tx
    .update(deposits)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(deposits.id, id))
    .returning();
  return row!;
}

const ownerColumns = { mobile: users.mobile, firstName: users.firstName, lastName: users.lastName };

/** The review queue: offline deposits of a status, oldest first, with who declared them. */
export async function listOfflineDepositsByStatus(
  tx: DbOrTx,
  status: OfflineDepositState,
  limit: number,
  offset: number,
) {
  const where = and(eq(deposits.kind, 'offline'), eq(deposits.status, status));
  const [rows, total] = await Promise.all([
    tx
      .select({ d: deposits, ...ownerColumns })
      .from(deposits)
      .innerJoin(users, eq(users.id, deposits.userId))
      .where(where)
      .orderBy(asc(deposits.createdAt), asc(deposits.id))
      .limit(limit)
      .offset(offset),
    tx.select({ n: count() }).from(deposits).where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

export async function findOwner(tx: DbOrTx, userId: string) {
  const u = await findUser(tx, userId);
  return u
    ? { mobile: u.mobile, firstName: u.firstName, lastName: u.lastName }
    : { mobile: '', firstName: null, lastName: null };
}
