import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { makeLevelOneInvestor, makeOperator } from '../helpers/admin';
import { createSecondInstance, createTestApp, type TestApp } from '../helpers/app';
import { balanceOf, expectLedgerSound } from '../helpers/ledger';
import { auditOf, declaration, declare, declared, uploadReceipt } from './offline-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('operators deciding the same offline deposit at once (PostgreSQL)', () => {
  it('exactly one decision wins, on one instance or two; the others get REQUEST_ALREADY_REVIEWED', async () => {
    const second = await createSecondInstance(t);
    try {
      const operators = await Promise.all([1, 2, 3, 4, 5, 6].map(() => makeOperator(t, 'senior_operator')));
      for (let round = 0; round < 6; round++) {
        const investor = await makeLevelOneInvestor(t);
        const d = await declared(t, investor.cookie, { amount: '1200000' });
        // Four approve and two reject, alternating between the instances.
        const results = await Promise.all(
          operators.map((op, i) =>
            (i % 2 === 0 ? t.app : second.app).inject({
              method: 'POST',
              url: `/api/admin/offline-deposits/${d.id}/${i < 4 ? 'approve' : 'reject'}`,
              headers: { cookie: op.cookie },
              ...(i < 4 ? {} : { payload: { reason: 'not_received' } }),
            }),
          ),
        );
        const statuses = results.map((r) => r.statusCode);
        expect(
          statuses.filter((c) => c === 200),
          statuses.join(),
        ).toHaveLength(1);
        for (const r of results.filter((x) => x.statusCode !== 200)) {
          expect([r.statusCode, r.json().code]).toEqual([409, 'REQUEST_ALREADY_REVIEWED']);
        }
        const winnerIndex = statuses.indexOf(200);
        const winner = operators[winnerIndex]!;
        const approvedByWinner = winnerIndex < 4;
        const [row] = await queryRows<{ status: string; reviewer_id: string }>(
          t.database.db,
          sql`select status, reviewer_id from deposits where id = ${d.id}`,
        );
        expect(row).toEqual({ status: approvedByWinner ? 'Successful' : 'Failed', reviewer_id: winner.userId });
        expect(await balanceOf(t.database.db, investor.userId, 'IRT')).toBe(approvedByWinner ? 1_196_000n : 0n);
        const [journals] = await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from ledger_journals where ref_id = ${d.id}`,
        );
        expect(journals!.n).toBe(approvedByWinner ? 1 : 0);
        const decisions = [
          ...(await auditOf(t, 'deposit.offline.approved', d.id)),
          ...(await auditOf(t, 'deposit.offline.rejected', d.id)),
        ];
        expect(decisions).toEqual([{ actor_user_id: winner.userId, subject_id: investor.userId }]);
      }
      await expectLedgerSound(t.database.db);
    } finally {
      await second.close();
    }
  });

  it('declarations of one receipt at once: exactly one is accepted', async () => {
    const investors = await Promise.all([1, 2, 3, 4].map(() => makeLevelOneInvestor(t)));
    const files = await Promise.all(investors.map((u) => uploadReceipt(t, u.cookie)));
    const results = await Promise.all(
      investors.map((u, i) =>
        declare(t, u.cookie, declaration(t, files[i]!, { receiptNumber: '99887766', destination: 'saman' })),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().code).toBe('DEPOSIT_RECEIPT_DUPLICATE');
  });
});
