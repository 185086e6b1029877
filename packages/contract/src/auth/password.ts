/**
 * Passwords (SPEC §2 "Auth", "Set password", "Profile"; §5 rules; §7 `PATCH /account/changePassword`).
 *
 * - Rules: `passwordSchema`, the one schema the web form and the server both use: 8 to 128 characters,
 *   a lower-case and an upper-case letter, a digit, a symbol of `PASSWORD_SYMBOLS`, and not one of the
 *   most common passwords (read through look-alike characters: `P@ssw0rd1!` is `password`). Failures are
 *   `VALIDATION_FAILED` with `details.issues[].rule` = `passwordMin` | `passwordMax` | `passwordWeak` |
 *   `passwordCommon` (web keys `validation.<rule>`).
 * - Log in: `POST /auth/password/login` { mobile, password, rememberMe } → `LoginResult` (auth.ts):
 *   a session, or `twoFactorRequired`. A wrong password and a number without an account or password are
 *   the same `PASSWORD_INCORRECT` (with `attemptsLeft` when there is an account); 10 consecutive failures
 *   lock the password step of the account for 15 minutes (`AUTH_LOCKED`, `retryAfterSeconds`).
 * - Set after sign-up: `POST /account/password` { password } once ("fill later" = not calling it).
 * - Change: `PATCH /account/changePassword` { currentPassword, newPassword }: the current password is
 *   the re-authentication; every other session ends and the current one gets a new cookie.
 * - Forgot: `POST /auth/otp` { mobile, purpose: 'reset_password' } → `POST /auth/password/reset/verify`
 *   { mobile, code } → { resetToken, twoFactorRequired } → `POST /auth/password/reset`
 *   { resetToken, newPassword, totpCode? (required when twoFactorRequired) }. Every session ends; the user
 *   then logs in with the new password. Withdrawals are held for a day after (wallet/withdrawals.ts).
 * The "repeat password" field is the web form's own check (`passwordRepeatSchema`), not sent.
 */
import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint';
import { countryCodeSchema, isStrongPassword, otpCodeSchema, PASSWORD_MIN_LENGTH } from '../core/validation';
import { textSchema } from '../core/text';
import { loginResultSchema } from './auth';
import { COMMON_PASSWORD_BASES } from './common-passwords';
import { secondFactorCodeSchema } from './recovery-codes';

export const PASSWORD_MAX_LENGTH = 128;

const LOOK_ALIKE: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '0': 'o',
  '1': 'i',
  '!': 'i',
  '3': 'e',
  $: 's',
  '5': 's',
  '7': 't',
  '|': 'l',
  '8': 'b',
  '9': 'g',
};

let commonBases: Set<string> | undefined;

/** The base word of a password as the common list stores it (see common-passwords.ts). */
export function passwordBase(p: string): string {
  const s = p
    .toLowerCase()
    .normalize('NFKC')
    .replace(/^[^a-z]+/, '')
    .replace(/[^a-z]+$/, '');
  return [...s].map((c) => LOOK_ALIKE[c] ?? c).join('');
}

/** One of the most common passwords, or a decoration of one (`Dragon2024!`, `P@ssw0rd`). */
export function isCommonPassword(p: string): boolean {
  commonBases ??= new Set(COMMON_PASSWORD_BASES.split(' '));
  return commonBases.has(passwordBase(p));
}

/** The password rules of SPEC §5, for the web form and the server alike. */
export const passwordSchema = textSchema({ trim: false })
  .min(PASSWORD_MIN_LENGTH, { message: 'passwordMin' })
  .max(PASSWORD_MAX_LENGTH, { message: 'passwordMax' })
  .refine(isStrongPassword, { message: 'passwordWeak', abort: true })
  .refine((p) => !isCommonPassword(p), { message: 'passwordCommon' });

/** Web form helper: new password and its repeat (rule `passwordMismatch` on `repeat`). */
export const passwordRepeatSchema = z
  .object({ password: passwordSchema, repeat: z.string() })
  .refine((v) => v.password === v.repeat, { message: 'passwordMismatch', path: ['repeat'] });

const mobileRaw = textSchema().min(1, { message: 'required' }).max(32, { message: 'mobile' });
/** A password being checked (not chosen): any length up to the maximum, so old rules never lock anyone out. */
/**
 * A password the user types to prove who they are (login, change, step-up): only required and bounded,
 * since the server compares it with the hash; the strength rules are for a new password.
 */
