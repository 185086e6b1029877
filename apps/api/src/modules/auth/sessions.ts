import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION, STEP_UP } from '@portal/contract/core/constants';
import { AppError } from '@portal/contract/core/errors';
import type { Db, DbOrTx } from '../../db/client';
import type { InvalidationBus } from '../../lib/invalidation';
import { createCoherentCache } from '../../lib/ttl-cache';
import { sessions } from '../../db/schema';
import { randomToken, sha256 } from '../../lib/crypto';

export interface SessionAuth {
  sessionId: string;
  userId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: SessionAuth | null;
  }
}

/** A new session: a fresh token (so logging in always rotates the id), authenticated now. */
export async function createSession(
  tx: DbOrTx,
  input: {
    userId: string;
    rememberMe: boolean;
    ip: string | null;
    userAgent: string | null;
    /** The SHA-256 of the browser's device cookie (`deviceHashOf`), when it has one. */
    deviceHash?: string | null;
    expiresAt?: Date;
    /** The service clock's now (step-up is measured from it). */
    authenticatedAt?: Date;
  },
): Promise<{ token: string; expiresAt: Date; sessionId: string }> {
  const token = randomToken(32);
  const ttl = input.rememberMe ? SESSION.rememberMeTtlSeconds : SESSION.ttlSeconds;
  const expiresAt = input.expiresAt ?? new Date(Date.now() + ttl * 1000);
  const [row] = await tx
    .insert(sessions)
    .values({
      tokenHash: sha256(token),
      userId: input.userId,
      expiresAt,
      ip: input.ip,
      userAgent: input.userAgent,
      deviceHash: input.deviceHash ?? null,
      rememberMe: input.rememberMe,
      ...(input.authenticatedAt ? { authenticatedAt: input.authenticatedAt } : {}),
    })
    .returning({ id: sessions.id });
  return { token, expiresAt, sessionId: row!.id };
}

/**
 * Replaces a session by a new one with a new token (privilege change: step-up, password change), keeping
 * its absolute expiry; the old one is revoked. The caller publishes `{ kind: 'session', id: old }`.
 */
export async function rotateSession(
  tx: DbOrTx,
  sessionId: string,
  input: { ip: string | null; userAgent: string | null },
): Promise<{ token: string; expiresAt: Date; sessionId: string; rememberMe: boolean }> {
  const [old] = await tx.select().from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  if (!old || old.revokedAt) throw new AppError('UNAUTHENTICATED');
  await revokeSession(tx, sessionId);
  const next = await createSession(tx, {
    userId: old.userId,
    rememberMe: old.rememberMe,
    ip: input.ip,
    userAgent: input.userAgent,
    deviceHash: old.deviceHash,
    expiresAt: old.expiresAt,
    authenticatedAt: old.authenticatedAt,
  });
  return { ...next, rememberMe: old.rememberMe };
}

/** Revokes every live session of a user but `except`; answers the revoked ids (publish them). */
export async function revokeUserSessions(tx: DbOrTx, userId: string, except?: string): Promise<string[]> {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), except ? ne(sessions.id, except) : undefined))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

