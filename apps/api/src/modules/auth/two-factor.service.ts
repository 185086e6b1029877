import { and, eq, sql, type SQL } from 'drizzle-orm';
import { isRecoveryCode } from '@portal/contract/auth/recovery-codes';
import { isOperatorRole, type Role } from '@portal/contract/admin/roles';
import { AppError } from '@portal/contract/core/errors';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { decrypt, deriveKey, encrypt, maskMobile } from '../../lib/crypto';
import type { InvalidationBus } from '../../lib/invalidation';
import { checkTotp, newTotpSecret, totpUri, type TotpCheck } from '../../lib/totp';
import { startSensitiveChangeHold } from '../../lib/withdrawal-hold';
import { openSession, sendPhoneCode, type AuthDeps, type ClientInfo, type LoginOutcome } from './auth.service';
import { findUser } from '../users/users.repository';
import { checkCode, withCountedFailures } from './codes';
import { assertStepOpen, recordFailure, resetFailures } from './lockout';
import { deleteRecoveryCodes, issueRecoveryCodes, useRecoveryCode, type RecoveryCodeUse } from './recovery-codes';
import { assertRecentAuth } from '../../lib/sessions';
import { consumeTicket, findTicket } from './tickets';

const keyOf = (secret: string) => deriveKey(secret, 'totp-secret-v1');

/**
 * What a TOTP code says against a sealed secret (T-1/T window) and the last step accepted: the step it
 * takes, or why it is refused. Pure: the step is not taken yet (`takeTotpStep`, or a caller's statement
 * with `totpStepFreeSql`).
 */
export function verifyTotpCode(
  deps: { secret: string },
  sealed: string,
  code: string,
  now: Date,
  lastStep: number | null,
): TotpCheck {
  return checkTotp(decrypt(keyOf(deps.secret), sealed), code, now.getTime(), lastStep);
}

/**
 * The condition that the user row's last accepted step is before `step`: an `UPDATE … WHERE` with it takes
 * the step once, whatever the caller read earlier (a concurrent request that took it makes the update
 * match nothing).
 */
export const totpStepFreeSql = (step: number): SQL =>
  sql`(two_factor_last_step IS NULL OR two_factor_last_step < ${step})`;

/** Takes the step of an accepted code; false when another request took it first (the code is reused). */
async function takeTotpStep(tx: DbOrTx, userId: string, step: number): Promise<boolean> {
  const taken = await tx
    .update(users)
    .set({ twoFactorLastStep: step })
    .where(and(eq(users.id, userId), totpStepFreeSql(step)))
    .returning({ id: users.id });
  return taken.length > 0;
}

/**
 * A refused TOTP code, audited; answers the error to return after commit. A wrong code is counted (the
 * lock after ten). An already used one is not: only a right code can be used already (another request
 * took its step, e.g. the same code sent twice at once), so it is no guess, and counting it would let a
 * double click lock the owner out.
 */
export async function recordTotpFailure(
  tx: DbOrTx,
  userId: string,
  reason: 'invalid' | 'reused',
  now: Date,
  ip: string | null,
): Promise<AppError> {
  await writeAudit(tx, { action: 'auth.totp_failed', actorUserId: userId, ip, data: { reason } });
  if (reason === 'reused')
    return new AppError('TOTP_ALREADY_USED', 'This code was already used; wait for the next one');
  return recordFailure(tx, 'totp', userId, now, new AppError('TOTP_INVALID', 'The authenticator code is not correct'), {
    ip,
  });
}

/** Operators' two-factor is recovered by an admin in the console, never from the investor pages (decision 011). */
function assertNotOperator(user: { role: Role }) {
  if (isOperatorRole(user.role)) {
    throw new AppError('OPERATOR_RECOVERY_BY_ADMIN', 'An admin recovers an operator’s two-factor in the console');
  }
}

/**
 * Checks a TOTP code of a user with two-factor on (or of the pending setup), inside the caller's
 * transaction: lock check (the counter row stays locked), T-1/T window, the step taken so a code works
 * once. `user` is the row as read in this transaction; a step taken since by a concurrent request is seen
 * by the conditional update that takes it. Null when right.
 */
export async function checkTotpOfUser(
  tx: DbOrTx,
  deps: { secret: string },
  user: { id: string; twoFactorSecret: string | null; twoFactorLastStep: number | null },
  code: string,
  now: Date,
  ip: string | null,
  sealed: string | null = user.twoFactorSecret,
): Promise<AppError | null> {
  if (!sealed) return new AppError('TWO_FACTOR_NOT_ENABLED');
  const counter = await assertStepOpen(tx, 'totp', user.id, now);
  const result = verifyTotpCode(deps, sealed, code, now, user.twoFactorLastStep);
  if (!result.ok) return recordTotpFailure(tx, user.id, result.reason, now, ip);
  if (!(await takeTotpStep(tx, user.id, result.step))) return recordTotpFailure(tx, user.id, 'reused', now, ip);
  await resetFailures(tx, 'totp', user.id, counter);
  return null;
}

