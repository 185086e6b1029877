import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Proposal } from '@portal/contract/admin/proposals';
import { queryRows } from '../../src/db/client';
import { users } from '../../src/db/schema';
import { makeInvestor, makeOperator, type TestUser } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/app';
import { createFund, publishNav } from '../fund-orders/fund-order-helpers';
import { statement } from '../deposit-by-id/by-id-helpers';
import { sheba } from '../bank-accounts/bank-helpers';
import { approve, auditsOf, call, errorOf, navOn, propose, proposed, readProposal, reject } from './proposal-helpers';

/**
 * The proposals desk (issue 15, decision 028): the queue (pending oldest first, then decided newest
 * first), one proposal, rejecting with a reason (the proposer may withdraw their own), who may decide.
 */
let t: TestApp;
let proposer: TestUser;
let checker: TestUser;
let reader: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2025-06-11T12:00:00+03:30');
  proposer = await makeOperator(t, 'senior_operator');
  checker = await makeOperator(t, 'senior_operator');
  reader = await makeOperator(t, 'operator');
});
afterAll(async () => {
  await t.close();
});

type Page = { items: Proposal[]; total: number; page: number; pageSize: number };
const list = async (query = '') => (await call(t, reader.cookie, 'GET', `/admin/proposals${query}`)).json<Page>();

describe('the queue', () => {
  it('pending oldest first, then decided newest first; by status, kind and fund', async () => {
    const fund = await createFund(t);
    const other = await createFund(t);
    const p1 = proposed(await propose.nav(t, proposer.cookie, fund.id, '2025-06-01', '1000'));
    t.clock.advance(60);
    const p2 = proposed(await propose.nav(t, proposer.cookie, other.id, '2025-06-01', '2000'));
    t.clock.advance(60);
    const p3 = proposed(await propose.terms(t, proposer.cookie, fund.id, { buyingPaused: true }));
    t.clock.advance(60);
    const p4 = proposed(await propose.nav(t, proposer.cookie, fund.id, '2025-06-02', '1010'));
    expect((await approve(t, checker.cookie, p2.id)).statusCode).toBe(200);
    t.clock.advance(60);
    expect((await reject(t, checker.cookie, p3.id, 'not the right time for it')).statusCode).toBe(200);
    const mine = [p1.id, p2.id, p3.id, p4.id];

    const all = await list();
    expect(all).toMatchObject({ page: 1, pageSize: 20 });
    expect(all.items.map((p) => p.id).filter((id) => mine.includes(id))).toEqual([p1.id, p4.id, p3.id, p2.id]);
    const pending = await list('?status=Pending');
    expect(pending.items.every((p) => p.status === 'Pending' && p.effect !== null)).toBe(true);
    const decided = await list('?status=Approved');
    expect(decided.items.find((p) => p.id === p2.id)).toMatchObject({
      effect: null,
      decidedBy: { id: checker.userId },
    });
    const ofFund = await list(`?fundId=${fund.id}`);
    expect(ofFund.items.map((p) => p.id)).toEqual([p1.id, p4.id, p3.id]);
    expect((await list(`?fundId=${fund.id}&kind=fund_terms`)).items.map((p) => p.id)).toEqual([p3.id]);
    expect(errorOf(await call(t, reader.cookie, 'GET', '/admin/proposals?kind=adjustment'))).toEqual([
      400,
      'VALIDATION_FAILED',
    ]);
  });

  it('one proposal: what it is, by whom, what approving it would do; an unknown one is 404', async () => {
    const fund = await createFund(t);
    await publishNav(t, fund.id, 10_000n, '2025-06-10');
    const p = proposed(await propose.nav(t, proposer.cookie, fund.id, '2025-06-11', '10200'));
    const got = await readProposal(t, reader.cookie, p.id);
    expect(got).toEqual({
      id: p.id,
      kind: 'nav_publish',
      status: 'Pending',
      fund: { id: fund.id, code: fund.code, name: fund.name, currency: 'IRT' },
      payload: { kind: 'nav_publish', navDate: '2025-06-11', nav: '10200' },
      effect: {
        kind: 'nav_publish',
        currency: 'IRT',
        previousNav: '10000',
        nav: '10200',
        changeBps: 200,
        needsAdmin: false,
        holdersCount: 0,
        totalValueBefore: '0',
        totalValueAfter: '0',
        holders: [],
        operatorHolders: 0,
      },
      proposedBy: {
        id: proposer.userId,
        mobile: expect.stringMatching(/^\+98/),
        firstName: 'اپراتور',
        lastName: 'senior_operator',
      },
      proposedAt: t.clock.now.toISOString(),
      decidedBy: null,
      decidedAt: null,
      rejectReason: null,
      resultId: null,
    });
    expect(errorOf(await call(t, reader.cookie, 'GET', `/admin/proposals/${randomUUID()}`))).toEqual([
      404,
      'NOT_FOUND',
    ]);
    expect(errorOf(await approve(t, checker.cookie, randomUUID()))).toEqual([404, 'NOT_FOUND']);
  });
});

