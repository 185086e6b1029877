/**
 * Change the phone number (SPEC §2 "Edit phone", decision 012).
 *
 * 1. `POST /account/phone/current-code` { channel } sends a `change_phone_current` code to the current
 *    number (resend and voice countdowns from the answer).
 * 2. `POST /account/phone/verify-current` { code, totpCode? } (`totpCode` required when two-factor is on)
 *    → { changeToken } (single-use, 5 minutes; this step is the re-authentication).
 * 3. `POST /account/phone/new-code` { changeToken, newMobile, country, nationalCode?, channel } checks the
 *    new number: not the current one, not another account's, and registered to the user by the identity
 *    inquiry (Shahkar) against the user's national code (`nationalCode` must be given while the user has
 *    none on file: then both numbers must be registered to it) → `MOBILE_NOT_OWNED` otherwise; sends a
 *    `change_phone_new` code to the new number.
 * 4. `POST /account/phone/verify-new` { changeToken, code } changes the number; every session ends
 *    (this one too: the cookie is cleared) and the web shows the success modal, then the auth page.
 *    Withdrawals are held for a day after (wallet/withdrawals.ts).
 */
import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint';
import { countryCodeSchema, nationalCodeSchema, otpCodeSchema } from '../core/validation';
import { textSchema } from '../core/text';
import { otpChannelSchema } from '../auth/auth';
import { secondFactorCodeSchema } from '../auth/recovery-codes';
import { codeSentSchema } from '../auth/two-factor';

const sendErrors = [
  'UNAUTHENTICATED',
  'VALIDATION_FAILED',
  'OTP_RESEND_TOO_SOON',
  'OTP_VOICE_TOO_SOON',
  'OTP_RATE_LIMITED',
  'OTP_LOCKED',
  'SMS_DELIVERY_FAILED',
] as const;
const checkErrors = [
  'UNAUTHENTICATED',
  'VALIDATION_FAILED',
  'OTP_INVALID',
  'OTP_EXPIRED',
  'OTP_TOO_MANY_ATTEMPTS',
  'OTP_LOCKED',
] as const;
const changeToken = textSchema({ trim: false }).min(1).max(128);

export const requestCurrentPhoneCode = defineEndpoint({
  id: 'requestCurrentPhoneCode',
  method: 'POST',
  path: '/account/phone/current-code',
  summary: 'Change phone, step 1: a code to the current number',
  tags: ['account'],
  auth: 'session',
  body: z.object({ channel: otpChannelSchema.default('sms') }),
  response: codeSentSchema,
  errors: sendErrors,
});

export const verifyCurrentPhone = defineEndpoint({
  id: 'verifyCurrentPhone',
  method: 'POST',
  path: '/account/phone/verify-current',
  summary: 'Change phone, step 2: the current number’s code (and the TOTP code when two-factor is on)',
  tags: ['account'],
  auth: 'session',
  /** `totpCode`: the authenticator's code, or a recovery code (auth/recovery-codes.ts). */
  body: z.object({ code: otpCodeSchema, totpCode: secondFactorCodeSchema.optional() }),
  response: z.object({ changeToken: z.string(), expiresInSeconds: z.number().int() }),
  errors: [
    ...checkErrors,
    'TOTP_REQUIRED',
    'TOTP_INVALID',
    'TOTP_ALREADY_USED',
    'AUTH_LOCKED',
    'RECOVERY_CODE_INVALID',
    'RECOVERY_CODE_USED',
  ],
});

export const requestNewPhoneCodeBody = z.object({
  changeToken,
  newMobile: textSchema().min(1, { message: 'required' }).max(32, { message: 'mobile' }),
  country: countryCodeSchema.default('IR'),
  /**
   * Needed while the user has no national code on file (before KYC; `GET /account` says
   * `hasNationalCode`): 10 digits with the check digit, Persian digits accepted.
   */
  nationalCode: nationalCodeSchema.optional(),
  channel: otpChannelSchema.default('sms'),
});
export type RequestNewPhoneCodeBody = z.input<typeof requestNewPhoneCodeBody>;

export const requestNewPhoneCode = defineEndpoint({
  id: 'requestNewPhoneCode',
  method: 'POST',
  path: '/account/phone/new-code',
  summary: 'Change phone, step 3: check the new number belongs to the user and send it a code',
  tags: ['account'],
  auth: 'session',
  body: requestNewPhoneCodeBody,
  response: codeSentSchema,
  errors: [
    ...sendErrors,
    'MOBILE_INVALID',
    'CHALLENGE_EXPIRED',
    'MOBILE_UNCHANGED',
    'MOBILE_TAKEN',
    'MOBILE_NOT_OWNED',
    'NATIONAL_CODE_REQUIRED',
    'IDENTITY_INQUIRY_FAILED',
  ],
});

export const verifyNewPhone = defineEndpoint({
  id: 'verifyNewPhone',
  method: 'POST',
  path: '/account/phone/verify-new',
  summary: 'Change phone, step 4: the new number’s code; the number changes and every session ends',
  tags: ['account'],
  auth: 'session',
  body: z.object({ changeToken, code: otpCodeSchema }),
  response: z.object({ ok: z.literal(true), mobile: z.string() }),
  errors: [...checkErrors, 'CHALLENGE_EXPIRED', 'MOBILE_TAKEN'],
});
