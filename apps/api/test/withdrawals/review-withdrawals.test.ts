import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminWithdrawal } from '@portal/contract/admin/money';
import type { AdminWithdrawalDetail } from '@portal/contract/admin/money-desk';
import { isTehranWorkingDay } from '@portal/contract/core/bank-calendar';
import { nextBankCycle, type Withdrawal } from '@portal/contract/wallet/withdrawals';
import { makeInvestor, makeOperator, type TestUser } from '../helpers/admin';
import { createTestApp, e164, type TestApp } from '../helpers/app';
import { balanceOf, expectLedgerSound } from '../helpers/ledger';
import {
  approved,
  auditOf,
  cancelWithdrawal,
  decide,
  errorOf,
  getWithdrawal,
  postingsOf,
  rowOf,
  setFrozen,
  setUser,
  snapshot,
  withdraw,
  withdrawer,
} from './withdrawal-helpers';

/**
 * What happens to a pending withdrawal (issue 5, decision 016): the user may cancel it while it is
 * pending (the amount returns); an operator with `money.review` approves it (paid out at the next bank
 * cycle, see payout.test.ts) or rejects it with a reason (the amount returns). Each ends it once.
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

describe('cancelling', () => {
  it('the user cancels a pending withdrawal: the held amount returns in one balanced journal', async () => {
    const u = await withdrawer(t, 500_000n);
    const w = await withdraw(t, u, '200000');
    const before = await snapshot(t, u.userId);
    expect(before).toMatchObject({ available: 300_000n, held: 200_000n });

    const res = await cancelWithdrawal(t, u.cookie, w.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Withdrawal>()).toMatchObject({ id: w.id, status: 'Canceled', amount: '200000', payoutAt: null });
    expect(await snapshot(t, u.userId)).toEqual({
      ...before,
      journals: before.journals + 1,
      postings: before.postings + 2,
      available: 500_000n,
      held: 0n,
    });
    expect(await postingsOf(t.database.db, w.id)).toEqual([
      [
        ['available', '-200000'],
        ['held', '200000'],
      ],
      [
        ['held', '-200000'],
        ['available', '200000'],
      ],
    ]);
    await expectLedgerSound(t.database.db);
    expect((await getWithdrawal(t, u.cookie, w.id)).json<Withdrawal>().status).toBe('Canceled');
    expect(await auditOf(t.database.db, 'withdrawal.cancelled', w.id)).toEqual([{ actor_user_id: u.userId }]);
  });

  it('twice is refused, and a cancelled withdrawal can be neither approved nor rejected', async () => {
    const u = await withdrawer(t, 500_000n);
    const w = await withdraw(t, u, '200000');
    expect((await cancelWithdrawal(t, u.cookie, w.id)).statusCode).toBe(200);
    const after = await snapshot(t, u.userId);

    expect(errorOf(await cancelWithdrawal(t, u.cookie, w.id))).toEqual([409, 'REQUEST_NOT_CANCELLABLE']);
    expect(errorOf(await decide(t, reviewer.cookie, w.id, 'approve'))).toEqual([409, 'REQUEST_ALREADY_REVIEWED']);
    expect(errorOf(await decide(t, reviewer.cookie, w.id, 'reject'))).toEqual([409, 'REQUEST_ALREADY_REVIEWED']);
    expect(await snapshot(t, u.userId)).toEqual(after);
    expect(after).toMatchObject({ available: 500_000n, held: 0n });
    expect((await rowOf(t.database.db, w.id))?.status).toBe('Canceled');
  });

  it('after approval the user can no longer cancel; after a rejection neither', async () => {
    const u = await withdrawer(t, 500_000n);
    const a = await withdraw(t, u, '100000');
    const r = await withdraw(t, u, '50000');
    await approved(t, reviewer.cookie, a.id);
    expect((await decide(t, reviewer.cookie, r.id, 'reject')).statusCode).toBe(200);
    const before = await snapshot(t, u.userId);
    expect(errorOf(await cancelWithdrawal(t, u.cookie, a.id))).toEqual([409, 'REQUEST_NOT_CANCELLABLE']);
    expect(errorOf(await cancelWithdrawal(t, u.cookie, r.id))).toEqual([409, 'REQUEST_NOT_CANCELLABLE']);
    expect(await snapshot(t, u.userId)).toEqual(before);
    expect(before).toMatchObject({ available: 400_000n, held: 100_000n });
    expect((await rowOf(t.database.db, a.id))?.status).toBe('Approved');
  });

  it('another user’s withdrawal is 404 to read and to cancel, and stays pending', async () => {
    const owner = await withdrawer(t, 500_000n);
    const stranger = await withdrawer(t, 500_000n);
    const w = await withdraw(t, owner, '100000');
    expect(errorOf(await getWithdrawal(t, stranger.cookie, w.id))).toEqual([404, 'NOT_FOUND']);
    expect(errorOf(await cancelWithdrawal(t, stranger.cookie, w.id))).toEqual([404, 'NOT_FOUND']);
    expect(errorOf(await cancelWithdrawal(t, stranger.cookie, randomUUID()))).toEqual([404, 'NOT_FOUND']);
    expect(errorOf(await cancelWithdrawal(t, stranger.cookie, 'not-an-id'))).toEqual([400, 'VALIDATION_FAILED']);
    expect((await getWithdrawal(t, owner.cookie, w.id)).json<Withdrawal>().status).toBe('Pending');
    expect(await balanceOf(t.database.db, owner.userId, 'IRT', 'held')).toBe(100_000n);
    expect(await balanceOf(t.database.db, stranger.userId, 'IRT')).toBe(500_000n);
  });
});

describe('approving', () => {
  it('needs money.review: an investor and a read-only operator get 403 and the withdrawal stays pending', async () => {
    const u = await withdrawer(t, 500_000n);
    const w = await withdraw(t, u, '100000');
    const investor = await makeInvestor(t);
    const reader = await makeOperator(t, 'operator');
    for (const who of [u, investor, reader]) {
      expect(errorOf(await decide(t, who.cookie, w.id, 'approve'))).toEqual([403, 'FORBIDDEN']);
      expect(errorOf(await decide(t, who.cookie, w.id, 'reject'))).toEqual([403, 'FORBIDDEN']);
    }
    // An investor may not even read the queue; the operator may.
    const queue = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/api/admin/withdrawals', headers: { cookie } });
    expect(errorOf(await queue(u.cookie))).toEqual([403, 'FORBIDDEN']);
    expect((await queue(reader.cookie)).statusCode).toBe(200);
    const session = await t.app.inject({ method: 'POST', url: `/api/admin/withdrawals/${w.id}/approve` });
    expect(session.statusCode).toBe(401);

    expect(await rowOf(t.database.db, w.id)).toMatchObject({ status: 'Pending', reviewer_id: null, payout_at: null });
    expect(await balanceOf(t.database.db, u.userId, 'IRT', 'held')).toBe(100_000n);
  });

  it('a senior operator approves: it stays held and is due at the next bank cycle; once only', async () => {
    const u = await withdrawer(t, 500_000n);
    const w = await withdraw(t, u, '100000');
    const before = await snapshot(t, u.userId);
    const res = await decide(t, reviewer.cookie, w.id, 'approve');
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json<AdminWithdrawal>();
    const due = nextBankCycle(t.clock.now);
    expect(a).toMatchObject({
      id: w.id,
      state: 'Approved',
      status: 'InProgress',
      amount: '100000',
      sheba: u.sheba,
      payoutAt: due.toISOString(),
      user: { id: u.userId, mobile: e164(u.mobile) },
    });
    // A bank cycle: 03:45, 10:45, 13:45 or 18:45 in Tehran (UTC+03:30) on a working day, within a day
    // of approval plus a day for each Friday or official holiday from it on (the clock is the real one).
    const tehran = new Date(due.getTime() + 210 * 60_000).toISOString().slice(11, 16);
    expect(['03:45', '10:45', '13:45', '18:45']).toContain(tehran);
    expect(isTehranWorkingDay(due)).toBe(true);
    expect(due.getTime()).toBeGreaterThan(t.clock.now.getTime());
    let daysOff = 0;
    for (let d = t.clock.now.getTime(); d < due.getTime(); d += 24 * 3600_000) {
      if (!isTehranWorkingDay(new Date(d))) daysOff++;
    }
    expect(due.getTime() - t.clock.now.getTime()).toBeLessThanOrEqual((1 + daysOff) * 24 * 3600_000);

    // Approval moves no money: it is paid out by the job.
    expect(await snapshot(t, u.userId)).toEqual(before);
    expect(await rowOf(t.database.db, w.id)).toMatchObject({ status: 'Approved', reviewer_id: reviewer.userId });
    const mine = (await getWithdrawal(t, u.cookie, w.id)).json<Withdrawal>();
    expect(mine).toMatchObject({ status: 'InProgress', payoutAt: due.toISOString() });
    expect(await auditOf(t.database.db, 'withdrawal.approved', w.id)).toEqual([{ actor_user_id: reviewer.userId }]);

    const other = await makeOperator(t, 'senior_operator');
    expect(errorOf(await decide(t, other.cookie, w.id, 'approve'))).toEqual([409, 'REQUEST_ALREADY_REVIEWED']);
    expect(errorOf(await decide(t, other.cookie, w.id, 'reject'))).toEqual([409, 'REQUEST_ALREADY_REVIEWED']);
    expect(await rowOf(t.database.db, w.id)).toMatchObject({ status: 'Approved', reviewer_id: reviewer.userId });
    expect(await snapshot(t, u.userId)).toEqual(before);
  });

  it('a frozen account’s withdrawal is not approved: refused, still pending', async () => {
    const u = await withdrawer(t, 500_000n);
    const w = await withdraw(t, u, '100000');
    await setFrozen(t, u.userId, true);
    const before = await snapshot(t, u.userId);
    expect(errorOf(await decide(t, reviewer.cookie, w.id, 'approve'))).toEqual([403, 'ACCOUNT_FROZEN']);
    expect(await rowOf(t.database.db, w.id)).toMatchObject({ status: 'Pending', payout_at: null });
    expect(await snapshot(t, u.userId)).toEqual(before);
    await setFrozen(t, u.userId, false);
    expect((await approved(t, reviewer.cookie, w.id)).state).toBe('Approved');
  });

  it('a withdrawal whose owner fell below KYC level two is not approved: refused, still pending', async () => {
    const u = await withdrawer(t, 500_000n);
    const w = await withdraw(t, u, '100000');
    await setUser(t, u.userId, { kycLevel: 1 });
    const before = await snapshot(t, u.userId);
    const res = await decide(t, reviewer.cookie, w.id, 'approve');
    expect(errorOf(res)).toEqual([403, 'KYC_REQUIRED']);
    expect(await rowOf(t.database.db, w.id)).toMatchObject({ status: 'Pending', reviewer_id: null, payout_at: null });
    expect(await snapshot(t, u.userId)).toEqual(before);
    // The operator may still reject it, and the amount returns.
    expect((await decide(t, reviewer.cookie, w.id, 'reject', { reason: 'other' })).statusCode).toBe(200);
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(500_000n);
  });

  it('is 404 for a withdrawal that does not exist', async () => {
    expect(errorOf(await decide(t, reviewer.cookie, randomUUID(), 'approve'))).toEqual([404, 'NOT_FOUND']);
    expect(errorOf(await decide(t, reviewer.cookie, randomUUID(), 'reject'))).toEqual([404, 'NOT_FOUND']);
  });
});

describe('rejecting', () => {
  it('returns the held amount; the user reads the reason but not the operator’s comment', async () => {
    const u = await withdrawer(t, 500_000n);
    const w = await withdraw(t, u, '150000');
    const before = await snapshot(t, u.userId);
    const res = await decide(t, reviewer.cookie, w.id, 'reject', {
      reason: 'account_mismatch',
      comment: 'حساب به نام دیگری است',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminWithdrawal>()).toMatchObject({
      id: w.id,
      state: 'Rejected',
      status: 'Failed',
      rejectReason: 'account_mismatch',
      payoutAt: null,
    });
    expect(await snapshot(t, u.userId)).toEqual({
      ...before,
      journals: before.journals + 1,
      postings: before.postings + 2,
      available: 500_000n,
      held: 0n,
    });
    expect((await postingsOf(t.database.db, w.id))[1]).toEqual([
      ['held', '-150000'],
      ['available', '150000'],
    ]);
    await expectLedgerSound(t.database.db);

    const mine = (await getWithdrawal(t, u.cookie, w.id)).json<Withdrawal>();
    expect(mine).toMatchObject({ status: 'Failed', rejectReason: 'account_mismatch' });
    expect(JSON.stringify(mine)).not.toContain('حساب به نام دیگری است');
    expect(await rowOf(t.database.db, w.id)).toMatchObject({ status: 'Rejected', reviewer_id: reviewer.userId });
    expect(await auditOf(t.database.db, 'withdrawal.rejected', w.id)).toEqual([{ actor_user_id: reviewer.userId }]);

    // Once only: neither a second rejection nor an approval returns or moves anything again.
    const after = await snapshot(t, u.userId);
    expect(errorOf(await decide(t, reviewer.cookie, w.id, 'reject'))).toEqual([409, 'REQUEST_ALREADY_REVIEWED']);
    expect(errorOf(await decide(t, reviewer.cookie, w.id, 'approve'))).toEqual([409, 'REQUEST_ALREADY_REVIEWED']);
    expect(await snapshot(t, u.userId)).toEqual(after);
  });

  it('needs a known reason; a refused rejection changes nothing', async () => {
    const u = await withdrawer(t, 500_000n);
    const w = await withdraw(t, u, '150000');
    const before = await snapshot(t, u.userId);
    for (const payload of [{}, { reason: 'because' }, { reason: 'other', comment: 'x'.repeat(501) }]) {
      const res = await decide(t, reviewer.cookie, w.id, 'reject', payload);
      expect(errorOf(res), JSON.stringify(payload)).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect(await snapshot(t, u.userId)).toEqual(before);
    expect((await rowOf(t.database.db, w.id))?.status).toBe('Pending');
  });

  it('a decision is stamped with the server’s clock, approval and rejection alike', async () => {
    const u = await withdrawer(t, 500_000n);
    const a = await withdraw(t, u, '10000');
    const r = await withdraw(t, u, '20000');
    // The service clock runs ahead of the machine's here, as a fixed or shifted clock would.
    t.clock.advance(3 * 3600);
    const now = t.clock.now.toISOString();
    await approved(t, reviewer.cookie, a.id);
    expect((await decide(t, reviewer.cookie, r.id, 'reject', { reason: 'other' })).statusCode).toBe(200);
    const detail = async (id: string) =>
      (
        await t.app.inject({ method: 'GET', url: `/api/admin/withdrawals/${id}`, headers: { cookie: reviewer.cookie } })
      ).json<AdminWithdrawalDetail>();
    expect((await detail(a.id)).reviewedAt).toBe(now);
    expect((await detail(r.id)).reviewedAt).toBe(now);
  });

  it('the queue lists pending withdrawals oldest first and drops the decided ones', async () => {
    const u = await withdrawer(t, 500_000n);
    const first = await withdraw(t, u, '10000');
    const second = await withdraw(t, u, '20000');
    const list = async (status = 'Pending') => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/withdrawals?status=${status}`,
        headers: { cookie: reviewer.cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: AdminWithdrawal[] }>().items.filter((x) => x.user.id === u.userId);
    };
    expect((await list()).map((x) => [x.id, x.state, x.sheba])).toEqual([
      [first.id, 'Pending', u.sheba],
      [second.id, 'Pending', u.sheba],
    ]);
    await approved(t, reviewer.cookie, first.id);
    expect((await decide(t, reviewer.cookie, second.id, 'reject')).statusCode).toBe(200);
    expect(await list()).toEqual([]);
    expect((await list('Approved')).map((x) => x.id)).toEqual([first.id]);
    expect((await list('Rejected')).map((x) => x.id)).toEqual([second.id]);
  });
});
