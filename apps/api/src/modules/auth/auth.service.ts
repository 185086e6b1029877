import type { OtpChannel, OtpPurpose } from '@portal/contract/auth/auth';
import { OTP } from '@portal/contract/core/constants';
import { AppError } from '@portal/contract/core/errors';
import { normalizeMobile } from '@portal/contract/core/mobile';
import type { SmsPort } from '../../adapters/sms/sms.port';
import type { Db } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { hmac, randomDigits, referralCode, safeEqual } from '../../lib/crypto';
import * as repo from './auth.repository';
import type { InvalidationBus } from '../../lib/invalidation';
import { createSession, revokeSession } from './sessions';

export interface AuthDeps {
  db: Db;
  sms: SmsPort;
  secret: string;
  now?: () => Date;
}

const secondsUntil = (from: Date, plusSeconds: number, now: Date) =>
  Math.max(1, Math.ceil((from.getTime() + plusSeconds * 1000 - now.getTime()) / 1000));

function parseMobile(raw: string, country: string): string {
  const mobile = normalizeMobile(raw, country as never);
  if (!mobile) throw new AppError('MOBILE_INVALID', 'The mobile number is not valid');
  return mobile;
}

const codeHash = (secret: string, purpose: string, mobile: string, code: string) =>
  hmac(secret, `${purpose}:${mobile}:${code}`);

async function assertNotLocked(tx: Parameters<typeof repo.lockMobile>[0], mobile: string, now: Date) {
  const since = new Date(now.getTime() - OTP.lockWindowSeconds * 1000);
  const { failures, oldest } = await repo.failuresSince(tx, mobile, since);
  if (failures >= OTP.maxFailuresPerNumber) {
    throw new AppError('OTP_LOCKED', 'Too many wrong codes for this number; try again later', {
      retryAfterSeconds: secondsUntil(oldest ?? now, OTP.lockWindowSeconds, now),
    });
  }
}

export async function requestOtp(
  deps: AuthDeps,
  input: { mobile: string; country: string; purpose: OtpPurpose; channel: OtpChannel; ip: string },
) {
  const now = deps.now?.() ?? new Date();
  const mobile = parseMobile(input.mobile, input.country);
  const code = randomDigits(OTP.length);

  const { isRegistered, challengeId } = await deps.db.transaction(async (tx) => {
    await repo.lockMobile(tx, mobile);
    await assertNotLocked(tx, mobile, now);

    const last = await repo.latestChallenge(tx, mobile, input.purpose);
    if (last) {
      const wait = input.channel === 'voice' ? OTP.voiceAfterSeconds : OTP.resendAfterSeconds;
      const elapsed = (now.getTime() - last.createdAt.getTime()) / 1000;
      if (elapsed < wait) {
        throw new AppError(
          input.channel === 'voice' ? 'OTP_VOICE_TOO_SOON' : 'OTP_RESEND_TOO_SOON',
          'Wait before asking for a new code',
          {
            retryAfterSeconds: secondsUntil(last.createdAt, wait, now),
          },
        );
      }
    }
    const hourAgo = new Date(now.getTime() - 3600_000);
    const perNumber = await repo.codesSince(tx, { mobile }, hourAgo);
    if (perNumber.count >= OTP.maxCodesPerNumberPerHour) {
      throw new AppError('OTP_RATE_LIMITED', 'Too many codes for this number', {
        retryAfterSeconds: secondsUntil(perNumber.oldest ?? now, 3600, now),
      });
    }
    const perAddress = await repo.codesSince(tx, { ip: input.ip }, hourAgo);
    if (perAddress.count >= OTP.maxCodesPerAddressPerHour) {
      throw new AppError('OTP_RATE_LIMITED', 'Too many codes from this address', {
        retryAfterSeconds: secondsUntil(perAddress.oldest ?? now, 3600, now),
      });
    }

    await repo.retireOpenChallenges(tx, mobile, input.purpose);
    const challengeId = await repo.insertChallenge(tx, {
      mobile,
      purpose: input.purpose,
      channel: input.channel,
      codeHash: codeHash(deps.secret, input.purpose, mobile, code),
      ip: input.ip,
      createdAt: now,
      expiresAt: new Date(now.getTime() + OTP.ttlSeconds * 1000),
    });
    await writeAudit(tx, {
      action: 'otp.requested',
      subjectType: 'otp',
      subjectId: challengeId,
      ip: input.ip,
      data: { mobile, channel: input.channel, purpose: input.purpose },
    });
    return { challengeId, isRegistered: (await repo.findUserIdByMobile(tx, mobile)) !== null };
  });

  try {
    await deps.sms.sendOtp({ mobile, channel: input.channel, purpose: input.purpose, code });
  } catch {
    // The code never reached the user: remove it, so it cannot be guessed and they may ask again at once.
    await deps.db.transaction(async (tx) => {
      await repo.lockMobile(tx, mobile);
      await repo.deleteChallenge(tx, challengeId);
      await writeAudit(tx, { action: 'otp.delivery_failed', ip: input.ip, data: { mobile, provider: deps.sms.name } });
    });
    throw new AppError('SMS_DELIVERY_FAILED', 'The code could not be sent; try again');
  }

  return {
    mobile,
    channel: input.channel,
    expiresInSeconds: OTP.ttlSeconds,
    resendInSeconds: OTP.resendAfterSeconds,
    voiceInSeconds: OTP.voiceAfterSeconds,
    isRegistered,
  };
}

