/**
 * The operator console's API (`/api/admin/*`, issue 4, decision 014). Every endpoint names its
 * permission; investors and roles without it get 403 `FORBIDDEN`, operators without two-factor 403
 * `TWO_FACTOR_REQUIRED`. Every decision (KYC, freeze, note, role) is written to the audit log with the
 * operator's id.
 */
import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint';
import { sessionInfoSchema } from '../account/sessions';
import {
  KYC_REJECT_REASONS,
  KYC_SUBMISSION_KINDS,
  KYC_SUBMISSION_STATUSES,
  KYC_TRACKS,
  kycSubmissionSchema,
} from '../kyc/kyc';
import { PERMISSIONS, ROLES } from './roles';
import { textSchema } from '../core/text';
import { mobileInputSchema } from '../core/validation';
import { pageOf, pageQuery } from '../core/paging';

export const ADMIN_PAGE_SIZE = 20;

const userId = z.object({ userId: z.uuid({ message: 'format' }) });
const forbidden = ['UNAUTHENTICATED', 'FORBIDDEN', 'TWO_FACTOR_REQUIRED'] as const;

export const adminMe = defineEndpoint({
  id: 'adminMe',
  method: 'GET',
  path: '/admin/me',
  summary: 'The operator: role and permissions (the console shows what they allow)',
  tags: ['admin'],
  auth: 'session',
  permission: 'users.read',
  response: z.object({
    id: z.string(),
    role: z.enum(ROLES),
    permissions: z.array(z.enum(PERMISSIONS)),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
  }),
  errors: forbidden,
});

