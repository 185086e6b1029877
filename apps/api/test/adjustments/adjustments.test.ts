import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Adjustment } from '@portal/contract/admin/adjustments';
import type { AdminJournal } from '@portal/contract/admin/user-ledger';
import { adjustments, users } from '../../src/db/schema';
import { creditUser, moveBetweenBuckets } from '../../src/modules/ledger/ledger.service';
import { adminCall, makeInvestor, makeOperator, type TestUser } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/app';
import { balanceOf, expectLedgerSound, ledgerCounts } from '../helpers/ledger';
import {
  adjustmentsBalance,
  approved,
  auditOf,
  decide,
  journalsOf,
  propose,
  proposal,
  proposed,
  statusOf,
} from './adjustment-helpers';

/**
 * Manual adjustments with maker-checker (decision 019): a senior operator proposes, another approves,
 * and only then one `ManualAdjustment` journal moves money between the house's `adjustments` account
 * and the user's available wallet.
 */
let t: TestApp;
let maker: TestUser;
let checker: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  maker = await makeOperator(t, 'senior_operator');
  checker = await makeOperator(t, 'admin');
});
afterAll(async () => {
  await t.close();
});

async function setFrozen(userId: string, frozen: boolean) {
  await t.database.db
    .update(users)
    .set({ frozenAt: frozen ? new Date() : null, frozenReason: frozen ? 'investigation' : null })
    .where(eq(users.id, userId));
  await t.database.bus.publish({ kind: 'user', id: userId });
}

describe('propose, then approve by another operator', () => {
  it('posts nothing on proposal; approval credits the wallet in one journal against the adjustments account', async () => {
    const investor = await makeInvestor(t);
    const before = await ledgerCounts(t.database.db);
    const houseBefore = await adjustmentsBalance(t, 'USD');

    const a = await proposed(t, maker.cookie, investor.userId, { currency: 'USD', amount: '1,250.50' });
    expect(a).toMatchObject({
      user: { id: investor.userId, mobile: expect.stringMatching(/^\+98/), isFrozen: false },
      currency: 'USD',
      direction: 'credit',
      amount: '1250.5',
      reasonCode: 'deposit_correction',
      status: 'Pending',
      makerId: maker.userId,
      checkerId: null,
      decidedAt: null,
      journalId: null,
      userFrozenAtDecision: null,
    });
    expect(await ledgerCounts(t.database.db)).toEqual(before);
    expect(await balanceOf(t.database.db, investor.userId, 'USD')).toBe(0n);

    const done = await approved(t, checker.cookie, a.id);
    expect(done).toMatchObject({
      id: a.id,
      status: 'Approved',
      makerId: maker.userId,
      checkerId: checker.userId,
      userFrozenAtDecision: false,
      journalId: expect.any(String),
      decidedAt: t.clock.now.toISOString(),
    });
    expect(await balanceOf(t.database.db, investor.userId, 'USD')).toBe(125_050n);
    expect(await adjustmentsBalance(t, 'USD')).toBe(houseBefore - 125_050n);
    const after = await ledgerCounts(t.database.db);
    expect(after).toEqual({ journals: before.journals + 1, postings: before.postings + 2 });
    expect(await journalsOf(t, a.id)).toBe(1);
    await expectLedgerSound(t.database.db);

    // The operator's views: the wallet (money desk) and the journal with both of its postings.
    const wallets = await adminCall(t, checker.cookie, 'GET', `/admin/users/${investor.userId}/wallets`);
    expect(wallets.statusCode, wallets.body).toBe(200);
    expect(wallets.json<{ items: { currency: string; available: string; held: string }[] }>().items).toContainEqual(
      expect.objectContaining({ currency: 'USD', available: '1250.5', held: '0' }),
    );
    const journals = await adminCall(t, maker.cookie, 'GET', `/admin/users/${investor.userId}/journals`);
    expect(journals.statusCode, journals.body).toBe(200);
    const [journal] = journals.json<{ items: AdminJournal[] }>().items;
    expect(journal).toMatchObject({
      id: done.journalId,
      refType: 'ManualAdjustment',
      refId: a.id,
      memo: 'manual adjustment (credit, deposit_correction)',
      author: { id: checker.userId },
    });
    expect(journal!.postings).toHaveLength(2);
    expect(journal!.postings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: null, accountKind: 'adjustments', currency: 'USD', amount: '-1250.5' }),
        expect.objectContaining({
          userId: investor.userId,
          accountKind: 'available',
          currency: 'USD',
          amount: '1250.5',
          balanceAfter: '1250.5',
        }),
      ]),
    );

    expect(await auditOf(t, a.id)).toEqual([
      expect.objectContaining({
        action: 'adjustment.proposed',
        actor_user_id: maker.userId,
        subject_type: 'user',
        subject_id: investor.userId,
        data: expect.objectContaining({ amount: '1250.5', currency: 'USD', userFrozen: false }),
      }),
      expect.objectContaining({
        action: 'adjustment.approved',
        actor_user_id: checker.userId,
        subject_type: 'user',
        subject_id: investor.userId,
        data: expect.objectContaining({ makerId: maker.userId, journalId: done.journalId, userFrozen: false }),
      }),
    ]);
  });

  it('a debit moves money from the wallet back to the adjustments account, down to exactly zero', async () => {
    const investor = await makeInvestor(t);
    await approved(t, checker.cookie, (await proposed(t, maker.cookie, investor.userId, { amount: '300000' })).id);
    const house = await adjustmentsBalance(t, 'IRT');
    const debit = await proposed(t, maker.cookie, investor.userId, {
      direction: 'debit',
      amount: '300000',
      reasonCode: 'duplicate_reversal',
    });
    // The roles may swap: the checker of one adjustment may be the maker of another.
    const res = await decide(t, checker.cookie, debit.id, 'approve');
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceOf(t.database.db, investor.userId, 'IRT')).toBe(0n);
    expect(await adjustmentsBalance(t, 'IRT')).toBe(house + 300_000n);
    await expectLedgerSound(t.database.db);
  });
});

