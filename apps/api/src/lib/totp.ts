import { generateSecret, generateSync, generateURI } from 'otplib';
import { TOTP } from '@portal/contract/core/constants';
import { safeEqual } from './crypto';

/**
 * TOTP per RFC 6238 (decision 011): SHA-1, 6 digits, 30-second steps, as authenticator apps expect.
 * A code is accepted for the current step T and the one before (T-1), never a future one, and only for
 * a step after the last one accepted, so a code works once.
 */
export const newTotpSecret = (): string => generateSecret({ length: 20 });

export function totpUri(secret: string, accountName: string): string {
  return generateURI({
    issuer: TOTP.issuer,
    label: accountName,
    secret,
    digits: TOTP.digits,
    period: TOTP.periodSeconds,
  });
}

export const timeStep = (nowMs: number, period: number = TOTP.periodSeconds) => Math.floor(nowMs / 1000 / period);

/** The code of a time step. `secret` is base32, or raw bytes (the RFC's test vectors). */
export function totpAt(
  secret: string | Uint8Array,
  step: number,
  opts: { digits?: 6 | 7 | 8; algorithm?: 'sha1' | 'sha256' | 'sha512'; period?: number } = {},
): string {
  const period = opts.period ?? TOTP.periodSeconds;
  return generateSync({
    secret,
    epoch: step * period,
    period,
    digits: opts.digits ?? TOTP.digits,
    algorithm: opts.algorithm ?? 'sha1',
  });
}

export type TotpCheck = { ok: true; step: number } | { ok: false; reason: 'invalid' | 'reused' };

export function checkTotp(secret: string, code: string, nowMs: number, lastStep: number | null): TotpCheck {
  const current = timeStep(nowMs);
  let reused = false;
  for (const step of [current, current - 1]) {
    if (!safeEqual(totpAt(secret, step), code)) continue;
    if (lastStep !== null && step <= lastStep) reused = true;
    else return { ok: true, step };
  }
  return { ok: false, reason: reused ? 'reused' : 'invalid' };
}
