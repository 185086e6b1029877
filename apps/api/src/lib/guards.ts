import { eq } from 'drizzle-orm';
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
  if (!u) throw new AppError('UNAUTHENTICATED');
  if (u.frozenAt) throw new AppError('ACCOUNT_FROZEN', 'This account is frozen');
  if (u.kycLevel < requiredLevel) {
    throw new AppError('KYC_REQUIRED', `Identity verification level ${requiredLevel} is required`, {
      requiredLevel,
    });
  }
}