describe('maker-checker', () => {
  it('the maker cannot approve their own proposal: SAME_OPERATOR, nothing posted', async () => {
    const investor = await makeInvestor(t);
    const a = await proposed(t, checker.cookie, investor.userId);
    const before = await ledgerCounts(t.database.db);
    const res = await decide(t, checker.cookie, a.id, 'approve');
    expect([res.statusCode, res.json().code]).toEqual([403, 'SAME_OPERATOR']);
    expect(await ledgerCounts(t.database.db)).toEqual(before);
    expect(await statusOf(t, a.id)).toBe('Pending');
    expect(await balanceOf(t.database.db, investor.userId, 'IRT')).toBe(0n);
    expect((await auditOf(t, a.id)).map((r) => r.action)).toEqual(['adjustment.proposed']);
    // Another operator still can.
    await approved(t, maker.cookie, a.id);
    expect(await balanceOf(t.database.db, investor.userId, 'IRT')).toBe(1_000_000n);
  });

  it('the database refuses an approval recorded by the maker, whatever the code does', async () => {
    const investor = await makeInvestor(t);
    const a = await proposed(t, maker.cookie, investor.userId);
    await expect(
      t.database.db
        .update(adjustments)
        .set({ status: 'Approved', checkerId: maker.userId, decidedAt: new Date(), userFrozenAtDecision: false })
        .where(eq(adjustments.id, a.id)),
    ).rejects.toThrow();
    expect(await statusOf(t, a.id)).toBe('Pending');
  });

  it('an operator can neither propose nor approve an adjustment of their own wallet', async () => {
    const own = await propose(t, maker.cookie, proposal(maker.userId));
    expect([own.statusCode, own.json().code]).toEqual([403, 'OPERATOR_OWN_ACCOUNT']);
    const a = await proposed(t, maker.cookie, checker.userId);
    const res = await decide(t, checker.cookie, a.id, 'approve');
    expect([res.statusCode, res.json().code]).toEqual([403, 'OPERATOR_OWN_ACCOUNT']);
    expect(await journalsOf(t, a.id)).toBe(0);
  });

  it('deciding twice: REQUEST_ALREADY_REVIEWED, and a rejected adjustment posts nothing', async () => {
    const investor = await makeInvestor(t);
    const a = await proposed(t, maker.cookie, investor.userId);
    await approved(t, checker.cookie, a.id);
    for (const decision of ['approve', 'reject'] as const) {
      const again = await decide(t, checker.cookie, a.id, decision);
      expect([again.statusCode, again.json().code]).toEqual([409, 'REQUEST_ALREADY_REVIEWED']);
    }
    expect(await journalsOf(t, a.id)).toBe(1);

    const b = await proposed(t, maker.cookie, investor.userId);
    const rejected = await decide(t, checker.cookie, b.id, 'reject', 'Duplicate of an earlier adjustment.');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<Adjustment>()).toMatchObject({
      status: 'Rejected',
      checkerId: checker.userId,
      rejectReason: 'Duplicate of an earlier adjustment.',
      journalId: null,
      userFrozenAtDecision: false,
    });
    const late = await decide(t, checker.cookie, b.id, 'approve');
    expect([late.statusCode, late.json().code]).toEqual([409, 'REQUEST_ALREADY_REVIEWED']);
    // Its maker is refused before anything is read (the four-eyes guard, decision 028).
    const byMaker = await decide(t, maker.cookie, b.id, 'approve');
    expect([byMaker.statusCode, byMaker.json().code]).toEqual([403, 'SAME_OPERATOR']);
    expect(await journalsOf(t, b.id)).toBe(0);
    expect(await balanceOf(t.database.db, investor.userId, 'IRT')).toBe(1_000_000n);
    expect((await auditOf(t, b.id)).map((r) => [r.action, r.actor_user_id, r.subject_id])).toEqual([
      ['adjustment.proposed', maker.userId, investor.userId],
      ['adjustment.rejected', checker.userId, investor.userId],
    ]);
  });

  it('the maker may withdraw their own proposal by rejecting it (it moves nothing); a short reason is refused', async () => {
    const investor = await makeInvestor(t);
    const a = await proposed(t, maker.cookie, investor.userId);
    const short = await decide(t, maker.cookie, a.id, 'reject', 'typo');
    expect(short.statusCode).toBe(400);
    expect(short.json().details.issues).toEqual([expect.objectContaining({ path: 'body.reason', rule: 'min' })]);
    const res = await decide(t, maker.cookie, a.id, 'reject', 'Proposed for the wrong currency.');
    expect(res.statusCode, res.body).toBe(200);
    const [, rejected] = await auditOf(t, a.id);
    expect(rejected).toMatchObject({
      action: 'adjustment.rejected',
      actor_user_id: maker.userId,
      data: expect.objectContaining({ withdrawnByMaker: true }),
    });
  });
});

