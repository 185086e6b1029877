import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { makeOperator, type TestUser } from '../helpers/admin';
import { createSecondInstance, createTestApp, type TestApp } from '../helpers/app';
import { balanceOf, expectLedgerSound } from '../helpers/ledger';
import { createFund, expectUnitsConsistent, publishNav } from '../fund-orders/fund-order-helpers';
import {
  approve,
  auditsOf,
  errorOf,
  grantUnits,
  navOn,
  propose,
  proposed,
  quietInvestors,
  readProposal,
} from './proposal-helpers';

/**
 * Approvers deciding the same proposal at once, on one instance or two (issue 15, decision 028): the
 * proposal's row lock lets exactly one win; the change is made once (one NAV, one dividend and its
 * journals), the others answer `REQUEST_ALREADY_REVIEWED`.
 */
let t: TestApp;
let proposer: TestUser;
let approvers: TestUser[];
beforeAll(async () => {
  t = await createTestApp();
  proposer = await makeOperator(t, 'senior_operator');
  approvers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => makeOperator(t, 'admin')));
});
afterAll(async () => {
  await expectLedgerSound(t.database.db);
  await expectUnitsConsistent(t.database.db);
  await t.close();
});

/** Every approver approves at once, alternating between the two instances; answers the one who won. */
async function race(second: Awaited<ReturnType<typeof createSecondInstance>>, proposalId: string) {
  const results = await Promise.all(
    approvers.map((op, i) =>
      (i % 2 === 0 ? t.app : second.app).inject({
        method: 'POST',
        url: `/api/admin/proposals/${proposalId}/approve`,
        headers: { cookie: op.cookie },
      }),
    ),
  );
  const statuses = results.map((r) => r.statusCode);
  expect(
    statuses.filter((c) => c === 200),
    statuses.join(),
  ).toHaveLength(1);
  for (const r of results.filter((x) => x.statusCode !== 200))
    expect(errorOf(r)).toEqual([409, 'REQUEST_ALREADY_REVIEWED']);
  return approvers[statuses.indexOf(200)]!;
}

describe('approving the same proposal at once (PostgreSQL)', () => {
  it('a NAV correction: exactly one approval wins, the NAV is corrected once', async () => {
    const second = await createSecondInstance(t);
    try {
      for (let round = 0; round < 3; round++) {
        const fund = await createFund(t);
        await publishNav(t, fund.id, 10_000n, '2025-06-01');
        const p = proposed(await propose.correction(t, proposer.cookie, fund.id, '2025-06-01', '1000000'));
        const winner = await race(second, p.id);
        expect(await navOn(t, fund.id, '2025-06-01')).toBe(1_000_000n);
        expect(await readProposal(t, proposer.cookie, p.id)).toMatchObject({
          status: 'Approved',
          decidedBy: { id: winner.userId },
        });
        const corrected = (await auditsOf(t, 'fund.nav_corrected')).filter((a) => a.subject_id === fund.id);
        expect(corrected.map((a) => a.actor_user_id)).toEqual([winner.userId]);
        expect((await auditsOf(t, 'proposal.approved')).filter((a) => a.subject_id === p.id)).toHaveLength(1);
      }
    } finally {
      await second.close();
    }
  });

  it('a dividend: exactly one approval wins, one dividend, one journal per holder', async () => {
    const second = await createSecondInstance(t);
    try {
      const fund = await createFund(t);
      const holders = await quietInvestors(t, 3);
      for (const id of holders) await grantUnits(t, id, fund.id, 20_000n);
      const p = proposed(await propose.dividend(t, proposer.cookie, fund.id, '500'));
      await race(second, p.id);
      const [row] = await queryRows<{ dividends: number; journals: number }>(
        t.database.db,
        sql`SELECT (SELECT count(*)::int FROM fund_dividends WHERE fund_id = ${fund.id}) AS dividends,
                   (SELECT count(*)::int FROM ledger_journals j JOIN fund_dividends d ON d.id::text = j.ref_id
                     WHERE d.fund_id = ${fund.id}) AS journals`,
      );
      expect(row).toEqual({ dividends: 1, journals: 3 });
      for (const id of holders) expect(await balanceOf(t.database.db, id, 'IRT')).toBe(1_000n);
    } finally {
      await second.close();
    }
  });

  it('two proposals of one date approved at once: one NAV; the other answers FUND_NAV_EXISTS and stays pending', async () => {
    const fund = await createFund(t);
    const a = proposed(await propose.nav(t, proposer.cookie, fund.id, '2025-06-02', '1000'));
    const b = proposed(await propose.nav(t, proposer.cookie, fund.id, '2025-06-02', '1001'));
    const [ra, rb] = await Promise.all([
      approve(t, approvers[0]!.cookie, a.id),
      approve(t, approvers[1]!.cookie, b.id),
    ]);
    const codes = [ra, rb].map((r) => (r.statusCode === 200 ? 'ok' : errorOf(r).join(' ')));
    expect(codes.sort()).toEqual(['409 FUND_NAV_EXISTS', 'ok']);
    const [won, lost] = ra.statusCode === 200 ? [a, b] : [b, a];
    expect(await navOn(t, fund.id, '2025-06-02')).toBe(won === a ? 1_000n : 1_001n);
    expect((await readProposal(t, proposer.cookie, lost.id)).status).toBe('Pending');
  });
});
