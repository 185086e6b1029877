import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { SecurityEvent, SecurityEventType } from '@portal/contract/account/security';
import type { SessionInfo } from '@portal/contract/account/sessions';
import { AppError } from '@portal/contract/core/errors';
import type { Db } from '../../db/client';
import { auditLog, sessions, users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { InvalidationBus } from '../../lib/invalidation';
import { parseUserAgent } from '../../lib/user-agent';
import { revokeSession, revokeUserSessions } from '../../lib/sessions';

type Deps = { db: Db; bus: InvalidationBus };

export async function listSessions(db: Db, auth: { userId: string; sessionId: string }): Promise<SessionInfo[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, auth.userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt));
  return rows.map((r) => ({
    id: r.id,
    ...parseUserAgent(r.userAgent),
    ip: r.ip,
    createdAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    rememberMe: r.rememberMe,
    isCurrent: r.id === auth.sessionId,
  }));
}

/** Ends one of the user's sessions; another user's id is 404. */
export async function endSession(deps: Deps, auth: { userId: string; sessionId: string }, id: string, ip: string) {
  const ended = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, id), eq(sessions.userId, auth.userId), isNull(sessions.revokedAt)))
      .limit(1);
    if (!row) throw new AppError('NOT_FOUND');
    await revokeSession(tx, id);
    await writeAudit(tx, {
      action: 'account.session_ended',
      actorUserId: auth.userId,
      subjectType: 'session',
      subjectId: id,
      ip,
    });
    return id;
  });
  await deps.bus.publish({ kind: 'session', id: ended });
  return { ok: true as const, wasCurrent: id === auth.sessionId };
}

export async function endOtherSessions(deps: Deps, auth: { userId: string; sessionId: string }, ip: string) {
  const ids = await deps.db.transaction(async (tx) => {
    const ended = await revokeUserSessions(tx, auth.userId, auth.sessionId);
    await writeAudit(tx, {
      action: 'account.other_sessions_ended',
      actorUserId: auth.userId,
      ip,
      data: { count: ended.length },
    });
    return ended;
  });
  for (const id of ids) await deps.bus.publish({ kind: 'session', id });
  return { ended: ids.length };
}

/** Audit actions shown to the user, and what they are called there. */
const EVENT_OF: Record<string, SecurityEventType> = {
  'auth.signed_up': 'signed_up',
  'auth.logged_in': 'logged_in',
  'auth.login_failed': 'login_failed',
  'auth.totp_failed': 'login_failed',
  'auth.logged_out': 'logged_out',
  'auth.locked': 'locked',
  'auth.step_up': 'step_up',
  'account.password_set': 'password_set',
  'account.password_changed': 'password_changed',
  'account.password_reset': 'password_reset',
  'account.two_factor_enabled': 'two_factor_enabled',
  'account.two_factor_disabled': 'two_factor_disabled',
  'account.phone_changed': 'phone_changed',
  'account.email_verified': 'email_verified',
  'account.session_ended': 'session_ended',
  'account.other_sessions_ended': 'other_sessions_ended',
  'account.anti_phishing_set': 'anti_phishing_set',
  'account.anti_phishing_cleared': 'anti_phishing_cleared',
  // issue 15 (decision 029)
  'auth.recovery_code_used': 'recovery_code_used',
  'account.recovery_codes_generated': 'recovery_codes_generated',
  'auth.new_device_notice': 'new_device_notice',
};

export async function listSecurityEvents(
  db: Db,
  userId: string,
  query: { limit: number; before?: string | undefined },
): Promise<SecurityEvent[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.actorUserId, userId),
        inArray(auditLog.action, Object.keys(EVENT_OF)),
        query.before ? lt(auditLog.at, new Date(query.before)) : undefined,
      ),
    )
    .orderBy(desc(auditLog.at))
    .limit(query.limit);
  return rows.map((r) => {
    const data = r.data as { method?: unknown; step?: unknown; userAgent?: unknown; via?: unknown; use?: unknown };
    const device = parseUserAgent(typeof data.userAgent === 'string' ? data.userAgent : null);
    const method = data.method ?? data.step ?? data.via ?? data.use;
    return {
      id: r.id,
      type: EVENT_OF[r.action]!,
      at: r.at.toISOString(),
      ip: r.ip,
      browser: device.browser,
      os: device.os,
      method: typeof method === 'string' ? method : null,
    };
  });
}

export async function setAntiPhishingPhrase(deps: Deps, userId: string, phrase: string | null, ip: string) {
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ antiPhishingPhrase: phrase, updatedAt: new Date() }).where(eq(users.id, userId));
    await writeAudit(tx, {
      action: phrase ? 'account.anti_phishing_set' : 'account.anti_phishing_cleared',
      actorUserId: userId,
      ip,
    });
  });
  await deps.bus.publish({ kind: 'user', id: userId });
  return { ok: true as const };
}
