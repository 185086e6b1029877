/**
 * No operator decides about their own account (issue 15, findings 1 and 4; decision 028), nor about a
 * user who shares a bank account or a payment ID with them.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOfflineDeposit } from '@portal/contract/admin/offline-deposits';
import { offlineDepositCredit } from '@portal/contract/wallet/offline-deposits';
import { queryRows } from '../../src/db/client';
import { proposal, propose } from '../adjustments/adjustment-helpers';
import { addCard, addSheba, cardNumber, deleteAccount, sheba, verifiedInvestor } from '../bank-accounts/bank-helpers';
import { paymentIdFor, shebaAccount } from '../deposit-by-id/by-id-helpers';
import { createTestApp, type TestApp } from '../helpers/app';
import {
  adminCall,
  insertSubmission,
  makeLevelOneInvestor,
  makeOperator,
  promoteToOperator,
  type TestUser,
} from '../helpers/admin';
import { balanceOf, expectLedgerSound } from '../helpers/ledger';
import { declared, decide as decideDeposit } from '../offline-deposits/offline-helpers';
import { errorOf } from '../withdrawals/withdrawal-helpers';

let t: TestApp;
let colleague: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  colleague = await makeOperator(t, 'senior_operator');
});
afterAll(async () => {
  await t.close();
});

async function depositRow(id: string) {
  const [row] = await queryRows<{ status: string; journal_id: string | null; reviewer_id: string | null }>(
    t.database.db,
    sql`SELECT status, journal_id, reviewer_id FROM deposits WHERE id = ${id}`,
  );
  return row!;
}

const kycLevelOf = async (userId: string) =>
  (await queryRows<{ kyc_level: number }>(t.database.db, sql`SELECT kyc_level FROM users WHERE id = ${userId}`))[0]!
    .kyc_level;

describe('finding 1: an operator approves their own offline deposit', () => {
  it('is refused (OPERATOR_OWN_ACCOUNT) every time, nothing credited; a colleague credits it once', async () => {
    const investor = await makeLevelOneInvestor(t);
    const deposit = await declared(t, investor.cookie);
    const op = await promoteToOperator(t, investor, 'senior_operator');

    for (let i = 0; i < 5; i++) {
      expect(errorOf(await decideDeposit(t, op.cookie, deposit.id, 'approve'))).toEqual([403, 'OPERATOR_OWN_ACCOUNT']);
    }
    expect(errorOf(await decideDeposit(t, op.cookie, deposit.id, 'reject'))).toEqual([403, 'OPERATOR_OWN_ACCOUNT']);
    expect(await depositRow(deposit.id)).toEqual({ status: 'Pending', journal_id: null, reviewer_id: null });
    expect(await balanceOf(t.database.db, op.userId, 'IRT')).toBe(0n);

    const res = await decideDeposit(t, colleague.cookie, deposit.id, 'approve');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminOfflineDeposit>().state).toBe('Successful');
    const { credited } = offlineDepositCredit(BigInt(deposit.amount));
    expect(await balanceOf(t.database.db, op.userId, 'IRT')).toBe(credited);
    await expectLedgerSound(t.database.db);
  });
});

describe('finding 4: an operator approves their own KYC video', () => {
  it('is refused (OPERATOR_OWN_ACCOUNT), approve or reject; the level stays; a colleague decides it', async () => {
    const investor = await makeLevelOneInvestor(t);
    const s = await insertSubmission(t, investor.userId, 'video');
    const op = await promoteToOperator(t, investor, 'operator');

    expect(errorOf(await adminCall(t, op.cookie, 'POST', `/admin/kyc/${s.id}/approve`))).toEqual([
      403,
      'OPERATOR_OWN_ACCOUNT',
    ]);
    expect(
      errorOf(await adminCall(t, op.cookie, 'POST', `/admin/kyc/${s.id}/reject`, { reason: 'video_unclear' })),
    ).toEqual([403, 'OPERATOR_OWN_ACCOUNT']);
    expect(await kycLevelOf(op.userId)).toBe(1);
    const [row] = await queryRows<{ status: string }>(
      t.database.db,
      sql`SELECT status FROM kyc_submissions WHERE id = ${s.id}`,
    );
    expect(row!.status).toBe('pending');

    const res = await adminCall(t, colleague.cookie, 'POST', `/admin/kyc/${s.id}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await kycLevelOf(op.userId)).toBe(2);
  });
});

describe('nobody freezes, unfreezes, re-roles or notes themselves', () => {
  it('each is refused (OPERATOR_OWN_ACCOUNT) and changes nothing', async () => {
    const admin = await makeOperator(t, 'admin');
    const reason = { reason: 'بررسی خودم' };
    for (const [url, body] of [
      [`/admin/users/${admin.userId}/freeze`, reason],
      [`/admin/users/${admin.userId}/unfreeze`, reason],
      [`/admin/users/${admin.userId}/role`, { role: 'investor' }],
      [`/admin/users/${admin.userId}/notes`, { text: 'یادداشت' }],
    ] as const) {
      expect(errorOf(await adminCall(t, admin.cookie, 'POST', url, body)), url).toEqual([403, 'OPERATOR_OWN_ACCOUNT']);
    }
    const [row] = await queryRows<{ role: string; frozen_at: Date | null; notes: number }>(
      t.database.db,
      sql`SELECT role, frozen_at, (SELECT count(*)::int FROM user_notes WHERE user_id = users.id) AS notes
          FROM users WHERE id = ${admin.userId}`,
    );
    expect(row).toEqual({ role: 'admin', frozen_at: null, notes: 0 });
  });
});

describe('a user sharing a bank account or a payment ID with the operator', () => {
  /** An operator who is a verified investor too (so they may hold bank accounts). */
  async function bankedOperator() {
    const who = await verifiedInvestor(t);
    return promoteToOperator(t, { cookie: who.cookie, mobile: who.mobile, userId: who.userId }, 'senior_operator');
  }

  /** What the operator may not do about `userId`, each refused with OPERATOR_OWN_ACCOUNT. */
  async function expectAllRefused(op: TestUser, userId: string, depositId: string) {
    expect(errorOf(await decideDeposit(t, op.cookie, depositId, 'approve'))).toEqual([403, 'OPERATOR_OWN_ACCOUNT']);
    expect(errorOf(await propose(t, op.cookie, proposal(userId)))).toEqual([403, 'OPERATOR_OWN_ACCOUNT']);
    expect(
      errorOf(await adminCall(t, op.cookie, 'POST', `/admin/users/${userId}/freeze`, { reason: 'حساب مشترک' })),
    ).toEqual([403, 'OPERATOR_OWN_ACCOUNT']);
    expect(await depositRow(depositId)).toMatchObject({ status: 'Pending', journal_id: null });
  }

  it('the same sheba among their active accounts: refused, until the operator removes theirs', async () => {
    const shared = sheba();
    const investor = await verifiedInvestor(t);
    expect((await addSheba(t, investor.cookie, shared)).statusCode).toBe(201);
    const deposit = await declared(t, investor.cookie);
    const op = await bankedOperator();
    const added = await addSheba(t, op.cookie, shared);
    expect(added.statusCode, added.body).toBe(201);

    await expectAllRefused(op, investor.userId, deposit.id);

    // A removed account is shared no more.
    expect((await deleteAccount(t, op.cookie, added.json<{ id: string }>().id)).statusCode).toBe(200);
    const res = await decideDeposit(t, op.cookie, deposit.id, 'approve');
    expect(res.statusCode, res.body).toBe(200);
  });

  it('the same card: refused', async () => {
    const card = cardNumber('603799');
    const investor = await verifiedInvestor(t);
    expect((await addCard(t, investor.cookie, card)).statusCode).toBe(201);
    const deposit = await declared(t, investor.cookie);
    const op = await bankedOperator();
    expect((await addCard(t, op.cookie, card)).statusCode).toBe(201);

    await expectAllRefused(op, investor.userId, deposit.id);
  });

  it("a payment ID of the user's that maps to the operator's sheba: refused", async () => {
    const investor = await verifiedInvestor(t);
    const account = await shebaAccount(t, investor.userId);
    await paymentIdFor(t, investor.cookie, account.id);
    // The user removes the account; their payment ID still names its sheba.
    expect((await deleteAccount(t, investor.cookie, account.id)).statusCode).toBe(200);
    const deposit = await declared(t, investor.cookie);
    const op = await bankedOperator();
    // Unrelated: the operator's other account shares nothing yet.
    expect((await addSheba(t, op.cookie, sheba())).statusCode).toBe(201);
    const unrelated = await makeLevelOneInvestor(t);
    const other = await declared(t, unrelated.cookie);
    expect((await decideDeposit(t, op.cookie, other.id, 'approve')).statusCode).toBe(200);

    expect((await addSheba(t, op.cookie, account.sheba)).statusCode).toBe(201);
    await expectAllRefused(op, investor.userId, deposit.id);
  });
});
