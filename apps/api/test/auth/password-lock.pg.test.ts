import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCKOUT } from '@portal/contract/core/constants';
import { createSecondInstance, createTestApp, signIn, type TestApp } from '../helpers/app';
import { setPassword } from '../helpers/security';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('brute-force lock under concurrency, across instances (PostgreSQL)', () => {
  it('30 parallel wrong passwords on two instances: at most 10 are checked, the rest are locked', async () => {
    const { cookie, mobile } = await signIn(t);
    await setPassword(t, cookie);
    const second = await createSecondInstance(t);
    try {
      const tries = Array.from({ length: 30 }, (_, i) =>
        (i % 2 ? second.app : t.app).inject({
          method: 'POST',
          url: '/api/auth/password/login',
          payload: { mobile, password: `Wrong-pass-${i}!` },
        }),
      );
      const codes = (await Promise.all(tries)).map((r) => r.json<{ code: string }>().code);
      expect(codes.filter((c) => c === 'PASSWORD_INCORRECT').length).toBe(9);
      expect(codes.filter((c) => c === 'AUTH_LOCKED').length).toBe(21);
      const right = await second.app.inject({
        method: 'POST',
        url: '/api/auth/password/login',
        payload: { mobile, password: 'Tir-Mah#1403-Sabz' },
      });
      expect(right.json().code).toBe('AUTH_LOCKED');
    } finally {
      await second.close();
    }
  });

  it('a spread-out attack in parallel: the account-wide bar is not passed, and the owner’s recent address stays open', async () => {
    const { cookie, mobile } = await signIn(t, undefined, '10.70.0.1');
    await setPassword(t, cookie);
    const second = await createSecondInstance(t);
    try {
      // Two wrong passwords from each of many addresses at once: more than the account-wide bar.
      const tries = Array.from({ length: LOCKOUT.maxAccountFailuresPerHour + 20 }, (_, i) =>
        (i % 2 ? second.app : t.app).inject({
          method: 'POST',
          url: '/api/auth/password/login',
          payload: { mobile, password: `Wrong-pass-${i}!` },
          remoteAddress: `10.71.${i >> 1}.1`,
        }),
      );
      const codes = (await Promise.all(tries)).map((r) => r.json<{ code: string }>().code);
      // Every guess counted was answered; those past the bar learnt nothing.
      expect(codes.filter((c) => c === 'PASSWORD_INCORRECT').length).toBe(LOCKOUT.maxAccountFailuresPerHour);
      expect(codes.filter((c) => c === 'AUTH_LOCKED').length).toBe(20);
      const owner = await second.app.inject({
        method: 'POST',
        url: '/api/auth/password/login',
        payload: { mobile, password: 'Tir-Mah#1403-Sabz' },
        remoteAddress: '10.70.0.1',
      });
      expect(owner.json()).toMatchObject({ status: 'loggedIn' });
    } finally {
      await second.close();
    }
  });
});