type VerifyOutcome =
  { ok: true; userId: string; isNewUser: boolean; token: string; expiresAt: Date } | { ok: false; error: AppError };

export async function verifyOtp(
  deps: AuthDeps,
  input: {
    mobile: string;
    country: string;
    purpose: OtpPurpose;
    code: string;
    rememberMe: boolean;
    ip: string;
    userAgent: string | null;
  },
) {
  const now = deps.now?.() ?? new Date();
  const mobile = parseMobile(input.mobile, input.country);

  // A wrong try must be counted even though the request fails: the transaction returns the outcome
  // and the error is thrown after it commits.
  const outcome = await deps.db.transaction(async (tx): Promise<VerifyOutcome> => {
    await repo.lockMobile(tx, mobile);
    await assertNotLocked(tx, mobile, now);

    const challenge = await repo.latestChallenge(tx, mobile, input.purpose);
    if (!challenge || challenge.consumedAt || challenge.expiresAt <= now) {
      return { ok: false, error: new AppError('OTP_EXPIRED', 'The code has expired; ask for a new one') };
    }
    if (challenge.attempts >= OTP.maxAttemptsPerCode) {
      return { ok: false, error: new AppError('OTP_TOO_MANY_ATTEMPTS', 'Too many wrong tries; ask for a new code') };
    }
    if (!safeEqual(challenge.codeHash, codeHash(deps.secret, input.purpose, mobile, input.code))) {
      const attempts = await repo.addFailedAttempt(tx, challenge.id);
      await writeAudit(tx, {
        action: 'otp.failed',
        subjectType: 'otp',
        subjectId: challenge.id,
        ip: input.ip,
        data: { mobile, attempts },
      });
      const attemptsLeft = OTP.maxAttemptsPerCode - attempts;
      return {
        ok: false,
        error:
          attemptsLeft <= 0
            ? new AppError('OTP_TOO_MANY_ATTEMPTS', 'Too many wrong tries; ask for a new code')
            : new AppError('OTP_INVALID', 'The code is not correct', { attemptsLeft }),
      };
    }

    await repo.consumeChallenge(tx, challenge.id);
    let userId = await repo.findUserIdByMobile(tx, mobile);
    const isNewUser = userId === null;
    if (!userId) {
      // A rare clash of referral codes is retried with a new one.
      for (let i = 0; i < 5 && !userId; i++) {
        userId = await repo.insertUser(tx, { mobile, country: input.country, referralCode: referralCode() });
      }
      if (!userId) throw new Error('could not allocate a referral code');
      await writeAudit(tx, { action: 'auth.signed_up', actorUserId: userId, ip: input.ip, data: { mobile } });
    }
    const session = await createSession(tx, {
      userId,
      rememberMe: input.rememberMe,
      ip: input.ip,
      userAgent: input.userAgent,
    });
    await writeAudit(tx, {
      action: 'auth.logged_in',
      actorUserId: userId,
      subjectType: 'session',
      subjectId: session.sessionId,
      ip: input.ip,
      data: { method: 'otp' },
    });
    return { ok: true, userId, isNewUser, token: session.token, expiresAt: session.expiresAt };
  });

  if (!outcome.ok) throw outcome.error;
  return outcome;
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
