import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminWithdrawal } from '@portal/contract/admin/money';
import type { Withdrawal } from '@portal/contract/wallet/withdrawals';
import { payDueWithdrawals } from '../../src/modules/withdrawals/withdrawals.service';
import { makeOperator, type TestUser } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/app';
import { balanceOf, expectLedgerSound } from '../helpers/ledger';
import {
  approved,
  auditOf,
  cancelWithdrawal,
  decide,
  getWithdrawal,
  postingsOf,
  rowOf,
  snapshot,
  systemBalance,
  withdraw,
  withdrawer,
} from './withdrawal-helpers';

/**
 * The payout job (issue 5, SPEC §9): an approved withdrawal is paid out when its bank cycle comes: the
 * held amount goes to the bank settlement account in one journal and the withdrawal is Successful.
 * Nothing is paid before its time, and nothing twice. Each test leaves no approved withdrawal unpaid,
 * so the job's counts here are exact.
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

const ms = (iso: string | null) => {
  if (!iso) throw new Error('no payout time');
  return Date.parse(iso);
};
const at = (time: number) => new Date(time);
const pay = (time: number, batch?: number) => payDueWithdrawals(t.database.db, at(time), batch);

describe('paying out approved withdrawals', () => {
  it('pays at the next bank cycle and not before: held → bank settlement, Successful, seen by the user', async () => {
    const u = await withdrawer(t, 500_000n);
    const w = await withdraw(t, u, '100000');
    const a = await approved(t, reviewer.cookie, w.id);
    const due = ms(a.payoutAt);
    const bank0 = await systemBalance(t.database.db);
    const before = await snapshot(t, u.userId);
    expect(before).toMatchObject({ available: 400_000n, held: 100_000n });

    // A minute, and a millisecond, before its cycle: nothing is paid.
    expect(await pay(due - 60_000)).toBe(0);
    expect(await pay(due - 1)).toBe(0);
    expect(await rowOf(t.database.db, w.id)).toMatchObject({ status: 'Approved', end_journal_id: null });
    expect(await snapshot(t, u.userId)).toEqual(before);

    // At its cycle it is paid, once.
    expect(await pay(due)).toBe(1);
    expect(await balanceOf(t.database.db, u.userId, 'IRT', 'held')).toBe(0n);
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(400_000n);
    expect(await systemBalance(t.database.db)).toBe(bank0 + 100_000n);
    const journals = await postingsOf(t.database.db, w.id);
    expect(journals).toEqual([
      [
        ['available', '-100000'],
        ['held', '100000'],
      ],
      [
        ['held', '-100000'],
        ['bank_settlement', '100000'],
      ],
    ]);
    expect((await rowOf(t.database.db, w.id))?.status).toBe('Successful');
    expect((await rowOf(t.database.db, w.id))?.end_journal_id).toEqual(expect.any(String));
    await expectLedgerSound(t.database.db);
    expect(await auditOf(t.database.db, 'withdrawal.paid', w.id)).toEqual([{ actor_user_id: null }]);

    // The user sees it paid, on the withdrawal and in the list of successful ones.
    const mine = (await getWithdrawal(t, u.cookie, w.id)).json<Withdrawal>();
    expect(mine).toMatchObject({ status: 'Successful', amount: '100000', payoutAt: a.payoutAt });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/wallet/withdrawals?status=Successful',
      headers: { cookie: u.cookie },
    });
    expect(list.json<{ items: Withdrawal[] }>().items.map((x) => x.id)).toEqual([w.id]);
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/admin/withdrawals?status=Successful',
      headers: { cookie: reviewer.cookie },
    });
    expect(queue.json<{ items: AdminWithdrawal[] }>().items.map((x) => [x.id, x.state])).toContainEqual([
      w.id,
      'Successful',
    ]);

    // Later runs pay nothing more; a paid withdrawal is final.
    const after = await snapshot(t, u.userId);
    expect(await pay(due + 1)).toBe(0);
    expect(await pay(due + 7 * 86_400_000)).toBe(0);
    expect(await snapshot(t, u.userId)).toEqual(after);
    expect(await systemBalance(t.database.db)).toBe(bank0 + 100_000n);
    const cancel = await cancelWithdrawal(t, u.cookie, w.id);
    expect([cancel.statusCode, cancel.json<{ code: string }>().code]).toEqual([409, 'REQUEST_NOT_CANCELLABLE']);
    const reject = await decide(t, reviewer.cookie, w.id, 'reject');
    expect([reject.statusCode, reject.json<{ code: string }>().code]).toEqual([409, 'REQUEST_ALREADY_REVIEWED']);
    expect(await snapshot(t, u.userId)).toEqual(after);
  });

  it('each withdrawal at its own cycle; pending, cancelled and rejected ones are never paid', async () => {
    const alice = await withdrawer(t, 1_000_000n);
    const bob = await withdrawer(t, 1_000_000n);
    const early = await withdraw(t, alice, '100000');
    const late = await withdraw(t, bob, '200000');
    const pending = await withdraw(t, alice, '30000');
    const cancelled = await withdraw(t, bob, '40000');
    const rejected = await withdraw(t, alice, '50000');
    expect((await cancelWithdrawal(t, bob.cookie, cancelled.id)).statusCode).toBe(200);
    expect((await decide(t, reviewer.cookie, rejected.id, 'reject')).statusCode).toBe(200);

    const firstDue = ms((await approved(t, reviewer.cookie, early.id)).payoutAt);
    // The second is approved after the first's cycle has passed: it waits for the cycle after.
    t.clock.now = at(firstDue + 60_000);
    const secondDue = ms((await approved(t, reviewer.cookie, late.id)).payoutAt);
    expect(secondDue).toBeGreaterThan(firstDue);
    const bank0 = await systemBalance(t.database.db);

    expect(await pay(firstDue)).toBe(1);
    expect((await rowOf(t.database.db, early.id))?.status).toBe('Successful');
    expect((await rowOf(t.database.db, late.id))?.status).toBe('Approved');
    expect(await systemBalance(t.database.db)).toBe(bank0 + 100_000n);

    expect(await pay(secondDue - 1)).toBe(0);
    expect(await pay(secondDue)).toBe(1);
    expect((await rowOf(t.database.db, late.id))?.status).toBe('Successful');
    expect(await systemBalance(t.database.db)).toBe(bank0 + 300_000n);

    expect(await pay(secondDue + 30 * 86_400_000)).toBe(0);
    expect((await rowOf(t.database.db, pending.id))?.status).toBe('Pending');
    expect((await rowOf(t.database.db, cancelled.id))?.status).toBe('Canceled');
    expect((await rowOf(t.database.db, rejected.id))?.status).toBe('Rejected');
    // Alice: 1,000,000 − 100,000 paid, 30,000 still held; Bob: 1,000,000 − 200,000 paid.
    expect(await balanceOf(t.database.db, alice.userId, 'IRT')).toBe(870_000n);
    expect(await balanceOf(t.database.db, alice.userId, 'IRT', 'held')).toBe(30_000n);
    expect(await balanceOf(t.database.db, bob.userId, 'IRT')).toBe(800_000n);
    expect(await balanceOf(t.database.db, bob.userId, 'IRT', 'held')).toBe(0n);
    await expectLedgerSound(t.database.db);
  });

  it('a run pays at most its batch; the next run pays the rest', async () => {
    const u = await withdrawer(t, 1_000_000n);
    const ws = [await withdraw(t, u, '10000'), await withdraw(t, u, '20000'), await withdraw(t, u, '30000')];
    const dues: number[] = [];
    for (const w of ws) dues.push(ms((await approved(t, reviewer.cookie, w.id)).payoutAt));
    const last = Math.max(...dues);
    const bank0 = await systemBalance(t.database.db);

    expect(await pay(last, 2)).toBe(2);
    const statuses = await Promise.all(ws.map(async (w) => (await rowOf(t.database.db, w.id))?.status));
    expect(statuses.filter((s) => s === 'Successful')).toHaveLength(2);
    expect(await pay(last, 2)).toBe(1);
    expect(await pay(last, 2)).toBe(0);
    for (const w of ws) expect((await rowOf(t.database.db, w.id))?.status).toBe('Successful');
    expect(await systemBalance(t.database.db)).toBe(bank0 + 60_000n);
    expect(await balanceOf(t.database.db, u.userId, 'IRT', 'held')).toBe(0n);
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(940_000n);
    for (const w of ws) expect(await postingsOf(t.database.db, w.id)).toHaveLength(2);
    await expectLedgerSound(t.database.db);
  });
});
