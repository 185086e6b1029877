import { and, eq, sql, type SQL } from 'drizzle-orm';
import { LOCKOUT } from '@portal/contract/core/constants';
import { AppError } from '@portal/contract/core/errors';
import { queryRows, timestamptzOf, type DbOrTx } from '../../db/client';
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

/**
 * Takes the counter row for the transaction in one statement, inserting it first when it is missing:
 * `INSERT … ON CONFLICT DO UPDATE` (an update that changes nothing) locks the existing row, or waits for
 * a row another transaction is inserting and then locks it, and answers its latest committed state either
 * way (a plain `SELECT … FOR UPDATE` beside an insert would miss the row a racing transaction inserted).
 * SQL, so a hot path can make it a CTE of a larger statement; `from`/`when` make the row's insertion
 * depend on that statement's other parts (`INSERT … SELECT … FROM <from> WHERE <when>`).
 */
export function lockStepRowSql(step: LockStep, subject: string, gate: { from?: string; when?: SQL } = {}): SQL {
  return sql`INSERT INTO auth_failures (step, subject)
    SELECT ${step}, ${subject}${gate.from ? sql` FROM ${sql.identifier(gate.from)}` : sql``}${
      gate.when ? sql` WHERE ${gate.when}` : sql``
    }
    ON CONFLICT (step, subject) DO UPDATE SET failures = auth_failures.failures
    RETURNING failures, locked_until`;
}

/** The counter row as `lockStepRowSql` answers it (`locked_until` as the driver gives it). */
export interface StepRow {
  failures: number;
  locked_until: string | null;
}

/** Refuses when the step is locked; answers the row's state (hand it to `resetFailures`). */
export function assertStepRowOpen(row: StepRow | undefined, now: Date): StepState {
  const lockedUntil = row?.locked_until ? timestamptzOf(row.locked_until) : null;
  if (lockedUntil && lockedUntil > now) throw lockedError(lockedUntil, now);
  return { failures: row?.failures ?? 0, lockedUntil };
}

/** Locks the counter row for the transaction and refuses when the step is locked; answers the row. */
export async function assertStepOpen(tx: DbOrTx, step: LockStep, subject: string, now: Date): Promise<StepState> {
  const [row] = await queryRows<StepRow>(tx, lockStepRowSql(step, subject));
  return assertStepRowOpen(row, now);
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
