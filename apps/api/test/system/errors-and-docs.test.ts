import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '@portal/contract/endpoints';
import { createTestApp, signIn, type TestApp } from '../helpers/app';

/** The routes a visitor may call: the auth page's flows, health, the docs and the dev outbox. */
const PUBLIC_OPERATIONS = [
  'getHealth',
  'listDevOutbox',
  'requestOtp',
  'verifyOtp',
  'startLogin',
  'loginWithPassword',
  'verifyPasswordReset',
  'resetPassword',
  'verifyTwoFactorLogin',
  'requestTwoFactorRecoveryCode',
  'recoverTwoFactorLogin',
  // The tether price and its history are the market's, shown before signing in too (issue 17).
  'getTetherPrice',
  'listTetherCandles',
  // The sandbox chain's dev routes (issue 18), like the outbox: never registered in production.
  'sandboxChainTransfer',
  'mineSandboxChain',
  // The demo market's dev route (issue 20), the same: never registered in production.
  'moveDemoMarket',
  // A holdings certificate's verification code, checked by whoever holds the certificate (issue 19, decision 042).
  'verifyHoldingsCertificate',
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('errors', () => {
  it('an unknown API path is a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'The requested information could not be found' });
  });

  it('a malformed JSON body is a 400 without internals', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp',
      headers: { 'content-type': 'application/json' },
      payload: '{"mobile":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'BAD_REQUEST', message: 'The submitted information is incorrect' });
  });

  it('a body of another type is refused with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp',
      headers: { 'content-type': 'text/plain' },
      payload: 'mobile=09121234567',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('validation failures name every field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp',
      payload: { channel: 'fax', country: 'iran' },
    });
    expect(res.statusCode).toBe(400);
    const issues = res.json().details.issues as { path: string; rule: string }[];
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'body.mobile', rule: 'required' },
        { path: 'body.country', rule: 'countryCode' },
        { path: 'body.channel', rule: 'oneOf' },
      ]),
    );
  });

  it('an unexpected failure is a 500 that carries no stack or message', async () => {
    const seen: unknown[] = [];
    const local = await createTestApp({
      onUnexpectedError: (e) => seen.push(e),
      extraRoutes: (app) =>
        app.get('/api/test-boom', () => {
          throw new Error('secret internal detail at db.ts:42');
        }),
    });
    const res = await local.app.inject({ method: 'GET', url: '/api/test-boom' });
    await local.close();
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL', message: 'Unfortunately, an error has occurred' });
    expect(res.body).not.toContain('secret');
    expect(seen).toHaveLength(1);
  });

  it('every response carries a request id and security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-request-id']).toMatch(/[\w-]{8,}/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('health and the OpenAPI document', () => {
  it('GET /api/health reports the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { status: 'up', driver: t.database.driver } });
  });

  it('GET /api/health answers 503 when the database is down', async () => {
    const local = await createTestApp();
    const broken = { ...local.database, ping: () => Promise.reject(new Error('down')) };
    const { buildApp } = await import('../../src/app');
    const { parseEnv } = await import('../../src/env');
    const app = await buildApp({
      env: parseEnv({ NODE_ENV: 'test', WEB_DIST_DIR: '/nonexistent' }),
      database: broken,
      secret: 'x'.repeat(40),
    });
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    await app.close();
    await local.close();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'degraded', database: { status: 'down', latencyMs: null } });
  });

  it('the document lists every endpoint of the contract, and the readable page is served', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { operationId: string }>>;
    }>();
    const ops = Object.values(doc.paths).flatMap((p) => Object.values(p).map((o) => o.operationId));
    for (const e of allEndpoints) expect(ops).toContain(e.id);
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });

  it('sweep: every route of the document refuses a visitor with 401, except the public ones listed once', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { security?: unknown[]; operationId: string }>>;
    }>();
    let checked = 0;
    const publicSeen: string[] = [];
    for (const [p, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if (PUBLIC_OPERATIONS.includes(op.operationId)) {
          publicSeen.push(op.operationId);
          expect(op.security, op.operationId).toBeUndefined();
          continue;
        }
        const url = p.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
        const res = await t.app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          payload: method === 'get' || method === 'delete' ? undefined : {},
        });
        expect(res.statusCode, `${method} ${p}`).toBe(401);
        expect(res.json().code).toBe('UNAUTHENTICATED');
        checked++;
      }
    }
    expect(publicSeen.sort()).toEqual([...PUBLIC_OPERATIONS].sort());
    expect(checked).toBeGreaterThanOrEqual(20);
  });

  it("sweep: with user A's session no GET route answers user B's data", async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const bAccount = (await t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie: b.cookie } })).json();
    const bSessions = (
      await t.app.inject({ method: 'GET', url: '/api/account/sessions', headers: { cookie: b.cookie } })
    ).json<{ items: { id: string }[] }>();
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    }>();
    const bWallets = (await t.app.inject({ method: 'GET', url: '/api/wallets', headers: { cookie: b.cookie } })).json<{
      items: { walletId: string }[];
    }>();
    // B's own resource ids: each is tried in every path parameter with A's session.
    const bIds = [...bSessions.items.map((s) => s.id), ...bWallets.items.map((w) => w.walletId)];
    const secrets = [bAccount.user.id, bAccount.user.mobile, ...bIds];
    let checked = 0;
    for (const [p, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if (!op.security?.length || method !== 'get') continue;
        for (const id of p.includes('{') ? bIds : [null]) {
          const url = id ? p.replace(/\{[^}]+\}/g, id) : p;
          const res = await t.app.inject({ method: 'GET', url, headers: { cookie: a.cookie } });
          for (const secret of secrets) expect(res.body, `${method} ${url}`).not.toContain(secret);
          checked++;
        }
      }
    }
    // ending B's session with A's cookie is 404, and B's session lives on
    const end = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${bSessions.items[0]!.id}`,
      headers: { cookie: a.cookie },
    });
    expect(end.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie: b.cookie } })).statusCode).toBe(
      200,
    );
    expect(checked).toBeGreaterThanOrEqual(3);
  });

  it('the dev outbox does not exist in production', async () => {
    const local = await createTestApp({
      envVars: {
        NODE_ENV: 'production',
        APP_SECRET: 'p'.repeat(40),
        SMS_PROVIDER: 'kavenegar',
        KAVENEGAR_API_KEY: 'k',
        PAYMENT_PROVIDER: 'zarinpal',
        ZARINPAL_MERCHANT_ID: 'merchant',
        // Production refuses every demo adapter (decision 030).
        MAIL_PROVIDER: 'smtp',
        SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
        IDENTITY_PROVIDER: 'jibit',
        JIBIT_API_KEY: 'api-key',
        JIBIT_SECRET_KEY: 'secret-key',
        PUBLIC_URL: 'https://portal.example',
        TETHER_PRICE_SOURCES: 'nobitex,wallex',
        // Tether on chain: live nodes and the custody service (issue 18).
        CHAIN_MODE: 'live',
        DEPOSIT_XPUB_TRON:
          'xpub6D4BDPcP2GT577Vvch3R8wDkScZWzQzMMUm3PWbmWvVJrZwQY4VUNgqFJPMM3No2dFDFGTsxxpG5uJh7n7epu4trkrX7x7DogT5Uv6fcLW5',
        DEPOSIT_XPUB_EVM:
          'xpub6D4BDPcP2GT577Vvch3R8wDkScZWzQzMMUm3PWbmWvVJrZwQY4VUNgqFJPMM3No2dFDFGTsxxpG5uJh7n7epu4trkrX7x7DogT5Uv6fcLW5',
        TRON_FULLNODE_URL: 'https://api.trongrid.io',
        ETH_RPC_URL: 'https://eth.example',
        BSC_RPC_URL: 'https://bsc.example',
        CUSTODY_URL: 'https://custody.example',
        CUSTODY_KEY_ID: 'portal',
        CUSTODY_SECRET: 'c'.repeat(32),
        // The baskets' exchanges, live (issue 20).
        MARKET_DATA_SOURCE: 'exchanges',
        TRADING_MODE: 'live',
        BINANCE_API_KEY: 'binance-key',
        BINANCE_API_SECRET: 'binance-secret',
        KUCOIN_API_KEY: 'kucoin-key',
        KUCOIN_API_SECRET: 'kucoin-secret',
        KUCOIN_API_PASSPHRASE: 'kucoin-passphrase',
      },
    });
    const res = await local.app.inject({ method: 'GET', url: '/api/dev/outbox?mobile=09121234567' });
    const mine = await local.app.inject({
      method: 'POST',
      url: '/api/dev/sandbox-chain/mine',
      payload: { network: 'TRC20', blocks: 1 },
    });
    await local.close();
    expect(res.statusCode).toBe(404);
    expect(mine.statusCode).toBe(404);
  });
});
