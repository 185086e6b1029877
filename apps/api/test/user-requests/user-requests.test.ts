import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRequest } from '@portal/contract/wallet/user-requests';
import type { Withdrawal } from '@portal/contract/wallet/withdrawals';
import { users } from '../../src/db/schema';
import { runMoneyTransaction } from '../../src/lib/money-tx';
import { creditUser } from '../../src/modules/ledger/ledger.service';
import { addSheba, sheba, verifiedInvestor } from '../bank-accounts/bank-helpers';
import { makeLevelOneInvestor, makeOperator, type TestUser } from '../helpers/admin';
import { createTestApp, outboxCode, type TestApp } from '../helpers/app';
import { approved, decide, declared } from '../offline-deposits/offline-helpers';

/**
 * `GET /user-requests` (SPEC §2, §3): the investor's withdrawals and offline deposits in one list, as
 * `UserRequestsResponseType` / `UserRequestStatus`, in each `UserRequestDisplayOrder`, filtered and paged.
 */
let t: TestApp;
let reviewer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  reviewer = await makeOperator(t, 'senior_operator');
});
afterAll(async () => {
  await t.close();
});

/** A level-two investor with a bank account and `toman` in the IRT wallet. */
async function withdrawer(toman: bigint) {
  const who = await verifiedInvestor(t);
  const added = await addSheba(t, who.cookie, sheba());
  expect(added.statusCode).toBe(201);
  await t.database.db.update(users).set({ kycLevel: 2 }).where(eq(users.id, who.userId));
  await t.database.bus.publish({ kind: 'user', id: who.userId });
  await runMoneyTransaction(t.database.db, (tx) =>
    creditUser(tx, {
      userId: who.userId,
      from: 'bank_settlement',
      currency: 'IRT',
      amount: toman,
      refType: 'Payment',
      refId: randomUUID(),
    }),
  );
  return { ...who, bankAccountId: added.json<{ id: string }>().id };
}

async function withdraw(u: { cookie: string; mobile: string; bankAccountId: string }, amount: string) {
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/wallet/withdrawals/code',
    headers: { cookie: u.cookie },
    payload: {},
  });
  expect(sent.statusCode).toBe(200);
  t.clock.advance(61);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/wallet/withdrawals',
    headers: { cookie: u.cookie, 'idempotency-key': randomUUID() },
    payload: { bankAccountId: u.bankAccountId, amount, code: await outboxCode(t.app, u.mobile) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Withdrawal>();
}

async function list(cookie: string, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/user-requests${query}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: UserRequest[]; total: number; page: number; pageSize: number }>();
}
const ids = (page: { items: UserRequest[] }) => page.items.map((r) => r.id);

