import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Withdrawal } from '@portal/contract/wallet/withdrawals';
import { users } from '../../src/db/schema';
import { runMoneyTransaction } from '../../src/lib/money-tx';
import { creditUser } from '../../src/modules/ledger/ledger.service';
import { addSheba, sheba, verifiedInvestor } from '../bank-accounts/bank-helpers';
import { createTestApp, outboxCode, type TestApp } from '../helpers/app';
import { balanceOf } from '../helpers/ledger';

/**
 * `GET /wallet/withdrawals` (the withdraw page's pending request after a reload): the user's own
 * withdrawals, newest first, filtered by the status the user reads; nobody else's.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
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
  expect(res.statusCode).toBe(201);
  return res.json<Withdrawal>();
}

const list = (cookie: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/wallet/withdrawals${query}`, headers: { cookie } });

describe('my withdrawals', () => {
  it('lists my withdrawals newest first, by the status I read, and never another user’s', async () => {
    const alice = await withdrawer(500_000n);
    const first = await withdraw(alice, '100000');
    const second = await withdraw(alice, '20000');
    expect(await balanceOf(t.database.db, alice.userId, 'IRT', 'held')).toBe(120_000n);

    const all = await list(alice.cookie);
    expect(all.statusCode).toBe(200);
    expect(all.json<{ items: Withdrawal[] }>().items.map((w) => [w.id, w.amount, w.status])).toEqual([
      [second.id, '20000', 'Pending'],
      [first.id, '100000', 'Pending'],
    ]);

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/wallet/withdrawals/${first.id}/cancel`,
      headers: { cookie: alice.cookie },
    });
    expect(cancelled.json<Withdrawal>().status).toBe('Canceled');

    const pending = (await list(alice.cookie, '?status=Pending')).json<{ items: Withdrawal[] }>().items;
    expect(pending.map((w) => w.id)).toEqual([second.id]);
    const canceled = (await list(alice.cookie, '?status=Canceled')).json<{ items: Withdrawal[] }>().items;
    expect(canceled.map((w) => [w.id, w.status])).toEqual([[first.id, 'Canceled']]);
    expect((await list(alice.cookie, '?status=Successful')).json<{ items: Withdrawal[] }>().items).toEqual([]);

    const bob = await verifiedInvestor(t);
    expect((await list(bob.cookie)).json<{ items: Withdrawal[] }>().items).toEqual([]);
  });

  it('refuses a status that is not one of the user-facing ones', async () => {
    const u = await verifiedInvestor(t);
    const res = await list(u.cookie, '?status=Approved');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/wallet/withdrawals' })).statusCode).toBe(401);
  });
});
