import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TetherQuote } from '@portal/contract/tether/market';
import type { Transaction, TransactionDetails } from '@portal/contract/wallet/wallets';
import type { TestUser } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectLedgerSound } from '../helpers/ledger';
import { buyer, get, post } from '../fund-orders/fund-order-helpers';
import { setMarket, settableSource } from '../tether/tether-helpers';
import { withdraw, withdrawer } from '../withdrawals/withdrawal-helpers';

/**
 * `GET /transactions/:id` for the other kinds of movement (issue 19): a tether trade's two rows carry the
 * trade (side, rate, amounts) and its fee; a toman withdrawal's hold names its request of `/user-requests`
 * and has a receipt.
 */
const nobitex = settableSource('nobitex', 1_000_000n);
const wallex = settableSource('wallex', 1_000_000n);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ adapters: { priceSources: [nobitex, wallex] } });
  await setMarket(t, {
    paused: false,
    dailyLimitToman: { '1': '200000000', '2': '2000000000' },
    minTradeToman: 100_000n,
  });
  await t.app.tetherPrices.takePrice(t.clock.now);
});
afterAll(async () => {
  await expectLedgerSound(t.database.db);
  await t.close();
});

const list = async (u: Pick<TestUser, 'cookie'>, q: string) =>
  (await get(t, u.cookie, `/transactions${q}`)).json<{ items: Transaction[] }>().items;
const details = async (u: Pick<TestUser, 'cookie'>, id: string) => {
  const res = await get(t, u.cookie, `/transactions/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TransactionDetails>();
};

describe('a transaction’s details, other kinds', () => {
  it('a tether trade: both rows carry the trade’s side, rate and amounts, and its fee; no receipt', async () => {
    const u = await buyer(t, 1_000_000n);
    const q = await post(
      t,
      u.cookie,
      '/tether/quotes',
      { side: 'buy', fiat: 'IRT', amountOf: 'pay', amount: '500000' },
      null,
    );
    expect(q.statusCode, q.body).toBe(201);
    const res = await post(t, u.cookie, `/tether/quotes/${q.json<TetherQuote>().id}/execute`, {}, randomUUID());
    expect(res.statusCode, res.body).toBe(201);

    const rows = await list(u, '?refType=ExchangeTransaction');
    expect(rows.map((r) => [r.currency, r.type, r.amount]).sort()).toEqual([
      ['IRT', 'Withdrawal', '500000'],
      ['USDT', 'Deposit', '4.962686'],
    ]);
    for (const row of rows) {
      const d = await details(u, row.id);
      expect(d).toMatchObject({ fees: [{ currency: 'IRT', amount: '1250' }], hasReceipt: false, chain: null });
      expect(d.ref).toEqual({
        type: 'ExchangeTransaction',
        id: row.refId,
        fund: null,
        trade: { side: 'buy', fiat: 'IRT', price: '1005000', fiatAmount: '500000', usdtAmount: '4.962686' },
        chain: null,
        request: null,
      });
    }
  });

  it('a toman withdrawal: its request on /user-requests and a receipt', async () => {
    const u = await withdrawer(t, 1_000_000n);
    const w = await withdraw(t, u, '200000');
    const [row] = await list(u, '?refType=Withdrawal');
    expect([row!.type, row!.refId, row!.amount]).toEqual(['Withdrawal', w.id, '200000']);
    const d = await details(u, row!.id);
    expect(d).toMatchObject({ fees: [], hasReceipt: true });
    expect(d.ref).toMatchObject({
      type: 'Withdrawal',
      id: w.id,
      request: { type: 'WithdrawalFromTomanWallet', status: 'Pending' },
    });
  });
});
