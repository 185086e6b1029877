import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminStatementLine } from '@portal/contract/admin/bank-statements';
import {
  isPaymentIdWellFormed,
  nextWorkingBankCycle,
  wrongIdReturnAt,
  type DepositById,
  type DepositId,
} from '@portal/contract/wallet/deposit-by-id';
import { queryRows } from '../../src/db/client';
import { bankAccounts, users } from '../../src/db/schema';
import { returnDueStatementLines, runSettlementJobs } from '../../src/modules/deposit-by-id/deposit-by-id.service';
import { makeInvestor, makeLevelOneInvestor, makeOperator, type TestUser } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/app';
import { balanceOf, expectLedgerSound } from '../helpers/ledger';
import { sheba } from '../bank-accounts/bank-helpers';
import {
  bankRef,
  createId,
  importFile,
  imported,
  lineByRef,
  paymentIdFor,
  settlementCounts,
  shebaAccount,
  statement,
  systemBalance,
} from './by-id-helpers';

/**
 * Deposits by payment ID (SPEC §2 "Deposit", §9; decision 020): the investor's ID per sheba account, the
 * statement import (idempotent per bank reference), and the matching: 0.01% fee rounded up, the
 * 25,000,000-toman daily cap with the rest returned at the next cycle, wrong IDs returned less 5,000.
 */
let t: TestApp;
let desk: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  desk = await makeOperator(t, 'senior_operator');
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  // Wednesday 2025-06-11, 12:00 Tehran.
  t.clock.now = new Date('2025-06-11T12:00:00+03:30');
});

const overview = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/wallet/deposits/by-id', headers: { cookie } });

