import { eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_PAGE_SIZE,
  type AdminKycDetail,
  type AdminUserDetail,
  type AdminUserRow,
  type AuditEntry,
} from '@portal/contract/admin/admin';
import { isOperatorRole, ROLE_PERMISSIONS, type Role } from '@portal/contract/admin/roles';
import { isAuditAction } from '@portal/contract/admin/audit';
import { normalizeDigits } from '@portal/contract/core/digits';
import { AppError } from '@portal/contract/core/errors';
import type { KycRejectReason } from '@portal/contract/kyc/kyc';
import type { Db, DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { InvalidationBus } from '../../lib/invalidation';
import { parseUserAgent } from '../../lib/user-agent';
import { resetFailures } from '../auth/lockout';
import { deleteRecoveryCodes } from '../auth/recovery-codes';
import { startSensitiveChangeHold } from '../../lib/withdrawal-hold';
import { revokeUserSessions } from '../../lib/sessions';
import type { Access } from '../../plugins/access';
import { findUser, type UserRow } from '../users/users.repository';
import * as repo from './admin.repository';

export interface AdminServiceDeps {
  db: Db;
  bus: InvalidationBus;
  now?: () => Date;
}

/** Who acts, from where: the operator of the request and its address (for the audit log). */
export interface Actor {
  operator: Access;
  ip: string | null;
}

const nowOf = (deps: AdminServiceDeps) => deps.now?.() ?? new Date();
const pageOf = (page: number) => ({ limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE });
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function getAdminMe(db: Db, operator: Access) {
  const u = await findUser(db, operator.userId);
  if (!u) throw new AppError('UNAUTHENTICATED');
  return {
    id: u.id,
    role: u.role,
    permissions: [...ROLE_PERMISSIONS[u.role]],
    firstName: u.firstName,
    lastName: u.lastName,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The digits of a mobile as stored after `+98`, from how an operator may type it: `0912…`, `912…`,
 * `+98912…`, `0098912…` or `98912…` (a full number). Empty when nothing is left.
 */
export function mobileSearchDigits(compact: string): string {
  if (compact.startsWith('+98')) return compact.slice(3);
  if (compact.startsWith('0098')) return compact.slice(4);
  if (compact.startsWith('+')) return compact.slice(1);
  if (/^989\d{9}$/.test(compact)) return compact.slice(2);
  if (compact.startsWith('0')) return compact.slice(1);
  return compact;
}

/**
 * `q` of the user search: part of a mobile (in any digits and spelling), of a first or last name (or
 * both, "first last"), of a national code, or a user id. Undefined: everyone.
 */
export function userSearchCondition(raw: string | undefined): SQL | undefined {
  const q = normalizeDigits(raw ?? '')
    .trim()
    .replace(/ي/g, 'ی')
    .replace(/ك/g, 'ک');
  if (!q) return undefined;
  const conditions: SQL[] = [];
  const compact = q.replace(/[\s\-().\u200c\u200e\u200f]/g, '');
  if (/^\+?\d+$/.test(compact)) {
    const digits = compact.replace(/^\+/, '');
    conditions.push(sql`${users.nationalCode} like ${`%${digits}%`}`);
    const mobile = mobileSearchDigits(compact);
    if (mobile) conditions.push(sql`${users.mobile} like ${`%${mobile}%`}`);
  }
  if (UUID.test(q)) conditions.push(eq(users.id, q.toLowerCase()));
  const pattern = `%${repo.escapeLike(q)}%`;
  conditions.push(
    ilike(users.firstName, pattern),
    ilike(users.lastName, pattern),
    sql`(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')) ilike ${pattern}`,
  );
  return or(...conditions);
}

const userRow = (u: UserRow): AdminUserRow => ({
  id: u.id,
  mobile: u.mobile,
  firstName: u.firstName,
  lastName: u.lastName,
  nationalCode: u.nationalCode,
  kycLevel: u.kycLevel,
  role: u.role,
  isFrozen: u.frozenAt !== null,
  createdAt: u.createdAt.toISOString(),
});

export async function searchUsers(db: Db, query: { q?: string | undefined; page: number }) {
  const { rows, total } = await repo.searchUsers(db, userSearchCondition(query.q), pageOf(query.page));
  return { items: rows.map(userRow), total, page: query.page, pageSize: ADMIN_PAGE_SIZE };
}

const fullName = (first: string | null, last: string | null) =>
  [first, last].filter((s): s is string => !!s).join(' ') || null;

export async function getUserDetail(db: Db, userId: string): Promise<AdminUserDetail> {
  const u = await findUser(db, userId);
  if (!u) throw new AppError('NOT_FOUND');
  const [submissions, sessionRows, notes] = await Promise.all([
    repo.listUserSubmissions(db, userId),
    repo.listUserSessions(db, userId),
    repo.listUserNotes(db, userId),
  ]);
  return {
    user: {
      ...userRow(u),
      email: u.email,
      birthDate: u.birthDate,
      kycTrack: u.kycTrack,
      shahkarPassed: u.shahkarPassed,
      twoFactorEnabled: u.twoFactorSecret !== null,
      frozenReason: u.frozenReason,
      frozenAt: iso(u.frozenAt),
      firstNameEn: u.firstNameEn,
      lastNameEn: u.lastNameEn,
      nationality: u.nationality,
      passportNumber: u.passportNumber,
    },
    kycSubmissions: submissions.map((s) => ({
      id: s.id,
      kind: s.kind,
      status: s.status,
      rejectReason: (s.rejectReason as KycRejectReason | null) ?? null,
      createdAt: s.createdAt.toISOString(),
      reviewedAt: iso(s.reviewedAt),
      reviewerId: s.reviewerId,
    })),
    sessions: sessionRows.map((s) => ({
      id: s.id,
      ...parseUserAgent(s.userAgent),
      ip: s.ip,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      rememberMe: s.rememberMe,
      revokedAt: iso(s.revokedAt),
    })),
    notes: notes.map((n) => ({
      id: n.id,
      text: n.text,
      authorId: n.authorId,
      authorName: fullName(n.authorFirstName, n.authorLastName),
      createdAt: n.createdAt.toISOString(),
    })),
  };
}

export async function addUserNote(deps: AdminServiceDeps, actor: Actor, userId: string, text: string) {
  const now = nowOf(deps);
  const note = await deps.db.transaction(async (tx) => {
    const u = await findUser(tx, userId);
    if (!u) throw new AppError('NOT_FOUND');
    const row = await repo.insertNote(tx, { userId, authorId: actor.operator.userId, text, createdAt: now });
    await writeAudit(tx, {
      action: 'admin.note_added',
      actorUserId: actor.operator.userId,
      subjectType: 'user',
      subjectId: userId,
      ip: actor.ip,
      data: { noteId: row.id },
    });
    return row;
  });
  const author = await findUser(deps.db, actor.operator.userId);
  return {
    id: note.id,
    text: note.text,
    authorId: note.authorId,
    authorName: author ? fullName(author.firstName, author.lastName) : null,
    createdAt: note.createdAt.toISOString(),
  };
}

/**
 * The target of an operator's action on an account, locked: an operator or admin only by an admin (403).
 * The operator's own account (and one sharing a bank account or payment ID with them) was refused by the
 * four-eyes guard (`OPERATOR_OWN_ACCOUNT`, decision 028).
 */
async function lockTarget(tx: DbOrTx, actor: Actor, userId: string) {
  const u = await findUser(tx, userId, { lock: 'update' });
  if (!u) throw new AppError('NOT_FOUND');
  if (u.role !== 'investor' && actor.operator.role !== 'admin') {
    throw new AppError('FORBIDDEN', 'Only an admin acts on an operator’s account');
  }
  return u;
}

/**
 * Freezes (`frozen: true`) or unfreezes an account. A frozen investor can log in and look, not move
 * money. A frozen operator has no console power at all and their sessions end now, on every instance
 * (issue 15, decision 028).
 */
export async function setFrozen(
  deps: AdminServiceDeps,
  actor: Actor,
  input: { userId: string; frozen: boolean; reason: string },
) {
  const now = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    const u = await lockTarget(tx, actor, input.userId);
    if ((u.frozenAt !== null) === input.frozen) {
      throw new AppError('CONFLICT', input.frozen ? 'The account is already frozen' : 'The account is not frozen');
    }
    await repo.updateUser(tx, u.id, {
      frozenAt: input.frozen ? now : null,
      frozenReason: input.frozen ? input.reason : null,
      updatedAt: now,
    });
    const ended = input.frozen && u.role !== 'investor' ? await revokeUserSessions(tx, u.id) : [];
    await writeAudit(tx, {
      action: input.frozen ? 'admin.user_frozen' : 'admin.user_unfrozen',
      actorUserId: actor.operator.userId,
      subjectType: 'user',
      subjectId: u.id,
      ip: actor.ip,
      data: { reason: input.reason, ...(ended.length > 0 ? { sessionsEnded: ended.length } : {}) },
    });
  });
  // Every instance forgets the user's access and sessions (an operator's were ended above).
  await deps.bus.publish({ kind: 'user', id: input.userId });
  return { ok: true as const };
}

/**
 * An admin makes or unmakes an operator. Nobody changes their own role: the four-eyes guard refused it
 * (`OPERATOR_OWN_ACCOUNT`, decision 028).
 */
export async function setUserRole(deps: AdminServiceDeps, actor: Actor, input: { userId: string; role: Role }) {
  const now = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    const u = await findUser(tx, input.userId, { lock: 'update' });
    if (!u) throw new AppError('NOT_FOUND');
    if (u.role === input.role) throw new AppError('CONFLICT', 'The user already has this role');
    await repo.updateUser(tx, u.id, { role: input.role, updatedAt: now });
    await writeAudit(tx, {
      action: 'admin.role_changed',
      actorUserId: actor.operator.userId,
      subjectType: 'user',
      subjectId: u.id,
      ip: actor.ip,
      data: { from: u.role, to: input.role },
    });
  });
  await deps.bus.publish({ kind: 'user', id: input.userId });
  return { ok: true as const };
}

