import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, e164, newMobile, outboxCode, signIn, cookieOf, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('sign-up and log-in by one-time code', () => {
  it('a new number becomes an account; GET /account returns it with isEmptyState', async () => {
    const mobile = newMobile();
    const sent = await t.app.inject({ method: 'POST', url: '/api/auth/otp', payload: { mobile } });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({
      mobile: e164(mobile),
      channel: 'sms',
      expiresInSeconds: 120,
      resendInSeconds: 60,
      voiceInSeconds: 60,
    });
    const code = await outboxCode(t.app, mobile);
    expect(code).toMatch(/^\d{6}$/);

    const verified = await t.app.inject({ method: 'POST', url: '/api/auth/otp/verify', payload: { mobile, code } });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ isNewUser: true });
    const cookie = verified.cookies.find((c) => c.name === 'portal_sid')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    // Without remember-me the cookie lives for the browser session only.
    expect(cookie.expires).toBeUndefined();

    const account = await t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie: cookieOf(verified) } });
    expect(account.statusCode).toBe(200);
    const body = account.json();
    expect(body.user.mobile).toBe(e164(mobile));
    expect(body.user.kycVerified).toBe(false);
    expect(body.user.referralCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(body.isEmptyState).toBe(true);
    expect(body.showFillUserInfoPage).toBe(true);
    // No internal columns leak through the response schema.
    expect(body.user).not.toHaveProperty('passwordHash');
    expect(body.user).not.toHaveProperty('isDemo');
  });

  it('a known number logs in to the same account, in any way of writing it', async () => {
    const { mobile, cookie } = await signIn(t);
    const first = (await t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } })).json();

    t.clock.advance(61);
    const persian = `+۹۸${mobile.slice(1).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!)}`;
    const sent = await t.app.inject({ method: 'POST', url: '/api/auth/otp', payload: { mobile: persian } });
    expect(sent.statusCode).toBe(200);
    // The same answer as for a new number: it does not say whether the number has an account (decision 013).
    expect(sent.json()).toEqual({
      mobile: e164(mobile),
      channel: 'sms',
      expiresInSeconds: 120,
      resendInSeconds: 60,
      voiceInSeconds: 60,
    });
    const code = await outboxCode(t.app, mobile);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp/verify',
      payload: {
        mobile: mobile.slice(1),
        code: code.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!),
        rememberMe: true,
      },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().isNewUser).toBe(false);
    const remembered = again.cookies.find((c) => c.name === 'portal_sid')!;
    expect(remembered.expires).toBeInstanceOf(Date);
    const second = (
      await t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie: cookieOf(again) } })
    ).json();
    expect(second.user.id).toBe(first.user.id);
  });

  it('a code works once', async () => {
    const mobile = newMobile();
    await t.app.inject({ method: 'POST', url: '/api/auth/otp', payload: { mobile } });
    const code = await outboxCode(t.app, mobile);
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/otp/verify', payload: { mobile, code } });
    expect(ok.statusCode).toBe(200);
    const reused = await t.app.inject({ method: 'POST', url: '/api/auth/otp/verify', payload: { mobile, code } });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('OTP_EXPIRED');
  });

  it('logout ends the session on the server: the same cookie is refused afterwards', async () => {
    const { cookie } = await signIn(t);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.find((c) => c.name === 'portal_sid')!;
    expect(cleared.value).toBe('');
    const after = await t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Please log in to your account' });
  });

  it('an expired session is refused', async () => {
    const { cookie } = await signIn(t);
    await t.database.db.execute(
      (await import('drizzle-orm')).sql`update sessions set expires_at = now() - interval '1 second'`,
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } });
    expect(res.statusCode).toBe(401);
  });
});
