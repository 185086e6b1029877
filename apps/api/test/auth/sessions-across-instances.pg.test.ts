import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecondInstance, createTestApp, signIn, type TestApp } from '../helpers/app';

/** Two instances behind a load balancer share one PostgreSQL; their session caches must agree. */
let t: TestApp;
let b: Awaited<ReturnType<typeof createSecondInstance>>;
beforeAll(async () => {
  t = await createTestApp();
  b = await createSecondInstance(t);
});
afterAll(async () => {
  await b.close();
  await t.close();
});

const account = (app: TestApp['app'], cookie: string) =>
  app.inject({ method: 'GET', url: '/api/account', headers: { cookie } });

describe('sessions across instances', () => {
  it('a session opened on one instance works on the other', async () => {
    const { cookie } = await signIn(t);
    expect((await account(b.app, cookie)).statusCode).toBe(200);
  });

  it('logout on one instance ends the session on the other at once, though the other had it cached', async () => {
    const { cookie } = await signIn(t);
    // Instance B reads and caches the session and the account.
    expect((await account(b.app, cookie)).statusCode).toBe(200);
    expect((await account(b.app, cookie)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } })).statusCode).toBe(200);
    // The notification travels through PostgreSQL; give it a moment, far below the cache's 30 s.
    let status = 0;
    for (let i = 0; i < 40 && status !== 401; i++) {
      status = (await account(b.app, cookie)).statusCode;
      if (status !== 401) await new Promise((r) => setTimeout(r, 25));
    }
    expect(status).toBe(401);
  });
});