export const adminUserRowSchema = z.object({
  id: z.string(),
  mobile: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  nationalCode: z.string().nullable(),
  kycLevel: z.number().int(),
  role: z.enum(ROLES),
  isFrozen: z.boolean(),
  createdAt: z.string(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

/** `q`: part of a mobile (any digits, `09…` or `+98…`), a name, or a national code. Newest first. */
export const searchUsers = defineEndpoint({
  id: 'adminSearchUsers',
  method: 'GET',
  path: '/admin/users',
  summary: 'Search users by mobile, name or national code',
  tags: ['admin'],
  auth: 'session',
  permission: 'users.read',
  query: pageQuery({ q: textSchema().max(100).optional() }),
  response: pageOf(adminUserRowSchema),
  errors: [...forbidden, 'VALIDATION_FAILED'],
});

export const adminNoteSchema = z.object({
  id: z.string(),
  text: z.string(),
  authorId: z.string(),
  authorName: z.string().nullable(),
  createdAt: z.string(),
});

export const adminUserDetailSchema = z.object({
  user: adminUserRowSchema.extend({
    email: z.string().nullable(),
    birthDate: z.string().nullable(),
    kycTrack: z.enum(KYC_TRACKS).nullable(),
    shahkarPassed: z.boolean(),
    twoFactorEnabled: z.boolean(),
    frozenReason: z.string().nullable(),
    frozenAt: z.string().nullable(),
    /** Foreign investors, after approval. */
    firstNameEn: z.string().nullable(),
    lastNameEn: z.string().nullable(),
    nationality: z.string().nullable(),
    passportNumber: z.string().nullable(),
  }),
  kycSubmissions: z.array(kycSubmissionSchema.extend({ reviewerId: z.string().nullable() })),
  sessions: z.array(sessionInfoSchema.omit({ isCurrent: true }).extend({ revokedAt: z.string().nullable() })),
  notes: z.array(adminNoteSchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const getUser = defineEndpoint({
  id: 'adminGetUser',
  method: 'GET',
  path: '/admin/users/:userId',
  summary: 'A user: profile, KYC state and history, sessions, notes',
  tags: ['admin'],
  auth: 'session',
  permission: 'users.read',
  params: userId,
  response: adminUserDetailSchema,
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND'],
});

const reasonText = textSchema({ multiline: true }).min(3, { message: 'min' }).max(500, { message: 'max' });

export const addUserNote = defineEndpoint({
  id: 'adminAddUserNote',
  method: 'POST',
  path: '/admin/users/:userId/notes',
  summary: 'Add an internal note to a user',
  tags: ['admin'],
  auth: 'session',
  permission: 'users.note',
  params: userId,
  body: z.object({
    text: textSchema({ multiline: true }).min(1, { message: 'required' }).max(2000, { message: 'max' }),
  }),
  response: adminNoteSchema,
  successStatus: 201,
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND', 'OPERATOR_OWN_ACCOUNT'],
});

/**
 * A frozen account can log in and look, not move money (`ACCOUNT_FROZEN`). A frozen operator also loses the
 * console, reads included, and their sessions end (decision 028).
 */
export const freezeUser = defineEndpoint({
  id: 'adminFreezeUser',
  method: 'POST',
  path: '/admin/users/:userId/freeze',
  summary: 'Freeze an account',
  tags: ['admin'],
  auth: 'session',
  permission: 'users.freeze',
  params: userId,
  body: z.object({ reason: reasonText }),
  response: z.object({ ok: z.literal(true) }),
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT', 'OPERATOR_OWN_ACCOUNT'],
});

export const unfreezeUser = defineEndpoint({
  id: 'adminUnfreezeUser',
  method: 'POST',
  path: '/admin/users/:userId/unfreeze',
  summary: 'Unfreeze an account',
  tags: ['admin'],
  auth: 'session',
  permission: 'users.freeze',
  params: userId,
  body: z.object({ reason: reasonText }),
  response: z.object({ ok: z.literal(true) }),
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT', 'OPERATOR_OWN_ACCOUNT'],
});

/** Admins make and unmake operators; nobody changes their own role. */
export const setUserRole = defineEndpoint({
  id: 'adminSetUserRole',
  method: 'POST',
  path: '/admin/users/:userId/role',
  summary: 'Change a user’s role',
  tags: ['admin'],
  auth: 'session',
  permission: 'users.role',
  params: userId,
  body: z.object({ role: z.enum(ROLES) }),
  response: z.object({ ok: z.literal(true) }),
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT', 'OPERATOR_OWN_ACCOUNT'],
});

/**
 * An admin recovers an operator who lost their authenticator (issue 15, decision 011): the operator's
 * two-factor is reset and every session of theirs ends; at their next login (password or code) the
 * console answers `TWO_FACTOR_REQUIRED` until they set up a new authenticator. Operators cannot do this by
 * phone (`OPERATOR_RECOVERY_BY_ADMIN`). Four eyes: never on one's own account (`OPERATOR_OWN_ACCOUNT`).
 * `CONFLICT`: the user is an investor (who recovers by phone).
 */
export const recoverOperator = defineEndpoint({
  id: 'adminRecoverOperator',
  method: 'POST',
  path: '/admin/users/:userId/recover',
  summary: 'Reset an operator’s two-factor and end their sessions (they set up a new authenticator)',
  tags: ['admin'],
  auth: 'session',
  permission: 'operators.recover',
  params: userId,
  body: z.object({ reason: reasonText }),
  response: z.object({ ok: z.literal(true) }),
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT', 'OPERATOR_OWN_ACCOUNT'],
});

export const adminKycRowSchema = z.object({
  id: z.string(),
  kind: z.enum(KYC_SUBMISSION_KINDS),
  status: z.enum(KYC_SUBMISSION_STATUSES),
  createdAt: z.string(),
  user: z.object({
    id: z.string(),
    mobile: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
  }),
});
export type AdminKycRow = z.infer<typeof adminKycRowSchema>;

/** Pending submissions oldest first (the queue); decided ones newest first. */
export const listKyc = defineEndpoint({
  id: 'adminListKyc',
  method: 'GET',
  path: '/admin/kyc',
  summary: 'The KYC queue',
  tags: ['admin'],
  auth: 'session',
  permission: 'kyc.read',
  query: pageQuery({ status: z.enum(KYC_SUBMISSION_STATUSES).default('pending') }),
  response: pageOf(adminKycRowSchema),
  errors: [...forbidden, 'VALIDATION_FAILED'],
});

export const adminKycDetailSchema = adminKycRowSchema.extend({
  rejectReason: z.enum(KYC_REJECT_REASONS).nullable(),
  reviewedAt: z.string().nullable(),
  reviewerId: z.string().nullable(),
  /** What was submitted: identity (nationalCode, birthDate) or foreign (names, birthDate, nationality, passportNumber). */
  data: z.record(z.string(), z.string()),
  /** `GET /api/files/:id` serves these to the operator. */
  videoFileId: z.string().nullable(),
  passportImageFileId: z.string().nullable(),
  /** The user's verified identity, to compare against the video (Iranian track). */
  userIdentity: z.object({ nationalCode: z.string().nullable(), birthDate: z.string().nullable() }),
});
export type AdminKycDetail = z.infer<typeof adminKycDetailSchema>;

const submissionId = z.object({ submissionId: z.uuid({ message: 'format' }) });

export const getKycSubmission = defineEndpoint({
  id: 'adminGetKycSubmission',
  method: 'GET',
  path: '/admin/kyc/:submissionId',
  summary: 'One submission with its data and files',
  tags: ['admin'],
  auth: 'session',
  permission: 'kyc.read',
  params: submissionId,
  response: adminKycDetailSchema,
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND'],
});

export const approveKyc = defineEndpoint({
  id: 'adminApproveKyc',
  method: 'POST',
  path: '/admin/kyc/:submissionId/approve',
  summary: 'Approve a submission (level two)',
  tags: ['admin'],
  auth: 'session',
  permission: 'kyc.review',
  params: submissionId,
  response: adminKycDetailSchema,
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND', 'KYC_ALREADY_REVIEWED', 'OPERATOR_OWN_ACCOUNT'],
});

export const rejectKyc = defineEndpoint({
  id: 'adminRejectKyc',
  method: 'POST',
  path: '/admin/kyc/:submissionId/reject',
  summary: 'Reject a submission with a reason the investor sees',
  tags: ['admin'],
  auth: 'session',
  permission: 'kyc.review',
  params: submissionId,
  body: z.object({
    reason: z.enum(KYC_REJECT_REASONS, { message: 'select' }),
    /** Internal: operators read it, the investor does not. */
    comment: textSchema({ multiline: true }).max(500, { message: 'max' }).optional(),
  }),
  response: adminKycDetailSchema,
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND', 'KYC_ALREADY_REVIEWED', 'OPERATOR_OWN_ACCOUNT'],
});

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorUserId: z.string().nullable(),
  actorMobile: z.string().nullable(),
  action: z.string(),
  subjectType: z.string().nullable(),
  subjectId: z.string().nullable(),
  ip: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/**
 * Filters: `userId` (the subject user, or the actor when they acted on themselves), `actorId` (who
 * did it), `mobile` (the user with this mobile, as typed in any digits: what was done about them and
 * what they did; a number no user has matches nothing), `action` (a name the contract declares matches
 * itself only; anything else, e.g. the group `kyc.` or an older name, is a prefix), `from`/`to` (ISO
 * dates, inclusive, `from` not after `to`: rule `dateOrder`). Newest first.
 */
export const searchAuditQuery = pageQuery({
  userId: z.uuid({ message: 'format' }).optional(),
  actorId: z.uuid({ message: 'format' }).optional(),
  mobile: mobileInputSchema().optional(),
  action: textSchema().max(64, { message: 'max' }).optional(),
  from: z.iso.date({ message: 'date' }).optional(),
  to: z.iso.date({ message: 'date' }).optional(),
}).refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'dateOrder', path: ['to'] });
export type SearchAuditQuery = z.input<typeof searchAuditQuery>;

export const searchAudit = defineEndpoint({
  id: 'adminSearchAudit',
  method: 'GET',
  path: '/admin/audit',
  summary: 'Search the audit log',
  tags: ['admin'],
  auth: 'session',
  permission: 'audit.read',
  query: searchAuditQuery,
  response: pageOf(auditEntrySchema),
  errors: [...forbidden, 'VALIDATION_FAILED'],
});
