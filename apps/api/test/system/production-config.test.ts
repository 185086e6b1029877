import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentPort } from '../../src/adapters/payment/payment.port';
import { createSandboxPayment } from '../../src/adapters/payment/sandbox-payment';
import { deposits, fundPurchases, users } from '../../src/db/schema';
import { DEFAULT_HOST, DEMO_DEPOSIT_XPUBS, parseEnv } from '../../src/env';
import { makeLevelOneInvestor, type TestUser } from '../helpers/admin';
import { createTestApp, e164, newMobile, type TestApp } from '../helpers/app';
import { startJibitDouble } from '../helpers/jibit-double';
import { createSession } from '../../src/lib/sessions';
import { nationalCode } from '../kyc/kyc-helpers';
import { buyer, createFund, publishNav, purchase } from '../fund-orders/fund-order-helpers';

/**
 * Tether on chain's live settings (issue 18): real nodes, the custody service, and deposit keys of one's own
 * (BIP-32 test vector 1's m/0H/1/2H: an account-level xpub that is not the sandbox's demo key).
 */
const LIVE_CHAIN = {
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
} as const;

/** The baskets' exchanges, live (issue 20): their market data and signed orders. */
const LIVE_MARKET = {
  MARKET_DATA_SOURCE: 'exchanges',
  TRADING_MODE: 'live',
  BINANCE_API_KEY: 'binance-key',
  BINANCE_API_SECRET: 'binance-secret',
  KUCOIN_API_KEY: 'kucoin-key',
  KUCOIN_API_SECRET: 'kucoin-secret',
  KUCOIN_API_PASSPHRASE: 'kucoin-passphrase',
} as const;

/** A production environment with a real provider for everything (decision 030). */
const PRODUCTION = {
  NODE_ENV: 'production',
  APP_SECRET: 'p'.repeat(40),
  SMS_PROVIDER: 'kavenegar',
  KAVENEGAR_API_KEY: 'k',
  MAIL_PROVIDER: 'smtp',
  SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
  IDENTITY_PROVIDER: 'jibit',
  JIBIT_API_KEY: 'api-key',
  JIBIT_SECRET_KEY: 'secret-key',
  PAYMENT_PROVIDER: 'zarinpal',
  ZARINPAL_MERCHANT_ID: 'merchant',
  PUBLIC_URL: 'https://portal.example',
  TETHER_PRICE_SOURCES: 'nobitex,wallex',
  ...LIVE_CHAIN,
  ...LIVE_MARKET,
} as const;

