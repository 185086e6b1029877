import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deposit } from '@portal/contract/wallet/deposits';
import type { Wallet } from '@portal/contract/wallet/wallets';
import { PaymentGatewayError, type PaymentPort } from '../../src/adapters/payment/payment.port';
import { createSandboxPayment } from '../../src/adapters/payment/sandbox-payment';
import { createZarinpalPayment } from '../../src/adapters/payment/zarinpal-payment';
import { makeInvestor, makeLevelOneInvestor, type TestUser } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectLedgerSound, ledgerCounts } from '../helpers/ledger';
import { atSandboxGateway } from '../helpers/sandbox-gateway';
import { startZarinpalDouble } from '../helpers/zarinpal-double';

/** The gateway behind the app: the sandbox, or one that fails when told to. */
const sandbox = createSandboxPayment();
let gatewayDown = false;
const payment: PaymentPort & { routes(app: FastifyInstance): void } = {
  name: sandbox.name,
  routes: sandbox.routes,
  redirectUrl: sandbox.redirectUrl,
  verify: sandbox.verify,
  request: (input) => (gatewayDown ? Promise.reject(new PaymentGatewayError('down')) : sandbox.request(input)),
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ adapters: { payment } });
});
afterAll(async () => {
  await t.close();
});

const start = (u: TestUser, amount: string, key: string = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/wallet/deposits/gateway',
    headers: { cookie: u.cookie, 'idempotency-key': key },
    payload: { amount },
  });

const verify = (u: TestUser, depositId: string, authority: string, status: 'OK' | 'NOK' = 'OK') =>
  t.app.inject({
    method: 'POST',
    url: `/api/wallet/deposits/${depositId}/verify`,
    headers: { cookie: u.cookie },
    payload: { authority, status },
  });

/** The payer at the sandbox page: pays or cancels; answers the callback's query. */
const atGateway = async (redirectUrl: string, result: 'pay' | 'cancel') =>
  (await atSandboxGateway(t, redirectUrl, result)).searchParams;

async function irt(u: TestUser) {
  const res = await t.app.inject({ method: 'GET', url: '/api/wallets', headers: { cookie: u.cookie } });
  return res.json<{ items: Wallet[] }>().items.find((w) => w.currency === 'IRT')!.available;
}

