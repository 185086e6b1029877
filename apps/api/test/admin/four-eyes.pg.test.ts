/**
 * Four eyes under real concurrency (PostgreSQL; issue 15, decision 028): reviews of a request that needs
 * two approvals, sent at once, are ordered by the request's row lock; a freeze ends the operator's
 * console on every instance at once.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineDepositCredit } from '@portal/contract/wallet/offline-deposits';
import { queryRows } from '../../src/db/client';
import { createSecondInstance, createTestApp, type TestApp } from '../helpers/app';
import { adminCall, makeLevelOneInvestor, makeOperator, type TestUser } from '../helpers/admin';
import { balanceOf, expectLedgerSound } from '../helpers/ledger';
import { declared, decide } from '../offline-deposits/offline-helpers';

const BOUND = 5_000_000n;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ envVars: { REVIEW_SECOND_OPERATOR_ABOVE_IRT: String(BOUND) } });
});
afterAll(async () => {
  await t.close();
});

async function depositState(id: string) {
  const [row] = await queryRows<{ status: string; first_approved_by: string | null; journals: number }>(
    t.database.db,
    sql`SELECT status, first_approved_by,
          (SELECT count(*)::int FROM ledger_journals WHERE ref_id = ${id} AND ref_type = 'Payment') AS journals
        FROM deposits WHERE id = ${id}`,
  );
  return row!;
}

const outcome = (res: { statusCode: number; json: () => unknown }) =>
  res.statusCode === 200 ? 'ok' : (res.json() as { code: string }).code;

describe('reviews of a request that needs two approvals, at once', () => {
  it('one operator approving three times at once: one first approval, the others SAME_OPERATOR, nothing credited', async () => {
    const op = await makeOperator(t, 'senior_operator');
    for (let round = 0; round < 5; round++) {
      const investor = await makeLevelOneInvestor(t);
      const deposit = await declared(t, investor.cookie, { amount: String(BOUND + 1n) });
      const results = await Promise.all([1, 2, 3].map(() => decide(t, op.cookie, deposit.id, 'approve')));
      expect(results.map(outcome).sort()).toEqual(['SAME_OPERATOR', 'SAME_OPERATOR', 'ok']);
      expect(await depositState(deposit.id)).toEqual({ status: 'Pending', first_approved_by: op.userId, journals: 0 });
      expect(await balanceOf(t.database.db, investor.userId, 'IRT')).toBe(0n);
    }
  });

  it('three operators at once: a first approval, a decision, and the rest already reviewed; credited once', async () => {
    const operators: TestUser[] = await Promise.all([1, 2, 3].map(() => makeOperator(t, 'senior_operator')));
    for (let round = 0; round < 5; round++) {
      const investor = await makeLevelOneInvestor(t);
      const deposit = await declared(t, investor.cookie, { amount: String(BOUND * 2n) });
      const results = await Promise.all(operators.map((op) => decide(t, op.cookie, deposit.id, 'approve')));
      expect(results.map(outcome).sort()).toEqual(['REQUEST_ALREADY_REVIEWED', 'ok', 'ok']);
      const state = await depositState(deposit.id);
      expect(state).toMatchObject({ status: 'Successful', journals: 1 });
      expect(operators.map((o) => o.userId)).toContain(state.first_approved_by);
      expect(await balanceOf(t.database.db, investor.userId, 'IRT')).toBe(offlineDepositCredit(BOUND * 2n).credited);
    }
    await expectLedgerSound(t.database.db);
  });
});

describe('freezing an operator, with two instances', () => {
  it('their sessions end on the other instance at once', async () => {
    const second = await createSecondInstance(t);
    try {
      const admin = await makeOperator(t, 'admin');
      const senior = await makeOperator(t, 'senior_operator');
      const me = () => second.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: senior.cookie } });
      // The other instance has the session and the access cached.
      expect((await me()).statusCode).toBe(200);
      const res = await adminCall(t, admin.cookie, 'POST', `/admin/users/${senior.userId}/freeze`, {
        reason: 'دسترسی معلق شد',
      });
      expect(res.statusCode, res.body).toBe(200);
      await expect.poll(async () => (await me()).statusCode, { timeout: 5_000 }).toBe(401);
    } finally {
      await second.close();
    }
  });
});
