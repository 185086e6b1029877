/**
 * Identity verification (SPEC §2 "KYC", §6; issue 4, decision 015).
 *
 * Iranian track:
 * 1. `POST /kyc/identity` { nationalCode, birthDate } checks the code's digit, the birth date, and asks
 *    the identity inquiry (Shahkar) whether the code belongs to the owner of the registered mobile. On a
 *    match: `shahkarPassed`, level one, at once (no operator). A mismatch changes nothing.
 * 2. The video selfie: `POST /files?purpose=kyc_video` (the raw file as the body) → { fileId }, then
 *    `POST /kyc/video` { fileId } → a pending submission an operator reviews; approval gives level two.
 *
 * Foreign track: `POST /files?purpose=passport_image` and `…kyc_video`, then `POST /kyc/foreign`
 * { firstNameEn, lastNameEn, birthDate, nationality, passportNumber, passportImageFileId, videoFileId }
 * → a pending submission; approval gives level two (which includes level one).
 *
 * A rejected submission carries a reason code the investor sees translated (`kyc:reasons.<code>`) and
 * may be submitted again. Files are served by `GET /files/:fileId` to their owner and to operators with
 * `kyc.read` only; anyone else gets 404.
 */
import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint';
import { normalizeDigits } from '../core/digits';
import { countryCodeSchema, nationalCodeSchema } from '../core/validation';
import type { Permission } from '../admin/roles';

export const KYC_LEVELS = { none: 0, identity: 1, video: 2 } as const;
/** What an action needs (SPEC §6): investing needs level one, withdrawing level two. */
export const KYC_REQUIREMENT = { invest: 1, withdraw: 2 } as const;
export const KYC_MIN_AGE_YEARS = 18;

export const KYC_TRACKS = ['iranian', 'foreign'] as const;
export type KycTrack = (typeof KYC_TRACKS)[number];
export const KYC_SUBMISSION_KINDS = ['identity', 'video', 'foreign'] as const;
export type KycSubmissionKind = (typeof KYC_SUBMISSION_KINDS)[number];
export const KYC_SUBMISSION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type KycSubmissionStatus = (typeof KYC_SUBMISSION_STATUSES)[number];

/** Why an operator rejects a submission; the investor sees each translated. */
export const KYC_REJECT_REASONS = [
  'video_unclear',
  'face_not_visible',
  'audio_missing',
  'text_not_read',
  'document_unreadable',
  'document_mismatch',
  'document_expired',
  'identity_mismatch',
  'other',
] as const;
export type KycRejectReason = (typeof KYC_REJECT_REASONS)[number];

/**
 * Upload purposes, the content types each accepts (checked by magic bytes), its size limit, and the
 * operator permission that may read a file of it (its owner always may; anyone else gets 404).
 */
export const FILE_PURPOSES = {
  kyc_video: {
    mimes: ['video/webm', 'video/mp4', 'video/quicktime'],
    maxBytes: 50 * 1024 * 1024,
    readPermission: 'kyc.read',
  },
  passport_image: {
    mimes: ['image/jpeg', 'image/png', 'image/webp'],
    maxBytes: 8 * 1024 * 1024,
    readPermission: 'kyc.read',
  },
  /** The photo of a bank receipt of an offline deposit (decision 018). */
  deposit_receipt: {
    mimes: ['image/jpeg', 'image/png', 'image/webp'],
    maxBytes: 8 * 1024 * 1024,
    readPermission: 'money.read',
  },
} as const satisfies Record<string, { mimes: readonly string[]; maxBytes: number; readPermission: Permission }>;
export type FilePurpose = keyof typeof FILE_PURPOSES;
export const filePurposeSchema = z.enum(Object.keys(FILE_PURPOSES) as [FilePurpose, ...FilePurpose[]]);

