import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Proposal } from '@portal/contract/admin/proposals';
import { users } from '../../src/db/schema';
import { proposalSubject } from '../../src/modules/proposals/subject';
import { makeLevelOneInvestor, makeOperator, type TestUser } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/app';
import { balanceOf, expectLedgerSound } from '../helpers/ledger';
import {
  bankRef,
  lineByRef,
  paymentIdFor,
  settlementCounts,
  shebaAccount,
  statement,
} from '../deposit-by-id/by-id-helpers';
import { approve, auditsOf, errorOf, propose, proposed, readProposal, reject } from './proposal-helpers';

/**
 * Finding 2 of issue 15 (decision 028): an operator imported a bank statement that paid their own payment
 * ID and the matcher credited it. An import is now a proposal: nothing is stored or credited until a
 * second operator approves it, and neither the proposer nor the approver may be among those it credits.
 */
let t: TestApp;
let a: TestUser;
let b: TestUser;
let c: TestUser;

/** A user (investor or operator) at KYC level one with a sheba account and its payment ID. */
async function payable(u: TestUser) {
  await t.database.db
    .update(users)
    .set({ kycLevel: 1, kycTrack: 'iranian', shahkarPassed: true })
    .where(eq(users.id, u.userId));
  await t.database.bus.publish({ kind: 'user', id: u.userId });
  const acc = await shebaAccount(t, u.userId);
  const { paymentId } = await paymentIdFor(t, u.cookie, acc.id);
  return { ...u, sheba: acc.sheba, paymentId };
}

beforeAll(async () => {
  t = await createTestApp();
  [a, b, c] = [
    await makeOperator(t, 'senior_operator'),
    await makeOperator(t, 'senior_operator'),
    await makeOperator(t, 'senior_operator'),
  ];
});
afterAll(async () => {
  await expectLedgerSound(t.database.db);
  await t.close();
});
beforeEach(() => {
  t.clock.now = new Date('2025-06-11T12:00:00+03:30');
});

