import { z } from 'zod';
import { normalizeDigits } from './digits';
import { normalizeMobile } from './mobile';

/**
 * Field rules of SPEC §5. Messages are rule keys (`validation.<rule>`) that the web app translates;
 * the server answers them as `details.issues[].rule`.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_SYMBOLS = '!@#$%^&*()_+-=[]{};:\'",.<>/?\\|`~';

export const OTP_LENGTH = 6;

export const otpCodeSchema = z
  .string()
  .transform((s) => normalizeDigits(s).trim())
  .pipe(z.string().regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), { message: 'otpFormat' }));

export const countryCodeSchema = z.string().regex(/^[A-Z]{2}$/, { message: 'countryCode' });

/** A mobile number as typed (any digits), normalised to E.164 or refused with rule `mobile`. */
export function mobileInputSchema(country: () => string = () => 'IR') {
  return z.string().transform((s, ctx) => {
    const n = normalizeMobile(s, country() as never);
    if (!n) {
      ctx.addIssue({ code: 'custom', message: 'mobile' });
      return z.NEVER;
    }
    return n;
  });
}

export const e164Schema = z.string().regex(/^\+\d{6,16}$/, { message: 'mobile' });

export function isStrongPassword(p: string): boolean {
  return (
    p.length >= PASSWORD_MIN_LENGTH &&
    /[a-z]/.test(p) &&
    /[A-Z]/.test(p) &&
    /\d/.test(p) &&
    [...p].some((c) => PASSWORD_SYMBOLS.includes(c))
  );
}

/**
 * Iranian national code: 10 digits (a 3-digit place code, a 6-digit serial, a check digit) with the
 * official check digit; no code is issued with the serial 000000 or with one digit repeated.
 */
export function isValidNationalCode(raw: string): boolean {
  const s = normalizeDigits(raw);
  if (!/^\d{10}$/.test(s) || /^(\d)\1{9}$/.test(s) || s.slice(3, 9) === '000000') return false;
  const digits = [...s].map(Number);
  const check = digits[9]!;
  const sum = digits.slice(0, 9).reduce((acc, d, i) => acc + d * (10 - i), 0) % 11;
  return sum < 2 ? check === sum : check === 11 - sum;
}

/** A national code as typed (Persian or Arabic digits too), normalised to 10 ASCII digits, with its check digit. */
export const nationalCodeSchema = z
  .string()
  .transform((s) => normalizeDigits(s).trim())
  .pipe(z.string().refine(isValidNationalCode, { message: 'nationalCode' }));
