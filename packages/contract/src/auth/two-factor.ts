/**
 * Two-factor authentication by TOTP (SPEC §2 "Two-factor"; RFC 6238, decision 011).
 *
 * Enable (signed in, with a recent authentication, see step-up.ts):
 *   `POST /account/two-factor/setup` → { otpauthUri, secret } (the web renders the URI as a QR code and
 *   shows `secret` as the key to type; a new setup replaces an unconfirmed one) →
 *   `POST /account/two-factor/enable` { code } turns it on.
 * Disable (signed in, recent authentication): by an authenticator code, `POST /account/two-factor/disable`
 *   { method: 'totp', code }, or by a phone code: `POST /account/two-factor/disable-code` (sends
 *   purpose `disable_2fa`, resend countdown from `resendInSeconds`) then
 *   `POST /account/two-factor/disable` { method: 'sms', code }.
 * Log in: a first factor (password or login code) answers `{ status: 'twoFactorRequired',
 *   challengeToken }`; `POST /auth/two-factor/verify` { challengeToken, code } opens the session.
 *   "I can't reach my authenticator" (only when `canRecoverByPhone`, i.e. after a password, for an investor):
 *   `POST /auth/two-factor/recovery-code` { challengeToken } sends a `disable_2fa` code to the phone;
 *   `POST /auth/two-factor/recover` { challengeToken, code } turns two-factor off and opens the session.
 * A code is accepted in its 30-second step or the one before, and once only (`TOTP_ALREADY_USED`, which is
 * not counted as a failure); 10 consecutive wrong codes lock the TOTP step of the account for 15 minutes
 * (`AUTH_LOCKED`).
 * Recovery codes (recovery-codes.ts): enabling answers the account's ten codes once; wherever an
 * authenticator code is asked for, one of them may be given instead (`RECOVERY_CODE_INVALID` counts
 * toward the same lock; `RECOVERY_CODE_USED`, a code already spent, does not).
 * Operators (any role but `investor`) neither turn two-factor off nor recover it by phone here
 * (`OPERATOR_RECOVERY_BY_ADMIN`): an admin recovers the account in the console (`adminRecoverOperator`),
 * and the operator then sets up a new authenticator (setup and enable work while two-factor is off).
 */
import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint';
import { otpCodeSchema } from '../core/validation';
import { textSchema } from '../core/text';
import { loggedInSchema, otpChannelSchema } from './auth';
import { RECOVERY_CODES, secondFactorCodeSchema } from './recovery-codes';

const challengeToken = textSchema({ trim: false }).min(1).max(128);

/** `code`: the authenticator's code, or one of the account's recovery codes (recovery-codes.ts). */
export const verifyTwoFactorLoginBody = z.object({ challengeToken, code: secondFactorCodeSchema });
export const verifyTwoFactorLogin = defineEndpoint({
  id: 'verifyTwoFactorLogin',
  method: 'POST',
  path: '/auth/two-factor/verify',
  summary: 'Finish a two-factor login with the authenticator code',
  tags: ['auth'],
  auth: 'public',
  body: verifyTwoFactorLoginBody,
  response: loggedInSchema,
  errors: [
    'VALIDATION_FAILED',
    'CHALLENGE_EXPIRED',
    'TOTP_INVALID',
    'TOTP_ALREADY_USED',
    'AUTH_LOCKED',
    'RECOVERY_CODE_INVALID',
    'RECOVERY_CODE_USED',
  ],
});

/** The answer of every endpoint that sends a code to the signed-in user's (or challenge's) phone. */
export const codeSentSchema = z.object({
  /** The number the code went to, masked (`+98912***4567`). */
  maskedMobile: z.string(),
  channel: otpChannelSchema,
  expiresInSeconds: z.number().int(),
  resendInSeconds: z.number().int(),
  voiceInSeconds: z.number().int(),
});
export type CodeSent = z.infer<typeof codeSentSchema>;

const otpSendErrors = [
  'VALIDATION_FAILED',
  'OTP_RESEND_TOO_SOON',
  'OTP_VOICE_TOO_SOON',
  'OTP_RATE_LIMITED',
  'OTP_LOCKED',
  'SMS_DELIVERY_FAILED',
] as const;
const otpCheckErrors = [
  'VALIDATION_FAILED',
  'OTP_INVALID',
  'OTP_EXPIRED',
  'OTP_TOO_MANY_ATTEMPTS',
  'OTP_LOCKED',
] as const;

