import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { START_LOGIN_RATE } from '../../src/modules/auth/auth.service';
import { createTestApp, newMobile, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const start = (mobile: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/start', payload: { mobile }, remoteAddress: ip });

describe('the first step of the auth page cannot be used to scan numbers', () => {
  it(`answers ${START_LOGIN_RATE.limit} lookups per address in ${START_LOGIN_RATE.windowSeconds / 60} minutes, then 429 until the window ends`, async () => {
    const ip = '10.44.0.1';
    // Numbers with a password: the answer (`next: 'password'`) sends no code, so only this limit applies.
    const withPassword = Array.from({ length: START_LOGIN_RATE.limit + 2 }, () => newMobile());
    await t.database.db.insert(users).values(
      withPassword.map((m, i) => ({
        mobile: `+98${m.slice(1)}`,
        referralCode: `RL${String(i).padStart(6, '0')}`,
        passwordHash: 'x',
      })),
    );
    for (let i = 0; i < START_LOGIN_RATE.limit; i++) {
      const res = await start(withPassword[i]!, ip);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().next).toBe('password');
    }
    const refused = await start(withPassword[START_LOGIN_RATE.limit]!, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', details: { retryAfterSeconds: expect.any(Number) } });
    expect(refused.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect((await start(newMobile(), '10.44.0.2')).statusCode).toBe(200);
    // The next window opens again.
    t.clock.advance(START_LOGIN_RATE.windowSeconds);
    expect((await start(withPassword[START_LOGIN_RATE.limit + 1]!, ip)).statusCode).toBe(200);
  });
});