describe('my requests', () => {
  it('lists withdrawals and offline deposits with their status, in each display order, filtered', async () => {
    const alice = await withdrawer(5_000_000n);
    const d1 = await declared(t, alice.cookie, { amount: '1000000' });
    const w1 = await withdraw(alice, '100000');
    const d2 = await declared(t, alice.cookie, { amount: '2000000' });
    const w2 = await withdraw(alice, '20000');
    // Changes, in this order: d1 approved, then w1 cancelled.
    await approved(t, reviewer.cookie, d1.id);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/wallet/withdrawals/${w1.id}/cancel`,
      headers: { cookie: alice.cookie },
    });
    expect(cancelled.statusCode).toBe(200);

    const newest = await list(alice.cookie);
    expect(newest).toMatchObject({ total: 4, page: 1, pageSize: 10 });
    expect(newest.items.map((r) => [r.id, r.type, r.status, r.amount, r.fee, r.canCancel])).toEqual([
      [w2.id, 'WithdrawalFromTomanWallet', 'Pending', '20000', '0', true],
      [d2.id, 'OfflineTomanDeposit', 'Pending', '2000000', '4000', true],
      [w1.id, 'WithdrawalFromTomanWallet', 'Canceled', '100000', '0', false],
      [d1.id, 'OfflineTomanDeposit', 'Successful', '1000000', '4000', false],
    ]);
    for (const r of newest.items) {
      expect(r.currency).toBe('IRT');
      expect(Date.parse(r.reviewDeadline!) - Date.parse(r.createdAt)).toBe(48 * 3600 * 1000);
    }
    expect(ids(await list(alice.cookie, '?order=OldestRequest'))).toEqual([d1.id, w1.id, d2.id, w2.id]);
    expect(ids(await list(alice.cookie, '?order=NewestChange'))).toEqual([w1.id, d1.id, w2.id, d2.id]);
    expect(ids(await list(alice.cookie, '?order=OldestChange'))).toEqual([d2.id, w2.id, d1.id, w1.id]);

    expect(ids(await list(alice.cookie, '?type=OfflineTomanDeposit'))).toEqual([d2.id, d1.id]);
    expect(ids(await list(alice.cookie, '?type=WithdrawalFromTomanWallet&order=OldestRequest'))).toEqual([
      w1.id,
      w2.id,
    ]);
    const pending = await list(alice.cookie, '?status=Pending');
    expect([ids(pending), pending.total]).toEqual([[w2.id, d2.id], 2]);
    expect(ids(await list(alice.cookie, '?status=Canceled'))).toEqual([w1.id]);
    expect(ids(await list(alice.cookie, '?type=OfflineTomanDeposit&status=Successful'))).toEqual([d1.id]);
    expect(await list(alice.cookie, '?type=BuyFund')).toMatchObject({ items: [], total: 0 });

    // A rejected deposit reads Failed with the reason; the pending one is cancelled through its own endpoint.
    expect((await decide(t, reviewer.cookie, d2.id, 'reject', { reason: 'date_mismatch' })).statusCode).toBe(200);
    const w2Cancel = await t.app.inject({
      method: 'POST',
      url: `/api/wallet/withdrawals/${w2.id}/cancel`,
      headers: { cookie: alice.cookie },
    });
    expect(w2Cancel.statusCode).toBe(200);
    const after = await list(alice.cookie);
    expect(after.items.map((r) => [r.id, r.status, r.rejectReason, r.canCancel])).toEqual([
      [w2.id, 'Canceled', null, false],
      [d2.id, 'Failed', 'date_mismatch', false],
      [w1.id, 'Canceled', null, false],
      [d1.id, 'Successful', null, false],
    ]);
    expect(ids(await list(alice.cookie, '?order=NewestChange')).slice(0, 2)).toEqual([w2.id, d2.id]);
  });

  it('pages of ten; never another user’s requests', async () => {
    const bob = await makeLevelOneInvestor(t);
    const carol = await makeLevelOneInvestor(t);
    const mine: string[] = [];
    for (let i = 0; i < 11; i++) mine.push((await declared(t, bob.cookie)).id);
    await declared(t, carol.cookie);

    const first = await list(bob.cookie);
    expect([first.items.length, first.total]).toEqual([10, 11]);
    const second = await list(bob.cookie, '?page=2');
    expect([...ids(first), ...ids(second)]).toEqual([...mine].reverse());
    expect(await list(bob.cookie, '?page=3')).toMatchObject({ items: [], total: 11, page: 3 });

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/wallet/deposits/offline/${mine[0]}/cancel`,
      headers: { cookie: bob.cookie },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(ids(await list(bob.cookie, '?status=Canceled'))).toEqual([mine[0]]);

    const carols = await list(carol.cookie);
    expect(carols.total).toBe(1);
    expect(mine).not.toContain(carols.items[0]!.id);
  });

  it('refuses unknown orders, types, statuses and pages; needs a session', async () => {
    const u = await makeLevelOneInvestor(t);
    for (const q of ['?order=Random', '?type=Gift', '?status=Done', '?page=0', '?page=x']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/user-requests${q}`, headers: { cookie: u.cookie } });
      expect([res.statusCode, res.json().code], q).toEqual([400, 'VALIDATION_FAILED']);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/user-requests' });
    expect(anonymous.statusCode).toBe(401);
  });
});
