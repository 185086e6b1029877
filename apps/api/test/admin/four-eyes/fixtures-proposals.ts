/**
 * Fixtures of the proposals desk for the four-eyes walk (issue 15, decision 028): one builder per console
 * operation of the desk, keyed by its endpoint id (admin/four-eyes.ts `CONSOLE_OPERATIONS`).
 *
 * Shape (the walk may adapt it; the proposals tests run every builder, `proposals/fixtures.test.ts`):
 *
 *   builder(ctx: { t: TestApp; actor: TestUser }) → Promise<{
 *     request: { method, url, payload?, headers? }  // the operation as `actor` makes it: answers 2xx
 *     proposer?: TestUser   // approve and reject: who proposed; the same request as them is refused with
 *                           // SAME_OPERATOR when approving (rejecting is their withdrawal: allowed)
 *     own?: { request, code } // the operation about the actor's own holdings or money (a fund they hold
 *                           // units of): refused with `code` and changes nothing
 *   }>
 *
 * `actor` is an admin with two-factor on who holds nothing and has no payment ID; every builder makes what
 * it needs (funds, NAVs, holders, a proposer) so the builders are independent of each other and of order.
 * Each call of a builder makes fresh objects: it may be called once per role or per case.
 */
import { randomUUID } from 'node:crypto';
import type { ErrorCode } from '@portal/contract/core/errors';
import type { TestApp } from '../../helpers/app';
import type { FourEyesFixture, FourEyesFixtures, Operator, OwnCode, WalkRequest } from './fixtures';
import { makeOperator, type TestUser } from '../../helpers/admin';
import { createFund, publishNav, today } from '../../fund-orders/fund-order-helpers';
import { sheba } from '../../bank-accounts/bank-helpers';
import { paymentIdFor, shebaAccount, statement } from '../../deposit-by-id/by-id-helpers';
import { eq } from 'drizzle-orm';
import { users } from '../../../src/db/schema';
import { grantUnits, propose, proposed, quietInvestors } from '../../proposals/proposal-helpers';

export interface FixtureContext {
  t: TestApp;
  /** The operator making the request. */
  actor: TestUser;
}