describe('a debit the balance does not cover', () => {
  it('is refused with INSUFFICIENT_BALANCE by the database; the adjustment stays pending and can be approved later', async () => {
    const investor = await makeInvestor(t);
    await approved(t, checker.cookie, (await proposed(t, maker.cookie, investor.userId, { amount: '500000' })).id);
    const debit = await proposed(t, maker.cookie, investor.userId, { direction: 'debit', amount: '500001' });
    const before = await ledgerCounts(t.database.db);
    const house = await adjustmentsBalance(t, 'IRT');

    const res = await decide(t, checker.cookie, debit.id, 'approve');
    expect([res.statusCode, res.json().code]).toEqual([422, 'INSUFFICIENT_BALANCE']);
    expect(await ledgerCounts(t.database.db)).toEqual(before);
    expect(await balanceOf(t.database.db, investor.userId, 'IRT')).toBe(500_000n);
    expect(await adjustmentsBalance(t, 'IRT')).toBe(house);
    expect(await statusOf(t, debit.id)).toBe('Pending');
    expect((await auditOf(t, debit.id)).map((r) => [r.action, r.actor_user_id])).toEqual([
      ['adjustment.proposed', maker.userId],
      ['adjustment.approval_refused', checker.userId],
    ]);
    await expectLedgerSound(t.database.db);

    // Once the wallet holds enough, the same adjustment goes through.
    await approved(t, checker.cookie, (await proposed(t, maker.cookie, investor.userId, { amount: '1' })).id);
    await approved(t, checker.cookie, debit.id);
    expect(await balanceOf(t.database.db, investor.userId, 'IRT')).toBe(0n);
    await expectLedgerSound(t.database.db);
  });

  it('counts only the available balance: money held for a withdrawal cannot be debited', async () => {
    const investor = await makeInvestor(t);
    await approved(t, checker.cookie, (await proposed(t, maker.cookie, investor.userId, { amount: '700000' })).id);
    // A hold as a pending withdrawal makes it: available → held.
    await t.database.db.transaction((tx) =>
      moveBetweenBuckets(tx, {
        userId: investor.userId,
        from: 'available',
        to: 'held',
        currency: 'IRT',
        amount: 400_000n,
        refType: 'Withdrawal',
        refId: randomUUID(),
      }),
    );
    const debit = await proposed(t, maker.cookie, investor.userId, { direction: 'debit', amount: '400000' });
    const res = await decide(t, checker.cookie, debit.id, 'approve');
    expect([res.statusCode, res.json().code]).toEqual([422, 'INSUFFICIENT_BALANCE']);
    expect(await balanceOf(t.database.db, investor.userId, 'IRT', 'held')).toBe(400_000n);
  });
});

