import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
