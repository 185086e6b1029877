import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FundPurchase } from '@portal/contract/funds/orders';
import type { Deposit } from '@portal/contract/wallet/deposits';
import { PAYER_WINDOW_MS, PaymentGatewayError, type PaymentPort } from '../../src/adapters/payment/payment.port';
import { createSandboxPayment } from '../../src/adapters/payment/sandbox-payment';
import { deposits } from '../../src/db/schema';
import {
  reconcileGatewayPayments,
  UNOPENED_AFTER_MS,
  VERIFY_RETRY_AFTER_MS,
} from '../../src/modules/payments/reconcile';
import { PAYMENT_PURPOSES_BY_NAME } from '../../src/payment-purposes';
import { makeLevelOneInvestor, type TestUser } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/app';
import { balanceOf, expectLedgerSound, ledgerCounts } from '../helpers/ledger';
import { atSandboxGateway } from '../helpers/sandbox-gateway';
import {
  buyer,
  createFund,
  expectUnitsConsistent,
  get,
  publishNav,
  purchase,
  unitsOf,
} from '../fund-orders/fund-order-helpers';

/**
 * Gateway payments nobody ended (decision 026): a payer who paid and never came back, one who never paid,
 * a verify the gateway did not answer, a payment never opened. The job asks the gateway through the same
 * settle functions as the callbacks: paid is credited once (and a card purchase placed), the rest failed.
 */
let sandboxClock = Date.now();
const sandbox = createSandboxPayment({ now: () => sandboxClock });
let verifyDown = false;
let verifyCalls = 0;
/** Authorities whose verify throws what no gateway error is (a bug, say). */
const verifyBreaks = new Set<string>();
const payment: PaymentPort & { routes(app: FastifyInstance): void } = {
  name: sandbox.name,
  routes: sandbox.routes,
  redirectUrl: sandbox.redirectUrl,
  request: sandbox.request,
  verify: (input) => {
    verifyCalls++;
    if (verifyBreaks.has(input.authority)) return Promise.reject(new TypeError('broken'));
    return verifyDown ? Promise.reject(new PaymentGatewayError('down')) : sandbox.verify(input);
  },
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

const deps = () => ({ db: t.database.db, payment, purposes: PAYMENT_PURPOSES_BY_NAME, now: () => t.clock.now });
/** The job as it runs `ms` from now (rows are dated by the database's clock, which is the real one). */
const jobIn = (ms: number) => reconcileGatewayPayments(deps(), new Date(Date.now() + ms));
const AFTER_WINDOW = PAYER_WINDOW_MS + 60_000;

const start = async (u: TestUser, amount: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/wallet/deposits/gateway',
    headers: { cookie: u.cookie, 'idempotency-key': randomUUID() },
    payload: { amount },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ depositId: string; redirectUrl: string }>();
};

/** The payer at the sandbox page; the gateway's answer (where it sends the browser, which nobody follows). */
const atGateway = async (redirectUrl: string, result: 'pay' | 'cancel') =>
  (await atSandboxGateway(t, redirectUrl, result)).searchParams;

