import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { can, isOperatorRole, type Permission, type Role } from '@portal/contract/admin/roles';
import { AppError } from '@portal/contract/core/errors';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { InvalidationBus } from '../lib/invalidation';
import { createCoherentCache } from '../lib/ttl-cache';
import { sessionOf } from './sessions';

/** What the permission check needs of a user; cached per user, forgotten on `{ kind: 'user', id }`. */
export interface Access {
  userId: string;
  role: Role;
  twoFactorEnabled: boolean;
  isFrozen: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The pre-handler of an endpoint that declares `permission` (decision 014). */
    requirePermission: (permission: Permission) => (request: FastifyRequest) => Promise<void>;
    /** The signed-in user's role and flags (cached, coherent). */
    accessOf: (userId: string) => Promise<Access | null>;
  }
  interface FastifyRequest {
    /** Set by `requirePermission`: the operator making the call. */
    operator: Access | null;
  }
}

export async function loadAccess(db: Db, userId: string): Promise<Access | null> {
  const [u] = await db
    .select({ role: users.role, twoFactorSecret: users.twoFactorSecret, frozenAt: users.frozenAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!u) return null;
  return { userId, role: u.role, twoFactorEnabled: u.twoFactorSecret !== null, isFrozen: u.frozenAt !== null };
}

/**
 * Role checks for admin routes: investors and roles without the permission get 403 `FORBIDDEN`; so does a
 * frozen operator, on every console endpoint, reads included (issue 15, decision 028: frozen means
 * frozen; the cached access is forgotten on every instance when the freeze commits); an operator whose
 * two-factor is off gets 403 `TWO_FACTOR_REQUIRED` (operators log in with two factors).
 */
export const accessPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db; bus: InvalidationBus }) => {
    app.decorateRequest('operator', null);
    const cache = createCoherentCache<string, Access>(opts.bus, {
      ttlMs: 30_000,
      max: 50_000,
      forgets: (m, _v, userId) => m.kind === 'user' && m.id === userId,
    });
    app.addHook('onClose', async () => cache.unsubscribe());
    const accessOf = (userId: string) => cache.get(userId, () => loadAccess(opts.db, userId));
    app.decorate('accessOf', accessOf);
    app.decorate('requirePermission', (permission: Permission) => async (request: FastifyRequest) => {
      const { userId } = sessionOf(request);
      const access = await accessOf(userId);
      if (!access || !isOperatorRole(access.role) || !can(access.role, permission)) {
        throw new AppError('FORBIDDEN', 'You do not have access to this operation');
      }
      if (access.isFrozen) throw new AppError('FORBIDDEN', 'A frozen operator has no access to the console');
      if (!access.twoFactorEnabled) throw new AppError('TWO_FACTOR_REQUIRED', 'Turn two-factor on first');
      request.operator = access;
    });
  },
  { name: 'access', dependencies: ['sessions'] },
);

/** The operator of an admin route (the permission check has run). */
export function operatorOf(request: FastifyRequest): Access {
  if (!request.operator) throw new AppError('FORBIDDEN');
  return request.operator;
}
