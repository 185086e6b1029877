import { eq, inArray } from 'drizzle-orm';
import type { Role } from '@portal/contract/admin/roles';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

/*
 * The shared users lookup (decision 036): every module that reads a user by id or mobile, or the names of
 * several users, reads them here; a module keeps its own query only where it joins users to its own tables
 * or writes them. Depends on no other module.
 */

export type UserRow = typeof users.$inferSelect;

/**
 * The row lock a lookup takes for the rest of the transaction: `update` before the row is changed,
 * `no key update` to queue one user's transactions without holding up rows that merely reference it,
 * `share` so a freeze (or another change) cannot pass a decision that read the row.
 */
export type UserLock = 'update' | 'no key update' | 'share';

export async function findUser(tx: DbOrTx, id: string, opts: { lock?: UserLock } = {}): Promise<UserRow | null> {
  const q = tx.select().from(users).where(eq(users.id, id)).limit(1);
  const [row] = opts.lock ? await q.for(opts.lock) : await q;
  return row ?? null;
}

export async function findUserByMobile(
  tx: DbOrTx,
  mobile: string,
  opts: { lock?: UserLock } = {},
): Promise<UserRow | null> {
  const q = tx.select().from(users).where(eq(users.mobile, mobile)).limit(1);
  const [row] = opts.lock ? await q.for(opts.lock) : await q;
  return row ?? null;
}

/** Whether a user exists (a cheap read: the id only). */
export async function userExists(tx: DbOrTx, id: string): Promise<boolean> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return Boolean(row);
}

/** Takes a user's row lock for the transaction without reading it (see `UserLock`). */
export async function lockUser(tx: DbOrTx, id: string, lock: UserLock): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1).for(lock);
}

/** Who a user is, as lists and the console show them (a name beside an id). */
export interface UserSummary {
  id: string;
  mobile: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
}

/** The summaries of several users by id (unknown ids are left out). */
export async function userSummaries(tx: DbOrTx, ids: readonly (string | null)[]): Promise<Map<string, UserSummary>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({
      id: users.id,
      mobile: users.mobile,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
    })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}
