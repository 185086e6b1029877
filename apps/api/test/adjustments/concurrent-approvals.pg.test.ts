import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Adjustment } from '@portal/contract/admin/adjustments';
import { queryRows } from '../../src/db/client';
import { makeInvestor, makeOperator, type TestUser } from '../helpers/admin';
import { createSecondInstance, createTestApp, type TestApp } from '../helpers/app';
import { balanceOf, expectLedgerSound } from '../helpers/ledger';
import { approved, auditOf, decide, journalsOf, propose, proposal, proposed, statusOf } from './adjustment-helpers';

let t: TestApp;
let maker: TestUser;
let checkers: TestUser[];
beforeAll(async () => {
  t = await createTestApp();
  maker = await makeOperator(t, 'senior_operator');
  checkers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => makeOperator(t, 'senior_operator')));
});
afterAll(async () => {
  await t.close();
});

describe('checkers deciding the same adjustment at once (PostgreSQL)', () => {
  it('exactly one decision wins and exactly one journal is posted, on one instance or two', async () => {
    const second = await createSecondInstance(t);
    try {
      for (let round = 0; round < 5; round++) {
        const investor = await makeInvestor(t);
        const a = await proposed(t, maker.cookie, investor.userId, { amount: '750000' });
        // Four approve and two reject, alternating between the instances.
        const results = await Promise.all(
          checkers.map((op, i) =>
            decide(t, op.cookie, a.id, i < 4 ? 'approve' : 'reject', undefined, i % 2 === 0 ? t.app : second.app),
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
        const approvedByWinner = winnerIndex < 4;
        const decided = results[winnerIndex]!.json<Adjustment>();
        expect(decided).toMatchObject({
          status: approvedByWinner ? 'Approved' : 'Rejected',
          checkerId: checkers[winnerIndex]!.userId,
        });
        expect(await journalsOf(t, a.id)).toBe(approvedByWinner ? 1 : 0);
        expect(await balanceOf(t.database.db, investor.userId, 'IRT')).toBe(approvedByWinner ? 750_000n : 0n);
        const decisions = (await auditOf(t, a.id)).filter((r) => r.action !== 'adjustment.proposed');
        expect(decisions.map((r) => [r.actor_user_id, r.subject_id])).toEqual([
          [checkers[winnerIndex]!.userId, investor.userId],
        ]);
      }
      await expectLedgerSound(t.database.db);
    } finally {
      await second.close();
    }
  });

  it('two debits that each fit the balance but not together: one is posted, the other stays pending', async () => {
    const investor = await makeInvestor(t);
    await approved(t, checkers[0]!.cookie, (await proposed(t, maker.cookie, investor.userId, { amount: '1000' })).id);
    const debits = await Promise.all(
      [1, 2].map(() => proposed(t, maker.cookie, investor.userId, { direction: 'debit', amount: '600' })),
    );
    const results = await Promise.all(debits.map((d, i) => decide(t, checkers[i + 1]!.cookie, d.id, 'approve')));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const refused = results.findIndex((r) => r.statusCode === 422);
    expect(results[refused]!.json().code).toBe('INSUFFICIENT_BALANCE');
    expect(await statusOf(t, debits[refused]!.id)).toBe('Pending');
    expect(await journalsOf(t, debits[refused]!.id)).toBe(0);
    expect(await balanceOf(t.database.db, investor.userId, 'IRT')).toBe(400n);
    await expectLedgerSound(t.database.db);
  });

  it('the same proposal sent at once with one key is written once', async () => {
    const investor = await makeInvestor(t);
    const key = randomUUID();
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => propose(t, maker.cookie, proposal(investor.userId, { amount: '42' }), key)),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.json<Adjustment>().id)).size).toBe(1);
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM adjustments WHERE user_id = ${investor.userId}`,
    );
    expect(row!.n).toBe(1);
  });
});
