import { and, eq, like, sql, type SQL } from 'drizzle-orm';
import { LOCKOUT } from '@portal/contract/core/constants';
import { AppError } from '@portal/contract/core/errors';
import { queryRows, timestamptzOf, type DbOrTx } from '../../db/client';
import { authFailures } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { countEvent, forgetEvents, recentEvents, type SlidingRule } from '../../lib/rate-limit';
import type { GuessSource } from './sources';

/**
 * Brute-force locks (decision 009): 10 consecutive failures of a step lock it for 15 minutes: the TOTP
 * step of a user, or the password of a user from one source (`passwordSubject`). The row is locked for
 * the whole check, so parallel guesses queue up and cannot pass the limit together; it lives in the
 * database, so every instance sees it.
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

/**
 * Counts one failure; answers the error to return (after the transaction commits). `audit.userId`: the
 * account, when the subject is not its id (a password's subject is the account and the source).
 */
export async function recordFailure(
  tx: DbOrTx,
  step: LockStep,
  subject: string,
  now: Date,
  wrong: AppError,
  audit: { ip: string | null; userId?: string },
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
    await writeAudit(tx, {
      action: 'auth.locked',
      actorUserId: audit.userId ?? subject,
      ip: audit.ip,
      data: { step, ...(audit.userId ? { scope: 'source' } : {}) },
    });
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

/**
 * A password guess at an account, from a source (sources.ts). The guess meets two locks: its own
 * (account, source) pair, 10 consecutive failures for 15 minutes (the lock above); and, from a source the
 * account does not know, the account's failures from all such sources in the last hour
 * (`LOCKOUT.maxAccountFailuresPerHour`), a much higher bar that slows a spread-out attack without
 * shutting the owner's own devices and addresses out.
 */
export interface PasswordGuess {
  userId: string;
  source: GuessSource;
}

export const PASSWORD_ACCOUNT_FAILURES: SlidingRule = {
  bucket: 'password_failures_account',
  limit: LOCKOUT.maxAccountFailuresPerHour,
  windowSeconds: 3600,
  stepSeconds: 60,
};

const passwordSubject = (g: PasswordGuess) => `${g.userId}|${g.source.key}`;

/** Serialises the checks of one account's password from unknown sources (the account-wide count). */
const lockAccountPassword = (tx: DbOrTx, userId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`password:${userId}`}))`);

/**
 * Locks the guess's counters for the transaction and refuses when either lock holds (`AUTH_LOCKED`); a
 * guess that arrives while the locks are being reached is refused whatever it was. Answers the pair's
 * state (hand it to `resetPasswordFailures`).
 */
export async function assertPasswordOpen(tx: DbOrTx, guess: PasswordGuess, now: Date): Promise<StepState> {
  const pair = await assertStepOpen(tx, 'password', passwordSubject(guess), now);
  if (!guess.source.trusted) {
    await lockAccountPassword(tx, guess.userId);
    const account = await recentEvents(tx, PASSWORD_ACCOUNT_FAILURES, guess.userId, now);
    if (account.reached) {
      throw new AppError('AUTH_LOCKED', 'Too many failures on this account; log in from a device you used before', {
        retryAfterSeconds: account.retryAfterSeconds,
      });
    }
  }
  return pair;
}

/** Counts a wrong password on both locks (after `assertPasswordOpen` in the same transaction). */
export async function recordPasswordFailure(
  tx: DbOrTx,
  guess: PasswordGuess,
  now: Date,
  wrong: AppError,
  ip: string | null,
): Promise<AppError> {
  if (!guess.source.trusted) {
    await countEvent(tx, PASSWORD_ACCOUNT_FAILURES, guess.userId, now);
    const account = await recentEvents(tx, PASSWORD_ACCOUNT_FAILURES, guess.userId, now);
    if (account.count === PASSWORD_ACCOUNT_FAILURES.limit) {
      await writeAudit(tx, {
        action: 'auth.locked',
        actorUserId: guess.userId,
        ip,
        data: { step: 'password', scope: 'account' },
      });
    }
  }
  return recordFailure(tx, 'password', passwordSubject(guess), now, wrong, { ip, userId: guess.userId });
}

/** A right password clears its pair's consecutive failures (not the account's count: that is the attacker's). */
export const resetPasswordFailures = (tx: DbOrTx, guess: PasswordGuess, pair?: StepState) =>
  resetFailures(tx, 'password', passwordSubject(guess), pair);

/** After a password reset (by phone code): every password lock of the account is lifted. */
export async function clearPasswordLocks(tx: DbOrTx, userId: string): Promise<void> {
  await tx
    .delete(authFailures)
    .where(and(eq(authFailures.step, 'password'), like(authFailures.subject, `${userId}|%`)));
  await forgetEvents(tx, PASSWORD_ACCOUNT_FAILURES.bucket, userId);
}