/** `YYYY-MM-DD` (Gregorian; the web converts from the user's calendar). */
const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `iso` is a real Gregorian date. */
export function isRealDate(iso: string): boolean {
  const m = isoDate.exec(iso);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** Full years between a birth date and `today` (both `YYYY-MM-DD`). */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/**
 * A birth date: a real date with a 4-digit year from 1900, not in the future (`birthDateFuture`), and
 * at least 18 years ago (`birthDateMinAge`). `today` is the checker's clock (the server's in the API).
 */
export function birthDateSchema(today: () => string = () => new Date().toISOString().slice(0, 10)) {
  return z
    .string()
    .transform((s) => normalizeDigits(s).trim())
    .superRefine((s, ctx) => {
      if (!isRealDate(s) || s < '1900-01-01') ctx.addIssue({ code: 'custom', message: 'birthDate' });
      else if (s > today()) ctx.addIssue({ code: 'custom', message: 'birthDateFuture' });
      else if (ageOn(s, today()) < KYC_MIN_AGE_YEARS)
        ctx.addIssue({ code: 'custom', message: 'birthDateMinAge', params: { min: KYC_MIN_AGE_YEARS } });
    });
}

export const englishNameSchema = z
  .string()
  .trim()
  .min(1, { message: 'required' })
  .max(50, { message: 'nameMax' })
  .regex(/^[A-Za-z]+(?:[ '-][A-Za-z]+)*$/, { message: 'englishLetters' });

/** Passport number: 5–20 English letters and digits (upper-cased). */
export const passportNumberSchema = z
  .string()
  .transform((s) => normalizeDigits(s).trim().toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{5,20}$/, { message: 'passportNumber' }));

export const kycSubmissionSchema = z.object({
  id: z.string(),
  kind: z.enum(KYC_SUBMISSION_KINDS),
  status: z.enum(KYC_SUBMISSION_STATUSES),
  rejectReason: z.enum(KYC_REJECT_REASONS).nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type KycSubmission = z.infer<typeof kycSubmissionSchema>;

export const kycStateSchema = z.object({
  level: z.number().int().min(0).max(2),
  shahkarPassed: z.boolean(),
  /** Chosen by the first step; null before it. */
  track: z.enum(KYC_TRACKS).nullable(),
  /** Level one's data on file (the national code masked but its last 4 digits). */
  identity: z.object({ nationalCodeMasked: z.string(), birthDate: z.string() }).nullable(),
  /** The newest video (Iranian) or foreign submission, for the outcome screen. */
  latest: kycSubmissionSchema.nullable(),
  /** Every submission, newest first. */
  history: z.array(kycSubmissionSchema),
});
export type KycState = z.infer<typeof kycStateSchema>;

export const getKyc = defineEndpoint({
  id: 'getKyc',
  method: 'GET',
  path: '/kyc',
  summary: 'My identity verification: level, track, latest submission and history',
  tags: ['kyc'],
  auth: 'session',
  response: kycStateSchema,
  errors: ['UNAUTHENTICATED'],
});

export const submitIdentityBody = z.object({ nationalCode: nationalCodeSchema, birthDate: birthDateSchema() });
export type SubmitIdentityBody = z.input<typeof submitIdentityBody>;

export const submitIdentity = defineEndpoint({
  id: 'submitKycIdentity',
  method: 'POST',
  path: '/kyc/identity',
  summary: 'Level one (Iranian): national code and birth date, checked against the mobile’s owner',
  tags: ['kyc'],
  auth: 'session',
  body: submitIdentityBody,
  response: kycStateSchema,
  errors: [
    'UNAUTHENTICATED',
    'VALIDATION_FAILED',
    'NATIONAL_CODE_MISMATCH',
    'NATIONAL_CODE_TAKEN',
    'KYC_STATE_CONFLICT',
    'IDENTITY_INQUIRY_FAILED',
    'RATE_LIMITED',
  ],
});

export const uploadedFileSchema = z.object({
  fileId: z.string(),
  purpose: filePurposeSchema,
  mime: z.string(),
  size: z.number().int(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/**
 * The raw file is the request body (`Content-Type` its type; the server trusts only its magic bytes).
 * Declared without a body schema: the route reads the stream.
 */
export const uploadFile = defineEndpoint({
  id: 'uploadFile',
  method: 'POST',
  path: '/files',
  summary: 'Upload a KYC file or a deposit receipt (the raw bytes as the body)',
  tags: ['kyc'],
  auth: 'session',
  query: z.object({ purpose: filePurposeSchema }),
  response: uploadedFileSchema,
  successStatus: 201,
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'FILE_TYPE_INVALID', 'FILE_TOO_LARGE', 'RATE_LIMITED'],
});

/** The file's bytes (not JSON): its owner and operators with its purpose's `readPermission` only; anyone else 404. */
export const getFile = defineEndpoint({
  id: 'getFile',
  method: 'GET',
  path: '/files/:fileId',
  summary: 'An uploaded file, to its owner or an operator',
  tags: ['kyc'],
  auth: 'session',
  params: z.object({ fileId: z.uuid({ message: 'format' }) }),
  response: z.unknown(),
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND'],
});

const fileId = z.uuid({ message: 'format' });

export const submitVideo = defineEndpoint({
  id: 'submitKycVideo',
  method: 'POST',
  path: '/kyc/video',
  summary: 'Level two (Iranian): submit the uploaded video selfie for review',
  tags: ['kyc'],
  auth: 'session',
  body: z.object({ fileId }),
  response: kycStateSchema,
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND', 'FILE_TYPE_INVALID', 'KYC_STATE_CONFLICT'],
});

export const submitForeignBody = z.object({
  firstNameEn: englishNameSchema,
  lastNameEn: englishNameSchema,
  birthDate: birthDateSchema(),
  nationality: countryCodeSchema.refine((c) => c !== 'IR', { message: 'nationalityForeign' }),
  passportNumber: passportNumberSchema,
  passportImageFileId: fileId,
  videoFileId: fileId,
});
export type SubmitForeignBody = z.input<typeof submitForeignBody>;

export const submitForeign = defineEndpoint({
  id: 'submitKycForeign',
  method: 'POST',
  path: '/kyc/foreign',
  summary: 'Foreign investors: names in English, birth date, nationality, passport and video, for review',
  tags: ['kyc'],
  auth: 'session',
  body: submitForeignBody,
  response: kycStateSchema,
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND', 'FILE_TYPE_INVALID', 'KYC_STATE_CONFLICT'],
});
