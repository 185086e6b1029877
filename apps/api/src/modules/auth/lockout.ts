import { and, eq, sql } from 'drizzle-orm';
import { LOCKOUT } from '@portal/contract/core/constants';
import { AppError } from '@portal/contract/core/errors';
import type { DbOrTx } from '../../db/client';
import { authFailures } from '../../db/schema';
import { writeAudit } from '../../lib/audit';

/**
 * Brute-force locks (decision 009): 10 consecutive failures of a step (`password`, `totp`) for one user
 * lock that step for 15 minutes. The row is locked for the whole check, so parallel guesses queue up
 * and cannot pass the limit together; it lives in the database, so every instance sees it.
 */
export type LockStep = 'password' | 'totp';

const lockedError = (until: Date, now: Date) =>
  new AppError('AUTH_LOCKED', 'Too many failures; this step is locked for a while', {
    retryAfterSeconds: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)),
  });

/** The counter row as `assertStepOpen` locked it (hand it to `resetFailures`). */
export interface StepState {
  failures: number;
  lockedUntil: Date | null;
}

/** Locks the counter row for the transaction and refuses when the step is locked; answers the row. */
export async function assertStepOpen(tx: DbOrTx, step: LockStep, subject: string, now: Date): Promise<StepState> {
  await tx.insert(authFailures).values({ step, subject }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(authFailures)
    .where(and(eq(authFailures.step, step), eq(authFailures.subject, subject)))
    .for('update');
  if (row?.lockedUntil && row.lockedUntil > now) throw lockedError(row.lockedUntil, now);
  return { failures: row?.failures ?? 0, lockedUntil: row?.lockedUntil ?? null };
}

/** Counts one failure; answers the error to return (after the transaction commits). */
export async function recordFailure(
  tx: DbOrTx,
  step: LockStep,
  subject: string,
  now: Date,
  wrong: AppError,
  audit: { ip: string | null },
): Promise<AppError> {
  const [row] = await tx
    .update(authFailures)
    .set({ failures: sql`${authFailures.failures} + 1`, updatedAt: now })
    .where(and(eq(authFailures.step, step), eq(authFailures.subject, subject)))
    .returning({ failures: authFailures.failures });
  const failures = row?.failures ?? 1;
  if (failures >= LOCKOUT.maxConsecutiveFailures) {
    const until = new Date(now.getTime() + LOCKOUT.lockSeconds * 1000);
    await tx
      .update(authFailures)
      .set({ failures: 0, lockedUntil: until })
      .where(and(eq(authFailures.step, step), eq(authFailures.subject, subject)));
    await writeAudit(tx, { action: 'auth.locked', actorUserId: subject, ip: audit.ip, data: { step } });
    return lockedError(until, now);
  }
  return new AppError(wrong.code, wrong.message, {
    ...wrong.details,
    attemptsLeft: LOCKOUT.maxConsecutiveFailures - failures,
  });
}

/**
 * Clears the counter after a success. Given the row `assertStepOpen` locked in this transaction, a row
 * that is already clear is left alone: no write (and no round trip) on every successful check.
 */
export async function resetFailures(tx: DbOrTx, step: LockStep, subject: string, locked?: StepState): Promise<void> {
  if (locked && locked.failures === 0 && locked.lockedUntil === null) return;
  await tx
    .update(authFailures)
    .set({ failures: 0, lockedUntil: null })
    .where(and(eq(authFailures.step, step), eq(authFailures.subject, subject)));
}
