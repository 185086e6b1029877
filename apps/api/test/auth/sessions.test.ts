import { queryRows } from '../../src/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('sessions', () => {
  it.each([
    ['no cookie', undefined],
    ['a malformed cookie', 'portal_sid=abc'],
    ['a forged cookie of the right shape', `portal_sid=${'A'.repeat(43)}`],
  ])('%s gets 401 with the catalogue body', async (_, cookie) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/account', headers: cookie ? { cookie } : {} });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Please log in to your account' });
  });

  it('the cookie value is not what the database stores', async () => {
    const { cookie } = await signIn(t);
    const token = cookie.split('=')[1]!;
    const { sql } = await import('drizzle-orm');
    const rows = await queryRows<{ token_hash: string }>(t.database.db, sql`select token_hash from sessions`);
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
  });

  it('a cross-site page cannot log the user out', async () => {
    const { cookie } = await signIn(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } })).statusCode).toBe(200);
  });

  it('logging out twice: the second is 401', async () => {
    const { cookie } = await signIn(t);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } })).statusCode).toBe(401);
  });

  it('logout and login are written to the audit log, which cannot be altered', async () => {
    const { cookie } = await signIn(t);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    const { sql } = await import('drizzle-orm');
    const actions = (await queryRows<{ action: string }>(t.database.db, sql`select action from audit_log`)).map(
      (r) => r.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining(['otp.requested', 'auth.signed_up', 'auth.logged_in', 'auth.logged_out']),
    );
    await expect(t.database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
  });
});
