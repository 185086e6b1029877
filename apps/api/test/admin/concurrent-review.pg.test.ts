import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { createSecondInstance, createTestApp, type TestApp } from '../helpers/app';
import { insertSubmission, makeLevelOneInvestor, makeOperator } from '../helpers/admin';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('operators deciding the same submission at once (PostgreSQL)', () => {
  it('exactly one decision wins, on one instance or two; the others get KYC_ALREADY_REVIEWED', async () => {
    const second = await createSecondInstance(t);
    try {
      const operators = await Promise.all([1, 2, 3, 4].map(() => makeOperator(t, 'operator')));
      for (let round = 0; round < 5; round++) {
        const investor = await makeLevelOneInvestor(t);
        const s = await insertSubmission(t, investor.userId, 'video');
        const results = await Promise.all(
          operators.map((op, i) =>
            (i % 2 === 0 ? t.app : second.app).inject({
              method: 'POST',
              url: `/api/admin/kyc/${s.id}/${i < 2 ? 'approve' : 'reject'}`,
              headers: { cookie: op.cookie },
              ...(i < 2 ? {} : { payload: { reason: 'video_unclear' } }),
            }),
          ),
        );
        const statuses = results.map((r) => r.statusCode);
        expect(
          statuses.filter((c) => c === 200),
          statuses.join(),
        ).toHaveLength(1);
        for (const r of results.filter((x) => x.statusCode !== 200)) {
          expect([r.statusCode, r.json().code]).toEqual([409, 'KYC_ALREADY_REVIEWED']);
        }
        const winner = operators[statuses.indexOf(200)]!;
        const [row] = await queryRows<{ status: string; reviewer_id: string }>(
          t.database.db,
          sql`select status, reviewer_id from kyc_submissions where id = ${s.id}`,
        );
        const approvedByWinner = statuses.indexOf(200) < 2;
        expect(row).toEqual({ status: approvedByWinner ? 'approved' : 'rejected', reviewer_id: winner.userId });
        const [user] = await queryRows<{ kyc_level: number }>(
          t.database.db,
          sql`select kyc_level from users where id = ${investor.userId}`,
        );
        expect(user!.kyc_level).toBe(approvedByWinner ? 2 : 1);
        const audit = await queryRows<{ action: string; actor_user_id: string }>(
          t.database.db,
          sql`select action, actor_user_id from audit_log where subject_id = ${investor.userId} and action like 'kyc.%'`,
        );
        expect(audit).toEqual([
          { action: approvedByWinner ? 'kyc.approved' : 'kyc.rejected', actor_user_id: winner.userId },
        ]);
      }
    } finally {
      await second.close();
    }
  });
});