export interface FixtureRequest {
  method: 'GET' | 'POST';
  url: string;
  payload?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export interface Fixture {
  request: FixtureRequest;
  proposer?: TestUser;
  own?: { request: FixtureRequest; code: ErrorCode };
}

export type FixtureBuilder = (ctx: FixtureContext) => Promise<Fixture>;

/** A fund with today's NAV and one investor holding units of it (a dividend has someone to pay). */
async function heldFund(t: TestApp) {
  const fund = await createFund(t);
  await publishNav(t, fund.id, 10_000n);
  const [holder] = await quietInvestors(t, 1);
  await grantUnits(t, holder!, fund.id, 10_000n);
  return fund;
}

/** A fund the actor holds units of: every proposal about it is refused to them. */
async function fundOfActor(ctx: FixtureContext) {
  const fund = await heldFund(ctx.t);
  await grantUnits(ctx.t, ctx.actor.userId, fund.id, 1_000n);
  return fund;
}

/** A senior operator's pending NAV correction of a fresh fund (within the bound: any approver may). */
async function pendingProposal(ctx: FixtureContext, fund?: { id: string }) {
  const proposer = await makeOperator(ctx.t, 'senior_operator');
  const f = fund ?? (await heldFund(ctx.t));
  const p = proposed(await propose.correction(ctx.t, proposer.cookie, f.id, today(ctx.t), '10100', 'a wrong price'));
  return { proposer, proposal: p };
}

/**
 * A colleague's pending statement import whose one line pays `user`'s payment ID: it is about `user`, who
 * may neither approve nor reject it.
 */
async function statementCrediting(ctx: FixtureContext, user: TestUser) {
  await ctx.t.database.db
    .update(users)
    .set({ kycLevel: 1, kycTrack: 'iranian', shahkarPassed: true })
    .where(eq(users.id, user.userId));
  await ctx.t.database.bus.publish({ kind: 'user', id: user.userId });
  const acc = await shebaAccount(ctx.t, user.userId);
  const { paymentId } = await paymentIdFor(ctx.t, user.cookie, acc.id);
  const colleague = await makeOperator(ctx.t, 'senior_operator');
  const content = statement([{ toman: 1_000_000n, sheba: acc.sheba, paymentId }]);
  return proposed(await propose.statement(ctx.t, colleague.cookie, content));
}

const idempotent = () => ({ 'idempotency-key': randomUUID() });

export const proposalsFixtures: Record<string, FixtureBuilder> = {
  adminListProposals: async () => ({ request: { method: 'GET', url: '/api/admin/proposals' } }),

  adminGetProposal: async (ctx) => {
    const { proposal } = await pendingProposal(ctx);
    return { request: { method: 'GET', url: `/api/admin/proposals/${proposal.id}` } };
  },

  adminApproveProposal: async (ctx) => {
    const { proposer, proposal } = await pendingProposal(ctx);
    const held = await fundOfActor(ctx);
    const { proposal: aboutOwn } = await pendingProposal(ctx, held);
    return {
      request: { method: 'POST', url: `/api/admin/proposals/${proposal.id}/approve` },
      proposer,
      own: {
        request: { method: 'POST', url: `/api/admin/proposals/${aboutOwn.id}/approve` },
        code: 'FUND_HOLDER_OPERATOR',
      },
    };
  },

  adminRejectProposal: async (ctx) => {
    const { proposer, proposal } = await pendingProposal(ctx);
    const credited = await statementCrediting(ctx, ctx.actor);
    return {
      request: {
        method: 'POST',
        url: `/api/admin/proposals/${proposal.id}/reject`,
        payload: { reason: 'not this figure, check the price' },
      },
      proposer,
      own: {
        request: {
          method: 'POST',
          url: `/api/admin/proposals/${credited.id}/reject`,
          payload: { reason: 'this statement pays me, not mine to decide' },
        },
        code: 'OPERATOR_OWN_ACCOUNT',
      },
    };
  },

  adminProposeFundTerms: async (ctx) => {
    const fund = await heldFund(ctx.t);
    const held = await fundOfActor(ctx);
    return {
      request: { method: 'POST', url: `/api/admin/funds/${fund.id}/terms`, payload: { buyingPaused: true } },
      own: {
        request: { method: 'POST', url: `/api/admin/funds/${held.id}/terms`, payload: { redeemingPaused: true } },
        code: 'FUND_HOLDER_OPERATOR',
      },
    };
  },

  adminImportBankStatement: async () => ({
    request: {
      method: 'POST',
      url: '/api/admin/bank-statements',
      payload: { fileName: 'walk.csv', content: statement([{ toman: 1_000_000n, sheba: sheba(), paymentId: '' }]) },
    },
  }),

  adminPublishFundNav: async (ctx) => {
    const fund = await createFund(ctx.t);
    await publishNav(ctx.t, fund.id, 10_000n, '2025-01-01');
    const held = await fundOfActor(ctx);
    return {
      request: {
        method: 'POST',
        url: `/api/admin/funds/${fund.id}/navs`,
        payload: { navDate: '2025-01-02', nav: '10100' },
      },
      own: {
        request: {
          method: 'POST',
          url: `/api/admin/funds/${held.id}/navs`,
          payload: { navDate: '2025-01-02', nav: '10100' },
        },
        code: 'FUND_HOLDER_OPERATOR',
      },
    };
  },

  adminCorrectFundNav: async (ctx) => {
    const fund = await heldFund(ctx.t);
    const held = await fundOfActor(ctx);
    const body = { navDate: today(ctx.t), nav: '10100', reason: 'a wrong price' };
    return {
      request: { method: 'POST', url: `/api/admin/funds/${fund.id}/navs/corrections`, payload: body },
      own: {
        request: { method: 'POST', url: `/api/admin/funds/${held.id}/navs/corrections`, payload: body },
        code: 'FUND_HOLDER_OPERATOR',
      },
    };
  },

  distributeFundDividend: async (ctx) => {
    const fund = await heldFund(ctx.t);
    const held = await fundOfActor(ctx);
    return {
      request: {
        method: 'POST',
        url: `/api/admin/funds/${fund.id}/dividends`,
        payload: { perUnit: '100' },
        headers: idempotent(),
      },
      own: {
        request: {
          method: 'POST',
          url: `/api/admin/funds/${held.id}/dividends`,
          payload: { perUnit: '100' },
          headers: idempotent(),
        },
        code: 'FUND_HOLDER_OPERATOR',
      },
    };
  },
};

/** The builders above in the walk's shape (`./fixtures.ts`): paths under `/api`, the operator as the actor. */
const underApi = (r: FixtureRequest): WalkRequest => ({
  method: r.method,
  url: r.url.replace(/^\/api/, ''),
  ...(r.payload ? { payload: r.payload } : {}),
});

export const fixtures: FourEyesFixtures = Object.fromEntries(
  Object.entries(proposalsFixtures).map(([id, build]): [string, FourEyesFixture] => [
    id,
    {
      valid: async (ctx, op) => underApi((await build({ t: ctx.t, actor: op })).request),
      own: async (ctx) => {
        const op = await ctx.admin();
        const { own } = await build({ t: ctx.t, actor: op });
        if (!own) throw new Error(`${id}: its builder has no operation on the actor's own holdings`);
        return { op, request: underApi(own.request), code: own.code as OwnCode };
      },
      byMaker: async (ctx) => {
        const { request, proposer } = await build({ t: ctx.t, actor: await ctx.admin() });
        if (!proposer) throw new Error(`${id}: its builder names no proposer`);
        return { op: proposer as Operator, request: underApi(request) };
      },
    },
  ]),
);
