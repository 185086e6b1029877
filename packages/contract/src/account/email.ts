/**
 * Email address (SPEC §2 "Profile", §7).
 *
 * `POST /account/send-email-verification-code` { email } mails a 6-digit code (valid 2 minutes, resend
 * after 60 s, the same limits as SMS codes, decision 006) → `PATCH /account/verify-email-address/:code`
 * { email } sets the address as the verified email of the account (`GET /account` shows it at once).
 * An address verified by another account is `EMAIL_TAKEN`. Mail carries the anti-phishing phrase.
 */
import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint';
import { normalizeDigits } from '../core/digits';

export const emailSchema = z
  .string()
  .trim()
  .max(254, { message: 'max' })
  .pipe(z.email({ message: 'email' }))
  .transform((s) => s.toLowerCase());

export const sendEmailVerificationCode = defineEndpoint({
  id: 'sendEmailVerificationCode',
  method: 'POST',
  path: '/account/send-email-verification-code',
  summary: 'Mail a verification code to an address',
  tags: ['account'],
  auth: 'session',
  body: z.object({ email: emailSchema }),
  response: z.object({
    email: z.string(),
    expiresInSeconds: z.number().int(),
    resendInSeconds: z.number().int(),
  }),
  errors: [
    'UNAUTHENTICATED',
    'VALIDATION_FAILED',
    'EMAIL_TAKEN',
    'OTP_RESEND_TOO_SOON',
    'OTP_RATE_LIMITED',
    'OTP_LOCKED',
    'EMAIL_DELIVERY_FAILED',
  ],
});

export const verifyEmailAddress = defineEndpoint({
  id: 'verifyEmailAddress',
  method: 'PATCH',
  path: '/account/verify-email-address/:code',
  summary: 'Verify the address with the mailed code (SPEC §7)',
  tags: ['account'],
  auth: 'session',
  params: z.object({
    code: z
      .string()
      .transform((s) => normalizeDigits(s).trim())
      .pipe(z.string().regex(/^\d{6}$/, { message: 'otpFormat' })),
  }),
  body: z.object({ email: emailSchema }),
  response: z.object({ ok: z.literal(true), email: z.string() }),
  errors: [
    'UNAUTHENTICATED',
    'VALIDATION_FAILED',
    'EMAIL_TAKEN',
    'OTP_INVALID',
    'OTP_EXPIRED',
    'OTP_TOO_MANY_ATTEMPTS',
    'OTP_LOCKED',
  ],
});
