import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint';
import { AffiliateRole } from '../core/enums';

/** Account info (SPEC §3). */
export const accountInfoSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  mobile: z.string(),
  email: z.string().nullable(),
  kycVerified: z.boolean(),
  kycLevel: z.number().int().min(0).max(2),
  isEmailVerified: z.boolean(),
  shahkarPassed: z.boolean(),
  hasPassword: z.boolean(),
  twoFactorEnabled: z.boolean(),
  /** Carried by every SMS and email of the portal (account/security.ts); null when unset. */
  antiPhishingPhrase: z.string().nullable(),
  affiliateRole: z.enum(AffiliateRole),
  isAffiliateRoleDisabled: z.boolean(),
  referralCode: z.string(),
  createdAt: z.string(),
});
export type AccountInfo = z.infer<typeof accountInfoSchema>;

export const accountResponse = z.object({
  user: accountInfoSchema,
  /** True while the user holds nothing: the dashboard shows its empty-state cards. */
  isEmptyState: z.boolean(),
  /** After sign-up: offer the fill-new-user-info screen (SPEC §2). */
  showFillUserInfoPage: z.boolean(),
});
export type AccountResponse = z.infer<typeof accountResponse>;

export const getAccount = defineEndpoint({
  id: 'getAccount',
  method: 'GET',
  path: '/account',
  summary: 'The signed-in user',
  tags: ['account'],
  auth: 'session',
  response: accountResponse,
  errors: ['UNAUTHENTICATED'],
});