export const requestTwoFactorRecoveryCode = defineEndpoint({
  id: 'requestTwoFactorRecoveryCode',
  method: 'POST',
  path: '/auth/two-factor/recovery-code',
  summary: "Can't reach the authenticator: send a disable_2fa code to the account's phone",
  tags: ['auth'],
  auth: 'public',
  body: z.object({ challengeToken, channel: otpChannelSchema.default('sms') }),
  response: codeSentSchema,
  errors: [...otpSendErrors, 'CHALLENGE_EXPIRED', 'TWO_FACTOR_RECOVERY_UNAVAILABLE', 'OPERATOR_RECOVERY_BY_ADMIN'],
});

export const recoverTwoFactorLogin = defineEndpoint({
  id: 'recoverTwoFactorLogin',
  method: 'POST',
  path: '/auth/two-factor/recover',
  summary: 'Turn two-factor off by a phone code during login, and open the session',
  tags: ['auth'],
  auth: 'public',
  body: z.object({ challengeToken, code: otpCodeSchema }),
  response: loggedInSchema,
  errors: [...otpCheckErrors, 'CHALLENGE_EXPIRED', 'TWO_FACTOR_RECOVERY_UNAVAILABLE', 'OPERATOR_RECOVERY_BY_ADMIN'],
});

export const setupTwoFactorResponse = z.object({
  /** `otpauth://totp/Portal:<mobile>?secret=…&issuer=Portal&algorithm=SHA1&digits=6&period=30` */
  otpauthUri: z.string(),
  /** Base32 key to type into the app when scanning is not possible. */
  secret: z.string(),
  issuer: z.string(),
  accountName: z.string(),
});
export type SetupTwoFactorResponse = z.infer<typeof setupTwoFactorResponse>;

export const setupTwoFactor = defineEndpoint({
  id: 'setupTwoFactor',
  method: 'POST',
  path: '/account/two-factor/setup',
  summary: 'Start enabling two-factor: a new secret for the authenticator app',
  tags: ['account'],
  auth: 'session',
  response: setupTwoFactorResponse,
  errors: ['UNAUTHENTICATED', 'TWO_FACTOR_ALREADY_ENABLED', 'STEP_UP_REQUIRED'],
});

export const enableTwoFactor = defineEndpoint({
  id: 'enableTwoFactor',
  method: 'POST',
  path: '/account/two-factor/enable',
  summary: 'Confirm the setup with a code from the app: two-factor is on',
  tags: ['account'],
  auth: 'session',
  body: z.object({ code: otpCodeSchema }),
  /** `recoveryCodes`: the account's ten recovery codes, shown this once (recovery-codes.ts). */
  response: z.object({ ok: z.literal(true), recoveryCodes: z.array(z.string()).length(RECOVERY_CODES.count) }),
  errors: [
    'UNAUTHENTICATED',
    'VALIDATION_FAILED',
    'TWO_FACTOR_ALREADY_ENABLED',
    'TWO_FACTOR_SETUP_MISSING',
    'TOTP_INVALID',
    'TOTP_ALREADY_USED',
    'AUTH_LOCKED',
    'STEP_UP_REQUIRED',
  ],
});

export const requestDisableTwoFactorCode = defineEndpoint({
  id: 'requestDisableTwoFactorCode',
  method: 'POST',
  path: '/account/two-factor/disable-code',
  summary: "Send a disable_2fa code to the signed-in user's phone",
  tags: ['account'],
  auth: 'session',
  body: z.object({ channel: otpChannelSchema.default('sms') }),
  response: codeSentSchema,
  errors: ['UNAUTHENTICATED', ...otpSendErrors, 'TWO_FACTOR_NOT_ENABLED', 'OPERATOR_RECOVERY_BY_ADMIN'],
});

/** `totp`: the authenticator's code or a recovery code; `sms`: the phone code (6 digits). */
export const disableTwoFactorBody = z
  .object({ method: z.enum(['totp', 'sms']), code: secondFactorCodeSchema })
  .refine((b) => b.method === 'totp' || /^\d+$/.test(b.code), { message: 'otpFormat', path: ['code'] });
export const disableTwoFactor = defineEndpoint({
  id: 'disableTwoFactor',
  method: 'POST',
  path: '/account/two-factor/disable',
  summary: 'Turn two-factor off by an authenticator code or a phone code',
  tags: ['account'],
  auth: 'session',
  body: disableTwoFactorBody,
  response: z.object({ ok: z.literal(true) }),
  errors: [
    'UNAUTHENTICATED',
    ...otpCheckErrors,
    'TWO_FACTOR_NOT_ENABLED',
    'TOTP_INVALID',
    'TOTP_ALREADY_USED',
    'AUTH_LOCKED',
    'STEP_UP_REQUIRED',
    'RECOVERY_CODE_INVALID',
    'RECOVERY_CODE_USED',
    'OPERATOR_RECOVERY_BY_ADMIN',
  ],
});
