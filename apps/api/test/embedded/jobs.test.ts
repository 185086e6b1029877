import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deposit } from '@portal/contract/wallet/deposits';
import { PAYER_WINDOW_MS } from '../../src/adapters/payment/payment.port';
import { createSandboxPayment } from '../../src/adapters/payment/sandbox-payment';
import { reconcileGatewayPayments } from '../../src/modules/payments/reconcile';
import { PAYMENT_PURPOSES_BY_NAME } from '../../src/payment-purposes';
import { runFundOrderJobs } from '../../src/modules/fund-orders/pricing.service';
import { makeLevelOneInvestor } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/app';
import { balanceOf, expectLedgerSound } from '../helpers/ledger';
import { atSandboxGateway, startGatewayDeposit } from '../helpers/sandbox-gateway';
import { buy, buyer, createFund, expectUnitsConsistent, get, publishNav } from '../fund-orders/fund-order-helpers';

/**
 * The scheduled jobs of server.ts on PGlite (decision 033): the embedded mode runs them in the same
 * process as the app, on the one connection PGlite has; the fund-order catch-up prices waiting orders
 * and the payment reconciliation settles a payment nobody ended.
 */
const payment = createSandboxPayment();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ adapters: { payment } });
});
afterAll(async () => {
  await expectLedgerSound(t.database.db);
  await expectUnitsConsistent(t.database.db);
  await t.close();
});

describe('the job runner on PGlite', () => {
  it('prices a purchase that waited for its NAV', async () => {
    expect(t.database.driver).toBe('pglite');
    const fund = await createFund(t);
    const u = await buyer(t, 1_000_000n);
    // An older NAV makes the fund open for orders; today's is not out yet.
    t.clock.advance(3 * 86_400);
    await publishNav(t, fund.id, 10_000n, '2020-01-01');
    const waiting = await buy(t, u, fund.id, '200000');
    expect(waiting.state).toBe('Waiting');
    expect((await runFundOrderJobs(t.database.db, t.clock.now)).purchases).toBe(0);

    await publishNav(t, fund.id, 8_000n);
    expect((await runFundOrderJobs(t.database.db, t.clock.now)).purchases).toBe(1);
    const priced = await get(t, u.cookie, `/fund-purchases/${waiting.id}`);
    expect(priced.json()).toMatchObject({ state: 'Successful', units: '25', nav: '8000' });
    // Nothing is left to price.
    expect((await runFundOrderJobs(t.database.db, t.clock.now)).purchases).toBe(0);
  });

  it('credits once a gateway payment whose payer never came back', async () => {
    const u = await makeLevelOneInvestor(t);
    const { depositId, redirectUrl } = await startGatewayDeposit(t, u.cookie, '300000');
    await atSandboxGateway(t, redirectUrl, 'pay');

    const job = () =>
      reconcileGatewayPayments(
        { db: t.database.db, payment, purposes: PAYMENT_PURPOSES_BY_NAME, now: () => t.clock.now },
        new Date(Date.now() + PAYER_WINDOW_MS + 60_000),
      );
    expect((await job()).verified).toBe(1);
    expect((await job()).verified).toBe(0);
    const deposit = await t.app.inject({
      method: 'GET',
      url: `/api/wallet/deposits/${depositId}`,
      headers: { cookie: u.cookie },
    });
    expect(deposit.json<Deposit>()).toMatchObject({ outcome: 'success', credited: '300000' });
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(300_000n);
  });
});
