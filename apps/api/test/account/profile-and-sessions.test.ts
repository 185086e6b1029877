import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, e164, newMobile, signIn, type TestApp } from '../helpers/app';
import { account, cookieOf, enableTwoFactor, outboxCode, totpNow } from '../helpers/security';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const VALID_NATIONAL_CODE = '0084575948';

async function newNumberWithoutOwner(): Promise<string> {
  let m = newMobile();
  while (m.endsWith('000')) m = newMobile();
  return m;
}

describe('active sessions', () => {
  it('lists device, address, current flag; ends one and all others', async () => {
    const { cookie, mobile } = await signIn(t);
    t.clock.advance(61);
    await t.app.inject({ method: 'POST', url: '/api/auth/otp', payload: { mobile } });
    const code = await outboxCode(t.app, mobile);
    const phone = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp/verify',
      payload: { mobile, code },
      headers: { 'user-agent': UA },
      remoteAddress: '10.9.9.9',
    });
    const phoneCookie = cookieOf(phone);
    const list = await t.app.inject({ method: 'GET', url: '/api/account/sessions', headers: { cookie } });
    const items = list.json().items as {
      id: string;
      isCurrent: boolean;
      browser: string;
      os: string;
      deviceType: string;
      ip: string;
    }[];
    expect(items).toHaveLength(2);
    expect(items.filter((s) => s.isCurrent)).toHaveLength(1);
    expect(items.find((s) => !s.isCurrent)).toMatchObject({
      browser: 'Chrome 126',
      os: 'Android 14',
      deviceType: 'mobile',
      ip: '10.9.9.9',
    });

    const other = items.find((s) => !s.isCurrent)!;
    const end = await t.app.inject({ method: 'DELETE', url: `/api/account/sessions/${other.id}`, headers: { cookie } });
    expect(end.json()).toEqual({ ok: true, wasCurrent: false });
    expect((await account(t, phoneCookie)).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'DELETE', url: '/api/account/sessions/not-a-uuid', headers: { cookie } });
    expect(bad.json().code).toBe('VALIDATION_FAILED');

    t.clock.advance(61);
    const b = await signIn(t, mobile);
    const all = await t.app.inject({ method: 'POST', url: '/api/account/sessions/end-others', headers: { cookie } });
    expect(all.json()).toEqual({ ended: 1 });
    expect((await account(t, b.cookie)).statusCode).toBe(401);
    expect((await account(t, cookie)).statusCode).toBe(200);
  });

  it('a session idle for longer than 30 minutes is refused', async () => {
    const { cookie } = await signIn(t);
    const { sql } = await import('drizzle-orm');
    await t.database.db.execute(
      sql`update sessions set last_seen_at = now() - interval '31 minutes' where remember_me = false`,
    );
    await t.database.bus.publish({ kind: 'all' });
    expect((await account(t, cookie)).statusCode).toBe(401);
  });
});

