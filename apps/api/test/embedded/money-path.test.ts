import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deposit } from '@portal/contract/wallet/deposits';
import type { Wallet } from '@portal/contract/wallet/wallets';
import { createSandboxPayment } from '../../src/adapters/payment/sandbox-payment';
import { makeLevelOneInvestor, type TestUser } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/app';
import { balanceOf, expectLedgerSound } from '../helpers/ledger';
import { atSandboxGateway, startGatewayDeposit } from '../helpers/sandbox-gateway';
import { buy, createFund, expectUnitsConsistent, publishNav, unitsOf } from '../fund-orders/fund-order-helpers';

/**
 * The money path in the embedded mode (decision 005, 033): the whole suite runs on PostgreSQL in CI, so
 * this file shows that a deposit through the gateway and a fund purchase from the wallet work end to end
 * on PGlite, and leave the ledger balanced.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ adapters: { payment: createSandboxPayment() } });
});
afterAll(async () => {
  await t.close();
});

async function wallet(u: TestUser): Promise<Wallet> {
  const res = await t.app.inject({ method: 'GET', url: '/api/wallets', headers: { cookie: u.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: Wallet[] }>().items.find((w) => w.currency === 'IRT')!;
}

describe('the money path on PGlite', () => {
  it('runs on the embedded database', () => {
    expect(t.database.driver).toBe('pglite');
  });

  it('credits a gateway deposit once, buys fund units with it, and keeps the ledger balanced', async () => {
    const u = await makeLevelOneInvestor(t);

    const { depositId, redirectUrl } = await startGatewayDeposit(t, u.cookie, '500000');
    const back = (await atSandboxGateway(t, redirectUrl, 'pay')).searchParams;
    const verify = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/wallet/deposits/${depositId}/verify`,
        headers: { cookie: u.cookie },
        payload: { authority: back.get('Authority'), status: back.get('Status') },
      });
    const first = await verify();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<Deposit>()).toMatchObject({ outcome: 'success', credited: '500000' });
    // The callback again credits nothing more.
    expect((await verify()).json<Deposit>()).toMatchObject({ outcome: 'success', credited: '500000' });
    expect((await wallet(u)).available).toBe('500000');

    const fund = await createFund(t);
    await publishNav(t, fund.id, 10_000n);
    const purchase = await buy(t, u, fund.id, '200000');
    expect(purchase).toMatchObject({ state: 'Successful', units: '20' });
    // 20 units of 10⁴ unit-minors each.
    expect(await unitsOf(t.database.db, u.userId, fund.id)).toBe(200_000n);
    expect((await wallet(u)).available).toBe('300000');
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(300_000n);

    await expectLedgerSound(t.database.db);
    await expectUnitsConsistent(t.database.db);
  });
});
