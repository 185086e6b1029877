import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { createTestApp, signIn, type TestApp } from '../helpers/app';
import {
  account,
  cookieOf,
  enableTwoFactor,
  outboxCode,
  passwordLogin,
  setPassword,
  totpNow,
} from '../helpers/security';
import { checkTotp, timeStep, totpAt } from '../../src/lib/totp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('TOTP (RFC 6238)', () => {
  // Appendix B: the seeds are ASCII "1234567890" repeated to 20, 32 and 64 bytes; 8 digits, 30 s.
  const seed = (n: number) => new TextEncoder().encode('1234567890'.repeat(7).slice(0, n));
  const vectors: [number, string, string, string][] = [
    [59, '94287082', '46119246', '90693936'],
    [1111111109, '07081804', '68084774', '25091201'],
    [1111111111, '14050471', '67062674', '99943326'],
    [1234567890, '89005924', '91819424', '93441116'],
    [2000000000, '69279037', '90698825', '38618901'],
    [20000000000, '65353130', '77737706', '47863826'],
  ];
  it.each(vectors)('at %i s', (time, sha1, sha256, sha512) => {
    const step = Math.floor(time / 30);
    expect(totpAt(seed(20), step, { digits: 8, algorithm: 'sha1' })).toBe(sha1);
    expect(totpAt(seed(32), step, { digits: 8, algorithm: 'sha256' })).toBe(sha256);
    expect(totpAt(seed(64), step, { digits: 8, algorithm: 'sha512' })).toBe(sha512);
  });

  it('accepts T and T-1 only, and a step once', () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const now = Date.UTC(2025, 0, 1, 12, 0, 10);
    const T = timeStep(now);
    expect(checkTotp(secret, totpAt(secret, T), now, null)).toEqual({ ok: true, step: T });
    expect(checkTotp(secret, totpAt(secret, T - 1), now, null)).toEqual({ ok: true, step: T - 1 });
    expect(checkTotp(secret, totpAt(secret, T - 2), now, null)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkTotp(secret, totpAt(secret, T + 1), now, null)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkTotp(secret, totpAt(secret, T), now, T)).toEqual({ ok: false, reason: 'reused' });
    expect(checkTotp(secret, totpAt(secret, T - 1), now, T)).toEqual({ ok: false, reason: 'reused' });
  });
});