describe('gateway deposit', () => {
  it('start → the sandbox page → pay → verify credits the wallet once, however often the callback comes', async () => {
    const u = await makeLevelOneInvestor(t);
    const res = await start(u, '۲۵۰٬۰۰۰');
    expect(res.statusCode).toBe(201);
    const { depositId, redirectUrl } = res.json<{ depositId: string; redirectUrl: string }>();
    expect(redirectUrl).toMatch(/^\/sandbox-gateway\/S[0-9a-f]+$/);
    const back = await atGateway(redirectUrl, 'pay');
    expect(back.get('depositId')).toBe(depositId);
    expect(back.get('Status')).toBe('OK');
    const authority = back.get('Authority')!;

    const first = await verify(u, depositId, authority);
    expect(first.statusCode).toBe(200);
    expect(first.json<Deposit>()).toMatchObject({
      outcome: 'success',
      amount: '250000',
      credited: '250000',
      kind: 'gateway',
    });
    expect(first.json<Deposit>().referenceId).toMatch(/^\d+$/);
    expect(await irt(u)).toBe('250000');

    // The callback replayed, and five more at once: still one credit.
    const again = await Promise.all([1, 2, 3, 4, 5, 6].map(() => verify(u, depositId, authority)));
    for (const r of again) expect(r.json<Deposit>()).toMatchObject({ outcome: 'success', credited: '250000' });
    expect(await irt(u)).toBe('250000');
    const got = await t.app.inject({
      method: 'GET',
      url: `/api/wallet/deposits/${depositId}`,
      headers: { cookie: u.cookie },
    });
    expect(got.json<Deposit>().outcome).toBe('success');
    const history = await t.app.inject({ method: 'GET', url: '/api/transactions', headers: { cookie: u.cookie } });
    expect(history.json<{ items: { refType: string; refId: string; amount: string }[] }>().items).toEqual([
      expect.objectContaining({ refType: 'Payment', refId: depositId, amount: '250000' }),
    ]);
    await expectLedgerSound(t.database.db);
  });

  it('the payer cancels: failed, nothing credited, and a later OK for it changes nothing', async () => {
    const u = await makeLevelOneInvestor(t);
    const { redirectUrl, depositId } = (await start(u, '50000')).json<{ depositId: string; redirectUrl: string }>();
    const back = await atGateway(redirectUrl, 'cancel');
    const res = await verify(u, depositId, back.get('Authority')!, 'NOK');
    expect(res.json<Deposit>()).toMatchObject({ outcome: 'failed', credited: '0' });
    const forged = await verify(u, depositId, back.get('Authority')!, 'OK');
    expect(forged.json<Deposit>()).toMatchObject({ outcome: 'failed', credited: '0' });
    expect(await irt(u)).toBe('0');
  });

  it('an OK callback for a payment the gateway did not take is failed, not credited', async () => {
    const u = await makeLevelOneInvestor(t);
    const { depositId, redirectUrl } = (await start(u, '70000')).json<{ depositId: string; redirectUrl: string }>();
    const authority = redirectUrl.split('/').pop()!;
    const res = await verify(u, depositId, authority, 'OK');
    expect(res.json<Deposit>()).toMatchObject({ outcome: 'failed', credited: '0' });
    expect(await irt(u)).toBe('0');
  });

  it('a retry with the same key is the same deposit; the key with another amount is refused', async () => {
    const u = await makeLevelOneInvestor(t);
    const key = randomUUID();
    const a = await start(u, '100000', key);
    const b = await start(u, '100,000', key);
    expect(b.statusCode).toBe(201);
    expect(b.json()).toEqual(a.json());
    const c = await start(u, '100001', key);
    expect([c.statusCode, c.json<{ code: string }>().code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
  });

  it('bad inputs change nothing: amounts, no key, no level one, another user’s deposit, another authority', async () => {
    const u = await makeLevelOneInvestor(t);
    const before = await ledgerCounts(t.database.db);
    for (const [amount, rule] of [
      ['-5000', 'amountInvalid'],
      ['abc', 'amountInvalid'],
      ['12.5', 'amountInvalid'],
      ['9999', 'amountMin'],
      ['25000001', 'amountMax'],
    ] as const) {
      const res = await start(u, amount);
      expect([res.statusCode, res.json<{ code: string }>().code], amount).toEqual([400, 'VALIDATION_FAILED']);
      expect(JSON.stringify(res.json()), amount).toContain(rule);
    }
    const noKey = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/deposits/gateway',
      headers: { cookie: u.cookie },
      payload: { amount: '50000' },
    });
    expect([noKey.statusCode, noKey.json<{ code: string }>().code]).toEqual([400, 'VALIDATION_FAILED']);

    const newcomer = await makeInvestor(t);
    const refused = await start(newcomer, '50000');
    expect([refused.statusCode, refused.json<{ code: string; details: unknown }>()]).toEqual([
      403,
      expect.objectContaining({ code: 'KYC_REQUIRED', details: { requiredLevel: 1 } }),
    ]);

    const { depositId, redirectUrl } = (await start(u, '60000')).json<{ depositId: string; redirectUrl: string }>();
    const authority = (await atGateway(redirectUrl, 'pay')).get('Authority')!;
    const other = await makeLevelOneInvestor(t);
    expect((await verify(other, depositId, authority)).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/wallet/deposits/${depositId}`,
          headers: { cookie: other.cookie },
        })
      ).statusCode,
    ).toBe(404);
    expect((await verify(u, depositId, 'S-not-this-one')).statusCode).toBe(404);
    expect(await irt(other)).toBe('0');
    expect(await irt(u)).toBe('0');
    expect(await ledgerCounts(t.database.db)).toEqual(before);
    // The real payer can still finish it.
    expect((await verify(u, depositId, authority)).json<Deposit>().outcome).toBe('success');
  });

  it('a gateway that does not answer is PAYMENT_GATEWAY_UNAVAILABLE and charges nothing', async () => {
    const u = await makeLevelOneInvestor(t);
    gatewayDown = true;
    try {
      const res = await start(u, '80000');
      expect([res.statusCode, res.json<{ code: string }>().code]).toEqual([502, 'PAYMENT_GATEWAY_UNAVAILABLE']);
    } finally {
      gatewayDown = false;
    }
    expect(await irt(u)).toBe('0');
  });
});

describe('gateway deposit through Zarinpal’s protocol', () => {
  it('the payer pays at StartPay, the callback verifies with the gateway, the wallet is credited once', async () => {
    const double = await startZarinpalDouble({ merchantId: 'm-portal' });
    const z = await createTestApp({
      adapters: { payment: createZarinpalPayment({ merchantId: 'm-portal', baseUrl: double.baseUrl }) },
      envVars: { PUBLIC_URL: 'https://portal.example' },
    });
    try {
      const u = await makeLevelOneInvestor(z);
      const res = await z.app.inject({
        method: 'POST',
        url: '/api/wallet/deposits/gateway',
        headers: { cookie: u.cookie, 'idempotency-key': randomUUID() },
        payload: { amount: '1000000' },
      });
      const { depositId, redirectUrl } = res.json<{ depositId: string; redirectUrl: string }>();
      expect(redirectUrl.startsWith(`${double.baseUrl}/pg/StartPay/`)).toBe(true);
      const paid = [...double.payments.values()][0]!;
      expect([paid.amount, paid.callbackUrl]).toEqual([
        10_000_000,
        `https://portal.example/wallet/deposit?depositId=${depositId}`,
      ]);
      const startPay = await fetch(`${redirectUrl}?pay=1`, { redirect: 'manual' });
      const back = new URL(startPay.headers.get('location')!);
      const verified = await z.app.inject({
        method: 'POST',
        url: `/api/wallet/deposits/${depositId}/verify`,
        headers: { cookie: u.cookie },
        payload: { authority: back.searchParams.get('Authority'), status: back.searchParams.get('Status') },
      });
      expect(verified.json<Deposit>()).toMatchObject({
        outcome: 'success',
        credited: '1000000',
        referenceId: String(paid.refId),
      });
      await expectLedgerSound(z.database.db);
    } finally {
      await z.close();
      await double.close();
    }
  });
});