/**
 * The one check of every place that asks for the authenticator (issue 15): an authenticator code
 * (`checkTotpOfUser`), or one of the user's recovery codes (`useRecoveryCode`), told apart by their shape
 * (the contract's `secondFactorCodeSchema` normalised it). Both count toward the same lock. Null when right.
 * The withdrawal, whose statements are its own (decision 016), makes the same choice itself.
 */
export async function checkSecondFactor(
  tx: DbOrTx,
  deps: { secret: string },
  user: { id: string; twoFactorSecret: string | null; twoFactorLastStep: number | null },
  code: string,
  now: Date,
  ip: string | null,
  use: RecoveryCodeUse,
): Promise<AppError | null> {
  if (!isRecoveryCode(code)) return checkTotpOfUser(tx, deps, user, code, now, ip);
  if (!user.twoFactorSecret) return new AppError('TWO_FACTOR_NOT_ENABLED');
  return useRecoveryCode(tx, deps, { userId: user.id, code, now, ip, use });
}

type Deps = AuthDeps & { bus: InvalidationBus };

export async function setupTwoFactor(deps: Deps, input: { userId: string; sessionId: string }) {
  const now = deps.now?.() ?? new Date();
  const secret = newTotpSecret();
  const user = await deps.db.transaction(async (tx) => {
    await assertRecentAuth(tx, input.sessionId, now);
    const u = await findUser(tx, input.userId);
    if (!u) throw new AppError('UNAUTHENTICATED');
    if (u.twoFactorSecret) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
    await tx
      .update(users)
      .set({ twoFactorPendingSecret: encrypt(keyOf(deps.secret), secret) })
      .where(eq(users.id, u.id));
    return u;
  });
  const accountName = user.mobile;
  return { otpauthUri: totpUri(secret, accountName), secret, issuer: 'Portal', accountName };
}

export async function enableTwoFactor(
  deps: Deps,
  input: { userId: string; sessionId: string; code: string; ip: string },
) {
  const now = deps.now?.() ?? new Date();
  const issued = await withCountedFailures(deps.db, async (tx) => {
    await assertRecentAuth(tx, input.sessionId, now);
    const u = await findUser(tx, input.userId);
    if (!u) throw new AppError('UNAUTHENTICATED');
    if (u.twoFactorSecret) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
    if (!u.twoFactorPendingSecret) throw new AppError('TWO_FACTOR_SETUP_MISSING');
    const wrong = await checkTotpOfUser(tx, deps, u, input.code, now, input.ip, u.twoFactorPendingSecret);
    if (wrong) return wrong;
    await tx
      .update(users)
      .set({ twoFactorSecret: u.twoFactorPendingSecret, twoFactorPendingSecret: null, updatedAt: now })
      .where(eq(users.id, u.id));
    await writeAudit(tx, { action: 'account.two_factor_enabled', actorUserId: u.id, ip: input.ip });
    // The account's recovery codes, in this one answer (decision 029).
    return issueRecoveryCodes(tx, deps, u.id, now);
  });
  await deps.bus.publish({ kind: 'user', id: input.userId });
  return { ok: true as const, recoveryCodes: issued.codes };
}

export async function requestDisableCode(deps: Deps, input: { userId: string; channel: 'sms' | 'voice'; ip: string }) {
  const u = await findUser(deps.db, input.userId);
  if (!u) throw new AppError('UNAUTHENTICATED');
  if (!u.twoFactorSecret) throw new AppError('TWO_FACTOR_NOT_ENABLED');
  assertNotOperator(u);
  const sent = await sendPhoneCode(
    deps,
    { mobile: u.mobile, purpose: 'disable_2fa', channel: input.channel, ip: input.ip },
    u.id,
    u.antiPhishingPhrase,
  );
  return { maskedMobile: maskMobile(u.mobile), ...sent };
}

async function turnOff(tx: DbOrTx, userId: string, ip: string, via: string, now: Date) {
  await tx
    .update(users)
    .set({ twoFactorSecret: null, twoFactorPendingSecret: null, twoFactorLastStep: null, updatedAt: now })
    .where(eq(users.id, userId));
  await writeAudit(tx, { action: 'account.two_factor_disabled', actorUserId: userId, ip, data: { via } });
  // issue 15: the recovery codes go with the authenticator, and withdrawals wait a day (decision 029).
  await deleteRecoveryCodes(tx, userId);
  await startSensitiveChangeHold(tx, userId, 'two_factor_disabled', now);
}