/**
 * An admin recovers an operator who lost their authenticator (issue 15, decision 011): the two-factor
 * secret, its lock and its recovery codes are reset, withdrawals are held for 24 hours, and every session
 * of theirs ends, in one transaction with its audit record. At the next login the console answers `TWO_FACTOR_REQUIRED` until the operator sets up a new
 * authenticator. Never one's own account (`OPERATOR_OWN_ACCOUNT`); an investor recovers by phone (409).
 */
export async function recoverOperator(deps: AdminServiceDeps, actor: Actor, input: { userId: string; reason: string }) {
  const now = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    const u = await findUser(tx, input.userId, { lock: 'update' });
    if (!u) throw new AppError('NOT_FOUND');
    if (u.id === actor.operator.userId) {
      throw new AppError('OPERATOR_OWN_ACCOUNT', 'Another admin recovers your account');
    }
    if (!isOperatorRole(u.role)) throw new AppError('CONFLICT', 'An investor recovers two-factor by phone');
    await repo.updateUser(tx, u.id, {
      twoFactorSecret: null,
      twoFactorPendingSecret: null,
      twoFactorLastStep: null,
      updatedAt: now,
    });
    await resetFailures(tx, 'totp', u.id);
    // The old authenticator's recovery codes go with it; withdrawals wait 24 hours (decision 029).
    await deleteRecoveryCodes(tx, u.id);
    await startSensitiveChangeHold(tx, u.id, 'two_factor_recovered', now);
    const ended = await revokeUserSessions(tx, u.id);
    await writeAudit(tx, {
      action: 'admin.operator_recovered',
      actorUserId: actor.operator.userId,
      subjectType: 'user',
      subjectId: u.id,
      ip: actor.ip,
      data: { reason: input.reason, hadTwoFactor: u.twoFactorSecret !== null, sessionsEnded: ended.length },
    });
  });
  // Every instance forgets the operator's sessions and access (two-factor off: the console refuses them).
  await deps.bus.publish({ kind: 'user', id: input.userId });
  return { ok: true as const };
}