/** When the session last proved its user (login or step-up); null when it is not live. */
export async function authenticatedAtOf(tx: DbOrTx, sessionId: string): Promise<Date | null> {
  const [row] = await tx
    .select({ at: sessions.authenticatedAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .limit(1);
  return row?.at ?? null;
}

export async function revokeSession(tx: DbOrTx, sessionId: string): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export interface CookieOptions {
  secure: boolean | 'auto';
}

/** Whether a cookie of this request is `Secure` (`auto`: when the request came over HTTPS). */
export function isSecure(request: FastifyRequest, opt: boolean | 'auto'): boolean {
  return opt === 'auto' ? request.protocol === 'https' : opt;
}

export function setSessionCookie(
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
  rememberMe: boolean,
  opts: CookieOptions,
) {
  reply.setCookie(SESSION.cookieName, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(reply.request, opts.secure),
    path: '/',
    ...(rememberMe ? { expires: expiresAt } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply, opts: CookieOptions) {
  reply.clearCookie(SESSION.cookieName, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(reply.request, opts.secure),
    path: '/',
  });
}

/**
 * The device cookie: a random token the browser keeps for a year, set at every login. The sessions it
 * opened (`sessions.device_hash`) make it one of the account's known devices (sources.ts, decision 009).
 * Sent to the API only, never readable by scripts.
 */
export const DEVICE_COOKIE = { name: 'portal_device', maxAgeSeconds: 365 * 86_400, path: '/api' } as const;

/** The device token a request carries, when it is well formed (a forged one is simply no device). */
export function deviceTokenOf(request: FastifyRequest): string | null {
  const token = request.cookies[DEVICE_COOKIE.name];
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

/** A new device token, for a browser that has none. */
export const newDeviceToken = () => randomToken(32);

export function setDeviceCookie(reply: FastifyReply, token: string, opts: CookieOptions) {
  reply.setCookie(DEVICE_COOKIE.name, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(reply.request, opts.secure),
    path: DEVICE_COOKIE.path,
    maxAge: DEVICE_COOKIE.maxAgeSeconds,
  });
}

/** How long one instance may answer from its copy of a session before it reads the database again. */
export const SESSION_CACHE_TTL_MS = 30_000;

interface CachedSession extends SessionAuth {
  expiresAt: number;
  /** When the session ends without a request (idle timeout, decision 008). */
  idleUntil: number;
}

const idleMs = (rememberMe: boolean) => (rememberMe ? SESSION.rememberMeIdleSeconds : SESSION.idleSeconds) * 1000;

/**
 * Live sessions by token hash, as a short-lived copy. Revocation (logout, password or phone change,
 * "end all") publishes on the bus after its transaction commits, and every instance forgets the
 * session at once; the TTL bounds anything else (and a lost bus connection clears all).
 */
export function createSessionCache(bus: InvalidationBus) {
  return createCoherentCache<string, CachedSession>(bus, {
    ttlMs: SESSION_CACHE_TTL_MS,
    max: 50_000,
    forgets: (m, s) => (m.kind === 'session' ? s.sessionId === m.id : s.userId === m.id),
  });
}

/**
 * Resolves session cookies to live sessions; touches `last_seen_at` at most once a minute. Both
 * statements are built once and prepared (named): the lookup runs on nearly every request.
 */
function sessionFinder(db: Db): (token: string) => Promise<CachedSession | null> {
  const byTokenHash = db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      rememberMe: sessions.rememberMe,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        // idle timeout: 30 minutes, 7 days with remember-me
        or(
          and(
            eq(sessions.rememberMe, false),
            gt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${SESSION.idleSeconds})`),
          ),
          and(
            eq(sessions.rememberMe, true),
            gt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${SESSION.rememberMeIdleSeconds})`),
          ),
        ),
      ),
    )
    .limit(1)
    .prepare('portal_find_session');
  const touch = db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .prepare('portal_touch_session');
  return async (token) => {
    const [row] = await byTokenHash.execute({ tokenHash: sha256(token) });
    if (!row) return null;
    let lastSeen = row.lastSeenAt.getTime();
    if (Date.now() - lastSeen > 60_000) {
      await touch.execute({ sessionId: row.sessionId });
      lastSeen = Date.now();
    }
    return {
      sessionId: row.sessionId,
      userId: row.userId,
      expiresAt: row.expiresAt.getTime(),
      idleUntil: lastSeen + idleMs(row.rememberMe),
    };
  };
}

export const sessionsPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db; bus: InvalidationBus }) => {
    app.decorateRequest('auth', null);
    const cache = createSessionCache(opts.bus);
    const findSession = sessionFinder(opts.db);
    app.addHook('onClose', async () => cache.unsubscribe());
    app.decorate('requireSession', async (request: FastifyRequest) => {
      const token = request.cookies[SESSION.cookieName];
      // A forged or malformed cookie is simply not a session.
      if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) throw new AppError('UNAUTHENTICATED');
      const found = await cache.get(
        sha256(token),
        () => findSession(token),
        (s) => s.expiresAt > Date.now() && s.idleUntil > Date.now(),
      );
      if (!found) throw new AppError('UNAUTHENTICATED');
      request.auth = { sessionId: found.sessionId, userId: found.userId };
    });
  },
  { name: 'sessions', dependencies: ['@fastify/cookie'] },
);

/** The signed-in user of a session route (the guard has run). */
export function sessionOf(request: FastifyRequest): SessionAuth {
  if (!request.auth) throw new AppError('UNAUTHENTICATED');
  return request.auth;
}

/** Refuses a sensitive change unless the session authenticated within the step-up window (decision 008). */
export async function assertRecentAuth(tx: DbOrTx, sessionId: string, now: Date): Promise<void> {
  const at = await authenticatedAtOf(tx, sessionId);
  if (!at) throw new AppError('UNAUTHENTICATED');
  if (now.getTime() - at.getTime() > STEP_UP.windowSeconds * 1000) {
    throw new AppError('STEP_UP_REQUIRED', 'Authenticate again to do this');
  }
}
