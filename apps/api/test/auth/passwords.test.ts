import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { createTestApp, newMobile, signIn, type TestApp } from '../helpers/app';
import { STRONG, STRONG2, account, cookieOf, outboxCode, passwordLogin, setPassword } from '../helpers/security';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('passwords', () => {
  it('set after sign-up, then log in by mobile + password; GET /account shows hasPassword at once', async () => {
    const { cookie, mobile } = await signIn(t);
    expect((await account(t, cookie)).json().user.hasPassword).toBe(false);
    await setPassword(t, cookie);
    expect((await account(t, cookie)).json().user.hasPassword).toBe(true);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: { cookie },
      payload: { password: STRONG2 },
    });
    expect(again.json().code).toBe('PASSWORD_ALREADY_SET');

    const start = await t.app.inject({ method: 'POST', url: '/api/auth/start', payload: { mobile } });
    expect(start.json()).toEqual({ next: 'password', mobile: `+98${mobile.slice(1)}` });

    const res = await passwordLogin(t, mobile, STRONG, { rememberMe: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'loggedIn', isNewUser: false });
    const c = res.cookies.find((x) => x.name === 'portal_sid')!;
    expect(c.httpOnly).toBe(true);
    expect(c.expires).toBeInstanceOf(Date);
    expect((await account(t, cookieOf(res))).statusCode).toBe(200);
  });

  it('a number without a password still starts with a code; a new number signs up unchanged', async () => {
    const mobile = newMobile();
    const start = await t.app.inject({ method: 'POST', url: '/api/auth/start', payload: { mobile } });
    expect(start.json()).toMatchObject({ next: 'otp', expiresInSeconds: 120 });
    expect(start.json()).not.toHaveProperty('isRegistered');
    const code = await outboxCode(t.app, mobile);
    const v = await t.app.inject({ method: 'POST', url: '/api/auth/otp/verify', payload: { mobile, code } });
    expect(v.json()).toMatchObject({ status: 'loggedIn', isNewUser: true });
    expect(typeof v.json().expiresAt).toBe('string');
  });

  it('weak, common, too long passwords are refused with their rule and change nothing', async () => {
    const { cookie } = await signIn(t);
    for (const [password, rule] of [
      ['short1!A', null],
      ['abc', 'passwordMin'],
      ['alllowercase1!', 'passwordWeak'],
      ['P@ssw0rd123!', 'passwordCommon'],
      [`Aa1!${'x'.repeat(125)}`, 'passwordMax'],
    ] as const) {
      if (!rule) continue;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/password',
        headers: { cookie },
        payload: { password },
      });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().details.issues[0]).toMatchObject({ path: 'body.password', rule });
    }
    expect((await account(t, cookie)).json().user.hasPassword).toBe(false);
    // 64 characters and more are accepted
    const long = `Aa1!${'Zq9x'.repeat(16)}`;
    expect(long.length).toBe(68);
    await setPassword(t, cookie, long);
  });

  it('wrong password: PASSWORD_INCORRECT with attempts left; unknown numbers get the same code', async () => {
    const { cookie, mobile } = await signIn(t);
    await setPassword(t, cookie);
    const wrong = await passwordLogin(t, mobile, 'Wrong-pass-1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'PASSWORD_INCORRECT', details: { attemptsLeft: 9 } });
    const unknown = await passwordLogin(t, newMobile(), 'Wrong-pass-1');
    expect(unknown.json().code).toBe('PASSWORD_INCORRECT');
    expect(unknown.cookies).toHaveLength(0);
  });

  it('10 consecutive wrong passwords lock the step for 15 minutes, even for the right one; a success resets', async () => {
    const { cookie, mobile } = await signIn(t);
    await setPassword(t, cookie);
    for (let i = 0; i < 3; i++) await passwordLogin(t, mobile, 'Wrong-pass-1');
    expect((await passwordLogin(t, mobile)).statusCode).toBe(200); // resets the count
    let last: Awaited<ReturnType<typeof passwordLogin>> | undefined;
    for (let i = 0; i < 10; i++) last = await passwordLogin(t, mobile, 'Wrong-pass-1');
    expect(last!.statusCode).toBe(429);
    expect(last!.json()).toMatchObject({ code: 'AUTH_LOCKED', details: { retryAfterSeconds: 900 } });
    expect(last!.headers['retry-after']).toBe('900');
    const right = await passwordLogin(t, mobile);
    expect(right.json().code).toBe('AUTH_LOCKED');
    expect(right.cookies).toHaveLength(0);
    t.clock.advance(901);
    expect((await passwordLogin(t, mobile)).statusCode).toBe(200);
  });

  it('change password: wrong current refused; success rotates this session and ends the others', async () => {
    const { cookie, mobile } = await signIn(t);
    await setPassword(t, cookie);
    const other = cookieOf(await passwordLogin(t, mobile));

    const bad = await t.app.inject({
      method: 'PATCH',
      url: '/api/account/changePassword',
      headers: { cookie },
      payload: { currentPassword: 'Not-it-1!', newPassword: STRONG2 },
    });
    expect(bad.json().code).toBe('PASSWORD_INCORRECT');
    const same = await t.app.inject({
      method: 'PATCH',
      url: '/api/account/changePassword',
      headers: { cookie },
      payload: { currentPassword: STRONG, newPassword: STRONG },
    });
    expect(same.json().code).toBe('PASSWORD_REUSED');
    expect((await passwordLogin(t, mobile)).statusCode).toBe(200); // unchanged

    const ok = await t.app.inject({
      method: 'PATCH',
      url: '/api/account/changePassword',
      headers: { cookie },
      payload: { currentPassword: STRONG, newPassword: STRONG2 },
    });
    expect(ok.statusCode).toBe(200);
    const rotated = cookieOf(ok);
    expect(rotated).not.toBe(cookie);
    expect((await account(t, cookie)).statusCode).toBe(401);
    expect((await account(t, other)).statusCode).toBe(401);
    expect((await account(t, rotated)).statusCode).toBe(200);
    expect((await passwordLogin(t, mobile)).json().code).toBe('PASSWORD_INCORRECT');
    expect((await passwordLogin(t, mobile, STRONG2)).statusCode).toBe(200);
  });

  it('forgot password: code → reset token → new password; every session ends; tokens work once', async () => {
    const { cookie, mobile } = await signIn(t);
    await setPassword(t, cookie);
    t.clock.advance(61);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp',
      payload: { mobile, purpose: 'reset_password' },
    });
    expect(sent.statusCode).toBe(200);
    const code = await outboxCode(t.app, mobile);
    const wrongCode = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset/verify',
      payload: { mobile, code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrongCode.json().code).toBe('OTP_INVALID');
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset/verify',
      payload: { mobile, code },
    });
    expect(verified.json()).toMatchObject({ twoFactorRequired: false, expiresInSeconds: 300 });
    const { resetToken } = verified.json();

    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { resetToken, newPassword: 'weak' },
    });
    expect(weak.json().code).toBe('VALIDATION_FAILED');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { resetToken, newPassword: STRONG2 },
    });
    expect(ok.statusCode).toBe(200);
    expect((await account(t, cookie)).statusCode).toBe(401);
    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { resetToken, newPassword: STRONG },
    });
    expect(reused.json().code).toBe('CHALLENGE_EXPIRED');
    expect((await passwordLogin(t, mobile, STRONG2)).statusCode).toBe(200);
  });

  it('a reset code for a number without an account is not sent, and the answer does not say so', async () => {
    const mobile = newMobile();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp',
      payload: { mobile, purpose: 'reset_password' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      mobile: `+98${mobile.slice(1)}`,
      channel: 'sms',
      expiresInSeconds: 120,
      resendInSeconds: 60,
      voiceInSeconds: 60,
    });
    await expect(outboxCode(t.app, mobile)).rejects.toThrow();
  });

  it('passwords are stored as argon2id with the OWASP parameters', async () => {
    const { cookie } = await signIn(t);
    await setPassword(t, cookie);
    const rows = await queryRows<{ password_hash: string }>(
      t.database.db,
      sql`select password_hash from users where password_hash is not null limit 1`,
    );
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });
});
