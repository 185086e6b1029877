import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FundPurchase } from '@portal/contract/funds/orders';
import { PaymentGatewayError, type PaymentPort } from '../../src/adapters/payment/payment.port';
import { createSandboxPayment } from '../../src/adapters/payment/sandbox-payment';
import { createZarinpalPayment } from '../../src/adapters/payment/zarinpal-payment';
import { queryRows } from '../../src/db/client';
import { createTestApp, type TestApp } from '../helpers/app';
import { balanceOf, expectLedgerSound } from '../helpers/ledger';
import { atSandboxGateway } from '../helpers/sandbox-gateway';
import { startZarinpalDouble } from '../helpers/zarinpal-double';
import {
  buyer,
  createFund,
  errorOf,
  expectUnitsConsistent,
  get,
  post,
  postingsOf,
  publishNav,
  purchase,
  setFund,
  snapshot,
  systemBalance,
  unitsOf,
} from './fund-order-helpers';

/**
 * Buying by card (SPEC §2 "Fund purchase": card or wallet; the payment, success, waiting and unsuccess
 * pages): the payer goes to the gateway, comes back to `/fund/purchase/payment/{id}`, and that page asks
 * the server to verify. The payment is verified once however often it is asked: the wallet is credited
 * and the order placed once; a cancelled or failed payment ends the purchase Failed.
 */
const sandbox = createSandboxPayment();
let gatewayDown = false;
const payment: PaymentPort & { routes(app: FastifyInstance): void } = {
  name: sandbox.name,
  routes: sandbox.routes,
  redirectUrl: sandbox.redirectUrl,
  verify: (input) => (gatewayDown ? Promise.reject(new PaymentGatewayError('down')) : sandbox.verify(input)),
  request: (input) => (gatewayDown ? Promise.reject(new PaymentGatewayError('down')) : sandbox.request(input)),
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ adapters: { payment } });
});
afterAll(async () => {
  await expectLedgerSound(t.database.db);
  await expectUnitsConsistent(t.database.db);
  await t.close();
});

const card = { method: 'card', acceptTerms: true } as const;

/** The payer at the sandbox page: pays or cancels; answers where the gateway sends the browser back. */
const atGateway = (redirectUrl: string, result: 'pay' | 'cancel') => atSandboxGateway(t, redirectUrl, result);

const verify = (cookie: string, purchaseId: string, back: URL) =>
  post(
    t,
    cookie,
    `/fund-purchases/${purchaseId}/verify`,
    { authority: back.searchParams.get('Authority'), status: back.searchParams.get('Status') },
    null,
  );

