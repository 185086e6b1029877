/**
 * Recovery codes (issue 15, decision 029): ten one-time backup codes for an account with two-factor on,
 * for the day the authenticator is lost. Each is 10 characters of Crockford's base32 (no I, L, O, U:
 * nothing to misread), 50 bits from the server's CSPRNG, shown in two groups of five (`7KQ2M-XD9WF`).
 *
 * They are issued when two-factor is turned on (the answer of `POST /account/two-factor/enable`) and by
 * `POST /account/two-factor/recovery-codes` (regenerate: a step-up first; the old ones stop working),
 * shown once, and stored only as keyed hashes. `GET /account/two-factor/recovery-codes` says how many are
 * left. A recovery code is accepted wherever an authenticator code is (the login's second step, step-up,
 * a withdrawal, turning two-factor off, the TOTP field of a password reset or a phone change), once.
 */
import { z } from 'zod';
import { normalizeDigits } from '../core/digits';
import { OTP_LENGTH } from '../core/validation';

export const RECOVERY_CODES = {
  /** Codes in a set. */
  count: 10,
  /** Characters of a code, without the separator. */
  length: 10,
  /** Shown in groups of this many characters, joined by `-`. */
  groupSize: 5,
  /** Crockford's base32: 32 symbols, 5 bits each. */
  alphabet: '0123456789ABCDEFGHJKMNPQRSTVWXYZ',
} as const;

/** Crockford's decoding aliases: what a person may type for a symbol that looks alike. */
const ALIASES: Record<string, string> = { O: '0', I: '1', L: '1' };

/**
 * A recovery code as typed (any case, spaces or hyphens anywhere, Persian digits, `O` for zero, `I`/`L` for
 * one) in its one written form `XXXXX-XXXXX`; null when it is not one.
 */
export function normalizeRecoveryCode(input: string): string | null {
  const chars = [
    ...normalizeDigits(input)
      .toUpperCase()
      .replace(/[\s\-\u2010-\u2015_]/g, ''),
  ].map((c) => ALIASES[c] ?? c);
  if (chars.length !== RECOVERY_CODES.length || chars.some((c) => !RECOVERY_CODES.alphabet.includes(c))) return null;
  const plain = chars.join('');
  return `${plain.slice(0, RECOVERY_CODES.groupSize)}-${plain.slice(RECOVERY_CODES.groupSize)}`;
}

/** Whether a (normalised) second-factor code is a recovery code rather than an authenticator code. */
export const isRecoveryCode = (code: string): boolean => /^[0-9A-Z]{5}-[0-9A-Z]{5}$/.test(code);

/**
 * A field that takes an authenticator code: 6 digits (Persian digits accepted), or a recovery code,
 * normalised to `XXXXX-XXXXX`. Anything else is refused with the rule `rule`.
 */
export const secondFactorCode = (rule = 'secondFactorFormat') =>
  z.string().transform((raw, ctx) => {
    const s = normalizeDigits(raw).trim();
    if (new RegExp(`^\\d{${OTP_LENGTH}}$`).test(s)) return s;
    const recovery = normalizeRecoveryCode(s);
    if (recovery) return recovery;
    ctx.addIssue({ code: 'custom', message: rule });
    return z.NEVER;
  });

/** The authenticator-code field of the login's second step, step-up, disabling, reset and phone change. */
export const secondFactorCodeSchema = secondFactorCode();

export const recoveryCodesStatusSchema = z.object({
  /** Codes of the current set not used yet. */
  left: z.number().int().min(0),
  total: z.number().int(),
  /** When the current set was issued; null when the account has none (two-factor off). */
  generatedAt: z.string().nullable(),
});
export type RecoveryCodesStatus = z.infer<typeof recoveryCodesStatusSchema>;

/** A new set, in the one answer that carries it: the codes are never shown again. */
export const recoveryCodesIssuedSchema = z.object({
  codes: z.array(z.string()).length(RECOVERY_CODES.count),
  generatedAt: z.string(),
});
export type RecoveryCodesIssued = z.infer<typeof recoveryCodesIssuedSchema>;
