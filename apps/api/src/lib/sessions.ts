import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { SESSION, STEP_UP } from '@portal/contract/core/constants';
import { AppError } from '@portal/contract/core/errors';
import type { DbOrTx } from '../db/client';
import { sessions } from '../db/schema';
import { randomToken, sha256 } from './crypto';

/*
 * The session store: opening, rotating and ending sessions, and the step-up check. Shared by every module
 * that signs in, changes credentials or ends sessions (auth, account, admin); the request side (the cookie
 * and `requireSession`) is the sessions plugin (plugins/sessions.ts). Decision 036.
 */

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

/** Refuses a sensitive change unless the session authenticated within the step-up window (decision 008). */
export async function assertRecentAuth(tx: DbOrTx, sessionId: string, now: Date): Promise<void> {
  const at = await authenticatedAtOf(tx, sessionId);
  if (!at) throw new AppError('UNAUTHENTICATED');
  if (now.getTime() - at.getTime() > STEP_UP.windowSeconds * 1000) {
    throw new AppError('STEP_UP_REQUIRED', 'Authenticate again to do this');
  }
}
