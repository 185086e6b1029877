/**
 * Four-eyes fixtures of the basket desk (issue 20, decision 045): reads, a VIP request's notes and review
 * (one operator up to the settings' `vipSecondReviewAbove`, two above it; never one's own) and the
 * settings' proposal (approved on the proposals desk, whose fixtures walk the approval). The VIP requests
 * are written straight to the table: the walk's app has no universe to order from.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AdminBasketOrderRow } from '@portal/contract/admin/baskets';
import { basketOrders } from '../../../src/db/schema';
import { adminCall, makeInvestor, type TestUser } from '../../helpers/admin';
import type { TestApp } from '../../helpers/app';
import { get, post, type FourEyesFixtures, type WalkContext } from './fixtures';

/** The migration's settings: inside every rule. */
export const BASKET_SETTINGS = {
  construction: {
    bands: {
      '10': { volatilityTarget: 0.25, tetherShare: 0.6 },
      '25': { volatilityTarget: 0.4, tetherShare: 0.4 },
      '35': { volatilityTarget: 0.5, tetherShare: 0.25 },
      '60': { volatilityTarget: 0.65, tetherShare: 0.1 },
      '100': { volatilityTarget: 0.85, tetherShare: 0 },
    },
    maxWeight: 0.35,
    minWeight: 0.02,
    minAssets: 4,
    maxAssets: 12,
    minHistoryDays: 365,
    meanShrinkage: 0.5,
    maxAnnualReturn: 1,
  },
  feeBps: 50,
  excludedSymbols: [],
  vipSecondReviewAbove: '200000',
};

/** A VIP request (60,000 tether, or 300,000 for two reviewers) of `holder` (a new investor unless given). */
async function vipRequest(t: TestApp, opts: { holder?: TestUser; twoReviewers?: boolean } = {}) {
  await t.database.db.execute(sql`UPDATE basket_settings SET vip_second_review_above = 200000000000`);
  const holder = opts.holder ?? (await makeInvestor(t, { kycLevel: 1 }));
  const [row] = await t.database.db
    .insert(basketOrders)
    .values({
      userId: holder.userId,
      status: 'PendingVip',
      risk: 35,
      amount: opts.twoReviewers ? 300_000_000_000n : 60_000_000_000n,
      exchanges: ['binance'],
      marketType: 'all',
      vip: true,
      feeBps: 50,
    })
    .returning();
  return { holder, order: row! };
}

const ownRequest = async (ctx: WalkContext, url: (id: string) => string, payload?: Record<string, unknown>) => {
  const holder = await makeInvestor(ctx.t, { kycLevel: 1 });
  const { order } = await vipRequest(ctx.t, { holder });
  return { op: await ctx.promote(holder), request: post(url(order.id), payload) };
};

export const fixtures: FourEyesFixtures = {
  adminListBasketOrders: { valid: async () => get('/admin/basket-orders?status=PendingVip') },
  adminGetBasketOrder: {
    valid: async ({ t }) => get(`/admin/basket-orders/${(await vipRequest(t)).order.id}`),
  },
  adminListBasketVipRequests: { valid: async () => get('/admin/basket-vip?state=open') },
  adminGetBasketSettings: { valid: async () => get('/admin/baskets/settings') },
  adminAddBasketVipNote: {
    valid: async ({ t }) =>
      post(`/admin/basket-orders/${(await vipRequest(t)).order.id}/notes`, { text: 'تماس گرفته شد' }),
    own: (ctx) => ownRequest(ctx, (id) => `/admin/basket-orders/${id}/notes`, { text: 'تماس گرفته شد' }),
  },
  adminAcceptBasketVip: {
    valid: async ({ t }) => post(`/admin/basket-orders/${(await vipRequest(t)).order.id}/accept`),
    own: (ctx) => ownRequest(ctx, (id) => `/admin/basket-orders/${id}/accept`),
    byMaker: async (ctx) => {
      const { order } = await vipRequest(ctx.t, { twoReviewers: true });
      const op = await ctx.admin();
      const first = await adminCall(ctx.t, op.cookie, 'POST', `/admin/basket-orders/${order.id}/accept`);
      expect(first.statusCode, first.body).toBe(200);
      const view = first.json<AdminBasketOrderRow>();
      expect([view.status, view.firstApproval?.operatorId]).toEqual(['PendingVip', op.userId]);
      return { op, request: post(`/admin/basket-orders/${order.id}/accept`) };
    },
  },
  adminDeclineBasketVip: {
    valid: async ({ t }) =>
      post(`/admin/basket-orders/${(await vipRequest(t)).order.id}/decline`, { reason: 'no answer to calls' }),
    own: (ctx) => ownRequest(ctx, (id) => `/admin/basket-orders/${id}/decline`, { reason: 'no answer to calls' }),
  },
  adminProposeBasketSettings: { valid: async () => post('/admin/baskets/settings', BASKET_SETTINGS) },
};