export const passwordInput = textSchema({ trim: false })
  .min(1, { message: 'required' })
  .max(PASSWORD_MAX_LENGTH, { message: 'passwordMax' });

export const loginWithPasswordBody = z.object({
  mobile: mobileRaw,
  country: countryCodeSchema.default('IR'),
  password: passwordInput,
  rememberMe: z.boolean().default(false),
});
export type LoginWithPasswordBody = z.input<typeof loginWithPasswordBody>;

export const loginWithPassword = defineEndpoint({
  id: 'loginWithPassword',
  method: 'POST',
  path: '/auth/password/login',
  summary: 'Log in with mobile and password; two-factor accounts get a challenge instead of a session',
  tags: ['auth'],
  auth: 'public',
  body: loginWithPasswordBody,
  response: loginResultSchema,
  errors: ['VALIDATION_FAILED', 'MOBILE_INVALID', 'PASSWORD_INCORRECT', 'AUTH_LOCKED'],
});

export const verifyPasswordResetBody = z.object({
  mobile: mobileRaw,
  country: countryCodeSchema.default('IR'),
  code: otpCodeSchema,
});
export const verifyPasswordResetResponse = z.object({
  /** Single-use, `CHALLENGE.ttlSeconds`; for `POST /auth/password/reset`. */
  resetToken: z.string(),
  expiresInSeconds: z.number().int(),
  /** The account has two-factor on: the new-password step must carry `totpCode`. */
  twoFactorRequired: z.boolean(),
});
export type VerifyPasswordResetResponse = z.infer<typeof verifyPasswordResetResponse>;

export const verifyPasswordReset = defineEndpoint({
  id: 'verifyPasswordReset',
  method: 'POST',
  path: '/auth/password/reset/verify',
  summary: 'Forgot password: check the reset_password code sent by POST /auth/otp',
  tags: ['auth'],
  auth: 'public',
  body: verifyPasswordResetBody,
  response: verifyPasswordResetResponse,
  errors: ['VALIDATION_FAILED', 'MOBILE_INVALID', 'OTP_INVALID', 'OTP_EXPIRED', 'OTP_TOO_MANY_ATTEMPTS', 'OTP_LOCKED'],
});

export const resetPasswordBody = z.object({
  resetToken: textSchema({ trim: false }).min(1).max(128),
  newPassword: passwordSchema,
  /** The authenticator's code, or a recovery code (recovery-codes.ts). */
  totpCode: secondFactorCodeSchema.optional(),
});
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

export const resetPassword = defineEndpoint({
  id: 'resetPassword',
  method: 'POST',
  path: '/auth/password/reset',
  summary: 'Forgot password: set the new password; every session of the account ends',
  tags: ['auth'],
  auth: 'public',
  body: resetPasswordBody,
  response: z.object({ ok: z.literal(true) }),
  errors: [
    'VALIDATION_FAILED',
    'CHALLENGE_EXPIRED',
    'TOTP_REQUIRED',
    'TOTP_INVALID',
    'TOTP_ALREADY_USED',
    'AUTH_LOCKED',
    'RECOVERY_CODE_INVALID',
    'RECOVERY_CODE_USED',
  ],
});

export const setPasswordBody = z.object({ password: passwordSchema });
export type SetPasswordBody = z.input<typeof setPasswordBody>;

export const setPassword = defineEndpoint({
  id: 'setPassword',
  method: 'POST',
  path: '/account/password',
  summary: 'Set the first password of an account (after sign-up); needs a recent authentication',
  tags: ['account'],
  auth: 'session',
  body: setPasswordBody,
  response: z.object({ ok: z.literal(true) }),
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'PASSWORD_ALREADY_SET', 'STEP_UP_REQUIRED'],
});

export const changePasswordBody = z.object({ currentPassword: passwordInput, newPassword: passwordSchema });
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

export const changePassword = defineEndpoint({
  id: 'changePassword',
  method: 'PATCH',
  path: '/account/changePassword',
  summary: 'Change the password (SPEC §7); other sessions end, this one gets a new cookie',
  tags: ['account'],
  auth: 'session',
  body: changePasswordBody,
  response: z.object({ ok: z.literal(true) }),
  errors: [
    'UNAUTHENTICATED',
    'VALIDATION_FAILED',
    'PASSWORD_INCORRECT',
    'PASSWORD_NOT_SET',
    'PASSWORD_REUSED',
    'AUTH_LOCKED',
  ],
});
