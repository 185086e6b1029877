import { createHmac, randomInt } from 'node:crypto';
import { and, count, eq, isNull, min } from 'drizzle-orm';
import {
  RECOVERY_CODES,
  type RecoveryCodesIssued,
  type RecoveryCodesStatus,
} from '@portal/contract/auth/recovery-codes';
import { AppError } from '@portal/contract/core/errors';
import type { Db, DbOrTx } from '../../db/client';
import { recoveryCodes } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { deriveKey } from '../../lib/crypto';
import { assertStepOpen, recordFailure, resetFailures, type StepState } from './lockout';
import { assertRecentAuth } from '../../lib/sessions';
import { findUser } from '../users/users.repository';

/**
 * Recovery codes (issue 15, decision 029; contract auth/recovery-codes.ts). A code carries 50 bits from
 * the CSPRNG, so a slow password hash buys nothing against guessing: the stored form is
 * HMAC-SHA256 under a key derived (HKDF) from the app secret, over the user id and the code. A database
 * leak alone gives nothing to test guesses against; the user id in the message binds a code to its
 * account (the same code of two accounts hashes differently), and lets a check find its row by index
 * instead of trying every stored hash.
 */
export const recoveryCodeHash = (secret: string, userId: string, code: string) =>
  createHmac('sha256', deriveKey(secret, 'recovery-code-v1')).update(`${userId}:${code}`).digest('base64url');

/** A new set: ten distinct codes in their written form `XXXXX-XXXXX`. */
export function newRecoveryCodes(): string[] {
  const { alphabet, count: n, length, groupSize } = RECOVERY_CODES;
  const codes = new Set<string>();
  while (codes.size < n) {
    let s = '';
    for (let i = 0; i < length; i++) s += alphabet[randomInt(alphabet.length)];
    codes.add(`${s.slice(0, groupSize)}-${s.slice(groupSize)}`);
  }
  return [...codes];
}

/** Replaces the user's codes by a new set, in the caller's transaction; answers the codes, to be shown once. */
export async function issueRecoveryCodes(
  tx: DbOrTx,
  deps: { secret: string },
  userId: string,
  now: Date,
): Promise<RecoveryCodesIssued> {
  const codes = newRecoveryCodes();
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: recoveryCodeHash(deps.secret, userId, code), createdAt: now })));
  return { codes, generatedAt: now.toISOString() };
}

/** Removes the user's codes (two-factor turned off: they would open nothing). */
export async function deleteRecoveryCodes(tx: DbOrTx, userId: string): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/** Where a recovery code was used, for the audit record (a login with one is a security event). */
export type RecoveryCodeUse =
  'login' | 'step_up' | 'disable_two_factor' | 'password_reset' | 'phone_change' | 'withdrawal';

/**
 * Uses one recovery code of a user, inside the caller's transaction: the two-factor lock is checked (the
 * counter row stays locked, `counter` when the caller took it already), the code is marked used by a
 * conditional update, so of two requests with one code exactly one wins. A wrong code is audited and
 * counted toward the lock (`RECOVERY_CODE_INVALID`); a code already used is `RECOVERY_CODE_USED`, audited,
 * not counted (its owner typed it again, a guess does not land on a used code). Null when right.
 */
export async function useRecoveryCode(
  tx: DbOrTx,
  deps: { secret: string },
  input: { userId: string; code: string; now: Date; ip: string | null; use: RecoveryCodeUse; counter?: StepState },
): Promise<AppError | null> {
  const { userId, now, ip } = input;
  const counter = input.counter ?? (await assertStepOpen(tx, 'totp', userId, now));
  const hash = recoveryCodeHash(deps.secret, userId, input.code);
  const [used] = await tx
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  if (used) {
    await resetFailures(tx, 'totp', userId, counter);
    await writeAudit(tx, {
      action: 'auth.recovery_code_used',
      actorUserId: userId,
      subjectType: 'recovery_code',
      subjectId: used.id,
      ip,
      data: { use: input.use },
    });
    return null;
  }
  const [spent] = await tx
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hash)))
    .limit(1);
  if (spent) {
    await writeAudit(tx, {
      action: 'auth.recovery_code_reused',
      actorUserId: userId,
      subjectType: 'recovery_code',
      subjectId: spent.id,
      ip,
      data: { use: input.use },
    });
    return new AppError('RECOVERY_CODE_USED', 'This recovery code was already used; use another one');
  }
  await writeAudit(tx, { action: 'auth.totp_failed', actorUserId: userId, ip, data: { reason: 'recovery_code' } });
  return recordFailure(
    tx,
    'totp',
    userId,
    now,
    new AppError('RECOVERY_CODE_INVALID', 'The recovery code is not correct'),
    { ip },
  );
}

/** How many codes of the user's current set are left. */
export async function getRecoveryCodesStatus(db: Db, userId: string): Promise<RecoveryCodesStatus> {
  const [row] = await db
    .select({ total: count(), generatedAt: min(recoveryCodes.createdAt), used: count(recoveryCodes.usedAt) })
    .from(recoveryCodes)
    .where(eq(recoveryCodes.userId, userId));
  const total = row?.total ?? 0;
  return {
    left: total - (row?.used ?? 0),
    total,
    generatedAt: total > 0 && row?.generatedAt ? row.generatedAt.toISOString() : null,
  };
}

/** A new set for a user with two-factor on, after a step-up; the old codes stop working. */
export async function regenerateRecoveryCodes(
  deps: { db: Db; secret: string; now?: () => Date },
  input: { userId: string; sessionId: string; ip: string },
): Promise<RecoveryCodesIssued> {
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    await assertRecentAuth(tx, input.sessionId, now);
    // The user row is locked: a concurrent disable cannot leave a set behind for an account without two-factor.
    const u = await findUser(tx, input.userId, { lock: 'update' });
    if (!u) throw new AppError('UNAUTHENTICATED');
    if (!u.twoFactorSecret) throw new AppError('TWO_FACTOR_NOT_ENABLED');
    const issued = await issueRecoveryCodes(tx, deps, input.userId, now);
    await writeAudit(tx, {
      action: 'account.recovery_codes_generated',
      actorUserId: input.userId,
      ip: input.ip,
      data: { count: issued.codes.length },
    });
    return issued;
  });
}
