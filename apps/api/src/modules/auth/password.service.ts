import { eq } from 'drizzle-orm';
import { AppError } from '@portal/contract/core/errors';
import { users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { InvalidationBus } from '../../lib/invalidation';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { parseMobile, type AuthDeps, type ClientInfo } from './auth.service';
import { findUser, findUserByMobile } from '../users/users.repository';
import { checkCode, withCountedFailures } from './codes';
import {
  assertPasswordOpen,
  clearPasswordLocks,
  recordPasswordFailure,
  resetPasswordFailures,
  type PasswordGuess,
} from './lockout';
import { assertRecentAuth, revokeUserSessions, rotateSession } from '../../lib/sessions';
import { guessSource } from './sources';
import { consumeTicket, findTicket, issueTicket } from './tickets';
import { startSensitiveChangeHold } from '../../lib/withdrawal-hold';
import { checkSecondFactor } from './two-factor.service';

type Deps = AuthDeps & { bus: InvalidationBus };

/** The first password of an account ("fill later" is simply not calling this). */
export async function setPassword(
  deps: Deps,
  input: { userId: string; sessionId: string; password: string; ip: string },
) {
  const now = deps.now?.() ?? new Date();
  const hash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    await assertRecentAuth(tx, input.sessionId, now);
    const u = await findUser(tx, input.userId, { lock: 'update' });
    if (!u) throw new AppError('UNAUTHENTICATED');
    if (u.passwordHash) throw new AppError('PASSWORD_ALREADY_SET', 'Use change password');
    await tx.update(users).set({ passwordHash: hash, updatedAt: now }).where(eq(users.id, u.id));
    await writeAudit(tx, { action: 'account.password_set', actorUserId: u.id, ip: input.ip });
  });
  await deps.bus.publish({ kind: 'user', id: input.userId });
  return { ok: true as const };
}

/**
 * Change by the current password (its own re-authentication): every other session ends and this one
 * is rotated (a new cookie).
 */
export async function changePassword(
  deps: Deps,
  input: { userId: string; sessionId: string; currentPassword: string; newPassword: string; client: ClientInfo },
) {
  const now = deps.now?.() ?? new Date();
  const out = await withCountedFailures(deps.db, async (tx) => {
    const guess: PasswordGuess = {
      userId: input.userId,
      source: await guessSource(tx, { userId: input.userId }, input.client, now),
    };
    const pair = await assertPasswordOpen(tx, guess, now);
    const u = await findUser(tx, input.userId);
    if (!u) throw new AppError('UNAUTHENTICATED');
    if (!u.passwordHash) throw new AppError('PASSWORD_NOT_SET', 'Set a password first');
    if (!(await verifyPassword(u.passwordHash, input.currentPassword))) {
      await writeAudit(tx, { action: 'account.password_change_failed', actorUserId: u.id, ip: input.client.ip });
      const wrong = new AppError('PASSWORD_INCORRECT', 'The current password is not correct');
      return recordPasswordFailure(tx, guess, now, wrong, input.client.ip);
    }
    await resetPasswordFailures(tx, guess, pair);
    if (input.currentPassword === input.newPassword) throw new AppError('PASSWORD_REUSED');
    await tx
      .update(users)
      .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: now })
      .where(eq(users.id, u.id));
    const rotated = await rotateSession(tx, input.sessionId, input.client);
    const ended = await revokeUserSessions(tx, u.id, rotated.sessionId);
    await writeAudit(tx, {
      action: 'account.password_changed',
      actorUserId: u.id,
      ip: input.client.ip,
      data: { sessionsEnded: ended.length - 1 },
    });
    return rotated;
  });
  // Every instance forgets the user's sessions (the new one is read again from the database).
  await deps.bus.publish({ kind: 'user', id: input.userId });
  return out;
}

/** Forgot password, step 2: the reset_password code → a reset token. */
export async function verifyPasswordReset(
  deps: Deps,
  input: { mobile: string; country: string; code: string; ip: string; device: string | null },
) {
  const now = deps.now?.() ?? new Date();
  const mobile = parseMobile(input.mobile, input.country);
  return withCountedFailures(deps.db, async (tx) => {
    const wrong = await checkCode(tx, deps, {
      subject: mobile,
      purpose: 'reset_password',
      code: input.code,
      ip: input.ip,
      device: input.device,
      now,
    });
    if (wrong) return wrong;
    const u = await findUserByMobile(tx, mobile);
    // A number without an account has a challenge too, but its code was never sent: nobody can know it.
    if (!u) return new AppError('OTP_EXPIRED');
    const ticket = await issueTicket(tx, { kind: 'password_reset', userId: u.id, data: {}, now });
    return {
      resetToken: ticket.token,
      expiresInSeconds: ticket.expiresInSeconds,
      twoFactorRequired: !!u.twoFactorSecret,
    };
  });
}

/** Forgot password, step 3: the new password (and the TOTP code when two-factor is on); every session ends. */
export async function resetPassword(
  deps: Deps,
  input: { resetToken: string; newPassword: string; totpCode?: string | undefined; ip: string },
) {
  const now = deps.now?.() ?? new Date();
  const hash = await hashPassword(input.newPassword);
  const userId = await withCountedFailures(deps.db, async (tx) => {
    const ticket = await findTicket(tx, 'password_reset', input.resetToken, now);
    if (!ticket) throw new AppError('CHALLENGE_EXPIRED', 'Ask for a new code');
    const u = await findUser(tx, ticket.userId);
    if (!u) throw new AppError('CHALLENGE_EXPIRED');
    if (u.twoFactorSecret) {
      if (!input.totpCode) throw new AppError('TOTP_REQUIRED');
      const wrong = await checkSecondFactor(tx, deps, u, input.totpCode, now, input.ip, 'password_reset');
      if (wrong) return wrong;
    }
    await consumeTicket(tx, ticket.id);
    await tx.update(users).set({ passwordHash: hash, updatedAt: now }).where(eq(users.id, u.id));
    await clearPasswordLocks(tx, u.id);
    const ended = await revokeUserSessions(tx, u.id);
    await writeAudit(tx, {
      action: 'account.password_reset',
      actorUserId: u.id,
      ip: input.ip,
      data: { sessionsEnded: ended.length },
    });
    await startSensitiveChangeHold(tx, u.id, 'password_reset', now);
    return u.id;
  });
  await deps.bus.publish({ kind: 'user', id: userId });
  return { ok: true as const };
}