describe('two-factor', () => {
  it('setup gives an otpauth URI and a key; enable needs a right code; the secret is encrypted at rest', async () => {
    const { cookie } = await signIn(t);
    const setup = await t.app.inject({ method: 'POST', url: '/api/account/two-factor/setup', headers: { cookie } });
    expect(setup.statusCode).toBe(200);
    const { otpauthUri, secret } = setup.json();
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]+.*issuer=Portal/);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/account/two-factor/enable',
      headers: { cookie },
      payload: { code: totpAt(secret, timeStep(t.clock.now.getTime()) - 5) },
    });
    expect(wrong.json()).toMatchObject({ code: 'TOTP_INVALID', details: { attemptsLeft: 9 } });
    expect((await account(t, cookie)).json().user.twoFactorEnabled).toBe(false);

    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/account/two-factor/enable',
      headers: { cookie },
      payload: { code: totpNow(t, secret) },
    });
    expect(ok.statusCode).toBe(200);
    expect((await account(t, cookie)).json().user.twoFactorEnabled).toBe(true);
    const rows = await queryRows<{ two_factor_secret: string }>(
      t.database.db,
      sql`select two_factor_secret from users where two_factor_secret is not null`,
    );
    for (const r of rows) expect(r.two_factor_secret).not.toContain(secret);
    expect(rows[0]!.two_factor_secret).toMatch(/^v1\./);
  });

  it('login by password with two-factor: challenge, no session; then TOTP; a code works once', async () => {
    const { cookie, mobile } = await signIn(t);
    await setPassword(t, cookie);
    const secret = await enableTwoFactor(t, cookie);

    const first = await passwordLogin(t, mobile);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'twoFactorRequired', canRecoverByPhone: true, expiresInSeconds: 300 });
    expect(first.cookies).toHaveLength(0);
    const { challengeToken } = first.json();

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify',
      payload: { challengeToken, code: '000000' },
    });
    expect(wrong.json().code).toBe('TOTP_INVALID');
    const code = totpNow(t, secret);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify',
      payload: { challengeToken, code },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'loggedIn', isNewUser: false });
    expect((await account(t, cookieOf(ok))).statusCode).toBe(200);

    // the challenge is single-use, and the same code cannot be used again on a new challenge
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify',
      payload: { challengeToken, code },
    });
    expect(again.json().code).toBe('CHALLENGE_EXPIRED');
    const second = (await passwordLogin(t, mobile)).json().challengeToken as string;
    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify',
      payload: { challengeToken: second, code },
    });
    expect(reused.json().code).toBe('TOTP_ALREADY_USED');
  });

  it('login by code with two-factor asks for TOTP too, and offers no phone recovery', async () => {
    const { cookie, mobile } = await signIn(t);
    await enableTwoFactor(t, cookie);
    t.clock.advance(61);
    await t.app.inject({ method: 'POST', url: '/api/auth/otp', payload: { mobile } });
    const code = await outboxCode(t.app, mobile);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/otp/verify', payload: { mobile, code } });
    expect(res.json()).toMatchObject({ status: 'twoFactorRequired', canRecoverByPhone: false });
    expect(res.cookies).toHaveLength(0);
    const rec = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/recovery-code',
      payload: { challengeToken: res.json().challengeToken },
    });
    expect(rec.json().code).toBe('TWO_FACTOR_RECOVERY_UNAVAILABLE');
  });

  it("can't reach the authenticator: after a password, a phone code turns two-factor off and logs in", async () => {
    const { cookie, mobile } = await signIn(t);
    await setPassword(t, cookie);
    await enableTwoFactor(t, cookie);
    const { challengeToken } = (await passwordLogin(t, mobile)).json();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/recovery-code',
      payload: { challengeToken },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().maskedMobile).toMatch(/\*\*\*/);
    const code = await outboxCode(t.app, mobile);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/recover',
      payload: { challengeToken, code },
    });
    expect(ok.statusCode).toBe(200);
    expect((await account(t, cookieOf(ok))).json().user.twoFactorEnabled).toBe(false);
  });

  it('disable by TOTP or by a phone code; both need a recent authentication', async () => {
    const { cookie, mobile } = await signIn(t);
    let secret = await enableTwoFactor(t, cookie);
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/account/two-factor/disable',
      headers: { cookie },
      payload: { method: 'totp', code: totpNow(t, secret) },
    });
    expect(off.statusCode).toBe(200);
    expect((await account(t, cookie)).json().user.twoFactorEnabled).toBe(false);

    secret = await enableTwoFactor(t, cookie);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/account/two-factor/disable-code',
      headers: { cookie },
      payload: {},
    });
    expect(sent.statusCode).toBe(200);
    const code = await outboxCode(t.app, mobile);
    t.clock.advance(601);
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/account/two-factor/disable',
      headers: { cookie },
      payload: { method: 'sms', code },
    });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe('STEP_UP_REQUIRED');
    expect((await account(t, cookie)).json().user.twoFactorEnabled).toBe(true);

    const up = await t.app.inject({
      method: 'POST',
      url: '/api/auth/step-up',
      headers: { cookie },
      payload: { method: 'totp', code: totpNow(t, secret) },
    });
    expect(up.statusCode).toBe(200);
    const fresh = cookieOf(up);
    expect((await account(t, cookie)).statusCode).toBe(401); // rotated
    t.clock.advance(-120); // the phone code is still valid
    const sent2 = await t.app.inject({
      method: 'POST',
      url: '/api/account/two-factor/disable-code',
      headers: { cookie: fresh },
      payload: {},
    });
    expect([200, 429]).toContain(sent2.statusCode);
    const code2 = await outboxCode(t.app, mobile);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/account/two-factor/disable',
      headers: { cookie: fresh },
      payload: { method: 'sms', code: code2 },
    });
    expect(ok.statusCode).toBe(200);
    expect((await account(t, fresh)).json().user.twoFactorEnabled).toBe(false);
  });

  it('10 wrong TOTP codes lock the TOTP step', async () => {
    const { cookie, mobile } = await signIn(t);
    await setPassword(t, cookie);
    const secret = await enableTwoFactor(t, cookie);
    const { challengeToken } = (await passwordLogin(t, mobile)).json();
    let last: Awaited<ReturnType<typeof passwordLogin>> | undefined;
    for (let i = 0; i < 10; i++)
      last = await t.app.inject({
        method: 'POST',
        url: '/api/auth/two-factor/verify',
        payload: { challengeToken, code: '000001' },
      });
    expect(last!.json()).toMatchObject({ code: 'AUTH_LOCKED', details: { retryAfterSeconds: 900 } });
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify',
      payload: { challengeToken, code: totpNow(t, secret) },
    });
    expect(right.json().code).toBe('AUTH_LOCKED');
  });
});
