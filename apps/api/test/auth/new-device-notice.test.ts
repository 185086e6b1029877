import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage, MailPort } from '../../src/adapters/mail/mail.port';
import { createOutboxSms } from '../../src/adapters/sms/outbox-sms';
import type { SmsPort } from '../../src/adapters/sms/sms.port';
import { queryRows } from '../../src/db/client';
import { createTestApp, e164, newMobile, outboxCode, type TestApp } from '../helpers/app';
import { setPassword } from '../helpers/security';
import { challengeOf, enableWithCodes, secondStep } from './recovery-helpers';

/**
 * The security notice of a login from a new device (issue 15, decision 029): one SMS (and one email when
 * the address is verified) when no earlier session of the account had the browser's device cookie; none
 * for the same device, none for the account's first login.
 */
let t: TestApp;
const mails: MailMessage[] = [];
beforeAll(async () => {
  t = await createTestApp({
    adapters: {
      mail: { name: 'memory', send: async (m) => void mails.push(m) } satisfies MailPort,
    },
  });
});
afterAll(async () => {
  await t.close();
});

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

const deviceOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'portal_device');

/** Logs in by a phone code, as the given browser (its device cookie, when it has one). */
async function codeLogin(mobile: string, o: { device?: string; ua?: string; ip?: string } = {}) {
  t.clock.advance(61);
  const ip = o.ip ?? '10.9.0.1';
  const sent = await t.app.inject({ method: 'POST', url: '/api/auth/otp', payload: { mobile }, remoteAddress: ip });
  expect(sent.statusCode, sent.body).toBe(200);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/otp/verify',
    payload: { mobile, code: await outboxCode(t.app, mobile) },
    remoteAddress: ip,
    headers: {
      ...(o.ua ? { 'user-agent': o.ua } : {}),
      ...(o.device ? { cookie: `portal_device=${o.device}` } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

async function notices(mobile: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?mobile=${encodeURIComponent(mobile)}` });
  return res
    .json<{ items: { purpose: string; text: string; code: string | null; channel: string }[] }>()
    .items.filter((m) => m.purpose === 'new_device');
}

describe('a login from a new device', () => {
  it('the first login of an account sends nothing, and gives the browser its device cookie', async () => {
    const mobile = newMobile();
    const first = await codeLogin(mobile, { ua: FIREFOX_LINUX });
    const device = deviceOf(first);
    expect(device?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' });
    expect(device?.maxAge).toBeGreaterThan(300 * 24 * 3600);
    expect(await notices(mobile)).toEqual([]);
  });

  it('the same device again sends nothing; another device sends one SMS, in Persian, with the phrase', async () => {
    const mobile = newMobile();
    const first = await codeLogin(mobile, { ua: FIREFOX_LINUX });
    const device = deviceOf(first)!.value;
    const cookie = `portal_sid=${first.cookies.find((c) => c.name === 'portal_sid')!.value}`;
    await t.app.inject({
      method: 'PUT',
      url: '/api/account/anti-phishing',
      headers: { cookie },
      payload: { phrase: 'گل سرخ' },
    });

    const again = await codeLogin(mobile, { device, ua: FIREFOX_LINUX });
    expect(deviceOf(again)?.value).toBe(device);
    expect(await notices(mobile)).toEqual([]);

    const phone = await codeLogin(mobile, { ua: CHROME_ANDROID, ip: '10.9.0.77' });
    const other = deviceOf(phone)!.value;
    expect(other).not.toBe(device);
    const sent = await notices(mobile);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ channel: 'sms', code: null });
    expect(sent[0]!.text).toContain('دستگاهی تازه');
    expect(sent[0]!.text).toContain('Chrome 126 · Android 14');
    expect(sent[0]!.text).toContain('10.9.0.77');
    expect(sent[0]!.text).toContain('عبارت امنیتی شما: گل سرخ');
    expect(mails).toEqual([]); // no verified address

    // That phone is now a known device of the account; so is the first browser.
    await codeLogin(mobile, { device: other, ua: CHROME_ANDROID });
    await codeLogin(mobile, { device, ua: FIREFOX_LINUX });
    expect(await notices(mobile)).toHaveLength(1);

    // The user reads it in the security history.
    const events = await t.app.inject({ method: 'GET', url: '/api/account/security-events', headers: { cookie } });
    expect(
      events.json<{ items: { type: string }[] }>().items.filter((e) => e.type === 'new_device_notice'),
    ).toHaveLength(1);
  });

  it('a verified email gets the notice too', async () => {
    const mobile = newMobile();
    await codeLogin(mobile);
    const [u] = await queryRows<{ id: string }>(
      t.database.db,
      sql`UPDATE users SET email = 'owner@example.com', is_email_verified = true WHERE mobile = ${e164(mobile)} RETURNING id`,
    );
    await t.database.bus.publish({ kind: 'user', id: u!.id });
    mails.length = 0;
    await codeLogin(mobile, { ua: CHROME_ANDROID });
    expect(await notices(mobile)).toHaveLength(1);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'owner@example.com', purpose: 'new_device' });
    expect(mails[0]!.subject).toContain('دستگاه تازه');
    expect(mails[0]!.text).toContain('Chrome 126 · Android 14');
  });

  it('with two-factor on, the notice comes with the session (after the second step), not the first', async () => {
    const mobile = newMobile();
    const first = await codeLogin(mobile);
    const cookie = `portal_sid=${first.cookies.find((c) => c.name === 'portal_sid')!.value}`;
    await setPassword(t, cookie);
    const { codes } = await enableWithCodes(t, cookie);
    const challenge = await challengeOf(t, mobile);
    expect(await notices(mobile)).toEqual([]);
    const done = await secondStep(t, challenge, codes[0]!);
    expect(done.statusCode, done.body).toBe(200);
    expect(deviceOf(done)?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await notices(mobile)).toHaveLength(1);
  });
});

describe('when the SMS provider fails', () => {
  let broken: TestApp;
  beforeAll(async () => {
    // Codes reach the outbox as usual; every notice fails.
    const sms: SmsPort = {
      name: 'notices-down',
      sendOtp: (m) => createOutboxSms(broken.database.db, broken.app.log).sendOtp(m),
      sendNotice: async () => {
        throw new Error('provider down');
      },
    };
    broken = await createTestApp({ adapters: { sms } });
  });
  afterAll(async () => {
    await broken.close();
  });

  it('a login from a new device still succeeds: only the notice is lost', async () => {
    const mobile = newMobile();
    const login = async () => {
      broken.clock.advance(61);
      await broken.app.inject({ method: 'POST', url: '/api/auth/otp', payload: { mobile } });
      return broken.app.inject({
        method: 'POST',
        url: '/api/auth/otp/verify',
        payload: { mobile, code: await outboxCode(broken.app, mobile) },
      });
    };
    expect((await login()).statusCode).toBe(200);
    const second = await login();
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ status: 'loggedIn' });
    expect(second.cookies.find((c) => c.name === 'portal_sid')?.value).toBeTruthy();
    const [audit] = await queryRows<{ n: number }>(
      broken.database.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'auth.new_device_notice'`,
    );
    expect(audit).toEqual({ n: 1 });
  });
});
