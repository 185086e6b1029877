/**
 * Signing in (SPEC §2 "Auth", §4).
 *
 * Flow: `POST /auth/start` with the number. When the number has an account with a password the answer
 * is `{ next: 'password' }` and no code is sent: the web shows the password step
 * (`POST /auth/password/login`, see password.ts), from which the user may still "log in by one-time code
 * instead" (`POST /auth/otp`). Otherwise the server sends a login code at once and answers
 * `{ next: 'otp', …timings }`: the web shows the code step (`POST /auth/otp/verify`).
 *
 * Both first factors answer a `LoginResult`: `{ status: 'loggedIn', isNewUser, expiresAt }` with the
 * session cookie set, or, when the account has two-factor on, `{ status: 'twoFactorRequired',
 * challengeToken }` and no session: the web asks for the authenticator code and finishes with
 * `POST /auth/two-factor/verify` (two-factor.ts), or, after a password, "I can't reach my authenticator"
 * (`POST /auth/two-factor/recovery-code` then `POST /auth/two-factor/recover`).
 *
 * `POST /auth/otp` also sends the codes of the public flows: `reset_password` (forgot password, see
 * password.ts). For a number without an account such a code is not sent, but everything else is the same
 * (limits, answer, stored challenge): the answer never says whether a number has an account (decision
 * 013). `POST /auth/otp` and `POST /auth/start` share one per-address limit (`RATE_LIMITED`). Session
 * flows (step-up, phone change, disabling two-factor) send their codes through their own endpoints, to
 * the signed-in user's number.
 */
import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint';
import { countryCodeSchema, otpCodeSchema } from '../core/validation';
import { textSchema } from '../core/text';

/**
 * Purposes of one-time codes. A code is bound to its purpose (decision 006). Public `POST /auth/otp`
 * accepts `login` and `reset_password`; the others are sent by the session endpoints that need them.
 */
export const otpPurposeSchema = z.enum([
  'login',
  'reset_password',
  'disable_2fa',
  'change_phone_current',
  'change_phone_new',
  'step_up',
  'verify_email',
  'withdrawal',
]);
export type OtpPurpose = z.infer<typeof otpPurposeSchema>;
export const otpChannelSchema = z.enum(['sms', 'voice']);
export type OtpChannel = z.infer<typeof otpChannelSchema>;

/** The number as the user typed it (any digits, with or without +98/0); the server normalises it. */
const mobileRaw = textSchema().min(1, { message: 'required' }).max(32, { message: 'mobile' });

export const requestOtpBody = z.object({
  mobile: mobileRaw,
  country: countryCodeSchema.default('IR'),
  purpose: z.enum(['login', 'reset_password']).default('login'),
  channel: otpChannelSchema.default('sms'),
});
export type RequestOtpBody = z.input<typeof requestOtpBody>;

export const requestOtpResponse = z.object({
  /** The normalised number the code was sent to (E.164). */
  mobile: z.string(),
  channel: otpChannelSchema,
  expiresInSeconds: z.number().int(),
  resendInSeconds: z.number().int(),
  voiceInSeconds: z.number().int(),
});
export type RequestOtpResponse = z.infer<typeof requestOtpResponse>;

export const requestOtp = defineEndpoint({
  id: 'requestOtp',
  method: 'POST',
  path: '/auth/otp',
  summary: 'Send a one-time code to a mobile number by SMS or voice call',
  tags: ['auth'],
  auth: 'public',
  body: requestOtpBody,
  response: requestOtpResponse,
  errors: [
    'VALIDATION_FAILED',
    'MOBILE_INVALID',
    'OTP_RESEND_TOO_SOON',
    'OTP_VOICE_TOO_SOON',
    'OTP_RATE_LIMITED',
    'OTP_LOCKED',
    'SMS_DELIVERY_FAILED',
    'RATE_LIMITED',
  ],
});

export const verifyOtpBody = z.object({
  mobile: mobileRaw,
  country: countryCodeSchema.default('IR'),
  purpose: z.literal('login').default('login'),
  code: otpCodeSchema,
  rememberMe: z.boolean().default(false),
  /** Optional referral code from an invite link, used when the number is new. */
  referralCode: textSchema().max(64).optional(),
});
export type VerifyOtpBody = z.input<typeof verifyOtpBody>;

/** A session was opened (the cookie is set). */
export const loggedInSchema = z.object({
  status: z.literal('loggedIn'),
  isNewUser: z.boolean(),
  /** When the session ends at the latest (its absolute lifetime). */
  expiresAt: z.string(),
});
/** The first factor was right, but the account has two-factor on: no session yet. */
export const twoFactorRequiredSchema = z.object({
  status: z.literal('twoFactorRequired'),
  /** Single-use, short-lived (`CHALLENGE.ttlSeconds`); finish with `POST /auth/two-factor/verify`. */
  challengeToken: z.string(),
  expiresInSeconds: z.number().int(),
  /**
   * Whether "I can't reach my authenticator" (a code to the phone) is offered: only after a password, and
   * never to an operator.
   */
  canRecoverByPhone: z.boolean(),
  /** The account is an operator's: a lost authenticator is recovered by an admin in the console (decision 011). */
  recoveryByAdmin: z.boolean(),
});
export const loginResultSchema = z.discriminatedUnion('status', [loggedInSchema, twoFactorRequiredSchema]);
export type LoginResult = z.infer<typeof loginResultSchema>;

export const verifyOtpResponse = loginResultSchema;
export type VerifyOtpResponse = z.infer<typeof verifyOtpResponse>;

export const verifyOtp = defineEndpoint({
  id: 'verifyOtp',
  method: 'POST',
  path: '/auth/otp/verify',
  summary: 'Check a one-time code; a new number becomes an account, a known one logs in',
  tags: ['auth'],
  auth: 'public',
  body: verifyOtpBody,
  response: verifyOtpResponse,
  errors: ['VALIDATION_FAILED', 'MOBILE_INVALID', 'OTP_INVALID', 'OTP_EXPIRED', 'OTP_TOO_MANY_ATTEMPTS', 'OTP_LOCKED'],
});

export const startLoginBody = z.object({
  mobile: mobileRaw,
  country: countryCodeSchema.default('IR'),
  channel: otpChannelSchema.default('sms'),
});
export type StartLoginBody = z.input<typeof startLoginBody>;

export const startLoginResponse = z.discriminatedUnion('next', [
  z.object({ next: z.literal('password'), mobile: z.string() }),
  requestOtpResponse.extend({ next: z.literal('otp') }),
]);
export type StartLoginResponse = z.infer<typeof startLoginResponse>;

export const startLogin = defineEndpoint({
  id: 'startLogin',
  method: 'POST',
  path: '/auth/start',
  summary: 'First step of the auth page: the password step for an account with a password, else a code is sent',
  tags: ['auth'],
  auth: 'public',
  body: startLoginBody,
  response: startLoginResponse,
  errors: [
    'VALIDATION_FAILED',
    'MOBILE_INVALID',
    'OTP_RESEND_TOO_SOON',
    'OTP_VOICE_TOO_SOON',
    'OTP_RATE_LIMITED',
    'OTP_LOCKED',
    'SMS_DELIVERY_FAILED',
    'RATE_LIMITED',
  ],
});

export const logout = defineEndpoint({
  id: 'logout',
  method: 'POST',
  path: '/auth/logout',
  summary: 'End the current session',
  tags: ['auth'],
  auth: 'session',
  response: z.object({ ok: z.literal(true) }),
  errors: ['UNAUTHENTICATED'],
});
