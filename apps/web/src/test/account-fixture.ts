import type { AccountInfo, AccountResponse } from '@portal/contract/account/account';

/** A new user's `GET /account` answer; tests override what their case needs. */
export function accountFixture(
  over: Partial<Omit<AccountResponse, 'user'>> & { user?: Partial<AccountInfo> } = {},
): AccountResponse {
  const { user, ...rest } = over;
  return {
    user: {
      id: 'u1',
      firstName: null,
      lastName: null,
      mobile: '+989121234567',
      email: null,
      kycVerified: false,
      kycLevel: 0,
      isEmailVerified: false,
      shahkarPassed: false,
      hasPassword: false,
      hasNationalCode: false,
      twoFactorEnabled: false,
      antiPhishingPhrase: null,
      affiliateRole: 'None',
      isAffiliateRoleDisabled: false,
      referralCode: 'ABC123',
      role: 'investor',
      isFrozen: false,
      withdrawalsHeldUntil: null,
      createdAt: '2025-01-01T00:00:00.000Z',
      ...user,
    },
    isEmptyState: true,
    showFillUserInfoPage: false,
    ...rest,
  };
}
