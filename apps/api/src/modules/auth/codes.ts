import type { OtpPurpose } from '@portal/contract/auth/auth';
import { OTP } from '@portal/contract/core/constants';
import { AppError, type ErrorCode } from '@portal/contract/core/errors';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { hmac, randomDigits, safeEqual } from '../../lib/crypto';
import * as repo from './auth.repository';

/**
 * One-time codes of every purpose (decision 006): sent to a subject (an E.164 number, or an email
 * address), stored as an HMAC bound to subject and purpose, limited per subject and per address.
 */
export interface CodeDeps {
  db: Db;
  secret: string;
  now?: () => Date;
}

export const secondsUntil = (from: Date, plusSeconds: number, now: Date) =>
  Math.max(1, Math.ceil((from.getTime() + plusSeconds * 1000 - now.getTime()) / 1000));

const codeHash = (secret: string, purpose: string, subject: string, code: string) =>
  hmac(secret, `${purpose}:${subject}:${code}`);

export async function assertSubjectNotLocked(tx: DbOrTx, subject: string, now: Date) {
  const since = new Date(now.getTime() - OTP.lockWindowSeconds * 1000);
  const { failures, oldest } = await repo.failuresSince(tx, subject, since);
  if (failures >= OTP.maxFailuresPerNumber) {
    throw new AppError('OTP_LOCKED', 'Too many wrong codes for this number; try again later', {
      retryAfterSeconds: secondsUntil(oldest ?? now, OTP.lockWindowSeconds, now),
    });
  }
}

export interface SendCodeInput {
  subject: string;
  purpose: OtpPurpose;
  channel: 'sms' | 'voice' | 'email';
  ip: string;
  /** Delivers the code (SMS, voice or mail); a throw removes the code. */
  deliver: (code: string) => Promise<void>;
  deliveryFailure: ErrorCode;
  auditUserId?: string | null;
}

/** Creates and delivers a code after the limits of decision 006. */
export async function sendCode(deps: CodeDeps, input: SendCodeInput): Promise<void> {
  const now = deps.now?.() ?? new Date();
  const { subject, purpose, channel } = input;
  const code = randomDigits(OTP.length);

  const challengeId = await deps.db.transaction(async (tx) => {
    await repo.lockMobile(tx, subject);
    await assertSubjectNotLocked(tx, subject, now);

    const last = await repo.latestChallenge(tx, subject, purpose);
    if (last) {
      const wait = channel === 'voice' ? OTP.voiceAfterSeconds : OTP.resendAfterSeconds;
      const elapsed = (now.getTime() - last.createdAt.getTime()) / 1000;
      if (elapsed < wait) {
        throw new AppError(
          channel === 'voice' ? 'OTP_VOICE_TOO_SOON' : 'OTP_RESEND_TOO_SOON',
          'Wait before asking for a new code',
          { retryAfterSeconds: secondsUntil(last.createdAt, wait, now) },
        );
      }
    }
    const hourAgo = new Date(now.getTime() - 3600_000);
    const perNumber = await repo.codesSince(tx, { mobile: subject }, hourAgo);
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

    await repo.retireOpenChallenges(tx, subject, purpose);
    const id = await repo.insertChallenge(tx, {
      mobile: subject,
      purpose,
      channel,
      codeHash: codeHash(deps.secret, purpose, subject, code),
      ip: input.ip,
      createdAt: now,
      expiresAt: new Date(now.getTime() + OTP.ttlSeconds * 1000),
    });
    await writeAudit(tx, {
      action: 'otp.requested',
      actorUserId: input.auditUserId ?? null,
      subjectType: 'otp',
      subjectId: id,
      ip: input.ip,
      data: { mobile: subject, channel, purpose },
    });
    return id;
  });

  try {
    await input.deliver(code);
  } catch {
    // The code never reached the user: remove it, so it cannot be guessed and they may ask again at once.
    await deps.db.transaction(async (tx) => {
      await repo.lockMobile(tx, subject);
      await repo.deleteChallenge(tx, challengeId);
      await writeAudit(tx, { action: 'otp.delivery_failed', ip: input.ip, data: { mobile: subject, channel } });
    });
    throw new AppError(input.deliveryFailure, 'The code could not be sent; try again');
  }
}

/**
 * Checks a code inside the caller's transaction (so the code is consumed together with what it
 * allows). Answers null when right, else the error to throw after the transaction commits (a wrong try
 * must be counted). Throws `OTP_LOCKED` at once when the subject is locked.
 */
export async function checkCode(
  tx: DbOrTx,
  deps: CodeDeps,
  input: { subject: string; purpose: OtpPurpose; code: string; ip: string; now: Date; auditUserId?: string | null },
): Promise<AppError | null> {
  const { subject, purpose, now } = input;
  await repo.lockMobile(tx, subject);
  await assertSubjectNotLocked(tx, subject, now);
  const challenge = await repo.latestChallenge(tx, subject, purpose);
  if (!challenge || challenge.consumedAt || challenge.expiresAt <= now) {
    return new AppError('OTP_EXPIRED', 'The code has expired; ask for a new one');
  }
  if (challenge.attempts >= OTP.maxAttemptsPerCode) {
    return new AppError('OTP_TOO_MANY_ATTEMPTS', 'Too many wrong tries; ask for a new code');
  }
  if (!safeEqual(challenge.codeHash, codeHash(deps.secret, purpose, subject, input.code))) {
    const attempts = await repo.addFailedAttempt(tx, challenge.id);
    await writeAudit(tx, {
      action: 'otp.failed',
      actorUserId: input.auditUserId ?? null,
      subjectType: 'otp',
      subjectId: challenge.id,
      ip: input.ip,
      data: { mobile: subject, attempts, purpose },
    });
    const attemptsLeft = OTP.maxAttemptsPerCode - attempts;
    return attemptsLeft <= 0
      ? new AppError('OTP_TOO_MANY_ATTEMPTS', 'Too many wrong tries; ask for a new code')
      : new AppError('OTP_INVALID', 'The code is not correct', { attemptsLeft });
  }
  await repo.consumeChallenge(tx, challenge.id);
  return null;
}

/** Runs `fn` in a transaction that may end in a counted failure: the error is thrown after commit. */
export async function withCountedFailures<T>(
  db: Db,
  fn: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<T | AppError>,
): Promise<T> {
  const out = await db.transaction(fn);
  if (out instanceof AppError) throw out;
  return out;
}
