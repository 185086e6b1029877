/**
 * Login history, security notices, recovery codes and the anti-phishing phrase ("beyond the spec").
 *
 * `GET /account/security-events?limit&before` lists the user's own security events from the audit log,
 * newest first (logins, failed logins, logouts, password/phone/email/two-factor changes, locks, ended
 * sessions, phrase changes), with address and device; page with `before` = the last item's `at`.
 * `PUT /account/anti-phishing` { phrase } sets the phrase that every SMS and email of the portal carries
 * (`GET /account` shows it as `antiPhishingPhrase`); `DELETE /account/anti-phishing` clears it.
 * `GET /account/two-factor/recovery-codes` says how many recovery codes are left;
 * `POST /account/two-factor/recovery-codes` (after a step-up) issues a new set, shown once, and the old
 * codes stop working (auth/recovery-codes.ts).
 * A login from a device the account has not logged in from before (its device cookie, `portal_device`)
 * sends a security notice by SMS, and by email when the address is verified; not the account's first login.
 */
import { z } from 'zod';
import { recoveryCodesIssuedSchema, recoveryCodesStatusSchema } from '../auth/recovery-codes';
import { ANTI_PHISHING } from '../core/constants';
import { defineEndpoint } from '../core/endpoint';
import { textSchema } from '../core/text';
import { limitParam } from '../core/paging';

export const securityEventTypeSchema = z.enum([
  'signed_up',
  'logged_in',
  'login_failed',
  'logged_out',
  'locked',
  'step_up',
  'password_set',
  'password_changed',
  'password_reset',
  'two_factor_enabled',
  'two_factor_disabled',
  'phone_changed',
  'email_verified',
  'session_ended',
  'other_sessions_ended',
  'anti_phishing_set',
  'anti_phishing_cleared',
  // issue 15
  'recovery_code_used',
  'recovery_codes_generated',
  'new_device_notice',
]);
export type SecurityEventType = z.infer<typeof securityEventTypeSchema>;

export const securityEventSchema = z.object({
  id: z.string(),
  type: securityEventTypeSchema,
  at: z.string(),
  ip: z.string().nullable(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  /** For logins and failures: `password`, `otp`, `totp`, `recovery`; for locks: the step. */
  method: z.string().nullable(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

export const listSecurityEvents = defineEndpoint({
  id: 'listSecurityEvents',
  method: 'GET',
  path: '/account/security-events',
  summary: "The signed-in user's login history and security notices, newest first",
  tags: ['account'],
  auth: 'session',
  query: z.object({
    limit: limitParam({ maxLimit: 100, defaultLimit: 20 }),
    before: z.iso.datetime({ message: 'format' }).optional(),
  }),
  response: z.object({ items: z.array(securityEventSchema) }),
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED'],
});

export const antiPhishingPhraseSchema = textSchema()
  .min(ANTI_PHISHING.minLength, { message: 'min' })
  .max(ANTI_PHISHING.maxLength, { message: 'max' })
  .refine((s) => !s.includes('<') && !s.includes('>'), { message: 'antiPhishingChars' });

export const setAntiPhishingPhrase = defineEndpoint({
  id: 'setAntiPhishingPhrase',
  method: 'PUT',
  path: '/account/anti-phishing',
  summary: 'Set the phrase every message of the portal carries',
  tags: ['account'],
  auth: 'session',
  body: z.object({ phrase: antiPhishingPhraseSchema }),
  response: z.object({ ok: z.literal(true) }),
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED'],
});

export const clearAntiPhishingPhrase = defineEndpoint({
  id: 'clearAntiPhishingPhrase',
  method: 'DELETE',
  path: '/account/anti-phishing',
  summary: 'Remove the anti-phishing phrase',
  tags: ['account'],
  auth: 'session',
  response: z.object({ ok: z.literal(true) }),
  errors: ['UNAUTHENTICATED'],
});

export const getRecoveryCodesStatus = defineEndpoint({
  id: 'getRecoveryCodesStatus',
  method: 'GET',
  path: '/account/two-factor/recovery-codes',
  summary: 'How many recovery codes of the current set are left (never the codes)',
  tags: ['account'],
  auth: 'session',
  response: recoveryCodesStatusSchema,
  errors: ['UNAUTHENTICATED'],
});

export const regenerateRecoveryCodes = defineEndpoint({
  id: 'regenerateRecoveryCodes',
  method: 'POST',
  path: '/account/two-factor/recovery-codes',
  summary: 'Issue a new set of ten recovery codes, shown once; the old ones stop working (needs a step-up)',
  tags: ['account'],
  auth: 'session',
  response: recoveryCodesIssuedSchema,
  errors: ['UNAUTHENTICATED', 'TWO_FACTOR_NOT_ENABLED', 'STEP_UP_REQUIRED'],
});
