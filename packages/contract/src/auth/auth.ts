import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint';
import { countryCodeSchema, otpCodeSchema } from '../core/validation';

export const otpPurposeSchema = z.enum(['login']);
export type OtpPurpose = z.infer<typeof otpPurposeSchema>;
export const otpChannelSchema = z.enum(['sms', 'voice']);
export type OtpChannel = z.infer<typeof otpChannelSchema>;

/** The number as the user typed it (any digits, with or without +98/0); the server normalises it. */
const mobileRaw = z.string().min(1, { message: 'required' }).max(32, { message: 'mobile' });

export const requestOtpBody = z.object({
  mobile: mobileRaw,
  country: countryCodeSchema.default('IR'),
  purpose: otpPurposeSchema.default('login'),
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
  /** Whether the number already has an account (the screen says "log in" or "sign up"). */
  isRegistered: z.boolean(),
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
  ],
});

export const verifyOtpBody = z.object({
  mobile: mobileRaw,
  country: countryCodeSchema.default('IR'),
  purpose: otpPurposeSchema.default('login'),
  code: otpCodeSchema,
  rememberMe: z.boolean().default(false),
  /** Optional referral code from an invite link, used when the number is new. */
  referralCode: z.string().max(64).optional(),
});
export type VerifyOtpBody = z.input<typeof verifyOtpBody>;

export const verifyOtpResponse = z.object({
  isNewUser: z.boolean(),
  expiresAt: z.string(),
});
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
