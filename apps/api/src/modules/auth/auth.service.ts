import { isOperatorRole, type Role } from '@portal/contract/admin/roles';
import type { LoginResult, OtpChannel, RequestOtpResponse, StartLoginResponse } from '@portal/contract/auth/auth';
import { OTP } from '@portal/contract/core/constants';
import { AppError } from '@portal/contract/core/errors';
import { normalizeMobile } from '@portal/contract/core/mobile';
import type { SmsPort } from '../../adapters/sms/sms.port';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { hitRateLimit } from '../../lib/rate-limit';
import { referralCode } from '../../lib/crypto';
import type { InvalidationBus } from '../../lib/invalidation';
import { verifyPassword } from '../../lib/passwords';
import { findUser, findUserByMobile } from '../users/users.repository';
import * as repo from './auth.repository';
import { checkCode, sendCode, withCountedFailures } from './codes';
import { assertPasswordOpen, recordPasswordFailure, resetPasswordFailures, type PasswordGuess } from './lockout';
import { createSession, revokeSession } from '../../lib/sessions';
import { newDeviceToken } from './device-cookie';
import { deviceHashOf, guessSource } from './sources';
import { issueTicket } from './tickets';

export interface AuthDeps {
  db: Db;
  sms: SmsPort;
  secret: string;
  now?: () => Date;
}

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
  /** The browser's device token (`portal_device`), when it sent one (sources.ts). */
  device: string | null;
}

/** A login answer, plus the cookies to set when a session was opened (the session's and the device's). */
export type LoginOutcome = {
  result: LoginResult;
  session: { token: string; expiresAt: Date; rememberMe: boolean; device: string } | null;
};

export function parseMobile(raw: string, country: string): string {
  const mobile = normalizeMobile(raw, country as never);
  if (!mobile) throw new AppError('MOBILE_INVALID', 'The mobile number is not valid');
  return mobile;
}

/** Sends a code to a number by SMS or voice, carrying the account's anti-phishing phrase. */
export async function sendPhoneCode(
  deps: AuthDeps,
  input: {
    mobile: string;
    purpose: Parameters<typeof sendCode>[1]['purpose'];
    channel: OtpChannel;
    ip: string;
    device?: string | null;
  },
  userId: string | null,
  phrase: string | null,
  /** False for a number without an account: everything happens but the SMS (decision 013). */
  deliver = true,
) {
  await sendCode(deps, {
    subject: input.mobile,
    purpose: input.purpose,
    channel: input.channel,
    ip: input.ip,
    device: input.device ?? null,
    deliveryFailure: 'SMS_DELIVERY_FAILED',
    auditUserId: userId,
    deliver: (code) =>
      deliver
        ? deps.sms.sendOtp({
            mobile: input.mobile,
            channel: input.channel,
            purpose: input.purpose,
            code,
            antiPhishingPhrase: phrase,
          })
        : Promise.resolve(),
  });
  return {
    channel: input.channel,
    expiresInSeconds: OTP.ttlSeconds,
    resendInSeconds: OTP.resendAfterSeconds,
    voiceInSeconds: OTP.voiceAfterSeconds,
  };
}

type CodeRequest = {
  mobile: string;
  country: string;
  purpose: 'login' | 'reset_password';
  channel: OtpChannel;
  ip: string;
  device?: string | null;
};

/**
 * Sends a login or reset code. The answer has the same shape and values whether or not the number has an
 * account, and so do the limits and the stored challenge: a reset code for a number without an account is
 * created and counted like any other, only not delivered (decision 013).
 */
async function sendPublicCode(deps: AuthDeps, input: CodeRequest): Promise<RequestOtpResponse> {
  const user = await findUserByMobile(deps.db, input.mobile);
  const deliver = input.purpose === 'login' || user !== null;
  const sent = await sendPhoneCode(deps, input, user?.id ?? null, user?.antiPhishingPhrase ?? null, deliver);
  return { mobile: input.mobile, ...sent };
}

/**
 * Lookups of the auth page's public steps per address (`POST /auth/start` and `POST /auth/otp` together):
 * generous for a shared (CGNAT) address, far below a scan.
 */
