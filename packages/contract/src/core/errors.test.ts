import { describe, expect, it } from 'vitest';
import { AppError, ERROR_CODES, ERROR_STATUS, errorBodySchema } from './errors';

describe('the error catalogue', () => {
  it('gives every code an HTTP error status', () => {
    for (const code of ERROR_CODES) {
      const status = ERROR_STATUS[code];
      expect(status >= 400 && status <= 599, `${code} → ${status}`).toBe(true);
    }
  });

  it('names codes DOMAIN_REASON in upper snake case', () => {
    for (const code of ERROR_CODES) expect(code).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
  });

  it.each([
    ['VALIDATION_FAILED', 400],
    ['UNAUTHENTICATED', 401],
    ['FORBIDDEN', 403],
    ['NOT_FOUND', 404],
    ['RATE_LIMITED', 429],
    ['INTERNAL', 500],
    ['OTP_EXPIRED', 400],
    ['OTP_TOO_MANY_ATTEMPTS', 429],
    ['OTP_LOCKED', 429],
  ] as const)('%s → %s', (code, status) => {
    expect(ERROR_STATUS[code]).toBe(status);
    expect(new AppError(code).status).toBe(status);
  });

  it('AppError carries code, status, details, and the code as default message', () => {
    const e = new AppError('OTP_INVALID', undefined, { attemptsLeft: 3 });
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('AppError');
    expect(e.message).toBe('OTP_INVALID');
    expect(e.details).toEqual({ attemptsLeft: 3 });
  });

  it('the wire schema accepts the documented shape and refuses unknown codes', () => {
    expect(
      errorBodySchema.safeParse({
        code: 'VALIDATION_FAILED',
        message: 'Invalid body',
        details: { issues: [{ path: 'mobile', rule: 'mobile' }] },
      }).success,
    ).toBe(true);
    expect(errorBodySchema.safeParse({ code: 'NOPE', message: 'x' }).success).toBe(false);
    expect(errorBodySchema.safeParse({ code: 'INTERNAL' }).success).toBe(false);
  });
});