describe('finding 2: an import that pays an operator', () => {
  it('the proposer’s own payment ID: nothing is credited, they cannot approve, nor can anyone else', async () => {
    const self = await payable(a);
    const ref = bankRef();
    const before = await settlementCounts(t);
    const p = proposed(
      await propose.statement(
        t,
        a.cookie,
        statement([{ toman: 5_000_000n, sheba: self.sheba, paymentId: self.paymentId, ref }]),
      ),
    );
    expect(p).toMatchObject({
      kind: 'bank_statement_import',
      fund: null,
      payload: { kind: 'bank_statement_import', fileName: 'statement.csv' },
      effect: {
        kind: 'bank_statement_import',
        lines: 1,
        newLines: 1,
        totalToman: '5000000',
        credits: [{ userId: a.userId, isOperator: true, amountToman: '5000000' }],
      },
    });
    // Proposing stored no line and credited nothing.
    expect(await settlementCounts(t)).toEqual(before);
    expect(await balanceOf(t.database.db, a.userId, 'IRT')).toBe(0n);
    // The guard's subject: the users it would credit.
    expect(await proposalSubject(t.database.db, p.id)).toMatchObject({ userIds: [a.userId], makerId: a.userId });

    expect(errorOf(await approve(t, a.cookie, p.id))).toEqual([403, 'SAME_OPERATOR']);
    expect(errorOf(await approve(t, b.cookie, p.id))).toEqual([403, 'OPERATOR_OWN_ACCOUNT']);
    expect(await settlementCounts(t)).toEqual(before);
    expect(await balanceOf(t.database.db, a.userId, 'IRT')).toBe(0n);

    // The proposer withdraws it (a reason of ten characters at least).
    expect(errorOf(await reject(t, a.cookie, p.id, 'too short'))).toEqual([400, 'VALIDATION_FAILED']);
    const withdrawn = await reject(t, a.cookie, p.id, 'pays my own ID: another operator imports it');
    expect(withdrawn.json<Proposal>()).toMatchObject({
      status: 'Rejected',
      decidedBy: { id: a.userId },
      rejectReason: 'pays my own ID: another operator imports it',
      effect: null,
    });
    const [audit] = (await auditsOf(t, 'proposal.rejected')).filter((r) => r.subject_id === p.id);
    expect(audit).toMatchObject({ actor_user_id: a.userId, data: { withdrawnByProposer: true } });
    expect(errorOf(await approve(t, b.cookie, p.id))).toEqual([409, 'REQUEST_ALREADY_REVIEWED']);

    // Another operator imports the same statement and a third approves: credited once, to the operator.
    const again = proposed(
      await propose.statement(
        t,
        b.cookie,
        statement([{ toman: 5_000_000n, sheba: self.sheba, paymentId: self.paymentId, ref }]),
      ),
    );
    expect((await approve(t, c.cookie, again.id)).statusCode).toBe(200);
    expect(await balanceOf(t.database.db, a.userId, 'IRT')).toBe(5_000_000n - 500n);
  });

  it('another user’s payment ID: a second operator approves and it is credited once', async () => {
    const x = await payable(await makeLevelOneInvestor(t));
    const ref = bankRef();
    const content = statement([{ toman: 2_000_000n, sheba: x.sheba, paymentId: x.paymentId, ref }]);
    const p = proposed(await propose.statement(t, a.cookie, content));
    expect(p.effect).toMatchObject({ credits: [{ userId: x.userId, isOperator: false, amountToman: '2000000' }] });
    expect(await balanceOf(t.database.db, x.userId, 'IRT')).toBe(0n);
    expect(errorOf(await approve(t, a.cookie, p.id))).toEqual([403, 'SAME_OPERATOR']);

    const res = await approve(t, b.cookie, p.id);
    expect(res.statusCode, res.body).toBe(200);
    const approved = res.json<Proposal>();
    expect(approved).toMatchObject({ status: 'Approved', decidedBy: { id: b.userId }, effect: null });
    expect(await balanceOf(t.database.db, x.userId, 'IRT')).toBe(2_000_000n - 200n);
    expect(await lineByRef(t, ref)).toMatchObject({ status: 'Credited', user_id: x.userId });
    const [imported] = (await auditsOf(t, 'bank_statement.imported')).filter((r) => r.subject_id === approved.resultId);
    expect(imported).toMatchObject({
      actor_user_id: b.userId,
      data: { lines: 1, added: 1, proposalId: p.id, proposedBy: a.userId },
    });
    expect(errorOf(await approve(t, c.cookie, p.id))).toEqual([409, 'REQUEST_ALREADY_REVIEWED']);

    // The same statement proposed and approved again: its line is known, nothing is credited twice.
    const twice = proposed(await propose.statement(t, a.cookie, content));
    expect(twice.effect).toMatchObject({ lines: 1, newLines: 0, totalToman: '0', credits: [] });
    expect((await approve(t, b.cookie, twice.id)).statusCode).toBe(200);
    expect(await balanceOf(t.database.db, x.userId, 'IRT')).toBe(2_000_000n - 200n);
  });

  it('an approver the statement would credit is refused; another approves', async () => {
    const paidB = await payable(b);
    const x = await payable(await makeLevelOneInvestor(t));
    const p = proposed(
      await propose.statement(
        t,
        a.cookie,
        statement([
          { toman: 1_000_000n, sheba: x.sheba, paymentId: x.paymentId },
          { toman: 3_000_000n, sheba: paidB.sheba, paymentId: `ID: ${paidB.paymentId}` },
        ]),
      ),
    );
    // Largest first, the operator marked.
    expect(p.effect).toMatchObject({
      newLines: 2,
      totalToman: '4000000',
      credits: [
        { userId: b.userId, isOperator: true, amountToman: '3000000' },
        { userId: x.userId, isOperator: false, amountToman: '1000000' },
      ],
    });
    const before = await settlementCounts(t);
    expect(errorOf(await approve(t, b.cookie, p.id))).toEqual([403, 'OPERATOR_OWN_ACCOUNT']);
    expect(await settlementCounts(t)).toEqual(before);
    expect((await readProposal(t, c.cookie, p.id)).status).toBe('Pending');
    expect((await approve(t, c.cookie, p.id)).statusCode).toBe(200);
    expect(await balanceOf(t.database.db, b.userId, 'IRT')).toBe(3_000_000n - 300n);
    expect(await balanceOf(t.database.db, x.userId, 'IRT')).toBe(1_000_000n - 100n);
  });

  it('a broken file is refused as before: nothing is proposed', async () => {
    const before = await settlementCounts(t);
    const proposalsBefore = (await auditsOf(t, 'proposal.proposed')).length;
    const res = await propose.statement(t, a.cookie, 'date,time,amount_rial\n2025-06-11,09:30,100');
    expect(errorOf(res)).toEqual([400, 'VALIDATION_FAILED']);
    expect(res.json().details.issues).toEqual([{ path: 'body.content', rule: 'statementHeader', params: { line: 1 } }]);
    expect(await settlementCounts(t)).toEqual(before);
    expect((await auditsOf(t, 'proposal.proposed')).length).toBe(proposalsBefore);
  });
});