export async function listKyc(db: Db, query: { status: 'pending' | 'approved' | 'rejected'; page: number }) {
  const { rows, total } = await repo.listSubmissions(db, query.status, pageOf(query.page));
  return {
    items: rows.map(({ submission: s, user }) => ({
      id: s.id,
      kind: s.kind,
      status: s.status,
      createdAt: s.createdAt.toISOString(),
      user,
    })),
    total,
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}

const stringsOf = (data: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries((data ?? {}) as Record<string, unknown>).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  );

export async function getKycDetail(tx: DbOrTx, submissionId: string): Promise<AdminKycDetail> {
  const s = await repo.findSubmission(tx, submissionId);
  if (!s) throw new AppError('NOT_FOUND');
  const u = await findUser(tx, s.userId);
  if (!u) throw new AppError('NOT_FOUND');
  return {
    id: s.id,
    kind: s.kind,
    status: s.status,
    createdAt: s.createdAt.toISOString(),
    user: { id: u.id, mobile: u.mobile, firstName: u.firstName, lastName: u.lastName },
    rejectReason: (s.rejectReason as KycRejectReason | null) ?? null,
    reviewedAt: iso(s.reviewedAt),
    reviewerId: s.reviewerId,
    data: stringsOf(s.data),
    videoFileId: s.videoFileId,
    passportImageFileId: s.passportImageFileId,
    userIdentity: { nationalCode: u.nationalCode, birthDate: u.birthDate },
  };
}

export type KycDecision = { approve: true } | { approve: false; reason: KycRejectReason; comment?: string | undefined };

/**
 * An operator's decision on a pending video or foreign submission, under the submission's row lock: of
 * two operators deciding at once, exactly one wins; the other gets `KYC_ALREADY_REVIEWED`. Approval gives
 * level two (a foreign approval also puts the passport identity on file); a rejection leaves the level as
 * it was, so the investor can try again. The decision is audited with the operator as actor.
 */
export async function decideKyc(
  deps: AdminServiceDeps,
  actor: Actor,
  submissionId: string,
  decision: KycDecision,
): Promise<AdminKycDetail> {
  const now = nowOf(deps);
  const { userId, detail } = await deps.db.transaction(async (tx) => {
    const s = await repo.findSubmission(tx, submissionId, true);
    if (!s) throw new AppError('NOT_FOUND');
    if (s.status !== 'pending') throw new AppError('KYC_ALREADY_REVIEWED', 'This submission was already decided');
    if (s.kind === 'identity') throw new AppError('NOT_FOUND');
    await repo.updateSubmission(tx, s.id, {
      status: decision.approve ? 'approved' : 'rejected',
      reviewerId: actor.operator.userId,
      reviewedAt: now,
      ...(decision.approve ? {} : { rejectReason: decision.reason, reviewComment: decision.comment ?? null }),
    });
    if (decision.approve) {
      const data = stringsOf(s.data);
      await repo.updateUser(
        tx,
        s.userId,
        s.kind === 'foreign'
          ? {
              kycLevel: 2,
              kycTrack: 'foreign',
              firstNameEn: data.firstNameEn ?? null,
              lastNameEn: data.lastNameEn ?? null,
              birthDate: data.birthDate ?? null,
              nationality: data.nationality ?? null,
              passportNumber: data.passportNumber ?? null,
              updatedAt: now,
            }
          : { kycLevel: 2, updatedAt: now },
      );
    }
    await writeAudit(tx, {
      action: decision.approve ? 'kyc.approved' : 'kyc.rejected',
      actorUserId: actor.operator.userId,
      subjectType: 'user',
      subjectId: s.userId,
      ip: actor.ip,
      data: { submissionId: s.id, kind: s.kind, reason: decision.approve ? null : decision.reason },
    });
    return { userId: s.userId, detail: await getKycDetail(tx, s.id) };
  });
  await deps.bus.publish({ kind: 'user', id: userId });
  return detail;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const startOfDay = (isoDate: string) => new Date(`${isoDate}T00:00:00.000Z`);

export async function searchAudit(
  db: Db,
  query: {
    userId?: string | undefined;
    actorId?: string | undefined;
    /** E.164, as the contract normalised it. */
    mobile?: string | undefined;
    action?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
    page: number;
  },
) {
  let involvedUserId: string | undefined;
  if (query.mobile) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, query.mobile)).limit(1);
    // A number no user has: nothing was done about it (the log names users by id).
    if (!user) return { items: [], total: 0, page: query.page, pageSize: ADMIN_PAGE_SIZE };
    involvedUserId = user.id;
  }
  const action = query.action || undefined;
  const { rows, total } = await repo.searchAudit(
    db,
    {
      userId: query.userId,
      actorId: query.actorId,
      involvedUserId,
      // A declared name is one event; anything else (a group `kyc.`, an older name) a prefix.
      action: action && isAuditAction(action) ? action : undefined,
      actionPrefix: action && !isAuditAction(action) ? action : undefined,
      from: query.from ? startOfDay(query.from) : undefined,
      before: query.to ? new Date(startOfDay(query.to).getTime() + DAY_MS) : undefined,
    },
    pageOf(query.page),
  );
  const items: AuditEntry[] = rows.map(({ entry: e, actorMobile }) => ({
    id: e.id,
    at: e.at.toISOString(),
    actorUserId: e.actorUserId,
    actorMobile: actorMobile ?? null,
    action: e.action,
    subjectType: e.subjectType,
    subjectId: e.subjectId,
    ip: e.ip,
    data: (e.data ?? {}) as Record<string, unknown>,
  }));
  return { items, total, page: query.page, pageSize: ADMIN_PAGE_SIZE };
}
