import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOfflineDeposit } from '@portal/contract/admin/offline-deposits';
import type { OfflineDeposit } from '@portal/contract/wallet/offline-deposits';
import { queryRows } from '../../src/db/client';
import { users } from '../../src/db/schema';
import { makeInvestor, makeLevelOneInvestor, makeOperator, type TestUser } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/app';
import { balanceOf, expectLedgerSound } from '../helpers/ledger';
import { PDF, PNG, upload } from '../kyc/kyc-helpers';
import {
  approved,
  auditOf,
  dayFrom,
  decide,
  declaration,
  declare,
  declared,
  snapshot,
  systemBalance,
  uploadReceipt,
} from './offline-helpers';

/**
 * Offline deposits (SPEC §2 "Deposit", §9; decision 018): declared by the investor with a receipt photo,
 * decided by an operator with `money.review`; approval credits amount − 4,000 toman in one journal.
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

const get = (cookie: string, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/wallet/deposits/offline/${id}`, headers: { cookie } });
const cancel = (cookie: string, id: string) =>
  t.app.inject({ method: 'POST', url: `/api/wallet/deposits/offline/${id}/cancel`, headers: { cookie } });

async function setFrozen(userId: string, frozen: boolean) {
  await t.database.db
    .update(users)
    .set({ frozenAt: frozen ? new Date() : null, frozenReason: frozen ? 'test' : null })
    .where(eq(users.id, userId));
  await t.database.bus.publish({ kind: 'user', id: userId });
}

describe('declaring an offline deposit', () => {
  it('creates a pending request with the fixed fee and a 48-hour review deadline; a retry answers the same', async () => {
    const u = await makeLevelOneInvestor(t);
    const fileId = await uploadReceipt(t, u.cookie);
    const body = declaration(t, fileId, { amount: '۱٬۵۰۰٬۰۰۰', receiptNumber: '۱۲۳۴-۵۶۷۸۹' });
    const key = randomUUID();
    const res = await declare(t, u.cookie, body, key);
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json<OfflineDeposit>();
    expect(d).toMatchObject({
      currency: 'IRT',
      amount: '1500000',
      fee: '4000',
      credited: '1496000',
      status: 'Pending',
      receiptNumber: '123456789',
      destination: 'mellat',
      depositDate: body.depositDate,
      receiptFileId: fileId,
      rejectReason: null,
      canCancel: true,
    });
    expect(Date.parse(d.reviewDeadline) - Date.parse(d.createdAt)).toBe(48 * 3600 * 1000);

    const again = await declare(t, u.cookie, body, key);
    expect(again.statusCode).toBe(201);
    expect(again.json<OfflineDeposit>().id).toBe(d.id);
    expect((await snapshot(t, u.userId)).deposits).toBe(1);
    expect((await get(u.cookie, d.id)).json<OfflineDeposit>()).toEqual(d);
    // Declaring moves no money.
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(0n);
    expect(await auditOf(t, 'deposit.offline.declared', d.id)).toEqual([{ actor_user_id: u.userId, subject_id: d.id }]);
  });

  it('a receipt photo is an image by its bytes: a PDF is 415 and stores nothing', async () => {
    const u = await makeLevelOneInvestor(t);
    const res = await upload(t, u.cookie, 'deposit_receipt', PDF, 'image/png');
    expect([res.statusCode, res.json().code]).toEqual([415, 'FILE_TYPE_INVALID']);
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from files where owner_user_id = ${u.userId}`,
    );
    expect(row!.n).toBe(0);
  });

  it('each bad input gets its error and changes nothing', async () => {
    const u = await makeLevelOneInvestor(t);
    const other = await makeLevelOneInvestor(t);
    const fileId = await uploadReceipt(t, u.cookie);
    const othersFile = await uploadReceipt(t, other.cookie);
    const passport = await upload(t, u.cookie, 'passport_image', PNG);
    expect(passport.statusCode).toBe(201);
    const before = await snapshot(t, u.userId);

    const rule = (path: string, r: string) => ({
      status: 400,
      code: 'VALIDATION_FAILED',
      issue: expect.objectContaining({ path, rule: r }),
    });
    const cases: [string, Record<string, unknown>, ReturnType<typeof rule> | { status: number; code: string }][] = [
      ['below the minimum', { amount: '999999' }, rule('body.amount', 'amountMin')],
      ['negative', { amount: '-1000000' }, rule('body.amount', 'amountInvalid')],
      ['not a number', { amount: 'a million' }, rule('body.amount', 'amountInvalid')],
      ['a fraction of a toman', { amount: '1000000.5' }, rule('body.amount', 'amountInvalid')],
      ['an amount as a JSON number', { amount: 2_000_000 }, { status: 400, code: 'VALIDATION_FAILED' }],
      ['a date in the future', { depositDate: dayFrom(t, 1) }, rule('body.depositDate', 'depositDateFuture')],
      ['a date too old', { depositDate: dayFrom(t, -31) }, rule('body.depositDate', 'depositDateTooOld')],
      ['not a date', { depositDate: '2025-02-30' }, rule('body.depositDate', 'date')],
      ['an unknown destination', { destination: 'nowhere' }, rule('body.destination', 'select')],
      ['a receipt number too short', { receiptNumber: '12' }, rule('body.receiptNumber', 'receiptNumber')],
      ['no receipt file', { receiptFileId: 'nope' }, rule('body.receiptFileId', 'upload')],
      ["another user's receipt file", { receiptFileId: othersFile }, { status: 404, code: 'NOT_FOUND' }],
      ['a file that does not exist', { receiptFileId: randomUUID() }, { status: 404, code: 'NOT_FOUND' }],
      [
        'a file uploaded for another purpose',
        { receiptFileId: passport.json<{ fileId: string }>().fileId },
        { status: 415, code: 'FILE_TYPE_INVALID' },
      ],
    ];
    for (const [name, overrides, want] of cases) {
      const res = await declare(t, u.cookie, declaration(t, fileId, overrides));
      const got = res.json<{ code: string; details?: { issues?: unknown[] } }>();
      expect({ status: res.statusCode, code: got.code }, name).toEqual({ status: want.status, code: want.code });
      if ('issue' in want) expect(got.details?.issues, name).toContainEqual(want.issue);
    }

    const noKey = await declare(t, u.cookie, declaration(t, fileId), null);
    expect(noKey.statusCode).toBe(400);
    expect(await snapshot(t, u.userId)).toEqual(before);

    // Today is fine.
    const today = await declare(t, u.cookie, declaration(t, fileId, { depositDate: dayFrom(t, 0) }));
    expect(today.statusCode, today.body).toBe(201);
  });

  it('checks the date against the server’s clock, not the machine’s', async () => {
    const u = await makeLevelOneInvestor(t);
    const fileId = await uploadReceipt(t, u.cookie);
    const realToday = dayFrom(t, 0);
    const saved = t.clock.now;
    t.clock.advance(-3 * 86_400);
    try {
      const res = await declare(t, u.cookie, declaration(t, fileId, { depositDate: realToday }));
      expect([res.statusCode, res.json().details.issues[0].rule]).toEqual([400, 'depositDateFuture']);
    } finally {
      t.clock.now = saved;
    }
    expect((await snapshot(t, u.userId)).deposits).toBe(0);
  });

  it('the same idempotency key with another body is refused; the first deposit stays the only one', async () => {
    const u = await makeLevelOneInvestor(t);
    const fileId = await uploadReceipt(t, u.cookie);
    const key = randomUUID();
    const body = declaration(t, fileId);
    expect((await declare(t, u.cookie, body, key)).statusCode).toBe(201);
    const before = await snapshot(t, u.userId);
    const reused = await declare(t, u.cookie, { ...body, amount: '3000000' }, key);
    expect([reused.statusCode, reused.json().code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect(await snapshot(t, u.userId)).toEqual(before);
  });

  it('a frozen account is refused (and its key stays free); level zero needs KYC', async () => {
    const u = await makeLevelOneInvestor(t);
    const fileId = await uploadReceipt(t, u.cookie);
    await setFrozen(u.userId, true);
    const before = await snapshot(t, u.userId);
    const key = randomUUID();
    const body = declaration(t, fileId);
    const frozen = await declare(t, u.cookie, body, key);
    expect([frozen.statusCode, frozen.json().code]).toEqual([403, 'ACCOUNT_FROZEN']);
    expect(await snapshot(t, u.userId)).toEqual(before);
    await setFrozen(u.userId, false);
    expect((await declare(t, u.cookie, body, key)).statusCode).toBe(201);

    const newcomer = await makeInvestor(t);
    const theirs = await uploadReceipt(t, newcomer.cookie);
    const res = await declare(t, newcomer.cookie, declaration(t, theirs));
    expect([res.statusCode, res.json().code, res.json().details.requiredLevel]).toEqual([403, 'KYC_REQUIRED', 1]);
    expect((await snapshot(t, newcomer.userId)).deposits).toBe(0);
  });

  it('a receipt (bank and number) and its photo are claimed once while pending or approved', async () => {
    const alice = await makeLevelOneInvestor(t);
    const bob = await makeLevelOneInvestor(t);
    const first = await declared(t, alice.cookie, { receiptNumber: '7700112233', destination: 'melli' });

    const bobsFile = await uploadReceipt(t, bob.cookie);
    const same = await declare(
      t,
      bob.cookie,
      declaration(t, bobsFile, { receiptNumber: '7700112233', destination: 'melli' }),
    );
    expect([same.statusCode, same.json().code]).toEqual([409, 'DEPOSIT_RECEIPT_DUPLICATE']);
    // The same number at another bank is another receipt.
    const otherBank = await declare(
      t,
      bob.cookie,
      declaration(t, bobsFile, { receiptNumber: '7700112233', destination: 'saman' }),
    );
    expect(otherBank.statusCode).toBe(201);
    // The same photo on a second declaration.
    const samePhoto = await declare(t, alice.cookie, declaration(t, first.receiptFileId));
    expect([samePhoto.statusCode, samePhoto.json().code]).toEqual([409, 'DEPOSIT_RECEIPT_DUPLICATE']);

    // Once the first is rejected, the receipt may be declared again (say, with the right amount).
    expect((await decide(t, reviewer.cookie, first.id, 'reject', { reason: 'amount_mismatch' })).statusCode).toBe(200);
    const retry = await declare(
      t,
      alice.cookie,
      declaration(t, first.receiptFileId, { receiptNumber: '7700112233', destination: 'melli' }),
    );
    expect(retry.statusCode, retry.body).toBe(201);
  });
});

describe('deciding an offline deposit', () => {
  it('approval credits amount − fee in one balanced journal, once; the decision is audited', async () => {
    const u = await makeLevelOneInvestor(t);
    const d = await declared(t, u.cookie, { amount: '1000000' });
    const [bank0, fees0] = [await systemBalance(t, 'bank_settlement'), await systemBalance(t, 'fees')];

    const a = await approved(t, reviewer.cookie, d.id);
    expect(a).toMatchObject({
      id: d.id,
      state: 'Successful',
      status: 'Successful',
      credited: '996000',
      reviewerId: reviewer.userId,
      canCancel: false,
      user: { id: u.userId, mobile: `+98${u.mobile.slice(1)}` },
    });
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(996_000n);
    expect(await systemBalance(t, 'fees')).toBe(fees0 + 4_000n);
    expect(await systemBalance(t, 'bank_settlement')).toBe(bank0 - 1_000_000n);
    const postings = await queryRows<{ code: string; amount: string }>(
      t.database.db,
      sql`select a.code, p.amount::text as amount from ledger_journals j
          join ledger_postings p on p.journal_id = j.id join ledger_accounts a on a.id = p.account_id
          where j.ref_type = 'Payment' and j.ref_id = ${d.id} order by p.amount`,
    );
    expect(postings).toEqual([
      { code: 'bank_settlement', amount: '-1000000' },
      { code: 'fees', amount: '4000' },
      { code: 'available', amount: '996000' },
    ]);
    await expectLedgerSound(t.database.db);

    for (const again of [
      await decide(t, reviewer.cookie, d.id, 'approve'),
      await decide(t, reviewer.cookie, d.id, 'reject'),
    ]) {
      expect([again.statusCode, again.json().code]).toEqual([409, 'REQUEST_ALREADY_REVIEWED']);
    }
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(996_000n);
    expect(await auditOf(t, 'deposit.offline.approved', d.id)).toEqual([
      { actor_user_id: reviewer.userId, subject_id: u.userId },
    ]);
    expect((await get(u.cookie, d.id)).json<OfflineDeposit>()).toMatchObject({
      status: 'Successful',
      canCancel: false,
    });
    const history = await t.app.inject({ method: 'GET', url: '/api/transactions', headers: { cookie: u.cookie } });
    expect(history.json<{ items: { refType: string; refId: string; amount: string }[] }>().items).toEqual([
      expect.objectContaining({ type: 'Deposit', refType: 'Payment', refId: d.id, amount: '996000' }),
    ]);
    const cancelled = await cancel(u.cookie, d.id);
    expect([cancelled.statusCode, cancelled.json().code]).toEqual([409, 'REQUEST_NOT_CANCELLABLE']);
  });

  it('rejection names a reason the investor sees and moves nothing', async () => {
    const u = await makeLevelOneInvestor(t);
    const d = await declared(t, u.cookie);
    const before = await snapshot(t, u.userId);
    const bad = await decide(t, reviewer.cookie, d.id, 'reject', { reason: 'because' });
    expect(bad.statusCode).toBe(400);
    const res = await decide(t, reviewer.cookie, d.id, 'reject', { reason: 'receipt_unreadable', comment: 'blurred' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminOfflineDeposit>()).toMatchObject({
      state: 'Failed',
      status: 'Failed',
      rejectReason: 'receipt_unreadable',
      reviewComment: 'blurred',
      reviewerId: reviewer.userId,
    });
    expect(await snapshot(t, u.userId)).toEqual(before);
    const mine = (await get(u.cookie, d.id)).json<OfflineDeposit>();
    expect(mine).toMatchObject({ status: 'Failed', rejectReason: 'receipt_unreadable', canCancel: false });
    expect(mine).not.toHaveProperty('reviewComment');
    expect(await auditOf(t, 'deposit.offline.rejected', d.id)).toEqual([
      { actor_user_id: reviewer.userId, subject_id: u.userId },
    ]);
    const again = await decide(t, reviewer.cookie, d.id, 'approve');
    expect([again.statusCode, again.json().code]).toEqual([409, 'REQUEST_ALREADY_REVIEWED']);
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(0n);
  });

  it('an account frozen after declaring cannot be credited: refused, still pending', async () => {
    const u = await makeLevelOneInvestor(t);
    const d = await declared(t, u.cookie);
    await setFrozen(u.userId, true);
    const before = await snapshot(t, u.userId);
    const res = await decide(t, reviewer.cookie, d.id, 'approve');
    expect([res.statusCode, res.json().code]).toEqual([403, 'ACCOUNT_FROZEN']);
    expect(await snapshot(t, u.userId)).toEqual(before);
    expect((await get(u.cookie, d.id)).json<OfflineDeposit>().status).toBe('Pending');
    await setFrozen(u.userId, false);
    await approved(t, reviewer.cookie, d.id);
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(2_496_000n);
    await expectLedgerSound(t.database.db);
  });
});

describe('cancelling and privacy', () => {
  it('the investor cancels while pending; then it is neither cancellable nor decidable', async () => {
    const u = await makeLevelOneInvestor(t);
    const d = await declared(t, u.cookie);
    const res = await cancel(u.cookie, d.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<OfflineDeposit>()).toMatchObject({ status: 'Canceled', canCancel: false });
    const twice = await cancel(u.cookie, d.id);
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'REQUEST_NOT_CANCELLABLE']);
    const late = await decide(t, reviewer.cookie, d.id, 'approve');
    expect([late.statusCode, late.json().code]).toEqual([409, 'REQUEST_ALREADY_REVIEWED']);
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(0n);
  });

  it('another user’s deposit is 404 to read and to cancel, and its receipt photo is 404 too', async () => {
    const owner = await makeLevelOneInvestor(t);
    const stranger = await makeLevelOneInvestor(t);
    const d = await declared(t, owner.cookie);
    expect((await get(stranger.cookie, d.id)).statusCode).toBe(404);
    expect((await cancel(stranger.cookie, d.id)).statusCode).toBe(404);
    expect((await get(owner.cookie, d.id)).json<OfflineDeposit>().status).toBe('Pending');
    const photo = (cookie: string) =>
      t.app.inject({ method: 'GET', url: `/api/files/${d.receiptFileId}`, headers: { cookie } });
    expect((await photo(stranger.cookie)).statusCode).toBe(404);
    const mine = await photo(owner.cookie);
    expect([mine.statusCode, mine.headers['content-type']]).toEqual([200, 'image/png']);
    // Operators with money.read see it (the review needs it); the view is audited.
    const operator = await makeOperator(t, 'operator');
    expect((await photo(operator.cookie)).rawPayload.equals(PNG)).toBe(true);
    const [viewed] = await queryRows<{ actor_user_id: string }>(
      t.database.db,
      sql`select actor_user_id from audit_log where action = 'file.viewed' and subject_id = ${d.receiptFileId}`,
    );
    expect(viewed?.actor_user_id).toBe(operator.userId);
  });
});

describe('the operators’ queue', () => {
  it('lists by status, oldest first, paged; one deposit carries its receipt file and destination sheba', async () => {
    const u = await makeLevelOneInvestor(t);
    const mine = [await declared(t, u.cookie), await declared(t, u.cookie), await declared(t, u.cookie)];
    const list = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/offline-deposits${query}`,
        headers: { cookie: reviewer.cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: AdminOfflineDeposit[]; total: number; pageSize: number }>();
    };
    const pending = await list('');
    const ids = pending.items.map((x) => x.id).filter((id) => mine.some((m) => m.id === id));
    expect(ids).toEqual(mine.map((m) => m.id));
    const times = pending.items.map((x) => Date.parse(x.createdAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(pending.items.every((x) => x.state === 'Pending')).toBe(true);

    await approved(t, reviewer.cookie, mine[1]!.id);
    const successful = await list('?status=Successful');
    expect(successful.items.map((x) => x.id)).toContain(mine[1]!.id);
    expect((await list('')).items.map((x) => x.id)).not.toContain(mine[1]!.id);
    const beyond = await list(`?page=${Math.ceil(pending.total / pending.pageSize) + 1}`);
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(pending.total - 1);

    const one = await t.app.inject({
      method: 'GET',
      url: `/api/admin/offline-deposits/${mine[0]!.id}`,
      headers: { cookie: reviewer.cookie },
    });
    expect(one.json<AdminOfflineDeposit>()).toMatchObject({
      id: mine[0]!.id,
      receiptFileId: mine[0]!.receiptFileId,
      destination: 'mellat',
      destinationSheba: 'IR710120000000004482913570',
      user: { id: u.userId },
    });
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/admin/offline-deposits/${randomUUID()}`,
      headers: { cookie: reviewer.cookie },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('an investor gets 403 on every admin endpoint; an operator may read but not decide', async () => {
    const u = await makeLevelOneInvestor(t);
    const d = await declared(t, u.cookie);
    const calls = (cookie: string) => [
      t.app.inject({ method: 'GET', url: '/api/admin/offline-deposits', headers: { cookie } }),
      t.app.inject({ method: 'GET', url: `/api/admin/offline-deposits/${d.id}`, headers: { cookie } }),
      decide(t, cookie, d.id, 'approve'),
      decide(t, cookie, d.id, 'reject'),
    ];
    for (const res of await Promise.all(calls(u.cookie))) {
      expect([res.statusCode, res.json().code]).toEqual([403, 'FORBIDDEN']);
    }
    const operator = await makeOperator(t, 'operator');
    const [list, one, approve, reject] = await Promise.all(calls(operator.cookie));
    expect([list!.statusCode, one!.statusCode]).toEqual([200, 200]);
    expect([approve!.statusCode, approve!.json().code, reject!.statusCode]).toEqual([403, 'FORBIDDEN', 403]);
    expect((await get(u.cookie, d.id)).json<OfflineDeposit>().status).toBe('Pending');
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(0n);
  });
});
