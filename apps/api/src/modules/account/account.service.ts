import { eq } from 'drizzle-orm';
import type { AccountResponse } from '@portal/contract/account/account';
import { AppError } from '@portal/contract/core/errors';
import type { Db } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { users } from '../../db/schema';
import type { InvalidationBus } from '../../lib/invalidation';
import { createCoherentCache } from '../../lib/ttl-cache';
import { activeHoldUntil } from '../../lib/withdrawal-hold';
import { holdsOrWaits } from '../portfolio/portfolio.repository';
import { findUser } from '../users/users.repository';

/**
 * The account answer, cached per user for a short time (`GET /account` is on every page load).
 * Anything that changes what it shows publishes `{ kind: 'user', id }` on the bus after commit.
 */
export function createAccountCache(bus: InvalidationBus) {
  return createCoherentCache<string, AccountResponse>(bus, {
    ttlMs: 30_000,
    max: 50_000,
    forgets: (m, _v, userId) => m.kind === 'user' && m.id === userId,
  });
}
export type AccountCache = ReturnType<typeof createAccountCache>;

export async function getAccount(
  db: Db,
  cache: AccountCache,
  userId: string,
  now: Date = new Date(),
): Promise<AccountResponse> {
  const account = await cache.get(
    userId,
    () => loadAccount(db, userId, now),
    // A copy that shows a withdrawal hold is read again once the hold is over.
    (a) => a.user.withdrawalsHeldUntil === null || new Date(a.user.withdrawalsHeldUntil) > now,
  );
  if (!account) throw new AppError('UNAUTHENTICATED');
  // An empty state is never answered from the cache: a deposit, a purchase or a request opened by any money
  // path ends it, and one cheap statement here is surer than every such path publishing on the bus. A copy
  // that holds something is kept as cached (it turns empty only when everything has left, and then at most
  // the cache's life later, or at once on the next invalidation of the user).
  if (account.isEmptyState && (await holdsOrWaits(db, userId))) return { ...account, isEmptyState: false };
  return account;
}

async function loadAccount(db: Db, userId: string, now: Date): Promise<AccountResponse | null> {
  const [u, busy] = await Promise.all([findUser(db, userId), holdsOrWaits(db, userId)]);
  if (!u) return null;
  return {
    user: {
      id: u.id,
      firstName: u.firstName,
      lastName: u.lastName,
      mobile: u.mobile,
      email: u.email,
      kycVerified: u.kycLevel >= 1,
      kycLevel: u.kycLevel,
      isEmailVerified: u.isEmailVerified,
      shahkarPassed: u.shahkarPassed,
      hasPassword: u.passwordHash !== null,
      hasNationalCode: u.nationalCode !== null,
      twoFactorEnabled: u.twoFactorSecret !== null,
      antiPhishingPhrase: u.antiPhishingPhrase,
      affiliateRole: u.affiliateRole,
      isAffiliateRoleDisabled: u.isAffiliateRoleDisabled,
      referralCode: u.referralCode,
      role: u.role,
      isFrozen: u.frozenAt !== null,
      withdrawalsHeldUntil: activeHoldUntil(u.withdrawalsHeldUntil, now)?.toISOString() ?? null,
      createdAt: u.createdAt.toISOString(),
    },
    // Nothing held and no request open (decision 041); `getAccount` checks an empty copy again.
    isEmptyState: !busy,
    showFillUserInfoPage: u.showFillUserInfoPage && !u.firstName,
  };
}

type Deps = { db: Db; bus: InvalidationBus };

/** Fill-new-user-info (SPEC §2): saves the names and hides the screen. */
export async function updateProfile(
  deps: Deps,
  userId: string,
  input: { firstName: string; lastName: string },
  ip: string,
): Promise<{ ok: true }> {
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ firstName: input.firstName, lastName: input.lastName, showFillUserInfoPage: false, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await writeAudit(tx, { action: 'account.profile_updated', actorUserId: userId, ip });
  });
  await deps.bus.publish({ kind: 'user', id: userId });
  return { ok: true };
}

/** Closing the fill-new-user-info screen hides it for good. */
export async function dismissFillUserInfo(deps: Deps, userId: string): Promise<{ ok: true }> {
  await deps.db.update(users).set({ showFillUserInfoPage: false, updatedAt: new Date() }).where(eq(users.id, userId));
  await deps.bus.publish({ kind: 'user', id: userId });
  return { ok: true };
}
