import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FundPurchase } from '@portal/contract/funds/orders';
import { deposits } from '../../src/db/schema';
import { PAYMENT_PURPOSES } from '../../src/modules/payments/purposes';
import { PAYMENT_PURPOSES_BY_NAME } from '../../src/payment-purposes';
import { makeLevelOneInvestor } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectLedgerSound } from '../helpers/ledger';
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
 * The purposes of a gateway payment (decision 031): every gateway row says what it is for, the job's map
 * holds every purpose under its own name, and a payment is ended only by its own purpose's return page.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgerSound(t.database.db);
  await expectUnitsConsistent(t.database.db);
  await t.close();
});

const purposeOf = async (id: string) =>
  (await t.database.db.select({ purpose: deposits.purpose }).from(deposits).where(eq(deposits.id, id)))[0]?.purpose;

describe('gateway payment purposes', () => {
  it('the job’s map holds every purpose under its own name', () => {
    expect(Object.keys(PAYMENT_PURPOSES_BY_NAME).sort()).toEqual([...PAYMENT_PURPOSES].sort());
    for (const [name, purpose] of Object.entries(PAYMENT_PURPOSES_BY_NAME)) expect(purpose.name).toBe(name);
  });

  it('writes the purpose of a wallet deposit and of a card purchase on their payments', async () => {
    const u = await makeLevelOneInvestor(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/deposits/gateway',
      headers: { cookie: u.cookie, 'idempotency-key': randomUUID() },
      payload: { amount: '150000' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await purposeOf(res.json<{ depositId: string }>().depositId)).toBe('wallet_deposit');

    const fund = await createFund(t);
    const b = await buyer(t, 0n);
    const bought = await purchase(t, b, fund.id, { amount: '500000', method: 'card', acceptTerms: true });
    expect(bought.statusCode, bought.body).toBe(201);
    const [row] = await t.database.db
      .select({ purpose: deposits.purpose })
      .from(deposits)
      .where(
        sql`${deposits.id} = (SELECT deposit_id FROM fund_purchases WHERE id = ${bought.json<FundPurchase>().id})`,
      );
    expect(row?.purpose).toBe('fund_purchase');
  });

  it('refuses a gateway payment without a purpose, and a purpose on a deposit that is not a gateway payment', async () => {
    const u = await makeLevelOneInvestor(t);
    const insert = (values: Partial<typeof deposits.$inferInsert>) =>
      t.database.db
        .insert(deposits)
        .values({ userId: u.userId, amount: 1000n, status: 'Pending', kind: 'gateway', ...values });
    await expect(insert({ purpose: null })).rejects.toThrow();
    await expect(insert({ kind: 'by_id', purpose: 'wallet_deposit' })).rejects.toThrow();
  });

  it('does not let a wallet deposit’s return page end a card purchase’s payment', async () => {
    const fund = await createFund(t);
    await publishNav(t, fund.id, 100_000n);
    const u = await buyer(t, 0n);
    const started = (await purchase(t, u, fund.id, { amount: '1000000', method: 'card', acceptTerms: true })).json<
      FundPurchase & { redirectUrl: string }
    >();
    await atSandboxGateway(t, started.redirectUrl, 'pay');
    const [payment] = await t.database.db
      .select()
      .from(deposits)
      .where(sql`${deposits.id} = (SELECT deposit_id FROM fund_purchases WHERE id = ${started.id})`);
    const asDeposit = await t.app.inject({
      method: 'POST',
      url: `/api/wallet/deposits/${payment!.id}/verify`,
      headers: { cookie: u.cookie },
      payload: { authority: payment!.authority, status: 'OK' },
    });
    expect(asDeposit.statusCode).toBe(404);
    expect(await purposeOf(payment!.id)).toBe('fund_purchase');
    expect((await t.database.db.select().from(deposits).where(eq(deposits.id, payment!.id)))[0]?.status).toBe(
      'Pending',
    );

    // Its own return page settles it once: the wallet credited and the order placed.
    const own = await t.app.inject({
      method: 'POST',
      url: `/api/fund-purchases/${started.id}/verify`,
      headers: { cookie: u.cookie },
      payload: { authority: payment!.authority, status: 'OK' },
    });
    expect(own.statusCode, own.body).toBe(200);
    const got = (await get(t, u.cookie, `/fund-purchases/${started.id}`)).json<FundPurchase>();
    expect(got).toMatchObject({ state: 'Successful', units: '10' });
    expect(await unitsOf(t.database.db, u.userId, fund.id)).toBe(100_000n);
  });
});