describe('the payment ID', () => {
  it('is made once per own sheba account: a retry answers the same, another account gets another', async () => {
    const u = await makeLevelOneInvestor(t);
    const a = await shebaAccount(t, u.userId);
    const b = await shebaAccount(t, u.userId);
    const first = await paymentIdFor(t, u.cookie, a.id);
    expect(isPaymentIdWellFormed(first.paymentId)).toBe(true);
    expect(first).toMatchObject({
      bankAccountId: a.id,
      bank: 'melli',
      shebaMasked: `${a.sheba.slice(0, 6)}${'*'.repeat(16)}${a.sheba.slice(-4)}`,
    });
    const again = await Promise.all([paymentIdFor(t, u.cookie, a.id), paymentIdFor(t, u.cookie, a.id)]);
    expect(again).toEqual([first, first]);
    const second = await paymentIdFor(t, u.cookie, b.id);
    expect(second.paymentId).not.toBe(first.paymentId);

    const res = await overview(u.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ items: DepositId[]; capLeftToday: string; deposits: DepositById[] }>();
    expect(body.items.map((i) => i.paymentId).sort()).toEqual([first.paymentId, second.paymentId].sort());
    expect(body.capLeftToday).toBe('25000000');
    expect(body.deposits).toEqual([]);
  });

  it("another user's account, a deleted one or a card without a sheba is 404; nothing is made", async () => {
    const u = await makeLevelOneInvestor(t);
    const other = await makeLevelOneInvestor(t);
    const others = await shebaAccount(t, other.userId);
    const deleted = await shebaAccount(t, u.userId);
    await t.database.db.update(bankAccounts).set({ deletedAt: new Date() }).where(eq(bankAccounts.id, deleted.id));
    for (const id of [others.id, deleted.id, '7b0f7a7e-6a64-4a38-9b4c-0d5d3c5b2f10']) {
      const res = await createId(t, u.cookie, id);
      expect([res.statusCode, res.json().code]).toEqual([404, 'NOT_FOUND']);
    }
    const bad = await createId(t, u.cookie, 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.issues).toEqual([
      expect.objectContaining({ path: 'body.bankAccountId', rule: 'select' }),
    ]);
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM deposit_ids WHERE user_id = ${u.userId}`,
    );
    expect(row!.n).toBe(0);
  });

  it('needs KYC level one and an account that is not frozen', async () => {
    const fresh = await makeInvestor(t);
    const acc = await shebaAccount(t, fresh.userId);
    const res = await createId(t, fresh.cookie, acc.id);
    expect([res.statusCode, res.json().code, res.json().details]).toEqual([403, 'KYC_REQUIRED', { requiredLevel: 1 }]);

    const frozen = await makeLevelOneInvestor(t, { frozenAt: new Date(), frozenReason: 'test' });
    const acc2 = await shebaAccount(t, frozen.userId);
    const res2 = await createId(t, frozen.cookie, acc2.id);
    expect([res2.statusCode, res2.json().code]).toEqual([403, 'ACCOUNT_FROZEN']);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/wallet/deposits/by-id' });
    expect(res.statusCode).toBe(401);
  });
});

describe('importing a statement', () => {
  it('a file that breaks the format is refused whole, naming the rule and line; nothing changes', async () => {
    const u = await makeLevelOneInvestor(t);
    const acc = await shebaAccount(t, u.userId);
    const { paymentId } = await paymentIdFor(t, u.cookie, acc.id);
    const good = `2025-06-11,09:30,10000000,${acc.sheba},${paymentId}`;
    const header = 'date,time,amount_rial,source_sheba,payment_id,bank_ref';
    const before = await settlementCounts(t);
    const cases: [string, string, string, number | undefined][] = [
      ['no header', `${good},${bankRef()}`, 'statementHeader', 1],
      [
        'a header with a column missing',
        'date,time,amount_rial,source_sheba,payment_id\n1,2,3,4,5',
        'statementHeader',
        1,
      ],
      ['a header only', header, 'statementEmpty', undefined],
      [
        'a line with a column short',
        `${header}\n2025-06-11,09:30,10000000,${acc.sheba},${paymentId}`,
        'statementColumns',
        2,
      ],
      ['not a date', `${header}\n2025-02-30,09:30,10000000,${acc.sheba},${paymentId},${bankRef()}`, 'statementDate', 2],
      ['not a time', `${header}\n2025-06-11,25:30,10000000,${acc.sheba},${paymentId},${bankRef()}`, 'statementDate', 2],
      [
        'rials that are not whole toman',
        `${header}\n${good},${bankRef()}\n2025-06-11,09:30,10000005,${acc.sheba},${paymentId},${bankRef()}`,
        'statementAmount',
        3,
      ],
      ['a zero amount', `${header}\n2025-06-11,09:30,0,${acc.sheba},${paymentId},${bankRef()}`, 'statementAmount', 2],
      [
        'a negative amount',
        `${header}\n2025-06-11,09:30,-100,${acc.sheba},${paymentId},${bankRef()}`,
        'statementAmount',
        2,
      ],
      ['a bad sheba', `${header}\n2025-06-11,09:30,10000000,IR12345,${paymentId},${bankRef()}`, 'statementSheba', 2],
      ['no bank reference', `${header}\n${good},`, 'statementBankRef', 2],
      ['a reference twice in the file', `${header}\n${good},DUP1\n${good},DUP1`, 'statementDuplicateRef', 3],
    ];
    for (const [name, content, rule, line] of cases) {
      const res = await importFile(t, desk.cookie, content);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().code, name).toBe('VALIDATION_FAILED');
      expect(res.json().details.issues, name).toContainEqual({
        path: 'body.content',
        rule,
        ...(line ? { params: { line } } : {}),
      });
    }
    const empty = await importFile(t, desk.cookie, '');
    expect(empty.json().details.issues).toEqual([
      expect.objectContaining({ path: 'body.content', rule: 'statementEmpty' }),
    ]);
    expect(await settlementCounts(t)).toEqual(before);
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(0n);
  });

  it('needs money.review: an investor and an operator who only reads are refused', async () => {
    const u = await makeLevelOneInvestor(t);
    const reader = await makeOperator(t, 'operator');
    const content = statement([{ toman: 1_000_000n, sheba: sheba(), paymentId: '' }]);
    expect((await importFile(t, u.cookie, content)).statusCode).toBe(403);
    expect((await importFile(t, reader.cookie, content)).statusCode).toBe(403);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/bank-statements/lines',
      headers: { cookie: reader.cookie },
    });
    expect(list.statusCode).toBe(200);
  });
});

describe('matching the statement', () => {
  it('credits amount − 0.01% (rounded up) in one Payment journal; the same statement twice credits once', async () => {
    const u = await makeLevelOneInvestor(t);
    const acc = await shebaAccount(t, u.userId);
    const { paymentId } = await paymentIdFor(t, u.cookie, acc.id);
    const [bank0, fees0] = [await systemBalance(t, 'bank_settlement'), await systemBalance(t, 'fees')];
    const ref = bankRef();
    // 1,234,567 toman: the fee 123.4567 is rounded up to 124.
    const content = statement([{ toman: 1_234_567n, sheba: acc.sheba, paymentId: `ID ${paymentId}`, ref }]);
    const first = await imported(t, desk.cookie, content);
    expect(first).toMatchObject({
      lines: 1,
      added: 1,
      duplicates: 0,
      matched: { lines: 1, credited: 1, returning: 0 },
    });
    const second = await imported(t, desk.cookie, content);
    expect(second).toMatchObject({
      lines: 1,
      added: 0,
      duplicates: 1,
      matched: { lines: 0, credited: 0, returning: 0 },
    });

    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(1_234_443n);
    expect((await systemBalance(t, 'fees')) - fees0).toBe(124n);
    expect((await systemBalance(t, 'bank_settlement')) - bank0).toBe(-1_234_567n);
    const line = await lineByRef(t, ref);
    expect(line).toMatchObject({
      status: 'Credited',
      user_id: u.userId,
      credited: '1234443',
      fee: '124',
      return_amount: '0',
    });
    const journals = await queryRows<{ ref_type: string }>(
      t.database.db,
      sql`SELECT ref_type FROM ledger_journals WHERE ref_id = ${line.id}`,
    );
    expect(journals).toEqual([{ ref_type: 'Payment' }]);

    // The wallet history shows one deposit row.
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/transactions?currency=IRT',
      headers: { cookie: u.cookie },
    });
    expect(history.statusCode).toBe(200);
    const items = history.json<{ items: { amount: string; type: string; refType: string; refId: string }[] }>().items;
    expect(items).toEqual([
      expect.objectContaining({ amount: '1234443', type: 'Deposit', refType: 'Payment', refId: line.id }),
    ]);
    // …and the by-ID tab the transfer.
    const ov = (await overview(u.cookie)).json<{ deposits: DepositById[]; capLeftToday: string }>();
    expect(ov.deposits).toEqual([
      expect.objectContaining({
        status: 'Credited',
        amount: '1234567',
        credited: '1234443',
        fee: '124',
        returned: '0',
      }),
    ]);
    expect(ov.capLeftToday).toBe(String(25_000_000n - 1_234_567n));
    await expectLedgerSound(t.database.db);
  });

  it('the daily cap: 25,000,000 toman a Tehran day; the rest goes back whole at the next bank cycle', async () => {
    const u = await makeLevelOneInvestor(t);
    const acc = await shebaAccount(t, u.userId);
    const { paymentId } = await paymentIdFor(t, u.cookie, acc.id);
    const [r1, r2, r3, r4] = [bankRef(), bankRef(), bankRef(), bankRef()];
    const refunds0 = await systemBalance(t, 'refunds');
    const result = await imported(
      t,
      desk.cookie,
      statement([
        { toman: 20_000_000n, sheba: acc.sheba, paymentId, ref: r1, at: '2025-06-11 08:00' },
        { toman: 8_000_000n, sheba: acc.sheba, paymentId, ref: r2, at: '2025-06-11 09:00' },
        { toman: 1_000_000n, sheba: acc.sheba, paymentId, ref: r3, at: '2025-06-11 23:59' },
        // Another Tehran day: a fresh cap (00:10 Tehran is still the 11th in UTC).
        { toman: 1_000_000n, sheba: acc.sheba, paymentId, ref: r4, at: '2025-06-12 00:10' },
      ]),
    );
    expect(result.matched).toEqual({ lines: 4, credited: 3, returning: 2 });
    const cycle = nextWorkingBankCycle(t.clock.now);
    expect(await lineByRef(t, r1)).toMatchObject({ status: 'Credited', credited: '19998000', fee: '2000' });
    const over = await lineByRef(t, r2);
    expect(over).toMatchObject({
      status: 'Returning',
      accepted: '5000000',
      fee: '500',
      credited: '4999500',
      return_amount: '3000000',
      return_fee: '0',
      return_reason: 'daily_cap',
    });
    expect(new Date(over.return_at!).toISOString()).toBe(cycle.toISOString());
    expect(await lineByRef(t, r3)).toMatchObject({ status: 'Returning', credited: '0', return_amount: '1000000' });
    expect(await lineByRef(t, r4)).toMatchObject({ status: 'Credited', credited: '999900' });
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(19_998_000n + 4_999_500n + 999_900n);
    expect((await systemBalance(t, 'refunds')) - refunds0).toBe(4_000_000n);
    await expectLedgerSound(t.database.db);

    // Before the cycle nothing is returned; at it both go back and the refunds account is square again.
    expect(await returnDueStatementLines(t.database.db, new Date(cycle.getTime() - 1000))).toBe(0);
    const jobs = await runSettlementJobs(t.database.db, cycle);
    expect(jobs.returned).toBeGreaterThanOrEqual(2);
    expect(await lineByRef(t, r2)).toMatchObject({ status: 'Returned' });
    expect(await lineByRef(t, r3)).toMatchObject({ status: 'Returned' });
    expect((await systemBalance(t, 'refunds')) - refunds0).toBe(0n);
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(19_998_000n + 4_999_500n + 999_900n);
    await expectLedgerSound(t.database.db);
  });

  it('a wrong or missing ID, or another person’s account, goes back after a working day less 5,000 toman', async () => {
    const u = await makeLevelOneInvestor(t);
    const acc = await shebaAccount(t, u.userId);
    const { paymentId } = await paymentIdFor(t, u.cookie, acc.id);
    const stranger = sheba('012');
    const typo = `${paymentId.slice(0, 11)}${(Number(paymentId[11]) + 1) % 10}`;
    const refs = { missing: bankRef(), unknown: bankRef(), typo: bankRef(), mismatch: bankRef() };
    const fees0 = await systemBalance(t, 'fees');
    const result = await imported(
      t,
      desk.cookie,
      statement([
        { toman: 2_000_000n, sheba: acc.sheba, paymentId: '', ref: refs.missing },
        { toman: 2_000_000n, sheba: acc.sheba, paymentId: '123456789012', ref: refs.unknown },
        { toman: 2_000_000n, sheba: acc.sheba, paymentId: typo, ref: refs.typo },
        { toman: 2_000_000n, sheba: stranger, paymentId, ref: refs.mismatch },
      ]),
    );
    expect(result.matched).toEqual({ lines: 4, credited: 0, returning: 4 });
    const due = wrongIdReturnAt(t.clock.now).toISOString();
    for (const [key, reason, owner] of [
      ['missing', 'missing_id', null],
      ['unknown', 'unknown_id', null],
      ['typo', 'unknown_id', null],
      ['mismatch', 'sheba_mismatch', u.userId],
    ] as const) {
      const line = await lineByRef(t, refs[key]);
      expect(line, key).toMatchObject({
        status: 'Returning',
        user_id: owner,
        credited: '0',
        return_amount: '2000000',
        return_fee: '5000',
        return_reason: reason,
      });
      expect(new Date(line.return_at!).toISOString()).toBe(due);
    }
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(0n);
    expect((await systemBalance(t, 'fees')) - fees0).toBe(20_000n);
    // The owner sees the transfer from another account and why it goes back.
    const ov = (await overview(u.cookie)).json<{ deposits: DepositById[] }>();
    expect(ov.deposits).toEqual([
      expect.objectContaining({
        status: 'Returning',
        returnReason: 'sheba_mismatch',
        returned: '1995000',
        returnAt: due,
      }),
    ]);
    // The operator sees them all, with the payer's sheba to pay back.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/bank-statements/lines?status=Returning&reason=sheba_mismatch',
      headers: { cookie: desk.cookie },
    });
    const line = list.json<{ items: AdminStatementLine[] }>().items.find((i) => i.bankRef === refs.mismatch);
    expect(line).toMatchObject({ sourceSheba: stranger, returnFee: '5000', user: { id: u.userId } });
    await expectLedgerSound(t.database.db);
  });

  it('a frozen owner is credited nothing: the transfer goes back whole at the next cycle', async () => {
    const u = await makeLevelOneInvestor(t);
    const acc = await shebaAccount(t, u.userId);
    const { paymentId } = await paymentIdFor(t, u.cookie, acc.id);
    await t.database.db.update(users).set({ frozenAt: new Date(), frozenReason: 'test' }).where(eq(users.id, u.userId));
    const ref = bankRef();
    await imported(t, desk.cookie, statement([{ toman: 3_000_000n, sheba: acc.sheba, paymentId, ref }]));
    expect(await lineByRef(t, ref)).toMatchObject({
      status: 'Returning',
      return_reason: 'account_unavailable',
      return_fee: '0',
      return_amount: '3000000',
    });
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(0n);
    await expectLedgerSound(t.database.db);
  });
});