const depositOf = async (u: TestUser, depositId: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/wallet/deposits/${depositId}`, headers: { cookie: u.cookie } })
  ).json<Deposit>();

const irt = (u: TestUser) => balanceOf(t.database.db, u.userId, 'IRT');

describe('the payment reconciliation job', () => {
  it('credits once a payer who paid and never came back, after the payer’s window, however often it runs', async () => {
    const u = await makeLevelOneInvestor(t);
    const { depositId, redirectUrl } = await start(u, '300000');
    await atGateway(redirectUrl, 'pay');

    // Within the window the payer may still be on the way back: left alone, not even asked about.
    const calls = verifyCalls;
    await jobIn(PAYER_WINDOW_MS - 60_000);
    expect(verifyCalls).toBe(calls);
    expect((await depositOf(u, depositId)).outcome).toBe('waiting');

    // After it: verified, credited; the job again, twice at once, and the late callback change nothing.
    await jobIn(AFTER_WINDOW);
    expect(await depositOf(u, depositId)).toMatchObject({ outcome: 'success', credited: '300000' });
    await Promise.all([jobIn(AFTER_WINDOW), jobIn(AFTER_WINDOW)]);
    const authority = redirectUrl.split('/').pop()!;
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/wallet/deposits/${depositId}/verify`,
      headers: { cookie: u.cookie },
      payload: { authority, status: 'OK' },
    });
    expect(late.json<Deposit>()).toMatchObject({ outcome: 'success', credited: '300000' });
    expect(await irt(u)).toBe(300_000n);
    await expectLedgerSound(t.database.db);
  });

  it('fails a payment its payer never paid, and the gateway refuses it after the window', async () => {
    const u = await makeLevelOneInvestor(t);
    const { depositId, redirectUrl } = await start(u, '80000');
    const before = await ledgerCounts(t.database.db);
    await jobIn(AFTER_WINDOW);
    expect(await depositOf(u, depositId)).toMatchObject({ outcome: 'failed', credited: '0' });
    expect(await ledgerCounts(t.database.db)).toEqual(before);

    // The payer turns up at the gateway's page later: it has expired and takes nothing.
    sandboxClock = Date.now() + AFTER_WINDOW;
    try {
      const back = await atGateway(redirectUrl, 'pay');
      expect(back.get('Status')).toBe('NOK');
    } finally {
      sandboxClock = Date.now();
    }
    expect(await irt(u)).toBe(0n);
  });

  it('settles a verify the gateway did not answer, once it answers', async () => {
    const u = await makeLevelOneInvestor(t);
    const { depositId, redirectUrl } = await start(u, '120000');
    const back = await atGateway(redirectUrl, 'pay');
    verifyDown = true;
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/wallet/deposits/${depositId}/verify`,
        headers: { cookie: u.cookie },
        payload: { authority: back.get('Authority'), status: 'OK' },
      });
      expect(res.json<Deposit>().outcome).toBe('waiting');
      // Still down: the job asks and leaves it waiting.
      await jobIn(VERIFY_RETRY_AFTER_MS + 5_000);
      expect((await depositOf(u, depositId)).outcome).toBe('waiting');
    } finally {
      verifyDown = false;
    }
    // A verify in flight for less than a minute is not asked about again.
    const calls = verifyCalls;
    await jobIn(0);
    expect(verifyCalls).toBe(calls);
    await jobIn(VERIFY_RETRY_AFTER_MS + 5_000);
    expect(await depositOf(u, depositId)).toMatchObject({ outcome: 'success', credited: '120000' });
    expect(await irt(u)).toBe(120_000n);
  });

  it('one payment it cannot settle does not hold up the others, and is settled once it can be', async () => {
    const [a, b] = [await makeLevelOneInvestor(t), await makeLevelOneInvestor(t)];
    const first = await start(a, '40000');
    const second = await start(b, '60000');
    await atGateway(first.redirectUrl, 'pay');
    await atGateway(second.redirectUrl, 'pay');
    const broken = first.redirectUrl.split('/').pop()!;
    verifyBreaks.add(broken);
    try {
      await expect(jobIn(AFTER_WINDOW)).rejects.toThrow(/1 of \d+ gateway payments could not be settled/);
    } finally {
      verifyBreaks.delete(broken);
    }
    expect((await depositOf(a, first.depositId)).outcome).toBe('waiting');
    expect(await depositOf(b, second.depositId)).toMatchObject({ outcome: 'success', credited: '60000' });
    await jobIn(AFTER_WINDOW + VERIFY_RETRY_AFTER_MS);
    expect(await depositOf(a, first.depositId)).toMatchObject({ outcome: 'success', credited: '40000' });
    expect([await irt(a), await irt(b)]).toEqual([40_000n, 60_000n]);
  });

  it('fails a payment that was never opened at the gateway', async () => {
    const u = await makeLevelOneInvestor(t);
    const { depositId } = await start(u, '90000');
    // As if the process had stopped between writing the deposit and the gateway's answer.
    await t.database.db.update(deposits).set({ authority: null, provider: null }).where(eq(deposits.id, depositId));
    const calls = verifyCalls;
    expect(await jobIn(UNOPENED_AFTER_MS + 60_000)).toMatchObject({ unopened: 1 });
    expect(verifyCalls).toBe(calls);
    expect(await depositOf(u, depositId)).toMatchObject({ outcome: 'failed', credited: '0' });
  });

  it('places the order of a card purchase whose payer paid and never came back, once', async () => {
    const fund = await createFund(t);
    await publishNav(t, fund.id, 100_000n);
    const u = await buyer(t, 0n);
    const res = await purchase(t, u, fund.id, { amount: '1000000', method: 'card', acceptTerms: true });
    expect(res.statusCode, res.body).toBe(201);
    const started = res.json<FundPurchase & { redirectUrl: string }>();
    await atGateway(started.redirectUrl, 'pay');

    await jobIn(AFTER_WINDOW);
    await Promise.all([jobIn(AFTER_WINDOW), jobIn(AFTER_WINDOW)]);
    const got = (await get(t, u.cookie, `/fund-purchases/${started.id}`)).json<FundPurchase>();
    expect(got).toMatchObject({ state: 'Successful', outcome: 'success', units: '10' });
    expect(await unitsOf(t.database.db, u.userId, fund.id)).toBe(100_000n);
    expect(await irt(u)).toBe(0n);
  });

  it('fails a card purchase whose payer never paid, with its payment', async () => {
    const fund = await createFund(t);
    await publishNav(t, fund.id, 100_000n);
    const u = await buyer(t, 0n);
    const started = (await purchase(t, u, fund.id, { amount: '500000', method: 'card', acceptTerms: true })).json<
      FundPurchase & { redirectUrl: string }
    >();
    await jobIn(AFTER_WINDOW);
    const got = (await get(t, u.cookie, `/fund-purchases/${started.id}`)).json<FundPurchase>();
    expect(got).toMatchObject({ state: 'Failed', outcome: 'failed' });
    expect(await unitsOf(t.database.db, u.userId, fund.id)).toBe(0n);
  });
});
