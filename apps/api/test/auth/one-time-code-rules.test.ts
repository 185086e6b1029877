import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP } from '@portal/contract/core/constants';
import { createTestApp, newMobile, outboxCode, type TestApp } from '../helpers/app';

let t: TestApp;
let ipSeq = 0;
const nextIp = () => `10.2.0.${++ipSeq}`;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const send = (mobile: string, extra: Record<string, unknown> = {}, ip = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/otp', payload: { mobile, ...extra }, remoteAddress: ip });
const verify = (mobile: string, code: string, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/otp/verify', payload: { mobile, code }, remoteAddress: ip });
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');
const count = async (table: string) =>
  (await queryRows<{ n: number }>(t.database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

describe('one-time code rules', () => {
  it('stores the code hashed, never in clear', async () => {
    const mobile = newMobile();
    await send(mobile);
    const code = await outboxCode(t.app, mobile);
    const rows = await queryRows<{ code_hash: string }>(t.database.db, sql`select code_hash from otp_challenges`);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.code_hash).not.toContain(code);
  });

  it('refuses an invalid number and changes nothing', async () => {
    const before = await count('otp_challenges');
    for (const mobile of ['02122222222', '0912123', 'abc', '08121234567']) {
      const res = await send(mobile);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('MOBILE_INVALID');
    }
    expect(await count('otp_challenges')).toBe(before);
  });

  it('a wrong code says how many tries are left; the fifth wrong try needs a new code', async () => {
    const mobile = newMobile();
    await send(mobile);
    const code = await outboxCode(t.app, mobile);
    for (let i = 1; i < OTP.maxAttemptsPerCode; i++) {
      const res = await verify(mobile, wrong(code));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'OTP_INVALID', details: { attemptsLeft: OTP.maxAttemptsPerCode - i } });
    }
    const fifth = await verify(mobile, wrong(code));
    expect(fifth.json().code).toBe('OTP_TOO_MANY_ATTEMPTS');
    // Even the right code is refused now.
    const right = await verify(mobile, code);
    expect(right.json().code).toBe('OTP_TOO_MANY_ATTEMPTS');
    expect(right.cookies.find((c) => c.name === 'portal_sid')).toBeUndefined();
  });

  it('a new code does not reset the failures: after 10 wrong tries from one address, that address is locked out of the number', async () => {
    const mobile = newMobile();
    const ip = nextIp();
    let failures = 0;
    while (failures < OTP.maxFailuresPerSource) {
      const sent = await send(mobile, {}, ip);
      expect(sent.statusCode).toBe(200);
      const code = await outboxCode(t.app, mobile);
      for (let i = 0; i < OTP.maxAttemptsPerCode && failures < OTP.maxFailuresPerSource; i++, failures++) {
        await verify(mobile, wrong(code), ip);
      }
      t.clock.advance(OTP.resendAfterSeconds);
    }
    const sent = await send(mobile, {}, ip);
    expect(sent.statusCode).toBe(429);
    expect(sent.json().code).toBe('OTP_LOCKED');
    expect(sent.json().details.retryAfterSeconds).toBeGreaterThan(0);
    expect(sent.headers['retry-after']).toBeDefined();
    // The lock is the guesser's (decision 009): another address still gets a code for the number.
    expect((await send(mobile, {}, nextIp())).statusCode).toBe(200);
    t.clock.advance(OTP.lockWindowSeconds);
    expect((await send(mobile, {}, ip)).statusCode).toBe(200);
  });

  it('a code expires after two minutes', async () => {
    const mobile = newMobile();
    await send(mobile);
    const code = await outboxCode(t.app, mobile);
    t.clock.advance(OTP.ttlSeconds);
    const res = await verify(mobile, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('OTP_EXPIRED');
  });

  it('a new code replaces the old one', async () => {
    const mobile = newMobile();
    await send(mobile);
    const old = await outboxCode(t.app, mobile);
    t.clock.advance(OTP.resendAfterSeconds);
    await send(mobile);
    const fresh = await outboxCode(t.app, mobile);
    // The old code is now just a wrong code.
    if (old !== fresh) expect((await verify(mobile, old)).json().code).toBe('OTP_INVALID');
    expect((await verify(mobile, fresh)).statusCode).toBe(200);
  });

  it('resend and voice call only after the wait', async () => {
    const mobile = newMobile();
    expect((await send(mobile)).statusCode).toBe(200);
    const early = await send(mobile);
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({
      code: 'OTP_RESEND_TOO_SOON',
      details: { retryAfterSeconds: OTP.resendAfterSeconds },
    });
    const voice = await send(mobile, { channel: 'voice' });
    expect(voice.json().code).toBe('OTP_VOICE_TOO_SOON');
    t.clock.advance(OTP.voiceAfterSeconds);
    const call = await send(mobile, { channel: 'voice' });
    expect(call.statusCode).toBe(200);
    expect(call.json().channel).toBe('voice');
    const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?mobile=${mobile}` });
    expect(res.json().items[0].channel).toBe('voice');
  });

  it('at most five codes per number an hour', async () => {
    const mobile = newMobile();
    for (let i = 0; i < OTP.maxCodesPerNumberPerHour; i++) {
      expect((await send(mobile)).statusCode).toBe(200);
      t.clock.advance(OTP.resendAfterSeconds);
    }
    const res = await send(mobile);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('OTP_RATE_LIMITED');
  });

  it('at most twenty codes per address an hour, across numbers', async () => {
    const ip = '10.3.3.3';
    for (let i = 0; i < OTP.maxCodesPerAddressPerHour; i++) {
      expect((await send(newMobile(), {}, ip)).statusCode).toBe(200);
    }
    const before = await count('otp_challenges');
    const res = await send(newMobile(), {}, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('OTP_RATE_LIMITED');
    expect(await count('otp_challenges')).toBe(before);
  });

  it('a malformed code is a validation error naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp/verify',
      payload: { mobile: newMobile(), code: '12ab' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The submitted information is incorrect',
      details: { issues: [{ path: 'body.code', rule: 'otpFormat' }] },
    });
  });
});