describe('deciding', () => {
  it('a reject needs a reason of ten characters; decided once; the file of an import is not kept', async () => {
    const p = proposed(
      await propose.statement(t, proposer.cookie, statement([{ toman: 1_000_000n, sheba: sheba(), paymentId: '' }])),
    );
    const contentOf = async () =>
      (
        await queryRows<{ content: string | null }>(
          t.database.db,
          sql`SELECT content FROM proposals WHERE id = ${p.id}`,
        )
      )[0]?.content;
    expect(await contentOf()).toContain('bank_ref');
    expect(errorOf(await reject(t, checker.cookie, p.id, '   short   '))).toEqual([400, 'VALIDATION_FAILED']);
    const res = await reject(t, checker.cookie, p.id, 'not our bank’s statement');
    expect(res.json<Proposal>()).toMatchObject({
      status: 'Rejected',
      decidedBy: { id: checker.userId },
      decidedAt: t.clock.now.toISOString(),
      rejectReason: 'not our bank’s statement',
      effect: null,
    });
    const [audit] = (await auditsOf(t, 'proposal.rejected')).filter((a) => a.subject_id === p.id);
    expect(audit).toMatchObject({
      actor_user_id: checker.userId,
      data: { kind: 'bank_statement_import', withdrawnByProposer: false, proposedBy: proposer.userId },
    });
    expect(await contentOf()).toBeNull();
    expect(errorOf(await reject(t, proposer.cookie, p.id, 'withdrawing it too late'))).toEqual([
      409,
      'REQUEST_ALREADY_REVIEWED',
    ]);
    expect(errorOf(await approve(t, checker.cookie, p.id))).toEqual([409, 'REQUEST_ALREADY_REVIEWED']);
  });

  it('an operator reads but cannot decide; investors see nothing; a role taken away decides nothing', async () => {
    const fund = await createFund(t);
    const p = proposed(await propose.nav(t, proposer.cookie, fund.id, '2025-06-05', '1000'));
    const investor = await makeInvestor(t);
    expect(errorOf(await call(t, investor.cookie, 'GET', '/admin/proposals'))).toEqual([403, 'FORBIDDEN']);
    expect(errorOf(await approve(t, reader.cookie, p.id))).toEqual([403, 'FORBIDDEN']);
    expect(errorOf(await reject(t, reader.cookie, p.id, 'an operator cannot do this'))).toEqual([403, 'FORBIDDEN']);

    // The console's access cache still says senior operator; the decision reads the role afresh.
    const demoted = await makeOperator(t, 'senior_operator');
    expect((await call(t, demoted.cookie, 'GET', '/admin/proposals')).statusCode).toBe(200);
    await t.database.db.update(users).set({ role: 'operator' }).where(eq(users.id, demoted.userId));
    expect(errorOf(await approve(t, demoted.cookie, p.id))).toEqual([403, 'FORBIDDEN']);
    expect(await navOn(t, fund.id, '2025-06-05')).toBeNull();
    expect((await readProposal(t, reader.cookie, p.id)).status).toBe('Pending');
  });

  it('audits each step: proposed by the proposer, approved by the checker with the proposer on record', async () => {
    const fund = await createFund(t);
    const p = proposed(await propose.nav(t, proposer.cookie, fund.id, '2025-06-06', '1000'));
    expect((await approve(t, checker.cookie, p.id)).statusCode).toBe(200);
    expect((await auditsOf(t, 'proposal.proposed')).filter((a) => a.subject_id === p.id)).toEqual([
      {
        actor_user_id: proposer.userId,
        subject_id: p.id,
        data: expect.objectContaining({
          proposalId: p.id,
          kind: 'nav_publish',
          fundId: fund.id,
          payload: { navDate: '2025-06-06', nav: '1000' },
        }),
      },
    ]);
    expect((await auditsOf(t, 'proposal.approved')).filter((a) => a.subject_id === p.id)).toEqual([
      {
        actor_user_id: checker.userId,
        subject_id: p.id,
        data: expect.objectContaining({ proposedBy: proposer.userId, resultId: '2025-06-06' }),
      },
    ]);
    expect((await auditsOf(t, 'fund.nav_published')).filter((a) => a.subject_id === fund.id)).toEqual([
      expect.objectContaining({ actor_user_id: checker.userId }),
    ]);
  });
});