describe('frozen accounts', () => {
  it('may be adjusted (an operator correction); the decision records that the account was frozen', async () => {
    const investor = await makeInvestor(t);
    await setFrozen(investor.userId, true);
    const a = await proposed(t, maker.cookie, investor.userId, { reasonCode: 'compensation' });
    expect(a.user.isFrozen).toBe(true);
    const done = await approved(t, checker.cookie, a.id);
    expect(done).toMatchObject({ status: 'Approved', userFrozenAtDecision: true });
    expect(await balanceOf(t.database.db, investor.userId, 'IRT')).toBe(1_000_000n);
    const audit = await auditOf(t, a.id);
    expect(audit.map((r) => [r.action, r.data.userFrozen])).toEqual([
      ['adjustment.proposed', true],
      ['adjustment.approved', true],
    ]);

    await setFrozen(investor.userId, false);
    const b = await proposed(t, maker.cookie, investor.userId);
    await setFrozen(investor.userId, true);
    const rejected = await decide(t, checker.cookie, b.id, 'reject');
    expect(rejected.json<Adjustment>()).toMatchObject({ status: 'Rejected', userFrozenAtDecision: true });
  });
});

describe('who may', () => {
  it('investors get 403 on every adjustment endpoint; the operator role reads but cannot propose or decide', async () => {
    const investor = await makeInvestor(t);
    const operator = await makeOperator(t, 'operator');
    const a = await proposed(t, maker.cookie, investor.userId);
    for (const who of [investor, operator]) {
      const p = await propose(t, who.cookie, proposal(investor.userId));
      expect([p.statusCode, p.json().code]).toEqual([403, 'FORBIDDEN']);
      for (const decision of ['approve', 'reject'] as const) {
        const d = await decide(t, who.cookie, a.id, decision);
        expect([d.statusCode, d.json().code]).toEqual([403, 'FORBIDDEN']);
      }
    }
    const investorList = await adminCall(t, investor.cookie, 'GET', '/admin/adjustments');
    expect([investorList.statusCode, investorList.json().code]).toEqual([403, 'FORBIDDEN']);
    const operatorList = await adminCall(t, operator.cookie, 'GET', `/admin/adjustments?userId=${investor.userId}`);
    expect(operatorList.statusCode).toBe(200);
    expect(operatorList.json<{ items: Adjustment[] }>().items.map((x) => x.id)).toEqual([a.id]);
    expect(await statusOf(t, a.id)).toBe('Pending');
    expect(await journalsOf(t, a.id)).toBe(0);
  });
});

