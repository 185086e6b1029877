import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FundHolding } from '@portal/contract/funds/orders';
import { users } from '../../src/db/schema';
import { makeOperator, type TestUser } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectLedgerSound } from '../helpers/ledger';
import {
  createFund,
  credit,
  expectUnitsConsistent,
  get,
  publishNav,
  purchase,
  today,
} from '../fund-orders/fund-order-helpers';
import {
  approve,
  auditsOf,
  counts,
  errorOf,
  grantUnits,
  holdingOperator,
  navOn,
  propose,
  proposed,
  readProposal,
} from './proposal-helpers';

/**
 * Finding 3 of issue 15 (decision 028): an operator moved today's NAV ×100 and redeemed at it. A NAV
 * publication or correction is now a proposal of one operator that a second approves; beyond
 * `NAV_CHANGE_ADMIN_BOUND_BPS` (5 %) of the previous NAV only an admin may approve it; an operator who
 * holds (or is buying) units of the fund can neither propose nor approve its NAV.
 */
let t: TestApp;
let proposer: TestUser;
let senior: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2025-06-11T12:00:00+03:30');
  proposer = await makeOperator(t, 'senior_operator');
  senior = await makeOperator(t, 'senior_operator');
  admin = await makeOperator(t, 'admin');
});
afterAll(async () => {
  await expectLedgerSound(t.database.db);
  await expectUnitsConsistent(t.database.db);
  await t.close();
});

describe('finding 3: moving a NAV alone', () => {
  it('a ×100 correction does not take effect until a second operator approves; beyond 5 % only an admin may', async () => {
    const fund = await createFund(t);
    const day = today(t);
    await publishNav(t, fund.id, 10_000n);
    const holder = await holdingOperator(t, 'senior_operator', fund.id, 50_000n);
    const holdingAdmin = await holdingOperator(t, 'admin', fund.id);

    // The holder cannot even propose it.
    expect(errorOf(await propose.correction(t, holder.cookie, fund.id, day, '1000000'))).toEqual([
      403,
      'FUND_HOLDER_OPERATOR',
    ]);

    const before = await counts(t);
    const p = proposed(await propose.correction(t, proposer.cookie, fund.id, day, '1000000', 'gold price typo'));
    expect(p).toMatchObject({
      kind: 'nav_correction',
      status: 'Pending',
      fund: { id: fund.id, code: fund.code, currency: 'IRT' },
      payload: { kind: 'nav_correction', navDate: day, nav: '1000000', reason: 'gold price typo' },
      proposedBy: { id: proposer.userId },
      decidedBy: null,
      effect: { kind: 'nav_correction', previousNav: '10000', nav: '1000000', changeBps: 990_000, needsAdmin: true },
    });
    // Nothing moved: the NAV, what a holder sees, the ledger.
    expect(await navOn(t, fund.id, day)).toBe(10_000n);
    const holding = await get(t, holder.cookie, `/funds/${fund.id}/holding`);
    expect(holding.json<FundHolding>()).toMatchObject({ value: '50000', latestNav: { nav: '10000' } });
    expect(await counts(t)).toEqual(before);

    // The proposer cannot approve it, a senior operator cannot (beyond 5 %), a holder cannot.
    expect(errorOf(await approve(t, proposer.cookie, p.id))).toEqual([403, 'SAME_OPERATOR']);
    expect(errorOf(await approve(t, senior.cookie, p.id))).toEqual([403, 'PROPOSAL_NEEDS_ADMIN']);
    expect(errorOf(await approve(t, holdingAdmin.cookie, p.id))).toEqual([403, 'FUND_HOLDER_OPERATOR']);
    expect(await navOn(t, fund.id, day)).toBe(10_000n);
    expect(await counts(t)).toEqual(before);
    expect(await readProposal(t, admin.cookie, p.id)).toMatchObject({ status: 'Pending', decidedBy: null });

    // An admin who holds nothing approves: the correction is made, by the admin, the proposer on record.
    const res = await approve(t, admin.cookie, p.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'Approved',
      decidedBy: { id: admin.userId },
      resultId: day,
      effect: null,
    });
    expect(await navOn(t, fund.id, day)).toBe(1_000_000n);
    const [corrected] = (await auditsOf(t, 'fund.nav_corrected')).filter((a) => a.subject_id === fund.id);
    expect(corrected).toMatchObject({
      actor_user_id: admin.userId,
      data: { from: '10000', to: '1000000', reason: 'gold price typo', proposalId: p.id, proposedBy: proposer.userId },
    });
    expect((await auditsOf(t, 'proposal.approved')).filter((a) => a.subject_id === p.id)).toEqual([
      expect.objectContaining({
        actor_user_id: admin.userId,
        data: expect.objectContaining({ proposedBy: proposer.userId }),
      }),
    ]);
    expect((await auditsOf(t, 'proposal.proposed')).filter((a) => a.subject_id === p.id)).toEqual([
      expect.objectContaining({ actor_user_id: proposer.userId }),
    ]);
    // Decided once: a second approval is refused.
    expect(errorOf(await approve(t, senior.cookie, p.id))).toEqual([409, 'REQUEST_ALREADY_REVIEWED']);
  });

  it('within the bound a senior operator approves: exactly 5 % is ordinary, a toman more is not', async () => {
    const fund = await createFund(t);
    const day = today(t);
    await publishNav(t, fund.id, 100_000n);
    const beyond = proposed(await propose.correction(t, proposer.cookie, fund.id, day, '105001'));
    expect(beyond.effect).toMatchObject({ changeBps: 501, needsAdmin: true });
    expect(errorOf(await approve(t, senior.cookie, beyond.id))).toEqual([403, 'PROPOSAL_NEEDS_ADMIN']);
    const down = proposed(await propose.correction(t, proposer.cookie, fund.id, day, '94999'));
    expect(down.effect).toMatchObject({ changeBps: -501, needsAdmin: true });
    expect(errorOf(await approve(t, senior.cookie, down.id))).toEqual([403, 'PROPOSAL_NEEDS_ADMIN']);
    const edge = proposed(await propose.correction(t, proposer.cookie, fund.id, day, '105000'));
    expect(edge.effect).toMatchObject({ changeBps: 500, needsAdmin: false });
    expect((await approve(t, senior.cookie, edge.id)).statusCode).toBe(200);
    expect(await navOn(t, fund.id, day)).toBe(105_000n);
    // The others now measure from the corrected NAV: 105,001 is a toman's move, 94,999 still beyond.
    expect((await readProposal(t, senior.cookie, beyond.id)).effect).toMatchObject({
      previousNav: '105000',
      changeBps: 1,
      needsAdmin: false,
    });
    expect((await approve(t, senior.cookie, beyond.id)).statusCode).toBe(200);
    expect(errorOf(await approve(t, senior.cookie, down.id))).toEqual([403, 'PROPOSAL_NEEDS_ADMIN']);
  });

  it('a publication is measured from the latest NAV before its date; a first NAV never needs an admin', async () => {
    const fund = await createFund(t);
    const first = proposed(await propose.nav(t, proposer.cookie, fund.id, '2025-06-01', '5000000'));
    expect(first.effect).toMatchObject({ previousNav: null, changeBps: null, needsAdmin: false, holdersCount: 0 });
    expect((await approve(t, senior.cookie, first.id)).statusCode).toBe(200);
    // A later date, double the NAV: an admin's; a date in between is measured from 2025-06-01 too.
    const jump = proposed(await propose.nav(t, proposer.cookie, fund.id, '2025-06-10', '10000000'));
    expect(jump.effect).toMatchObject({ previousNav: '5000000', changeBps: 10_000, needsAdmin: true });
    expect(errorOf(await approve(t, senior.cookie, jump.id))).toEqual([403, 'PROPOSAL_NEEDS_ADMIN']);
    const step = proposed(await propose.nav(t, proposer.cookie, fund.id, '2025-06-02', '5100000'));
    expect(step.effect).toMatchObject({ previousNav: '5000000', changeBps: 200, needsAdmin: false });
    expect((await approve(t, senior.cookie, step.id)).statusCode).toBe(200);
    // 2025-06-10 now follows 2025-06-02 (5,100,000): still beyond 5 %.
    expect((await readProposal(t, senior.cookie, jump.id)).effect).toMatchObject({
      previousNav: '5100000',
      changeBps: 9608,
      needsAdmin: true,
    });
    expect((await approve(t, admin.cookie, jump.id)).statusCode).toBe(200);
    expect(await navOn(t, fund.id, '2025-06-10')).toBe(10_000_000n);
  });
});

