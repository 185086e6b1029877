/**
 * Step-up: a recent authentication for sensitive changes (decision 008).
 *
 * Setting a password, enabling or disabling two-factor (and later every money movement) answer
 * `403 STEP_UP_REQUIRED` unless the session authenticated within `STEP_UP.windowSeconds` (10 minutes):
 * at login, or by `POST /auth/step-up`. The method depends on the account (from `GET /account`):
 * two-factor on → `{ method: 'totp', code }`; else `{ method: 'password', password }` when it has a
 * password, or `{ method: 'otp', code }` after `POST /auth/step-up/code` (purpose `step_up`).
 * A successful step-up rotates the session: the answer sets a new cookie.
 * Changing the password (by the current password) and the phone (by codes to both numbers) carry their
 * own re-authentication and do not need a step-up first.
 */
import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint';
import { otpCodeSchema } from '../core/validation';
import { otpChannelSchema } from './auth';
import { passwordInput } from './password';
import { secondFactorCodeSchema } from './recovery-codes';
import { codeSentSchema } from './two-factor';

export const stepUpBody = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('password'),
    password: passwordInput,
  }),
  z.object({ method: z.literal('otp'), code: otpCodeSchema }),
  /** The authenticator's code, or a recovery code (recovery-codes.ts). */
  z.object({ method: z.literal('totp'), code: secondFactorCodeSchema }),
]);
export type StepUpBody = z.input<typeof stepUpBody>;

export const stepUpResponse = z.object({
  authenticatedAt: z.string(),
  /** Sensitive changes are allowed until then. */
  validUntil: z.string(),
});

export const requestStepUpCode = defineEndpoint({
  id: 'requestStepUpCode',
  method: 'POST',
  path: '/auth/step-up/code',
  summary: "Send a step_up code to the signed-in user's phone",
  tags: ['auth'],
  auth: 'session',
  body: z.object({ channel: otpChannelSchema.default('sms') }),
  response: codeSentSchema,
  errors: [
    'UNAUTHENTICATED',
    'VALIDATION_FAILED',
    'OTP_RESEND_TOO_SOON',
    'OTP_VOICE_TOO_SOON',
    'OTP_RATE_LIMITED',
    'OTP_LOCKED',
    'SMS_DELIVERY_FAILED',
    'STEP_UP_METHOD_NOT_ALLOWED',
  ],
});

export const stepUp = defineEndpoint({
  id: 'stepUp',
  method: 'POST',
  path: '/auth/step-up',
  summary: 'Authenticate again; sensitive changes are allowed for the next 10 minutes',
  tags: ['auth'],
  auth: 'session',
  body: stepUpBody,
  response: stepUpResponse,
  errors: [
    'UNAUTHENTICATED',
    'VALIDATION_FAILED',
    'STEP_UP_METHOD_NOT_ALLOWED',
    'PASSWORD_INCORRECT',
    'OTP_INVALID',
    'OTP_EXPIRED',
    'OTP_TOO_MANY_ATTEMPTS',
    'OTP_LOCKED',
    'TOTP_INVALID',
    'TOTP_ALREADY_USED',
    'AUTH_LOCKED',
    'RECOVERY_CODE_INVALID',
    'RECOVERY_CODE_USED',
  ],
});
