import { eq, sql, type SQL } from 'drizzle-orm';
import { AppError } from '@portal/contract/core/errors';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';

/**
 * The checks every money-moving action makes inside its own transaction (issue 4): the KYC level the
 * action needs (SPEC §6: investing 1, withdrawing 2; contract `KYC_REQUIREMENT`) and that the account is
 * not frozen. The row is locked, so an operator's freeze and an action cannot pass each other.
 * Answers 403 `KYC_REQUIRED` (details.requiredLevel) or 403 `ACCOUNT_FROZEN`, whatever the client did.
 */
export async function assertCanMoveMoney(tx: DbOrTx, userId: string, requiredLevel: number): Promise<void> {
  const [u] = await tx
    .select({ kycLevel: users.kycLevel, frozenAt: users.frozenAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('share')
    .limit(1);
  assertMayMoveMoney(u && { kycLevel: u.kycLevel, frozen: u.frozenAt !== null }, requiredLevel);
}

/** The rule of `assertCanMoveMoney` on a user row read by the caller (undefined: no such user). */
export function assertMayMoveMoney(u: { kycLevel: number; frozen: boolean } | undefined, requiredLevel: number): void {
  if (!u) throw new AppError('UNAUTHENTICATED');
  if (u.frozen) throw new AppError('ACCOUNT_FROZEN', 'This account is frozen');
  if (u.kycLevel < requiredLevel) {
    throw new AppError('KYC_REQUIRED', `Identity verification level ${requiredLevel} is required`, {
      requiredLevel,
    });
  }
}

/**
 * The same rule as a condition on the `users` row, for a statement that locks (or updates) the row and
 * writes only when it holds: the row it locks is the latest, so a freeze committed since the caller read
 * the row makes the statement match nothing; the caller then runs `assertCanMoveMoney` for the error.
 */
export const mayMoveMoneySql = (requiredLevel: number): SQL =>
  sql`(frozen_at IS NULL AND kyc_level >= ${requiredLevel})`;