describe('a card purchase through the sandbox gateway', () => {
  it('pays, comes back to the purchase payment page, is verified once and priced at today’s NAV', async () => {
    const fund = await createFund(t, { purchaseFixedFee: 5_000n });
    await publishNav(t, fund.id, 123_457n);
    const u = await buyer(t, 0n);
    const res = await purchase(t, u, fund.id, { amount: '1000000', ...card });
    expect(res.statusCode, res.body).toBe(201);
    const started = res.json<FundPurchase & { redirectUrl: string }>();
    expect(started).toMatchObject({ state: 'PaymentPending', status: 'Pending', outcome: 'pending', method: 'card' });
    expect(started.redirectUrl).toMatch(/^\/sandbox-gateway\//);

    const back = await atGateway(started.redirectUrl, 'pay');
    expect(back.pathname).toBe(`/fund/purchase/payment/${started.id}`);
    expect(back.searchParams.get('Status')).toBe('OK');

    const first = await verify(u.cookie, started.id, back);
    expect(first.statusCode, first.body).toBe(200);
    const done = first.json<FundPurchase>();
    expect(done).toMatchObject({
      state: 'Successful',
      outcome: 'success',
      units: '8.0594',
      charged: '999990',
      remainder: '10',
      paymentReference: expect.any(String),
    });

    // The callback replayed, and the page reloaded: the same answer, nothing moves again.
    for (let i = 0; i < 3; i++) {
      const again = await verify(u.cookie, started.id, back);
      expect(again.json<FundPurchase>()).toEqual(done);
    }
    const db = t.database.db;
    expect(await balanceOf(db, u.userId, 'IRT')).toBe(10n);
    expect(await balanceOf(db, u.userId, 'IRT', 'held')).toBe(0n);
    expect(await unitsOf(db, u.userId, fund.id)).toBe(80_594n);
    expect(await systemBalance(db, 'gateway_clearing', 'IRT')).toBe(-1_000_000n);
    expect(await postingsOf(db, 'FundSharePurchase', started.id)).toHaveLength(2);

    // Another user cannot verify or read it.
    const other = await buyer(t, 0n);
    expect(errorOf(await verify(other.cookie, started.id, back))).toEqual([404, 'NOT_FOUND']);
    expect(errorOf(await get(t, other.cookie, `/fund-purchases/${started.id}`))).toEqual([404, 'NOT_FOUND']);
  });

  it('a payment made before today’s NAV is out waits for it, the paid money held', async () => {
    const fund = await createFund(t);
    const u = await buyer(t, 0n);
    const started = (await purchase(t, u, fund.id, { amount: '500000', ...card })).json<
      FundPurchase & { redirectUrl: string }
    >();
    const back = await atGateway(started.redirectUrl, 'pay');
    const res = (await verify(u.cookie, started.id, back)).json<FundPurchase>();
    expect(res).toMatchObject({ state: 'Waiting', outcome: 'waiting', units: null });
    expect(await balanceOf(t.database.db, u.userId, 'IRT', 'held')).toBe(500_000n);
  });

  it('the payer cancels at the gateway: the purchase fails, nothing is credited, a retry is a new purchase', async () => {
    const fund = await createFund(t);
    await publishNav(t, fund.id, 10_000n);
    const u = await buyer(t, 0n);
    const started = (await purchase(t, u, fund.id, { amount: '300000', ...card })).json<
      FundPurchase & { redirectUrl: string }
    >();
    const back = await atGateway(started.redirectUrl, 'cancel');
    expect(back.searchParams.get('Status')).toBe('NOK');
    const res = (await verify(u.cookie, started.id, back)).json<FundPurchase>();
    expect(res).toMatchObject({
      state: 'Failed',
      status: 'Failed',
      outcome: 'failed',
      failReason: 'payment_cancelled',
    });
    expect((await verify(u.cookie, started.id, back)).json<FundPurchase>()).toEqual(res);
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(0n);

    const retry = await purchase(t, u, fund.id, { amount: '300000', ...card });
    expect(retry.statusCode).toBe(201);
    expect(retry.json<FundPurchase>().id).not.toBe(started.id);
  });

  it('a wrong authority is not found; a payment the gateway says failed ends the purchase Failed', async () => {
    const fund = await createFund(t);
    await publishNav(t, fund.id, 10_000n);
    const u = await buyer(t, 0n);
    const started = (await purchase(t, u, fund.id, { amount: '300000', ...card })).json<
      FundPurchase & { redirectUrl: string }
    >();
    const wrong = await post(
      t,
      u.cookie,
      `/fund-purchases/${started.id}/verify`,
      { authority: 'S0', status: 'OK' },
      null,
    );
    expect(errorOf(wrong)).toEqual([404, 'NOT_FOUND']);
    // The payer comes back claiming OK without paying: the gateway says not paid.
    const authority = started.redirectUrl.split('/').at(-1)!;
    const res = await post(t, u.cookie, `/fund-purchases/${started.id}/verify`, { authority, status: 'OK' }, null);
    expect(res.json<FundPurchase>()).toMatchObject({ state: 'Failed', failReason: 'payment_failed' });
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(0n);
  });

  it('a gateway that does not answer the verify leaves it pending; the next call settles it once', async () => {
    const fund = await createFund(t);
    await publishNav(t, fund.id, 10_000n);
    const u = await buyer(t, 0n);
    const started = (await purchase(t, u, fund.id, { amount: '300000', ...card })).json<
      FundPurchase & { redirectUrl: string }
    >();
    const back = await atGateway(started.redirectUrl, 'pay');
    gatewayDown = true;
    try {
      expect((await verify(u.cookie, started.id, back)).json<FundPurchase>().outcome).toBe('pending');
    } finally {
      gatewayDown = false;
    }
    const [a, b] = await Promise.all([verify(u.cookie, started.id, back), verify(u.cookie, started.id, back)]);
    expect([a.json<FundPurchase>().outcome, b.json<FundPurchase>().outcome]).toEqual(['success', 'success']);
    expect(await unitsOf(t.database.db, u.userId, fund.id)).toBe(300_000n);
    const [row] = await queryRows<{ deposit_id: string }>(
      t.database.db,
      sql`SELECT deposit_id FROM fund_purchases WHERE id = ${started.id}`,
    );
    // One credit of the wallet by the payment, one hold and one pricing journal.
    expect(await postingsOf(t.database.db, 'Payment', row!.deposit_id)).toEqual([
      [
        ['gateway_clearing', 'IRT', '-300000'],
        ['user.available', 'IRT', '300000'],
      ],
    ]);
    expect(await postingsOf(t.database.db, 'FundSharePurchase', started.id)).toHaveLength(2);
  });

  it('a gateway that will not start the payment: PAYMENT_GATEWAY_UNAVAILABLE, the purchase failed, nothing charged', async () => {
    const fund = await createFund(t);
    const u = await buyer(t, 0n);
    gatewayDown = true;
    try {
      const res = await purchase(t, u, fund.id, { amount: '300000', ...card });
      expect(errorOf(res)).toEqual([502, 'PAYMENT_GATEWAY_UNAVAILABLE']);
    } finally {
      gatewayDown = false;
    }
    const list = (await get(t, u.cookie, '/fund-purchases')).json<{ items: FundPurchase[] }>().items;
    expect(list.map((p) => [p.state, p.failReason])).toEqual([['Failed', 'gateway_unavailable']]);
    expect(await snapshot(t, u.userId, fund.id)).toMatchObject({
      available: 0n,
      held: 0n,
      journals: expect.any(Number),
    });
  });

  it('buying paused before the payment arrived: the payment stays in the wallet, the purchase fails', async () => {
    const fund = await createFund(t);
    await publishNav(t, fund.id, 10_000n);
    const u = await buyer(t, 0n);
    const key = randomUUID();
    const started = (await purchase(t, u, fund.id, { amount: '300000', ...card }, key)).json<
      FundPurchase & { redirectUrl: string }
    >();
    // A retry of the start sends the payer to the same payment.
    const retried = (await purchase(t, u, fund.id, { amount: '300000', ...card }, key)).json<
      FundPurchase & { redirectUrl: string }
    >();
    expect([retried.id, retried.redirectUrl]).toEqual([started.id, started.redirectUrl]);
    await setFund(t, fund.id, { buyingPaused: true });
    const back = await atGateway(started.redirectUrl, 'pay');
    const res = (await verify(u.cookie, started.id, back)).json<FundPurchase>();
    expect(res).toMatchObject({ state: 'Failed', failReason: 'fund_paused' });
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(300_000n);
  });
});

describe('a card purchase through Zarinpal’s protocol', () => {
  it('StartPay, the callback to the purchase payment page, verify once, priced', async () => {
    const double = await startZarinpalDouble({ merchantId: 'm-portal' });
    const z = await createTestApp({
      adapters: { payment: createZarinpalPayment({ merchantId: 'm-portal', baseUrl: double.baseUrl }) },
      envVars: { PUBLIC_URL: 'https://portal.example' },
    });
    try {
      const fund = await createFund(z);
      await publishNav(z, fund.id, 25_000n);
      const u = await buyer(z, 0n);
      const res = await purchase(z, u, fund.id, { amount: '1000000', ...card });
      expect(res.statusCode, res.body).toBe(201);
      const started = res.json<FundPurchase & { redirectUrl: string }>();
      expect(started.redirectUrl.startsWith(`${double.baseUrl}/pg/StartPay/`)).toBe(true);
      const paid = [...double.payments.values()][0]!;
      expect([paid.amount, paid.callbackUrl]).toEqual([
        10_000_000,
        `https://portal.example/fund/purchase/payment/${started.id}`,
      ]);
      const startPay = await fetch(`${started.redirectUrl}?pay=1`, { redirect: 'manual' });
      const back = new URL(startPay.headers.get('location')!);
      const payload = { authority: back.searchParams.get('Authority'), status: back.searchParams.get('Status') };
      const url = `/fund-purchases/${started.id}/verify`;
      const [a, b] = await Promise.all([post(z, u.cookie, url, payload, null), post(z, u.cookie, url, payload, null)]);
      const answers = [a.json<FundPurchase>(), b.json<FundPurchase>()];
      // One caller verified; the other saw it claimed (pending) or done — never a second credit.
      expect(answers.some((x) => x.outcome === 'success')).toBe(true);
      const final = (await post(z, u.cookie, url, payload, null)).json<FundPurchase>();
      expect(final).toMatchObject({ outcome: 'success', units: '40', paymentReference: String(paid.refId) });
      expect(await balanceOf(z.database.db, u.userId, 'IRT')).toBe(0n);
      expect(await unitsOf(z.database.db, u.userId, fund.id)).toBe(400_000n);
      await expectLedgerSound(z.database.db);
      await expectUnitsConsistent(z.database.db);
    } finally {
      await z.close();
      await double.close();
    }
  });
});