describe('operators who hold or buy the fund', () => {
  it('cannot propose or approve its NAV; a proposer who buys units after proposing stops it too', async () => {
    const fund = await createFund(t);
    await publishNav(t, fund.id, 10_000n, '2025-06-10');
    const day = today(t);
    const holder = await holdingOperator(t, 'admin', fund.id, 1n);
    expect(errorOf(await propose.nav(t, holder.cookie, fund.id, day, '10100'))).toEqual([403, 'FUND_HOLDER_OPERATOR']);

    const p = proposed(await propose.nav(t, proposer.cookie, fund.id, day, '10100'));
    expect(errorOf(await approve(t, holder.cookie, p.id))).toEqual([403, 'FUND_HOLDER_OPERATOR']);

    // An operator with a purchase waiting for today's NAV is buying at it: refused as a holder.
    const buying = await makeOperator(t, 'senior_operator');
    await t.database.db
      .update(users)
      .set({ kycLevel: 1, kycTrack: 'iranian', shahkarPassed: true })
      .where(eq(users.id, buying.userId));
    await credit(t, buying.userId, 1_000_000n);
    const order = await purchase(t, buying, fund.id, { amount: '500000', method: 'wallet', acceptTerms: true });
    expect([order.statusCode, order.json<{ state: string }>().state]).toEqual([201, 'Waiting']);
    expect(errorOf(await approve(t, buying.cookie, p.id))).toEqual([403, 'FUND_HOLDER_OPERATOR']);

    // The proposer bought units since proposing: nobody can make it take effect now.
    await grantUnits(t, proposer.userId, fund.id, 5_000n);
    expect(errorOf(await approve(t, senior.cookie, p.id))).toEqual([403, 'FUND_HOLDER_OPERATOR']);
    expect(await navOn(t, fund.id, day)).toBeNull();
    expect((await readProposal(t, senior.cookie, p.id)).status).toBe('Pending');
  });
});
