import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION } from '@portal/contract/core/constants';
import { AppError } from '@portal/contract/core/errors';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import { sha256 } from '../lib/crypto';
import type { InvalidationBus } from '../lib/invalidation';
import { createCoherentCache } from '../lib/ttl-cache';

/*
 * The request side of sessions: the session cookie, `requireSession` (the guard of every session route)
 * and `sessionOf`. Modules depend on this plugin, not on the auth module; the store (open, rotate, end)
 * is lib/sessions.ts. Decision 036.
 */

export interface SessionAuth {
  sessionId: string;
  userId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: SessionAuth | null;
  }
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
