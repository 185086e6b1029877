import type { z } from 'zod';
import { AppError, type FieldIssue } from '@portal/contract/core/errors';
import {
  birthDateSchema,
  type KycRejectReason,
  type KycState,
  type KycSubmission,
  type submitForeignBody,
} from '@portal/contract/kyc/kyc';
import type { IdentityPort } from '../../adapters/identity/identity.port';
import type { StoragePort } from '../../adapters/storage/storage.port';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import type { InvalidationBus } from '../../lib/invalidation';
import { violatedUniqueConstraint } from '../../lib/db-errors';
import { hitRateLimit } from '../../lib/rate-limit';
import {
  findFile,
  findKycUser,
  findPendingSubmission,
  insertSubmission,
  isNationalCodeHeldByOther,
  listSubmissions,
  setIdentityVerified,
  setKycTrack,
  type KycUser,
  type SubmissionRow,
} from './kyc.repository';

export interface KycDeps {
  db: Db;
  bus: InvalidationBus;
  identity: IdentityPort;
  storage: StoragePort;
  now?: () => Date;
}

/** Identity inquiries (Shahkar) per user: each costs money and probes who owns a code. */
export const IDENTITY_INQUIRY_RATE = { bucket: 'kyc_identity', limit: 5, windowSeconds: 3600 } as const;

const nowOf = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The national code as the investor sees it again: only its last 4 digits. */
export function maskNationalCode(code: string): string {
  return `${'*'.repeat(Math.max(0, code.length - 4))}${code.slice(-4)}`;
}

function toSubmission(s: SubmissionRow): KycSubmission {
  return {
    id: s.id,
    kind: s.kind,
    status: s.status,
    rejectReason: (s.rejectReason as KycRejectReason | null) ?? null,
    createdAt: s.createdAt.toISOString(),
    reviewedAt: s.reviewedAt?.toISOString() ?? null,
  };
}

export async function getKycState(db: DbOrTx, userId: string): Promise<KycState> {
  const u = await findKycUser(db, userId);
  if (!u) throw new AppError('UNAUTHENTICATED');
  const history = (await listSubmissions(db, userId)).map(toSubmission);
  return {
    level: u.kycLevel,
    shahkarPassed: u.shahkarPassed,
    track: u.kycTrack,
    identity:
      u.nationalCode && u.birthDate
        ? { nationalCodeMasked: maskNationalCode(u.nationalCode), birthDate: u.birthDate }
        : null,
    latest: history.find((s) => s.kind !== 'identity') ?? null,
    history,
  };
}

/**
 * The birth date again, against the app's clock (the contract schema ran with the machine's clock when
 * the request was validated): 400 `VALIDATION_FAILED` naming the rule, as the route's validation would.
 */
function assertBirthDate(birthDate: string, now: Date): string {
  const parsed = birthDateSchema(() => isoDay(now)).safeParse(birthDate);
  if (parsed.success) return parsed.data;
  const issues: FieldIssue[] = parsed.error.issues.map((i) => {
    const params = (i as { params?: Record<string, string | number> }).params;
    return { path: 'body.birthDate', rule: i.message, ...(params ? { params } : {}) };
  });
  throw new AppError('VALIDATION_FAILED', undefined, { issues });
}

function assertIdentityAllowed(u: KycUser, pending: SubmissionRow | null) {
  if (u.kycLevel >= 1 || u.nationalCode) throw new AppError('KYC_STATE_CONFLICT', 'Identity is already verified');
  if (u.kycTrack === 'foreign' || pending?.kind === 'foreign') {
    throw new AppError('KYC_STATE_CONFLICT', 'This account verifies as a foreign investor');
  }
}

/**
 * Level one, Iranian (SPEC §2 "KYC"): the identity inquiry must say that the national code belongs to
 * the owner of the registered mobile. On a match, in one transaction: the code and birth date on file,
 * the Iranian track, `shahkarPassed`, level one, an approved `identity` submission for the history and
 * the audit record. A mismatch writes nothing.
 */
