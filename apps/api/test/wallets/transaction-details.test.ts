import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FundRedemption } from '@portal/contract/funds/orders';
import type { Transaction, TransactionDetails } from '@portal/contract/wallet/wallets';
import { makeInvestor, type TestUser } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectLedgerSound } from '../helpers/ledger';
import { buy, buyer, createFund, errorOf, get, publishNav, redeem, today } from '../fund-orders/fund-order-helpers';

/**
 * `GET /transactions/:id` (issue 19, `/transaction`): one movement of the user's wallets with the fees of
 * its order (the journals of the same reference, to the `fees` account), what it belongs to (a fund order's
 * fund, units and NAV; the request of `/user-requests`) and whether a receipt exists. Another user's id is
 * NOT_FOUND; an id that is not a posting number is VALIDATION_FAILED.
 */
let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let fundId: string;
let redemption: FundRedemption;
beforeAll(async () => {
  t = await createTestApp();
  const fund = await createFund(t, { purchaseFixedFee: 5_000n, redeemFixedFee: 2_000n });
  fundId = fund.id;
  await publishNav(t, fund.id, 123_457n);
  alice = await buyer(t, 1_000_000n);
  bob = await makeInvestor(t);
  const bought = await buy(t, alice, fund.id, '1000000');
  expect(bought.units).toBe('8.0594');
  redemption = await redeem(t, alice, fund.id, { units: '3' });
});
afterAll(async () => {
  await expectLedgerSound(t.database.db);
  await t.close();
});

const list = async (u: TestUser, q = '') =>
  (await get(t, u.cookie, `/transactions${q}`)).json<{ items: Transaction[]; total: number }>().items;
const details = (u: TestUser, id: string) => get(t, u.cookie, `/transactions/${id}`);

describe('a transaction’s details', () => {
  it('a fund purchase’s hold: the order’s fixed fee, the fund, units and NAV, the BuyFund request, a receipt', async () => {
    const row = (await list(alice, '?refType=FundSharePurchase&type=Withdrawal'))[0]!;
    const res = await details(alice, row.id);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json<TransactionDetails>();
    expect(d).toMatchObject({
      id: row.id,
      walletId: row.walletId,
      currency: 'IRT',
      type: 'Withdrawal',
      refType: 'FundSharePurchase',
      amount: '1000000',
      balanceAfter: row.balanceAfter,
      createdAt: row.createdAt,
      chain: null,
      fees: [{ currency: 'IRT', amount: '5000' }],
      hasReceipt: true,
    });
    expect(d.ref).toEqual({
      type: 'FundSharePurchase',
      id: row.refId,
      fund: {
        fundId,
        fundName: { fa: 'Test fund', ar: 'Test fund', en: 'Test fund' },
        currency: 'IRT',
        units: '8.0594',
        nav: '123457',
        navDate: today(t),
      },
      trade: null,
      chain: null,
      request: { type: 'BuyFund', status: 'Successful' },
    });
  });

  it('a redemption’s proceeds: its fees (fixed, early exit, performance), the units redeemed, the SellFund request', async () => {
    expect(redemption.status).toBe('Successful');
    const row = (await list(alice, '?refType=FundShareRedeem'))[0]!;
    expect([row.type, row.amount]).toEqual(['Deposit', redemption.proceeds]);
    const d = (await details(alice, row.id)).json<TransactionDetails>();
    const fees = [redemption.fixedFee, redemption.earlyExitFee, redemption.performanceFee]
      .map((f) => BigInt(f ?? '0'))
      .reduce((a, b) => a + b, 0n);
    expect(d.fees).toEqual([{ currency: 'IRT', amount: fees.toString() }]);
    expect(d.ref.fund).toMatchObject({ fundId, units: '3', nav: '123457' });
    expect(d.ref.request).toEqual({ type: 'SellFund', status: 'Successful' });
    expect(d.hasReceipt).toBe(true);
  });

  it('a deposit with no fee and no request of its own', async () => {
    const row = (await list(alice, '?refType=Payment'))[0]!;
    const d = (await details(alice, row.id)).json<TransactionDetails>();
    expect(d).toMatchObject({ type: 'Deposit', amount: '1000000', fees: [], hasReceipt: true });
    expect(d.ref).toMatchObject({ type: 'Payment', fund: null, trade: null, chain: null, request: null });
  });

  it('the user’s own only: another user’s id is not found and leaks nothing; a bad id is a validation error', async () => {
    const row = (await list(alice, '?refType=FundSharePurchase&type=Withdrawal'))[0]!;
    const other = await details(bob, row.id);
    expect(errorOf(other)).toEqual([404, 'NOT_FOUND']);
    expect(other.body).not.toContain('1000000');
    expect(other.body).not.toContain(fundId);
    expect(errorOf(await details(alice, '99999999999'))).toEqual([404, 'NOT_FOUND']);
    for (const bad of ['not-a-number', '0', '12ab', '1'.repeat(19), '00000000-0000-0000-0000-000000000000']) {
      expect(errorOf(await details(alice, bad)), bad).toEqual([400, 'VALIDATION_FAILED']);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/transactions/${row.id}` });
    expect(anonymous.statusCode).toBe(401);
  });
});