export const START_LOGIN_RATE = { bucket: 'auth_start', limit: 30, windowSeconds: 600 } as const;

export async function requestOtp(deps: AuthDeps, input: CodeRequest): Promise<RequestOtpResponse> {
  const mobile = parseMobile(input.mobile, input.country);
  await hitRateLimit(deps.db, START_LOGIN_RATE, input.ip, deps.now?.());
  return sendPublicCode(deps, { ...input, mobile });
}

/** The auth page's first step: the password step when the account has a password, else a login code. */
export async function startLogin(
  deps: AuthDeps,
  input: { mobile: string; country: string; channel: OtpChannel; ip: string; device?: string | null },
): Promise<StartLoginResponse> {
  const mobile = parseMobile(input.mobile, input.country);
  // The answer tells whether a number has a password (decision 013): looked up at human speed only.
  await hitRateLimit(deps.db, START_LOGIN_RATE, input.ip, deps.now?.());
  const user = await findUserByMobile(deps.db, mobile);
  if (user?.passwordHash) return { next: 'password', mobile };
  const sent = await sendPublicCode(deps, { ...input, mobile, purpose: 'login' });
  return { next: 'otp', ...sent };
}

/**
 * After a right first factor: a session, or, with two-factor on, a single-use challenge and no session.
 * `method` says which factor it was (recovery by phone is offered only after a password).
 */
export async function completeFirstFactor(
  tx: DbOrTx,
  input: {
    user: { id: string; twoFactorSecret: string | null; role: Role };
    method: 'otp' | 'password';
    isNewUser: boolean;
    rememberMe: boolean;
    client: ClientInfo;
    now: Date;
  },
): Promise<LoginOutcome> {
  const { user } = input;
  if (user.twoFactorSecret) {
    const ticket = await issueTicket(tx, {
      kind: 'two_factor_login',
      userId: user.id,
      data: { method: input.method, rememberMe: input.rememberMe },
      now: input.now,
    });
    await writeAudit(tx, {
      action: 'auth.first_factor_passed',
      actorUserId: user.id,
      ip: input.client.ip,
      data: { method: input.method },
    });
    return {
      result: {
        status: 'twoFactorRequired',
        challengeToken: ticket.token,
        expiresInSeconds: ticket.expiresInSeconds,
        // An operator's authenticator is recovered by an admin, never by phone (decision 011).
        canRecoverByPhone: input.method === 'password' && !isOperatorRole(user.role),
        recoveryByAdmin: isOperatorRole(user.role),
      },
      session: null,
    };
  }
  return openSession(tx, { ...input, userId: user.id });
}

export async function openSession(
  tx: DbOrTx,
  input: { userId: string; method: string; isNewUser: boolean; rememberMe: boolean; client: ClientInfo; now: Date },
): Promise<LoginOutcome & { sessionId: string }> {
  // The browser keeps its device token; one without gets a new one (set with the session cookie).
  const device = input.client.device ?? newDeviceToken();
  const session = await createSession(tx, {
    authenticatedAt: input.now,
    userId: input.userId,
    rememberMe: input.rememberMe,
    ip: input.client.ip,
    userAgent: input.client.userAgent,
    deviceHash: deviceHashOf(device),
  });
  await writeAudit(tx, {
    action: 'auth.logged_in',
    actorUserId: input.userId,
    subjectType: 'session',
    subjectId: session.sessionId,
    ip: input.client.ip,
    data: { method: input.method, userAgent: input.client.userAgent },
  });
  return {
    result: { status: 'loggedIn', isNewUser: input.isNewUser, expiresAt: session.expiresAt.toISOString() },
    session: { token: session.token, expiresAt: session.expiresAt, rememberMe: input.rememberMe, device },
    sessionId: session.sessionId,
  };
}

