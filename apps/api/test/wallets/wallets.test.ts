import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Wallet } from '@portal/contract/wallet/wallets';
import { runMoneyTransaction } from '../../src/lib/money-tx';
import { creditUser, moveBetweenBuckets } from '../../src/modules/ledger/ledger.service';
import { makeInvestor, type TestUser } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  [alice, bob] = [await makeInvestor(t), await makeInvestor(t)];
});
afterAll(async () => {
  await t.close();
});

const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const wallets = async (u: TestUser) => (await get(u.cookie, '/api/wallets')).json<{ items: Wallet[] }>().items;
const walletOf = async (u: TestUser, currency: string) => (await wallets(u)).find((w) => w.currency === currency)!;

describe('wallets', () => {
  it('a new user has the four wallets at zero', async () => {
    const res = await get(alice.cookie, '/api/wallets');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ items: Wallet[] }>().items.map((w) => [w.currency, w.available, w.held, w.total])).toEqual([
      ['IRR', '0', '0', '0'],
      ['IRT', '0', '0', '0'],
      ['USD', '0', '0', '0'],
      ['USDT', '0', '0', '0'],
    ]);
  });

  it('balances and history come from the ledger, in each currency’s scale', async () => {
    const db = t.database.db;
    await runMoneyTransaction(db, (tx) =>
      creditUser(tx, {
        userId: alice.userId,
        from: 'gateway_clearing',
        currency: 'IRT',
        amount: 1_500_000n,
        refType: 'Payment',
        refId: 'pay-1',
      }),
    );
    await runMoneyTransaction(db, (tx) =>
      creditUser(tx, {
        userId: alice.userId,
        from: 'bank_settlement',
        currency: 'USDT',
        amount: 12_500_000n,
        refType: 'Payment',
        refId: 'pay-2',
      }),
    );
    await runMoneyTransaction(db, (tx) =>
      moveBetweenBuckets(tx, {
        userId: alice.userId,
        from: 'available',
        to: 'held',
        currency: 'IRT',
        amount: 400_000n,
        refType: 'Withdrawal',
        refId: 'wd-1',
      }),
    );
    const irt = await walletOf(alice, 'IRT');
    expect([irt.available, irt.held, irt.total]).toEqual(['1100000', '400000', '1500000']);
    expect((await walletOf(alice, 'USDT')).available).toBe('12.5');

    const history = await get(alice.cookie, `/api/wallets/${irt.walletId}/transactions`);
    expect(history.statusCode).toBe(200);
    const body = history.json<{
      items: { type: string; refType: string; refId: string; amount: string; balanceAfter: string }[];
      total: number;
    }>();
    expect(body.total).toBe(2);
    expect(body.items.map((i) => [i.type, i.refType, i.refId, i.amount, i.balanceAfter])).toEqual([
      ['Withdrawal', 'Withdrawal', 'wd-1', '400000', '1100000'],
      ['Deposit', 'Payment', 'pay-1', '1500000', '1500000'],
    ]);
  });

  it('another user’s wallet is not found, a malformed id is a validation error; nothing leaks', async () => {
    const irt = await walletOf(alice, 'IRT');
    const res = await get(bob.cookie, `/api/wallets/${irt.walletId}/transactions`);
    expect([res.statusCode, res.json<{ code: string }>().code]).toEqual([404, 'NOT_FOUND']);
    expect(res.body).not.toContain('1100000');
    const bad = await get(bob.cookie, '/api/wallets/not-a-uuid/transactions');
    expect([bad.statusCode, bad.json<{ code: string }>().code]).toEqual([400, 'VALIDATION_FAILED']);
    const badPage = await get(bob.cookie, `/api/wallets/${irt.walletId}/transactions?page=-1`);
    expect(badPage.statusCode).toBe(400);
  });

  it('pages of ten, newest first', async () => {
    const db = t.database.db;
    for (let i = 1; i <= 12; i++) {
      await runMoneyTransaction(db, (tx) =>
        creditUser(tx, {
          userId: bob.userId,
          from: 'bank_settlement',
          currency: 'IRR',
          amount: BigInt(i),
          refType: 'ReferrerCredit',
          refId: `r${i}`,
        }),
      );
    }
    const irr = await walletOf(bob, 'IRR');
    const p1 = (await get(bob.cookie, `/api/wallets/${irr.walletId}/transactions`)).json<{
      items: { refId: string }[];
      total: number;
      pageSize: number;
    }>();
    const p2 = (await get(bob.cookie, `/api/wallets/${irr.walletId}/transactions?page=2`)).json<{
      items: { refId: string }[];
    }>();
    expect([p1.total, p1.pageSize, p1.items.length, p2.items.length]).toEqual([12, 10, 10, 2]);
    expect(p1.items[0]!.refId).toBe('r12');
    expect(p2.items.map((i) => i.refId)).toEqual(['r2', 'r1']);
  });
});

describe('all transactions (/transaction)', () => {
  it('lists every wallet’s rows with filters by currency, type, kind and dates', async () => {
    const all = (q = '') =>
      get(alice.cookie, `/api/transactions${q}`).then((r) =>
        r.json<{ items: { currency: string; type: string; refType: string }[]; total: number }>(),
      );
    expect((await all()).total).toBe(3);
    expect((await all('?currency=USDT')).items.map((i) => i.currency)).toEqual(['USDT']);
    expect((await all('?type=Withdrawal')).items.map((i) => i.refType)).toEqual(['Withdrawal']);
    expect((await all('?refType=Payment')).total).toBe(2);
    const today = new Date(Date.now() + 3.5 * 3_600_000).toISOString().slice(0, 10);
    expect((await all(`?from=${today}&to=${today}`)).total).toBe(3);
    expect((await all('?from=2000-01-01&to=2000-01-02')).total).toBe(0);
    const reversed = await get(alice.cookie, '/api/transactions?from=2000-01-02&to=2000-01-01');
    expect([reversed.statusCode, reversed.json<{ code: string }>().code]).toEqual([400, 'VALIDATION_FAILED']);
    const badType = await get(alice.cookie, '/api/transactions?type=Gift');
    expect(badType.statusCode).toBe(400);
    // Bob's rows never appear in Alice's list.
    expect((await all('?currency=IRR')).total).toBe(0);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/wallets' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/transactions' })).statusCode).toBe(401);
  });
});