describe('security events and the anti-phishing phrase', () => {
  it('the history lists logins, failures and changes; the phrase shows in GET /account and in every SMS', async () => {
    const { cookie, mobile } = await signIn(t);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/account/anti-phishing',
      headers: { cookie },
      payload: { phrase: 'ab' },
    });
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    expect((await account(t, cookie)).json().user.antiPhishingPhrase).toBeNull();
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/account/anti-phishing',
      headers: { cookie },
      payload: { phrase: 'گل سرخ' },
    });
    expect(set.statusCode).toBe(200);
    expect((await account(t, cookie)).json().user.antiPhishingPhrase).toBe('گل سرخ');

    t.clock.advance(61);
    await t.app.inject({ method: 'POST', url: '/api/auth/otp', payload: { mobile } });
    const outbox = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?mobile=${mobile}` });
    expect(outbox.json().items[0].text).toContain('گل سرخ');

    await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/login',
      payload: { mobile, password: 'Whatever-1!' },
    });
    const events = await t.app.inject({ method: 'GET', url: '/api/account/security-events', headers: { cookie } });
    const types = (events.json().items as { type: string }[]).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['signed_up', 'logged_in', 'anti_phishing_set']));
    const cleared = await t.app.inject({ method: 'DELETE', url: '/api/account/anti-phishing', headers: { cookie } });
    expect(cleared.statusCode).toBe(200);
    expect((await account(t, cookie)).json().user.antiPhishingPhrase).toBeNull();
  });
});

describe('change phone', () => {
  async function toNewCode(cookie: string, extra: Record<string, unknown> = {}) {
    const me = (await account(t, cookie)).json().user.mobile as string;
    t.clock.advance(61);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/account/phone/current-code',
      headers: { cookie },
      payload: {},
    });
    expect(sent.statusCode).toBe(200);
    const code = await outboxCode(t.app, me);
    const v = await t.app.inject({
      method: 'POST',
      url: '/api/account/phone/verify-current',
      headers: { cookie },
      payload: { code, ...extra },
    });
    return v;
  }

  it('a user with a national code on file (after KYC) is not asked for one', async () => {
    const { cookie, mobile } = await signIn(t);
    const { eq } = await import('drizzle-orm');
    const { users } = await import('../../src/db/schema');
    const [u] = await t.database.db
      .update(users)
      .set({ nationalCode: VALID_NATIONAL_CODE })
      .where(eq(users.mobile, e164(mobile)))
      .returning({ id: users.id });
    await t.database.bus.publish({ kind: 'user', id: u!.id });
    expect((await account(t, cookie)).json().user.hasNationalCode).toBe(true);
    const { changeToken } = (await toNewCode(cookie)).json();
    const fresh = await newNumberWithoutOwner();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/account/phone/new-code',
      headers: { cookie },
      payload: { changeToken, newMobile: fresh },
    });
    expect(sent.statusCode).toBe(200);
  });

  it('current code → new number owned by the user → its code: the number changes and every session ends', async () => {
    const { cookie } = await signIn(t);
    expect((await account(t, cookie)).json().user.hasNationalCode).toBe(false);
    const v = await toNewCode(cookie);
    expect(v.statusCode).toBe(200);
    const { changeToken } = v.json();

    const noCode = await t.app.inject({
      method: 'POST',
      url: '/api/account/phone/new-code',
      headers: { cookie },
      payload: { changeToken, newMobile: await newNumberWithoutOwner() },
    });
    expect(noCode.json().code).toBe('NATIONAL_CODE_REQUIRED');
    const badCode = await t.app.inject({
      method: 'POST',
      url: '/api/account/phone/new-code',
      headers: { cookie },
      payload: { changeToken, newMobile: await newNumberWithoutOwner(), nationalCode: '0084575949' },
    });
    expect(badCode.json().code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(badCode.json())).toContain('nationalCode');
    const notOwned = await t.app.inject({
      method: 'POST',
      url: '/api/account/phone/new-code',
      headers: { cookie },
      payload: { changeToken, newMobile: '09121234000', nationalCode: VALID_NATIONAL_CODE },
    });
    expect(notOwned.json().code).toBe('MOBILE_NOT_OWNED');
    const taken = await signIn(t);
    const takenRes = await t.app.inject({
      method: 'POST',
      url: '/api/account/phone/new-code',
      headers: { cookie },
      payload: { changeToken, newMobile: taken.mobile, nationalCode: VALID_NATIONAL_CODE },
    });
    expect(takenRes.json().code).toBe('MOBILE_TAKEN');

    const fresh = await newNumberWithoutOwner();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/account/phone/new-code',
      headers: { cookie },
      // Persian digits, as a phone keyboard types them.
      payload: { changeToken, newMobile: fresh, nationalCode: '۰۰۸۴۵۷۵۹۴۸' },
    });
    expect(sent.statusCode).toBe(200);
    const code = await outboxCode(t.app, fresh);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/account/phone/verify-new',
      headers: { cookie },
      payload: { changeToken, code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.json().code).toBe('OTP_INVALID');
    expect((await account(t, cookie)).json().user.mobile).not.toBe(e164(fresh));

    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/account/phone/verify-new',
      headers: { cookie },
      payload: { changeToken, code },
    });
    expect(ok.json()).toEqual({ ok: true, mobile: e164(fresh) });
    expect(ok.cookies.find((c) => c.name === 'portal_sid')?.value).toBe('');
    expect((await account(t, cookie)).statusCode).toBe(401);
    const back = await signIn(t, fresh);
    expect((await account(t, back.cookie)).json().user.mobile).toBe(e164(fresh));
  });

  it('with two-factor on, the current step needs the TOTP code', async () => {
    const { cookie } = await signIn(t);
    const secret = await enableTwoFactor(t, cookie);
    const without = await toNewCode(cookie);
    expect(without.json().code).toBe('TOTP_REQUIRED');
    t.clock.advance(-61);
    const me = (await account(t, cookie)).json().user.mobile as string;
    t.clock.advance(122);
    await t.app.inject({ method: 'POST', url: '/api/account/phone/current-code', headers: { cookie }, payload: {} });
    const code = await outboxCode(t.app, me);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/account/phone/verify-current',
      headers: { cookie },
      payload: { code, totpCode: totpNow(t, secret) },
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('email', () => {
  it('send a code to an address, verify it; GET /account shows it at once; wrong codes change nothing', async () => {
    const { cookie } = await signIn(t);
    const email = `user${Date.now()}@example.com`;
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/account/send-email-verification-code',
      headers: { cookie },
      payload: { email: 'nope' },
    });
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/account/send-email-verification-code',
      headers: { cookie },
      payload: { email: email.toUpperCase() },
    });
    expect(sent.json()).toMatchObject({ email, expiresInSeconds: 120 });
    const outbox = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?email=${email}` });
    const code = outbox.json().items[0].code as string;
    expect(outbox.json().items[0].channel).toBe('email');

    const wrong = await t.app.inject({
      method: 'PATCH',
      url: `/api/account/verify-email-address/${code === '000000' ? '111111' : '000000'}`,
      headers: { cookie },
      payload: { email },
    });
    expect(wrong.json().code).toBe('OTP_INVALID');
    expect((await account(t, cookie)).json().user.isEmailVerified).toBe(false);
    const other = await t.app.inject({
      method: 'PATCH',
      url: `/api/account/verify-email-address/${code}`,
      headers: { cookie },
      payload: { email: `other${email}` },
    });
    expect(other.json().code).toBe('OTP_EXPIRED');
    const ok = await t.app.inject({
      method: 'PATCH',
      url: `/api/account/verify-email-address/${code}`,
      headers: { cookie },
      payload: { email },
    });
    expect(ok.json()).toEqual({ ok: true, email });
    expect((await account(t, cookie)).json().user).toMatchObject({ email, isEmailVerified: true });

    const someoneElse = await signIn(t);
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/account/send-email-verification-code',
      headers: { cookie: someoneElse.cookie },
      payload: { email },
    });
    expect(taken.json().code).toBe('EMAIL_TAKEN');
  });
});