export async function disableTwoFactor(
  deps: Deps,
  input: { userId: string; sessionId: string; method: 'totp' | 'sms'; code: string; ip: string },
) {
  const now = deps.now?.() ?? new Date();
  await withCountedFailures(deps.db, async (tx) => {
    const u = await findUser(tx, input.userId);
    if (!u) throw new AppError('UNAUTHENTICATED');
    if (!u.twoFactorSecret) throw new AppError('TWO_FACTOR_NOT_ENABLED');
    assertNotOperator(u);
    await assertRecentAuth(tx, input.sessionId, now);
    const wrong =
      input.method === 'totp'
        ? await checkSecondFactor(tx, deps, u, input.code, now, input.ip, 'disable_two_factor')
        : await checkCode(tx, deps, {
            subject: u.mobile,
            purpose: 'disable_2fa',
            code: input.code,
            ip: input.ip,
            now,
            auditUserId: u.id,
          });
    if (wrong) return wrong;
    await turnOff(tx, u.id, input.ip, input.method, now);
    return true;
  });
  await deps.bus.publish({ kind: 'user', id: input.userId });
  return { ok: true as const };
}

/** Finishes a two-factor login with the authenticator code, or a recovery code (audited as such). */
export async function verifyTwoFactorLogin(
  deps: Deps,
  input: { challengeToken: string; code: string; client: ClientInfo },
): Promise<LoginOutcome> {
  const now = deps.now?.() ?? new Date();
  return withCountedFailures(deps.db, async (tx) => {
    const ticket = await findTicket(tx, 'two_factor_login', input.challengeToken, now);
    if (!ticket) throw new AppError('CHALLENGE_EXPIRED', 'Log in again');
    const u = await findUser(tx, ticket.userId);
    if (!u?.twoFactorSecret) throw new AppError('CHALLENGE_EXPIRED', 'Log in again');
    const wrong = await checkSecondFactor(tx, deps, u, input.code, now, input.client.ip, 'login');
    if (wrong) return wrong;
    await consumeTicket(tx, ticket.id);
    const data = ticket.data as { method: string; rememberMe: boolean };
    return openSession(tx, {
      userId: u.id,
      method: `${data.method}+${isRecoveryCode(input.code) ? 'recovery_code' : 'totp'}`,
      isNewUser: false,
      rememberMe: data.rememberMe,
      client: input.client,
      now,
    });
  });
}

async function recoveryTicket(tx: DbOrTx, token: string, now: Date) {
  const ticket = await findTicket(tx, 'two_factor_login', token, now);
  if (!ticket) throw new AppError('CHALLENGE_EXPIRED', 'Log in again');
  const data = ticket.data as { method: string; rememberMe: boolean };
  const u = await findUser(tx, ticket.userId);
  if (!u?.twoFactorSecret) throw new AppError('CHALLENGE_EXPIRED', 'Log in again');
  // An operator's password and SIM are not two factors for the console: an admin recovers them.
  assertNotOperator(u);
  // After a phone code, a second phone code would be the same factor twice.
  if (data.method !== 'password') throw new AppError('TWO_FACTOR_RECOVERY_UNAVAILABLE');
  return { ticket, data, user: u };
}

export async function requestRecoveryCode(
  deps: Deps,
  input: { challengeToken: string; channel: 'sms' | 'voice'; ip: string; device: string | null },
) {
  const now = deps.now?.() ?? new Date();
  const { user } = await deps.db.transaction((tx) => recoveryTicket(tx, input.challengeToken, now));
  const sent = await sendPhoneCode(
    deps,
    { mobile: user.mobile, purpose: 'disable_2fa', channel: input.channel, ip: input.ip, device: input.device },
    user.id,
    user.antiPhishingPhrase,
  );
  return { maskedMobile: maskMobile(user.mobile), ...sent };
}

/** "I can't reach my authenticator": password + a phone code turn two-factor off and log in. */
export async function recoverTwoFactorLogin(
  deps: Deps,
  input: { challengeToken: string; code: string; client: ClientInfo },
): Promise<LoginOutcome> {
  const now = deps.now?.() ?? new Date();
  const out = await withCountedFailures(deps.db, async (tx) => {
    const { ticket, data, user } = await recoveryTicket(tx, input.challengeToken, now);
    const wrong = await checkCode(tx, deps, {
      subject: user.mobile,
      purpose: 'disable_2fa',
      code: input.code,
      ip: input.client.ip,
      device: input.client.device,
      now,
      auditUserId: user.id,
    });
    if (wrong) return wrong;
    await consumeTicket(tx, ticket.id);
    await turnOff(tx, user.id, input.client.ip, 'login_recovery', now);
    const opened = await openSession(tx, {
      userId: user.id,
      method: 'password+recovery',
      isNewUser: false,
      rememberMe: data.rememberMe,
      client: input.client,
      now,
    });
    return { ...opened, userId: user.id };
  });
  await deps.bus.publish({ kind: 'user', id: out.userId });
  return out;
}