describe('idempotency and validation of a proposal', () => {
  it('a retry with the same key answers the first adjustment; the same key with another body is refused', async () => {
    const investor = await makeInvestor(t);
    const key = randomUUID();
    const first = await propose(t, maker.cookie, proposal(investor.userId, { amount: '۲۵۰٬۰۰۰' }), key);
    expect(first.statusCode, first.body).toBe(201);
    // The same request typed differently (Latin digits) is the same request.
    const retry = await propose(t, maker.cookie, proposal(investor.userId, { amount: '250000' }), key);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    const other = await propose(t, maker.cookie, proposal(investor.userId, { amount: '250001' }), key);
    expect([other.statusCode, other.json().code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    const rows = await t.database.db.select().from(adjustments).where(eq(adjustments.userId, investor.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.amount).toBe(250_000n);
    expect((await auditOf(t, rows[0]!.id)).map((r) => r.action)).toEqual(['adjustment.proposed']);

    const noKey = await propose(t, maker.cookie, proposal(investor.userId), null);
    expect([noKey.statusCode, noKey.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it.each([
    ['0', 'IRT', 'amountPositive'],
    ['0.000', 'USD', 'amountPositive'],
    ['10.5', 'IRT', 'amountDecimals'],
    ['1.005', 'USD', 'amountDecimals'],
    ['0.0000001', 'USDT', 'amountDecimals'],
    ['-5', 'IRT', 'amountInvalid'],
    ['1e6', 'IRT', 'amountInvalid'],
    ['', 'IRT', 'amountInvalid'],
    ['1000000000000001', 'IRT', 'amountTooLarge'],
  ])('amount %s %s → %s', async (amount, currency, rule) => {
    const investor = await makeInvestor(t);
    const res = await propose(t, maker.cookie, proposal(investor.userId, { amount, currency }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details.issues).toEqual([expect.objectContaining({ path: 'body.amount', rule })]);
  });

  it('takes each currency at its scale, and refuses an unknown user, reason code or a short reason', async () => {
    const investor = await makeInvestor(t);
    const usdt = await proposed(t, maker.cookie, investor.userId, { currency: 'USDT', amount: '12.000001' });
    expect(usdt.amount).toBe('12.000001');
    const trailing = await proposed(t, maker.cookie, investor.userId, { currency: 'IRR', amount: '5.000' });
    expect(trailing.amount).toBe('5');

    const nobody = await propose(t, maker.cookie, proposal(randomUUID()));
    expect([nobody.statusCode, nobody.json().code]).toEqual([404, 'NOT_FOUND']);
    const badCode = await propose(t, maker.cookie, proposal(investor.userId, { reasonCode: 'because' }));
    expect(badCode.json().details.issues).toEqual([expect.objectContaining({ path: 'body.reasonCode' })]);
    const short = await propose(t, maker.cookie, proposal(investor.userId, { reason: '  fix  ' }));
    expect(short.json().details.issues).toEqual([expect.objectContaining({ path: 'body.reason', rule: 'min' })]);
  });
});

describe('the list', () => {
  it('filters by status and user: pending oldest first, decided newest first', async () => {
    const investor = await makeInvestor(t);
    const first = await proposed(t, maker.cookie, investor.userId, { amount: '1' });
    const second = await proposed(t, maker.cookie, investor.userId, { amount: '2' });
    const third = await proposed(t, maker.cookie, investor.userId, { amount: '3' });
    await approved(t, checker.cookie, first.id);
    t.clock.advance(60);
    await approved(t, checker.cookie, third.id);
    const list = async (status: string) => {
      const res = await adminCall(
        t,
        maker.cookie,
        'GET',
        `/admin/adjustments?status=${status}&userId=${investor.userId}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: Adjustment[]; total: number; pageSize: number }>();
    };
    expect((await list('Pending')).items.map((a) => a.id)).toEqual([second.id]);
    const done = await list('Approved');
    expect(done.items.map((a) => a.id)).toEqual([third.id, first.id]);
    expect(done.total).toBe(2);
    expect((await list('Rejected')).items).toEqual([]);
    const bad = await adminCall(t, maker.cookie, 'GET', '/admin/adjustments?status=Maybe');
    expect(bad.statusCode).toBe(400);
  });
});

describe("a user's journals (console)", () => {
  it('are newest first, paginated, filtered by currency, with every posting; an unknown user is 404', async () => {
    const investor = await makeInvestor(t);
    const refIds: string[] = [];
    for (let i = 1; i <= 21; i++) {
      const refId = randomUUID();
      refIds.push(refId);
      await t.database.db.transaction((tx) =>
        creditUser(tx, {
          userId: investor.userId,
          from: 'bank_settlement',
          currency: 'IRT',
          amount: BigInt(i * 1000),
          refType: 'Payment',
          refId,
          memo: `deposit ${i}`,
        }),
      );
    }
    const usd = await approved(
      t,
      checker.cookie,
      (await proposed(t, maker.cookie, investor.userId, { currency: 'USD', amount: '3' })).id,
    );
    const page = async (query: string) => {
      const res = await adminCall(t, maker.cookie, 'GET', `/admin/users/${investor.userId}/journals${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: AdminJournal[]; total: number; page: number; pageSize: number }>();
    };
    const one = await page('');
    expect([one.total, one.pageSize, one.items.length]).toEqual([22, 20, 20]);
    expect(one.items[0]!.id).toBe(usd.journalId);
    expect(one.items.slice(1).map((j) => j.refId)).toEqual(refIds.slice(2).reverse());
    expect(one.items[1]).toMatchObject({ refType: 'Payment', memo: 'deposit 21', author: null });
    expect(one.items[1]!.postings).toEqual([
      expect.objectContaining({ accountKind: expect.stringMatching(/^(bank_settlement|available)$/) }),
      expect.objectContaining({ accountKind: expect.stringMatching(/^(bank_settlement|available)$/) }),
    ]);
    expect(one.items[1]!.postings.map((p) => p.amount).sort()).toEqual(['-21000', '21000']);
    const two = await page('?page=2');
    expect(two.items.map((j) => j.refId)).toEqual([refIds[1], refIds[0]]);
    const onlyUsd = await page('?currency=USD');
    expect(onlyUsd.items.map((j) => j.id)).toEqual([usd.journalId]);
    expect(onlyUsd.total).toBe(1);

    const nobody = await adminCall(t, maker.cookie, 'GET', `/admin/users/${randomUUID()}/journals`);
    expect(nobody.statusCode).toBe(404);
    const investorCall = await adminCall(t, investor.cookie, 'GET', `/admin/users/${investor.userId}/journals`);
    expect([investorCall.statusCode, investorCall.json().code]).toEqual([403, 'FORBIDDEN']);
    await expectLedgerSound(t.database.db);
  });
});