type Vars = Record<string, string | undefined>;
const without = (name: keyof typeof PRODUCTION): Vars => ({ ...PRODUCTION, [name]: undefined });
/** The message `parseEnv` refuses with, or null when it accepts. */
const refusal = (vars: Vars): string | null => {
  try {
    parseEnv(vars);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
};

describe('production refuses the demo adapters', () => {
  it('starts with a real provider for everything, listening on every interface by default', () => {
    const env = parseEnv(PRODUCTION);
    expect(env).toMatchObject({
      NODE_ENV: 'production',
      IDENTITY_PROVIDER: 'jibit',
      PUBLIC_URL: 'https://portal.example',
      HOST: DEFAULT_HOST.production,
      TETHER_PRICE_SOURCES: ['nobitex', 'wallex'],
    });
    expect(DEFAULT_HOST.production).toBe('0.0.0.0');
  });

  it.each<[string, Vars, RegExp]>([
    ['the local identity rules', { ...PRODUCTION, IDENTITY_PROVIDER: 'local' }, /IDENTITY_PROVIDER: the local rules/],
    [
      'no identity provider (the local rules are the default elsewhere)',
      without('IDENTITY_PROVIDER'),
      /IDENTITY_PROVIDER: required in production/,
    ],
    ['the SMS outbox', { ...PRODUCTION, SMS_PROVIDER: 'outbox' }, /SMS_PROVIDER: the outbox/],
    ['no SMS provider', without('SMS_PROVIDER'), /SMS_PROVIDER: the outbox/],
    ['the mail outbox', { ...PRODUCTION, MAIL_PROVIDER: 'outbox' }, /MAIL_PROVIDER: the outbox/],
    ['no mail provider', without('MAIL_PROVIDER'), /MAIL_PROVIDER: the outbox/],
    ['the sandbox gateway', { ...PRODUCTION, PAYMENT_PROVIDER: 'sandbox' }, /PAYMENT_PROVIDER: the sandbox/],
    ['no payment provider', without('PAYMENT_PROVIDER'), /PAYMENT_PROVIDER: the sandbox/],
    [
      "Zarinpal's sandbox",
      { ...PRODUCTION, ZARINPAL_BASE_URL: 'https://sandbox.zarinpal.com' },
      /ZARINPAL_BASE_URL: Zarinpal's sandbox/,
    ],
    ['the demo data', { ...PRODUCTION, SEED_DEMO: 'true' }, /SEED_DEMO: the demo data/],
    ['no PUBLIC_URL', without('PUBLIC_URL'), /PUBLIC_URL: required in production/],
    ['a PUBLIC_URL over http', { ...PRODUCTION, PUBLIC_URL: 'http://portal.example' }, /PUBLIC_URL: must be https/],
    ['a PUBLIC_URL with a path', { ...PRODUCTION, PUBLIC_URL: 'https://portal.example/app' }, /PUBLIC_URL: an origin/],
    [
      'a PUBLIC_URL with credentials',
      { ...PRODUCTION, PUBLIC_URL: 'https://u:p@portal.example' },
      /PUBLIC_URL: an origin/,
    ],
    ['a PUBLIC_URL that is not a URL', { ...PRODUCTION, PUBLIC_URL: 'portal.example' }, /PUBLIC_URL/],
    ['no APP_SECRET', without('APP_SECRET'), /APP_SECRET: required in production/],
    [
      'the demo tether price',
      { ...PRODUCTION, TETHER_PRICE_SOURCES: 'nobitex,demo' },
      /TETHER_PRICE_SOURCES: the demo feed/,
    ],
    ['no tether price source', without('TETHER_PRICE_SOURCES'), /TETHER_PRICE_SOURCES: the demo feed/],
    ['the sandbox chain', { ...PRODUCTION, CHAIN_MODE: 'sandbox' }, /CHAIN_MODE: the sandbox chain/],
    ['no chain mode (the sandbox is the default elsewhere)', without('CHAIN_MODE'), /CHAIN_MODE: the sandbox chain/],
    [
      "the sandbox's demo deposit key",
      { ...PRODUCTION, DEPOSIT_XPUB_TRON: DEMO_DEPOSIT_XPUBS.tron },
      /DEPOSIT_XPUB_TRON: the demo key is derived from a public seed/,
    ],
    ['no custody service', without('CUSTODY_URL'), /CUSTODY_URL: required with CHAIN_MODE=live/],
    ['the demo crypto market', { ...PRODUCTION, MARKET_DATA_SOURCE: 'demo' }, /MARKET_DATA_SOURCE: the demo market/],
    [
      'no crypto market data (the demo is the default elsewhere)',
      without('MARKET_DATA_SOURCE'),
      /MARKET_DATA_SOURCE: the demo market/,
    ],
    ['the sandbox exchange', { ...PRODUCTION, TRADING_MODE: 'sandbox' }, /TRADING_MODE: the sandbox exchange/],
    [
      'no trading mode (the sandbox is the default elsewhere)',
      without('TRADING_MODE'),
      /TRADING_MODE: the sandbox exchange/,
    ],
    [
      'no KuCoin passphrase',
      without('KUCOIN_API_PASSPHRASE'),
      /KUCOIN_API_PASSPHRASE: required with TRADING_MODE=live/,
    ],
    ['no Binance secret', without('BINANCE_API_SECRET'), /BINANCE_API_SECRET: required with TRADING_MODE=live/],
  ])('refuses %s', (_, vars, message) => {
    expect(refusal(vars)).toMatch(message);
  });

  it('names every problem of a bare production start at once', () => {
    const message = refusal({ NODE_ENV: 'production' }) ?? '';
    for (const name of [
      'APP_SECRET',
      'SMS_PROVIDER',
      'MAIL_PROVIDER',
      'IDENTITY_PROVIDER',
      'PAYMENT_PROVIDER',
      'PUBLIC_URL',
      'TETHER_PRICE_SOURCES',
      'CHAIN_MODE',
      'MARKET_DATA_SOURCE',
      'TRADING_MODE',
    ]) {
      expect(message, name).toContain(`${name}:`);
    }
  });

  it('keeps local disk storage (a legitimate single-machine choice) and an explicit HOST', () => {
    expect(parseEnv({ ...PRODUCTION, STORAGE_PROVIDER: 'local' }).STORAGE_PROVIDER).toBe('local');
    expect(parseEnv({ ...PRODUCTION, HOST: '10.0.0.5' }).HOST).toBe('10.0.0.5');
    expect(parseEnv({ ...PRODUCTION, PUBLIC_URL: 'https://portal.example/' }).PUBLIC_URL).toBe(
      'https://portal.example',
    );
  });

  it('a production app takes identity from Jibit: a made-up national code does not reach level one', async () => {
    const jibit = await startJibitDouble({ apiKey: 'api-key', secretKey: 'secret-key', people: [] });
    const prod = await createTestApp({ envVars: { ...PRODUCTION, JIBIT_BASE_URL: jibit.baseUrl } });
    try {
      // No outbox in production: the session is opened as a login would open it.
      const [user] = await prod.database.db
        .insert(users)
        .values({ mobile: e164(newMobile()), referralCode: randomUUID().slice(0, 8) })
        .returning();
      const { token } = await createSession(prod.database.db, {
        userId: user!.id,
        rememberMe: false,
        ip: null,
        userAgent: null,
      });
      const madeUp = nationalCode();
      const res = await prod.app.inject({
        method: 'POST',
        url: '/api/kyc/identity',
        headers: { cookie: `portal_sid=${token}` },
        payload: { nationalCode: madeUp, birthDate: '1990-01-01' },
      });
      expect(res.statusCode, res.body).not.toBe(200);
      expect(jibit.calls.some((c) => c.params.nationalCode === madeUp)).toBe(true);
      const [after] = await prod.database.db.select().from(users).where(eq(users.id, user!.id));
      expect(after!.kycLevel).toBe(0);
    } finally {
      await prod.close();
      await jibit.close();
    }
  });
});

describe('outside production', () => {
  it('listens on this machine only unless HOST says otherwise, with the local identity rules', () => {
    for (const NODE_ENV of ['development', 'test', undefined]) {
      const env = parseEnv({ NODE_ENV });
      expect(env.HOST, String(NODE_ENV)).toBe('127.0.0.1');
      expect(env.IDENTITY_PROVIDER).toBe('local');
      expect(env.PUBLIC_URL).toBeUndefined();
    }
    expect(DEFAULT_HOST.other).toBe('127.0.0.1');
    expect(parseEnv({ NODE_ENV: 'development', HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(parseEnv({ NODE_ENV: 'development', PUBLIC_URL: 'http://192.168.1.5:3000/' }).PUBLIC_URL).toBe(
      'http://192.168.1.5:3000',
    );
  });
});

// ---- the gateway's return address ---------------------------------------------------------------

/** The sandbox gateway, recording the return address of every payment it is asked for. */
function recordingGateway() {
  const sandbox = createSandboxPayment();
  const callbacks: string[] = [];
  const payment: PaymentPort & { routes(app: FastifyInstance): void } = {
    ...sandbox,
    request: (input) => {
      callbacks.push(input.callbackUrl);
      return sandbox.request(input);
    },
  };
  return { payment, callbacks };
}

const startDeposit = (t: TestApp, u: TestUser, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/wallet/deposits/gateway',
    headers: { cookie: u.cookie, 'idempotency-key': randomUUID(), ...headers },
    payload: { amount: '100000' },
  });

describe('with PUBLIC_URL, the return address never comes from the Host header', () => {
  const gateway = recordingGateway();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      adapters: { payment: gateway.payment },
      envVars: { PUBLIC_URL: 'https://portal.example', TRUST_PROXY: 'true' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each<[string, Record<string, string>]>([
    ['a forged Host', { host: 'evil.example' }],
    ['a forged forwarded host behind the proxy', { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' }],
    ['a loopback Host', { host: 'localhost:3000' }],
  ])('%s: the payer returns to PUBLIC_URL', async (_, headers) => {
    const u = await makeLevelOneInvestor(t);
    const res = await startDeposit(t, u, headers);
    expect(res.statusCode, res.body).toBe(201);
    const { depositId } = res.json<{ depositId: string }>();
    expect(gateway.callbacks.at(-1)).toBe(`https://portal.example/wallet/deposit?depositId=${depositId}`);
  });

  it('a card purchase of fund units returns to PUBLIC_URL too', async () => {
    const fund = await createFund(t);
    await publishNav(t, fund.id, 100_000n);
    const u = await buyer(t, 0n);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/funds/${fund.id}/purchases`,
      headers: { cookie: u.cookie, 'idempotency-key': randomUUID(), host: 'evil.example' },
      payload: { amount: '1000000', method: 'card', acceptTerms: true, riskAcknowledged: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(gateway.callbacks.at(-1)).toBe(
      `https://portal.example/fund/purchase/payment/${res.json<{ id: string }>().id}`,
    );
  });
});

describe('without PUBLIC_URL (development), only a Host the server trusts is a return address', () => {
  const gateway = recordingGateway();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ adapters: { payment: gateway.payment }, envVars: { HOST: '192.168.1.5' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['localhost:3000', 'http://localhost:3000'],
    ['127.0.0.1:4000', 'http://127.0.0.1:4000'],
    ['[::1]:3000', 'http://[::1]:3000'],
    ['192.168.1.5:3000', 'http://192.168.1.5:3000'],
  ])('Host %s (loopback or the configured HOST) is used', async (host, origin) => {
    const u = await makeLevelOneInvestor(t);
    const res = await startDeposit(t, u, { host });
    expect(res.statusCode, res.body).toBe(201);
    const { depositId } = res.json<{ depositId: string }>();
    expect(gateway.callbacks.at(-1)).toBe(`${origin}/wallet/deposit?depositId=${depositId}`);
  });

  it.each([
    'evil.example',
    'evil.example:3000',
    '192.168.1.6:3000',
    'localhost.evil.example',
    'localhost#@evil.example',
  ])('a forged Host %s is refused before anything is created', async (host) => {
    const u = await makeLevelOneInvestor(t);
    const before = gateway.callbacks.length;
    const res = await startDeposit(t, u, { host });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ code: string }>().code).toBe('BAD_REQUEST');
    expect(gateway.callbacks.length).toBe(before);
    expect(await t.database.db.select().from(deposits).where(eq(deposits.userId, u.userId))).toEqual([]);
  });

  it('a card purchase with a forged Host is refused and creates nothing; a wallet purchase does not need the address', async () => {
    const fund = await createFund(t);
    await publishNav(t, fund.id, 100_000n);
    const u = await buyer(t, 5_000_000n);
    const card = await purchase(t, u, fund.id, { amount: '1000000', method: 'card', acceptTerms: true }, randomUUID());
    expect(card.statusCode).toBe(201);
    const forged = await t.app.inject({
      method: 'POST',
      url: `/api/funds/${fund.id}/purchases`,
      headers: { cookie: u.cookie, 'idempotency-key': randomUUID(), host: 'evil.example' },
      payload: { amount: '1000000', method: 'card', acceptTerms: true, riskAcknowledged: true },
    });
    expect(forged.statusCode, forged.body).toBe(400);
    const wallet = await t.app.inject({
      method: 'POST',
      url: `/api/funds/${fund.id}/purchases`,
      headers: { cookie: u.cookie, 'idempotency-key': randomUUID(), host: 'evil.example' },
      payload: { amount: '1000000', method: 'wallet', acceptTerms: true, riskAcknowledged: true },
    });
    expect(wallet.statusCode, wallet.body).toBe(201);
    const rows = await t.database.db.select().from(fundPurchases).where(eq(fundPurchases.userId, u.userId));
    expect(rows.map((r) => r.method).sort()).toEqual(['card', 'wallet']);
  });
});
