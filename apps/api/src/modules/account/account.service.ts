import { eq } from 'drizzle-orm';
import type { AccountResponse } from '@portal/contract/account/account';
import { AppError } from '@portal/contract/core/errors';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export async function getAccount(db: Db, userId: string): Promise<AccountResponse> {
  const [u] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw new AppError('UNAUTHENTICATED');
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
      twoFactorEnabled: u.twoFactorSecret !== null,
      affiliateRole: u.affiliateRole,
      isAffiliateRoleDisabled: u.isAffiliateRoleDisabled,
      referralCode: u.referralCode,
      createdAt: u.createdAt.toISOString(),
    },
    // Wallets and holdings arrive with later modules; until a user holds anything the dashboard is empty.
    isEmptyState: true,
    showFillUserInfoPage: u.showFillUserInfoPage && !u.firstName,
  };
}