export async function verifyOtp(
  deps: AuthDeps,
  input: {
    mobile: string;
    country: string;
    code: string;
    rememberMe: boolean;
  } & ClientInfo,
): Promise<LoginOutcome> {
  const now = deps.now?.() ?? new Date();
  const mobile = parseMobile(input.mobile, input.country);
  const client = { ip: input.ip, userAgent: input.userAgent, device: input.device };

  // A wrong try must be counted even though the request fails: the error is thrown after commit.
  return withCountedFailures(deps.db, async (tx) => {
    const wrong = await checkCode(tx, deps, {
      subject: mobile,
      purpose: 'login',
      code: input.code,
      ip: input.ip,
      device: input.device,
      now,
    });
    if (wrong) return wrong;

    let user = await findUserByMobile(tx, mobile);
    const isNewUser = user === null;
    if (!user) {
      let userId: string | null = null;
      // A rare clash of referral codes is retried with a new one.
      for (let i = 0; i < 5 && !userId; i++) {
        userId = await repo.insertUser(tx, { mobile, country: input.country, referralCode: referralCode() });
      }
      if (!userId) throw new Error('could not allocate a referral code');
      await writeAudit(tx, { action: 'auth.signed_up', actorUserId: userId, ip: input.ip, data: { mobile } });
      user = (await findUser(tx, userId))!;
    }
    return completeFirstFactor(tx, { user, method: 'otp', isNewUser, rememberMe: input.rememberMe, client, now });
  });
}

export async function loginWithPassword(
  deps: AuthDeps,
  input: { mobile: string; country: string; password: string; rememberMe: boolean } & ClientInfo,
): Promise<LoginOutcome> {
  const now = deps.now?.() ?? new Date();
  const mobile = parseMobile(input.mobile, input.country);
  const client = { ip: input.ip, userAgent: input.userAgent, device: input.device };
  const incorrect = new AppError('PASSWORD_INCORRECT', 'The mobile number or password is not correct');
  const user = await findUserByMobile(deps.db, mobile);
  if (!user?.passwordHash) {
    await verifyPassword(null, input.password); // the same time as a real check
    await deps.db.transaction((tx) =>
      writeAudit(tx, { action: 'auth.login_failed', ip: input.ip, data: { mobile, method: 'password' } }),
    );
    throw incorrect;
  }
  // The hash is checked outside the transaction: argon2 (~30 ms) must not hold a connection (PGlite has
  // one) nor the counter row. The verdict is applied under the locks: a guess that arrives when a lock
  // was reached meanwhile is answered AUTH_LOCKED whatever it was, so parallel guesses never learn more
  // than the ones that were counted. The locks are the (account, source) pair's and, from a source the
  // account does not know, the account's (decision 009).
  const guess: PasswordGuess = {
    userId: user.id,
    source: await guessSource(deps.db, { userId: user.id }, client, now),
  };
  await deps.db.transaction((tx) => assertPasswordOpen(tx, guess, now));
  const right = await verifyPassword(user.passwordHash, input.password);
  return withCountedFailures(deps.db, async (tx) => {
    const pair = await assertPasswordOpen(tx, guess, now);
    const fresh = await findUser(tx, user.id);
    if (!fresh || fresh.passwordHash !== user.passwordHash) throw incorrect; // changed meanwhile: try again
    if (!right) {
      await writeAudit(tx, {
        action: 'auth.login_failed',
        actorUserId: user.id,
        ip: input.ip,
        data: { method: 'password', userAgent: input.userAgent },
      });
      return recordPasswordFailure(tx, guess, now, incorrect, input.ip);
    }
    await resetPasswordFailures(tx, guess, pair);
    return completeFirstFactor(tx, {
      user: fresh,
      method: 'password',
      isNewUser: false,
      rememberMe: input.rememberMe,
      client,
      now,
    });
  });
}

/** Ends one session: revoked in the database, then forgotten by every instance's cache. */
export async function logout(
  deps: { db: Db; bus: InvalidationBus },
  input: { sessionId: string; userId: string; ip: string },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await revokeSession(tx, input.sessionId);
    await writeAudit(tx, {
      action: 'auth.logged_out',
      actorUserId: input.userId,
      subjectType: 'session',
      subjectId: input.sessionId,
      ip: input.ip,
    });
  });
  await deps.bus.publish({ kind: 'session', id: input.sessionId });
}
