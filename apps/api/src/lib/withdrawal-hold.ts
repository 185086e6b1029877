import { eq, sql, type SQL } from 'drizzle-orm';
import { AppError } from '@portal/contract/core/errors';
import { SENSITIVE_CHANGE_WITHDRAWAL_HOLD_HOURS, type WithdrawalHoldReason } from '@portal/contract/wallet/withdrawals';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { findUser } from '../modules/users/users.repository';
import { writeAudit } from './audit';

/**
 * The withdrawal hold (issue 15, decision 029): after a sensitive change to how an account is reached, no
 * withdrawal for `SENSITIVE_CHANGE_WITHDRAWAL_HOLD_HOURS`. One column, `users.withdrawals_held_until`, so
 * the withdrawal's first statement reads it with the rest of the user row (no round trip of its own) and
 * its writing statement checks it again under the row lock.
 */

/**
 * Starts (or extends) the hold of a user, in the caller's transaction, from `now` (the service clock): a
 * later end never moves earlier. Called by a password reset, a phone change, two-factor turned off, and an
 * admin's recovery of an operator's two-factor. Answers when the hold ends. The caller publishes
 * `{ kind: 'user', id }` after commit (the account answer shows `withdrawalsHeldUntil`).
 */
export async function startSensitiveChangeHold(
  tx: DbOrTx,
  userId: string,
  reason: WithdrawalHoldReason,
  now: Date = new Date(),
): Promise<Date> {
  const until = new Date(now.getTime() + SENSITIVE_CHANGE_WITHDRAWAL_HOLD_HOURS * 3600_000);
  const [row] = await tx
    .update(users)
    .set({
      withdrawalsHeldUntil: sql`GREATEST(${users.withdrawalsHeldUntil}, ${until.toISOString()}::timestamptz)`,
    })
    .where(eq(users.id, userId))
    .returning({ until: users.withdrawalsHeldUntil });
  const ends = row?.until ?? until;
  await writeAudit(tx, {
    action: 'account.withdrawal_hold_started',
    actorUserId: userId,
    subjectType: 'user',
    subjectId: userId,
    data: { reason, until: ends.toISOString() },
  });
  return ends;
}

/** The hold's end when it is still running at `now`; null otherwise. */
export const activeHoldUntil = (heldUntil: Date | null, now: Date): Date | null =>
  heldUntil && heldUntil.getTime() > now.getTime() ? heldUntil : null;

/** Refuses a withdrawal while the user's hold runs (`WITHDRAWAL_HOLD`, `details.until`). */
export function assertNotHeld(heldUntil: Date | null, now: Date): void {
  const until = activeHoldUntil(heldUntil, now);
  if (until) {
    throw new AppError('WITHDRAWAL_HOLD', 'Withdrawals are held after a recent security change', {
      until: until.toISOString(),
    });
  }
}

/** The same rule as a condition on the `users` row, for the statement that locks it and writes. */
export const notHeldSql = (now: Date): SQL =>
  sql`(withdrawals_held_until IS NULL OR withdrawals_held_until <= ${now.toISOString()}::timestamptz)`;

/** The rule on the latest row, locked (`FOR SHARE`): for the error when the writing statement matched nothing. */
export async function assertNotHeldNow(tx: DbOrTx, userId: string, now: Date): Promise<void> {
  const u = await findUser(tx, userId, { lock: 'share' });
  assertNotHeld(u?.withdrawalsHeldUntil ?? null, now);
}
