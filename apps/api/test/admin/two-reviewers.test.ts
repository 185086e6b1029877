/**
 * Two reviewers above the configured amount (issue 15, decision 028; contract admin/review.ts): a
 * withdrawal or offline deposit of more than `REVIEW_SECOND_OPERATOR_ABOVE_IRT` toman takes two different
 * operators' approvals. The first is recorded and leaves it pending; the first approver again is
 * `SAME_OPERATOR`; another operator's approval decides it, once. Up to the bound one approval decides;
 * a rejection is one operator's at any amount.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminWithdrawal } from '@portal/contract/admin/money';
import type { AdminWithdrawalDetail } from '@portal/contract/admin/money-desk';
import type { AdminOfflineDeposit } from '@portal/contract/admin/offline-deposits';
import { offlineDepositCredit } from '@portal/contract/wallet/offline-deposits';
import { queryRows } from '../../src/db/client';
import { deposits } from '../../src/db/schema';
import { parseEnv } from '../../src/env';
import { createTestApp, e164, type TestApp } from '../helpers/app';
import { adminCall, makeLevelOneInvestor, makeOperator, type TestUser } from '../helpers/admin';
import { balanceOf, expectLedgerSound } from '../helpers/ledger';
import { auditOf as depositAuditOf, declared, decide as decideDeposit } from '../offline-deposits/offline-helpers';
import {
  auditOf as withdrawalAuditOf,
  decide as decideWithdrawal,
  errorOf,
  rowOf,
  withdraw,
  withdrawer,
} from '../withdrawals/withdrawal-helpers';

const BOUND = 5_000_000n;

let t: TestApp;
let first: TestUser;
let second: TestUser;
beforeAll(async () => {
  t = await createTestApp({ envVars: { REVIEW_SECOND_OPERATOR_ABOVE_IRT: String(BOUND) } });
  first = await makeOperator(t, 'senior_operator', { firstName: 'سارا', lastName: 'اول' });
  second = await makeOperator(t, 'admin');
});
afterAll(async () => {
  await t.close();
});

const journalsOf = async (refId: string) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM ledger_journals WHERE ref_id = ${refId} AND ref_type = 'Payment'`,
    )
  )[0]!.n;

describe('the setting', () => {
  it('defaults to 100,000,000 toman and refuses what is not a whole amount', () => {
    expect(parseEnv({}).REVIEW_SECOND_OPERATOR_ABOVE_IRT).toBe(100_000_000n);
    expect(parseEnv({ REVIEW_SECOND_OPERATOR_ABOVE_IRT: '0' }).REVIEW_SECOND_OPERATOR_ABOVE_IRT).toBe(0n);
    for (const bad of ['-1', '1.5', 'lots']) {
      expect(() => parseEnv({ REVIEW_SECOND_OPERATOR_ABOVE_IRT: bad }), bad).toThrow(
        'REVIEW_SECOND_OPERATOR_ABOVE_IRT',
      );
    }
  });
});

describe('an offline deposit above the bound', () => {
  it('the first approval leaves it pending; the same operator again is refused; another credits it once', async () => {
    const investor = await makeLevelOneInvestor(t);
    const deposit = await declared(t, investor.cookie, { amount: String(BOUND + 1n) });

    const once = await decideDeposit(t, first.cookie, deposit.id, 'approve');
    expect(once.statusCode, once.body).toBe(200);
    const pending = once.json<AdminOfflineDeposit>();
    expect(pending).toMatchObject({
      state: 'Pending',
      approvalsNeeded: 2,
      firstApproval: {
        operatorId: first.userId,
        mobile: e164(first.mobile),
        firstName: 'سارا',
        lastName: 'اول',
        at: t.clock.now.toISOString(),
      },
      reviewerId: null,
    });
    expect(await balanceOf(t.database.db, investor.userId, 'IRT')).toBe(0n);
    expect(await journalsOf(deposit.id)).toBe(0);
    // The queue and the detail show the first approval too.
    const queue = (await adminCall(t, second.cookie, 'GET', '/admin/offline-deposits')).json<{
      items: AdminOfflineDeposit[];
    }>();
    expect(queue.items.find((d) => d.id === deposit.id)?.firstApproval).toEqual(pending.firstApproval);
    const detail = (await adminCall(t, second.cookie, 'GET', `/admin/offline-deposits/${deposit.id}`)).json();
    expect(detail).toMatchObject({ approvalsNeeded: 2, firstApproval: pending.firstApproval });

    expect(errorOf(await decideDeposit(t, first.cookie, deposit.id, 'approve'))).toEqual([403, 'SAME_OPERATOR']);
    expect(await balanceOf(t.database.db, investor.userId, 'IRT')).toBe(0n);

    const decided = await decideDeposit(t, second.cookie, deposit.id, 'approve');
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json<AdminOfflineDeposit>()).toMatchObject({
      state: 'Successful',
      approvalsNeeded: 2,
      firstApproval: null,
      reviewerId: second.userId,
    });
    expect(await balanceOf(t.database.db, investor.userId, 'IRT')).toBe(offlineDepositCredit(BOUND + 1n).credited);
    expect(await journalsOf(deposit.id)).toBe(1);
    expect(errorOf(await decideDeposit(t, second.cookie, deposit.id, 'approve'))).toEqual([
      409,
      'REQUEST_ALREADY_REVIEWED',
    ]);
    expect(await journalsOf(deposit.id)).toBe(1);
    expect((await depositAuditOf(t, 'deposit.offline.first_approved', deposit.id)).map((a) => a.actor_user_id)).toEqual(
      [first.userId],
    );
    const [approvedAudit] = await queryRows<{ actor_user_id: string; data: { firstApprovedBy: string } }>(
      t.database.db,
      sql`SELECT actor_user_id, data FROM audit_log
          WHERE action = 'deposit.offline.approved' AND data->>'depositId' = ${deposit.id}`,
    );
    expect(approvedAudit).toMatchObject({ actor_user_id: second.userId, data: { firstApprovedBy: first.userId } });
    await expectLedgerSound(t.database.db);
  });

  it('at the bound one approval credits it', async () => {
    const investor = await makeLevelOneInvestor(t);
    const deposit = await declared(t, investor.cookie, { amount: String(BOUND) });
    const res = await decideDeposit(t, first.cookie, deposit.id, 'approve');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminOfflineDeposit>()).toMatchObject({
      state: 'Successful',
      approvalsNeeded: 1,
      firstApproval: null,
    });
    expect(await balanceOf(t.database.db, investor.userId, 'IRT')).toBe(offlineDepositCredit(BOUND).credited);
  });

  it('one operator rejects it, first approved or not; the database refuses a second approval by the first', async () => {
    const investor = await makeLevelOneInvestor(t);
    const deposit = await declared(t, investor.cookie, { amount: String(BOUND * 2n) });
    expect((await decideDeposit(t, first.cookie, deposit.id, 'approve')).statusCode).toBe(200);
    await expect(
      t.database.db
        .update(deposits)
        .set({ status: 'Successful', reviewerId: first.userId, reviewedAt: new Date() })
        .where(eq(deposits.id, deposit.id)),
    ).rejects.toThrow();

    const rejected = await decideDeposit(t, first.cookie, deposit.id, 'reject');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<AdminOfflineDeposit>()).toMatchObject({ state: 'Failed', reviewerId: first.userId });
    expect(await balanceOf(t.database.db, investor.userId, 'IRT')).toBe(0n);
  });
});

describe('a withdrawal above the bound', () => {
  it('the first approval leaves it pending and held; the same operator again is refused; another approves it', async () => {
    const u = await withdrawer(t, BOUND * 3n);
    const w = await withdraw(t, u, String(BOUND * 2n));

    const once = await decideWithdrawal(t, first.cookie, w.id, 'approve');
    expect(once.statusCode, once.body).toBe(200);
    expect(once.json<AdminWithdrawal>()).toMatchObject({
      state: 'Pending',
      approvalsNeeded: 2,
      payoutAt: null,
      firstApproval: { operatorId: first.userId, at: t.clock.now.toISOString() },
    });
    expect(await balanceOf(t.database.db, u.userId, 'IRT', 'held')).toBe(BOUND * 2n);
    const detail = (
      await adminCall(t, second.cookie, 'GET', `/admin/withdrawals/${w.id}`)
    ).json<AdminWithdrawalDetail>();
    expect(detail).toMatchObject({ approvalsNeeded: 2, firstApproval: { operatorId: first.userId } });

    expect(errorOf(await decideWithdrawal(t, first.cookie, w.id, 'approve'))).toEqual([403, 'SAME_OPERATOR']);
    expect(await rowOf(t.database.db, w.id)).toMatchObject({ status: 'Pending', reviewer_id: null });

    const decided = await decideWithdrawal(t, second.cookie, w.id, 'approve');
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json<AdminWithdrawal>()).toMatchObject({ state: 'Approved', firstApproval: null });
    expect(await rowOf(t.database.db, w.id)).toMatchObject({ status: 'Approved', reviewer_id: second.userId });
    expect(
      (await withdrawalAuditOf(t.database.db, 'withdrawal.first_approved', w.id)).map((a) => a.actor_user_id),
    ).toEqual([first.userId]);
    expect((await withdrawalAuditOf(t.database.db, 'withdrawal.approved', w.id)).map((a) => a.actor_user_id)).toEqual([
      second.userId,
    ]);
    await expectLedgerSound(t.database.db);
  });

  it('up to the bound one approval decides; a rejection is one operator’s at any amount', async () => {
    const u = await withdrawer(t, BOUND * 3n);
    const small = await withdraw(t, u, String(BOUND));
    const res = await decideWithdrawal(t, first.cookie, small.id, 'approve');
    expect(res.json<AdminWithdrawal>()).toMatchObject({ state: 'Approved', approvalsNeeded: 1, firstApproval: null });

    const large = await withdraw(t, u, String(BOUND + 1n));
    expect((await decideWithdrawal(t, first.cookie, large.id, 'approve')).statusCode).toBe(200);
    const rejected = await decideWithdrawal(t, second.cookie, large.id, 'reject');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<AdminWithdrawal>()).toMatchObject({ state: 'Rejected' });
    expect(await balanceOf(t.database.db, u.userId, 'IRT', 'held')).toBe(BOUND);
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(BOUND * 2n);
  });
});
