import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint';
import { AffiliateRole } from '../core/enums';
import { ROLES } from '../admin/roles';

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
  /** A national code is on file (after KYC); until then changing the phone asks for one. */
  hasNationalCode: z.boolean(),
  twoFactorEnabled: z.boolean(),
  /** Carried by every SMS and email of the portal (account/security.ts); null when unset. */
  antiPhishingPhrase: z.string().nullable(),
  affiliateRole: z.enum(AffiliateRole),
  isAffiliateRoleDisabled: z.boolean(),
  referralCode: z.string(),
  /** `investor`, or an operator role: the portal then offers the console (`/admin`). */
  role: z.enum(ROLES),
  /** Frozen by an operator: the user can look, not move money. */
  isFrozen: z.boolean(),
  /**
   * ISO 8601: withdrawals are held until then after a sensitive change (wallet/withdrawals.ts
   * `SENSITIVE_CHANGE_WITHDRAWAL_HOLD_HOURS`); null when they are not. Absent in an older answer: not held.
   */
  withdrawalsHeldUntil: z.string().nullable().default(null),
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

/**
 * A first or last name (SPEC §2 "fill-new-user-info"): trimmed, 1–50 characters, letters in Persian or
 * English (spaces, hyphen, apostrophe and the zero-width non-joiner between them).
 */
export const personNameSchema = z
  .string()
  .trim()
  .min(1, { message: 'required' })
  .max(50, { message: 'nameMax' })
  .regex(/^[A-Za-z\u0600-\u06FF\u200c]+(?:[ '\-\u200c][A-Za-z\u0600-\u06FF\u200c]+)*$/, { message: 'nameLetters' })
  .refine((s) => !/[\u0660-\u0669\u06F0-\u06F9\u060C\u061B\u061F\u066A-\u066D\u06D4]/.test(s), {
    message: 'nameLetters',
  });

export const updateProfileBody = z.object({ firstName: personNameSchema, lastName: personNameSchema });
export type UpdateProfileBody = z.input<typeof updateProfileBody>;

/** Saves the names and hides the fill-new-user-info screen; `GET /account` shows them at once. */
export const updateProfile = defineEndpoint({
  id: 'updateProfile',
  method: 'PATCH',
  path: '/account/profile',
  summary: 'Save first and last name (fill-new-user-info)',
  tags: ['account'],
  auth: 'session',
  body: updateProfileBody,
  response: z.object({ ok: z.literal(true) }),
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED'],
});

/** Closing the fill-new-user-info screen hides it for good. */
export const dismissFillUserInfo = defineEndpoint({
  id: 'dismissFillUserInfo',
  method: 'POST',
  path: '/account/profile/dismiss-fill-info',
  summary: 'Hide the fill-new-user-info screen for good',
  tags: ['account'],
  auth: 'session',
  response: z.object({ ok: z.literal(true) }),
  errors: ['UNAUTHENTICATED'],
});