export async function submitIdentity(
  deps: KycDeps,
  input: { userId: string; nationalCode: string; birthDate: string; ip: string },
): Promise<KycState> {
  const now = nowOf(deps);
  const birthDate = assertBirthDate(input.birthDate, now);
  const user = await findKycUser(deps.db, input.userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  assertIdentityAllowed(user, await findPendingSubmission(deps.db, user.id));
  await hitRateLimit(deps.db, IDENTITY_INQUIRY_RATE, user.id, now);

  let matches: boolean;
  try {
    matches = await deps.identity.mobileMatchesNationalCode({ mobile: user.mobile, nationalCode: input.nationalCode });
  } catch {
    throw new AppError('IDENTITY_INQUIRY_FAILED', 'The identity inquiry did not answer; try again later');
  }
  if (!matches) {
    throw new AppError('NATIONAL_CODE_MISMATCH', 'The national code does not belong to the owner of this mobile');
  }

  try {
    await deps.db.transaction(async (tx) => {
      const u = await findKycUser(tx, user.id, true);
      if (!u) throw new AppError('UNAUTHENTICATED');
      assertIdentityAllowed(u, await findPendingSubmission(tx, u.id));
      if (await isNationalCodeHeldByOther(tx, input.nationalCode, u.id)) throw new AppError('NATIONAL_CODE_TAKEN');
      await setIdentityVerified(tx, u.id, { nationalCode: input.nationalCode, birthDate, now });
      await insertSubmission(tx, {
        userId: u.id,
        kind: 'identity',
        status: 'approved',
        data: { nationalCode: input.nationalCode, birthDate },
        createdAt: now,
        reviewedAt: now,
      });
      await writeAudit(tx, {
        action: 'kyc.identity_verified',
        actorUserId: u.id,
        subjectType: 'user',
        subjectId: u.id,
        ip: input.ip,
        data: { provider: deps.identity.name, nationalCodeLast4: input.nationalCode.slice(-4) },
      });
    });
  } catch (err) {
    // Two accounts verifying the same code at once: the partial unique index decides.
    if (violatedUniqueConstraint(err) === 'users_national_code_uq') throw new AppError('NATIONAL_CODE_TAKEN');
    throw err;
  }
  await deps.bus.publish({ kind: 'user', id: user.id });
  return getKycState(deps.db, user.id);
}

/** A file of the caller's for a submission: someone else's (or none) is 404; a file of another purpose is 415. */
async function ownFileFor(tx: DbOrTx, userId: string, fileId: string, purpose: 'kyc_video' | 'passport_image') {
  const f = await findFile(tx, fileId);
  if (!f || f.ownerUserId !== userId) throw new AppError('NOT_FOUND');
  if (f.purpose !== purpose) throw new AppError('FILE_TYPE_INVALID', `The file is not a ${purpose}`);
  return f;
}

async function withOnePending<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    // Two submissions at once: the partial unique index keeps one pending per user.
    if (violatedUniqueConstraint(err) === 'kyc_submissions_one_pending_uq') {
      throw new AppError('KYC_STATE_CONFLICT', 'A submission is already waiting for review');
    }
    throw err;
  }
}

/** Level two, Iranian: the uploaded video selfie becomes a submission waiting for an operator. */
export async function submitVideo(
  deps: KycDeps,
  input: { userId: string; fileId: string; ip: string },
): Promise<KycState> {
  const now = nowOf(deps);
  await withOnePending(() =>
    deps.db.transaction(async (tx) => {
      const u = await findKycUser(tx, input.userId, true);
      if (!u) throw new AppError('UNAUTHENTICATED');
      if (u.kycTrack !== 'iranian' || u.kycLevel !== 1) {
        throw new AppError('KYC_STATE_CONFLICT', 'The video follows level one, once');
      }
      if (await findPendingSubmission(tx, u.id)) {
        throw new AppError('KYC_STATE_CONFLICT', 'A submission is already waiting for review');
      }
      const video = await ownFileFor(tx, u.id, input.fileId, 'kyc_video');
      const s = await insertSubmission(tx, {
        userId: u.id,
        kind: 'video',
        status: 'pending',
        data: {},
        videoFileId: video.id,
        createdAt: now,
      });
      await writeAudit(tx, {
        action: 'kyc.video_submitted',
        actorUserId: u.id,
        subjectType: 'kyc_submission',
        subjectId: s.id,
        ip: input.ip,
        data: { fileId: video.id },
      });
    }),
  );
  return getKycState(deps.db, input.userId);
}

/**
 * Foreign investors (SPEC §2 "Foreign KYC"): names in English, birth date, nationality, passport number,
 * the passport image and the video, as one submission waiting for an operator; the account takes the
 * foreign track. After a rejection the investor may submit again.
 */
export async function submitForeign(
  deps: KycDeps,
  input: { userId: string; ip: string; body: z.output<typeof submitForeignBody> },
): Promise<KycState> {
  const now = nowOf(deps);
  const b = input.body;
  const birthDate = assertBirthDate(b.birthDate, now);
  await withOnePending(() =>
    deps.db.transaction(async (tx) => {
      const u = await findKycUser(tx, input.userId, true);
      if (!u) throw new AppError('UNAUTHENTICATED');
      if (u.nationalCode || u.kycTrack === 'iranian' || u.kycLevel !== 0) {
        throw new AppError('KYC_STATE_CONFLICT', 'This account verifies as an Iranian investor');
      }
      if (await findPendingSubmission(tx, u.id)) {
        throw new AppError('KYC_STATE_CONFLICT', 'A submission is already waiting for review');
      }
      const passport = await ownFileFor(tx, u.id, b.passportImageFileId, 'passport_image');
      const video = await ownFileFor(tx, u.id, b.videoFileId, 'kyc_video');
      const s = await insertSubmission(tx, {
        userId: u.id,
        kind: 'foreign',
        status: 'pending',
        data: {
          firstNameEn: b.firstNameEn,
          lastNameEn: b.lastNameEn,
          birthDate,
          nationality: b.nationality,
          passportNumber: b.passportNumber,
        },
        passportImageFileId: passport.id,
        videoFileId: video.id,
        createdAt: now,
      });
      await setKycTrack(tx, u.id, 'foreign', now);
      await writeAudit(tx, {
        action: 'kyc.foreign_submitted',
        actorUserId: u.id,
        subjectType: 'kyc_submission',
        subjectId: s.id,
        ip: input.ip,
        data: { nationality: b.nationality, passportImageFileId: passport.id, videoFileId: video.id },
      });
    }),
  );
  await deps.bus.publish({ kind: 'user', id: input.userId });
  return getKycState(deps.db, input.userId);
}
