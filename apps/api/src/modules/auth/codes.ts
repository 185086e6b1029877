import { otpPurposeSchema, type OtpPurpose } from '@portal/contract/auth/auth';
import { OTP } from '@portal/contract/core/constants';
import { AppError, type ErrorCode } from '@portal/contract/core/errors';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { hmac, randomDigits, safeEqual } from '../../lib/crypto';
import { countEvent, recentEvents, type SlidingRule } from '../../lib/rate-limit';
import * as repo from './auth.repository';
import { guessSource, type GuessSource } from './sources';

/**
 * One-time codes of every purpose (decision 006): sent to a subject (an E.164 number, or an email
 * address), stored as an HMAC bound to subject and purpose, limited per subject and per address; wrong
 * tries locked per source and per subject (decision 009).
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

/**
 * The codes a stranger can ask for and guess without a session: login, reset, and the recovery after a
 * password (`disable_2fa`). The others need the signed-in (or challenged) account's session.
 */
const PUBLIC_PURPOSES: ReadonlySet<OtpPurpose> = new Set(['login', 'reset_password', 'disable_2fa']);
const isPublic = (purpose: OtpPurpose) => PUBLIC_PURPOSES.has(purpose);
const otpPurposes = otpPurposeSchema.options;

const failures = (bucket: string, limit: number): SlidingRule => ({
  bucket,
  limit,
  windowSeconds: OTP.lockWindowSeconds,
  stepSeconds: 60,
});
/** Wrong tries from one source at one subject's codes, whatever the purpose. */
const SOURCE_FAILURES = failures('otp_failures_source', OTP.maxFailuresPerSource);
/** Wrong tries at a subject's public codes from sources its account does not know. */
const NUMBER_FAILURES = failures('otp_failures_number', OTP.maxFailuresPerNumber);
/** Wrong tries at a subject's signed-in codes, from any source. */
const SESSION_FAILURES = failures('otp_failures_session', OTP.maxSessionFailuresPerNumber);
/** Public codes sent to a number at the request of one of its account's own sources. */
const KNOWN_SOURCE_SENDS: SlidingRule = {
  bucket: 'otp_sends_known_source',
  limit: OTP.maxCodesPerNumberPerHour,
  windowSeconds: 3600,
  stepSeconds: 60,
};

/**
 * The failure counters a guess at a subject's code meets (decision 009): its (subject, source) pair
 * always; for a public code from a source the account does not know, the subject's count over all such
 * sources; for a signed-in code, the subject's count (only a session reaches those). A stranger therefore
 * locks themselves quickly and the number only slowly, and never the owner's own device or address.
 */
function countersOf(subject: string, purpose: OtpPurpose, source: GuessSource) {
  const counters = [{ rule: SOURCE_FAILURES, key: `${subject}|${source.key}` }];
  if (!isPublic(purpose)) counters.push({ rule: SESSION_FAILURES, key: subject });
  else if (!source.trusted) counters.push({ rule: NUMBER_FAILURES, key: subject });
  return counters;
}

/** Refuses (`OTP_LOCKED`) when any of the counters reached its limit in the last hour. */
async function assertCountersOpen(tx: DbOrTx, counters: ReturnType<typeof countersOf>, now: Date) {
  for (const { rule, key } of counters) {
    const seen = await recentEvents(tx, rule, key, now);
    if (seen.reached) {
      throw new AppError('OTP_LOCKED', 'Too many wrong codes for this number from here; try again later', {
        retryAfterSeconds: seen.retryAfterSeconds,
      });
    }
  }
}

export interface SendCodeInput {
  subject: string;
  purpose: OtpPurpose;
  channel: 'sms' | 'voice' | 'email';
  ip: string;
  /** The browser's device token (sources.ts), for the public flows. */
  device?: string | null;
  /** Delivers the code (SMS, voice or mail); a throw removes the code. */
  deliver: (code: string) => Promise<void>;
  deliveryFailure: ErrorCode;
  auditUserId?: string | null;
}

/** The purposes whose codes share a number's hourly budget with `purpose`: public ones, or signed-in ones. */
const purposesLike = (purpose: OtpPurpose): OtpPurpose[] =>
  otpPurposes.filter((p) => isPublic(p) === isPublic(purpose));

/** Creates and delivers a code after the limits of decisions 006 and 009. */
export async function sendCode(deps: CodeDeps, input: SendCodeInput): Promise<void> {
  const now = deps.now?.() ?? new Date();
  const { subject, purpose, channel } = input;
  const code = randomDigits(OTP.length);

  const challengeId = await deps.db.transaction(async (tx) => {
    await repo.lockMobile(tx, subject);
    const source = await guessSource(tx, { mobile: subject }, input, now);
    await assertCountersOpen(tx, countersOf(subject, purpose, source), now);

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
    // Public codes asked for by the account's own device or address have a budget of their own, so a
    // stranger who spends the number's cannot keep the owner from a login code.
    const ownSource = isPublic(purpose) && source.trusted;
    if (ownSource) {
      const sent = await recentEvents(tx, KNOWN_SOURCE_SENDS, `${subject}|${source.key}`, now);
      if (sent.reached) {
        throw new AppError('OTP_RATE_LIMITED', 'Too many codes for this number', {
          retryAfterSeconds: sent.retryAfterSeconds,
        });
      }
    } else {
      const perNumber = await repo.codesSince(tx, { mobile: subject, purposes: purposesLike(purpose) }, hourAgo);
      if (perNumber.count >= OTP.maxCodesPerNumberPerHour) {
        throw new AppError('OTP_RATE_LIMITED', 'Too many codes for this number', {
          retryAfterSeconds: secondsUntil(perNumber.oldest ?? now, 3600, now),
        });
      }
    }
    const perAddress = await repo.codesSince(tx, { ip: input.ip }, hourAgo);
    if (perAddress.count >= OTP.maxCodesPerAddressPerHour) {
      throw new AppError('OTP_RATE_LIMITED', 'Too many codes from this address', {
        retryAfterSeconds: secondsUntil(perAddress.oldest ?? now, 3600, now),
      });
    }

    if (ownSource) await countEvent(tx, KNOWN_SOURCE_SENDS, `${subject}|${source.key}`, now);
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
  input: {
    subject: string;
    purpose: OtpPurpose;
    code: string;
    ip: string;
    /** The browser's device token (sources.ts), for the public flows. */
    device?: string | null;
    now: Date;
    auditUserId?: string | null;
  },
): Promise<AppError | null> {
  const { subject, purpose, now } = input;
  await repo.lockMobile(tx, subject);
  const source = await guessSource(tx, { mobile: subject }, input, now);
  const counters = countersOf(subject, purpose, source);
  await assertCountersOpen(tx, counters, now);
  const challenge = await repo.latestChallenge(tx, subject, purpose);
  if (!challenge || challenge.consumedAt || challenge.expiresAt <= now) {
    return new AppError('OTP_EXPIRED', 'The code has expired; ask for a new one');
  }
  if (challenge.attempts >= OTP.maxAttemptsPerCode) {
    return new AppError('OTP_TOO_MANY_ATTEMPTS', 'Too many wrong tries; ask for a new code');
  }
  if (!safeEqual(challenge.codeHash, codeHash(deps.secret, purpose, subject, input.code))) {
    const attempts = await repo.addFailedAttempt(tx, challenge.id);
    for (const { rule, key } of counters) await countEvent(tx, rule, key, now);
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
