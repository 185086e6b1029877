import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '@portal/contract/core/endpoint';
import { allEndpoints } from '@portal/contract/endpoints';
import { makeInvestor, makeOperator } from '../helpers/admin';
import { createTestApp, e164, newMobile, signIn, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const urlOf = (e: Endpoint) => `/api${e.path.replace(/:[A-Za-z_]+/g, () => randomUUID())}`;
const writes = allEndpoints.filter((e) => e.method !== 'GET');

describe('a malformed Origin is refused as cross-site', () => {
  /** Origins no page of ours sends: opaque (`null`, without the browser vouching), broken, or not http(s). */
  const malformed = ['null', 'http://', '::::', 'http://local host:80', 'not a url', 'javascript:alert(1)', 'https://'];

  it.each(malformed)('Origin %j: 403 FORBIDDEN on every write route, public ones included', async (origin) => {
    expect(writes.length).toBeGreaterThan(50);
    const answers = await Promise.all(
      writes.map(async (e) => {
        const res = await t.app.inject({ method: e.method, url: urlOf(e), headers: { origin }, payload: {} });
        return [e.id, res.statusCode, res.json<{ code: string }>().code] as const;
      }),
    );
    expect(answers.filter(([, status, code]) => status !== 403 || code !== 'FORBIDDEN')).toEqual([]);
  });

  it('and on the sandbox gateway page, the one form outside the API', async () => {
    for (const origin of malformed) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/sandbox-gateway/S00',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'result=pay',
      });
      expect(res.statusCode, origin).toBe(403);
    }
    // Its own form, as Chromium posts it under `Referrer-Policy: no-referrer`: through (an unknown payment, 404).
    const own = await t.app.inject({
      method: 'POST',
      url: '/sandbox-gateway/S00',
      headers: { origin: 'null', 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'result=pay',
    });
    expect(own.statusCode).toBe(404);
  });

  it('another site is refused; our own origin, no Origin, and `null` the browser calls same-origin pass', async () => {
    let n = 0;
    const call = async (headers: Record<string, string>) => {
      n += 1;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/otp',
        headers: { host: 'localhost:3000', ...headers },
        payload: { mobile: newMobile() },
        remoteAddress: `10.8.0.${n}`,
      });
      return [res.statusCode, res.json<{ code?: string }>().code ?? 'sent'];
    };
    const refusedHeaders: Record<string, string>[] = [
      { origin: 'http://evil.example' },
      { origin: 'http://localhost:3001' },
      { origin: 'http://localhost:3000', 'sec-fetch-site': 'cross-site' },
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
      { origin: 'null', 'sec-fetch-site': 'same-site' },
    ];
    for (const refused of refusedHeaders) {
      expect(await call(refused), JSON.stringify(refused)).toEqual([403, 'FORBIDDEN']);
    }
    expect(await call({ origin: 'http://localhost:3000' })).toEqual([200, 'sent']);
    // A form of ours under `Referrer-Policy: no-referrer` sends `Origin: null`, and the browser says same-origin.
    expect(await call({ origin: 'null', 'sec-fetch-site': 'same-origin' })).toEqual([200, 'sent']);
    expect(await call({})).toEqual([200, 'sent']);
  });
});

describe('Cache-Control: no-store on every signed-in answer', () => {
  const noStore = (res: { headers: Record<string, unknown> }) =>
    /\bno-store\b/.test(String(res.headers['cache-control']));

  it('on a sample of routes: the user’s own data, errors too, and the login that sets the cookie', async () => {
    const u = await makeInvestor(t);
    const get = (url: string, cookie?: string) =>
      t.app.inject({ method: 'GET', url, ...(cookie ? { headers: { cookie } } : {}) });
    for (const url of ['/api/account', '/api/wallets', '/api/transactions', '/api/kyc', '/api/account/sessions']) {
      const res = await get(url, u.cookie);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    expect(noStore(await get(`/api/wallet/deposits/${randomUUID()}`, u.cookie))).toBe(true);
    // A public answer to a signed-in visitor is theirs too; to a visitor without a session it keeps its own.
    expect(noStore(await get('/api/funds', u.cookie))).toBe(true);
    expect((await get('/api/funds')).headers['cache-control']).toBeUndefined();
    expect((await get('/api/health')).headers['cache-control']).toBeUndefined();

    const mobile = newMobile();
    await t.app.inject({ method: 'POST', url: '/api/auth/otp', payload: { mobile }, remoteAddress: '10.9.0.1' });
    const outbox = await get(`/api/dev/outbox?mobile=${mobile}`);
    const code = outbox.json<{ items: { code: string }[] }>().items[0]!.code;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp/verify',
      payload: { mobile, code },
      remoteAddress: '10.9.0.1',
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: u.cookie } });
    expect(noStore(logout)).toBe(true);
  });

  it('on every GET endpoint that needs a session, for an investor and for an admin', async () => {
    const investor = await makeInvestor(t);
    const admin = await makeOperator(t, 'admin');
    const sessionGets = allEndpoints.filter((e) => e.method === 'GET' && e.auth === 'session');
    expect(sessionGets.length).toBeGreaterThan(30);
    for (const cookie of [investor.cookie, admin.cookie]) {
      const missing: string[] = [];
      for (const e of sessionGets) {
        const res = await t.app.inject({ method: 'GET', url: urlOf(e), headers: { cookie } });
        if (res.headers['cache-control'] !== 'no-store' && !noStore(res)) missing.push(`${e.id} ${res.statusCode}`);
      }
      expect(missing).toEqual([]);
    }
  });
});

describe('the dev outbox', () => {
  it('lists one number’s or one address’s messages, never everyone’s', async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const list = (query: string) => t.app.inject({ method: 'GET', url: `/api/dev/outbox${query}` });

    for (const query of ['', '?limit=100', '?mobile=', '?email=', '?mobile=%00']) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
    }
    expect((await list('')).json<{ details: { issues: unknown[] } }>().details.issues).toEqual([
      { path: 'querystring.mobile', rule: 'required' },
    ]);

    const mine = (await list(`?mobile=${a.mobile}`)).json<{ items: { mobile: string }[] }>().items;
    expect(mine.length).toBeGreaterThan(0);
    expect(new Set(mine.map((m) => m.mobile))).toEqual(new Set([e164(a.mobile)]));
    const theirs = (await list(`?mobile=${encodeURIComponent(e164(b.mobile))}`)).json<{ items: { mobile: string }[] }>()
      .items;
    expect(new Set(theirs.map((m) => m.mobile))).toEqual(new Set([e164(b.mobile)]));
    expect((await list('?email=nobody%40example.com')).json()).toEqual({ items: [] });
  });
});
