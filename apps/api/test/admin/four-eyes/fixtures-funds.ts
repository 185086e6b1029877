/**
 * Four-eyes fixtures of the fund desk (decisions 021, 022): reads, a fund's record (texts, announcements,
 * the consultation queue). A fund's NAV, dividend and terms are proposals (the proposals desk's fixtures).
 */
import { expect } from 'vitest';
import { makeInvestor } from '../../helpers/admin';
import { call, createFund, fundBody, txt } from '../../funds/fund-helpers';
import { get, post, type FourEyesFixtures, type WalkContext } from './fixtures';

/** A published fund made by a colleague. */
async function aFund({ t, admin }: WalkContext) {
  return createFund(t, (await admin()).cookie);
}

const announcement = {
  kind: 'announcement',
  title: txt('Office hours'),
  body: txt('The office closes early on Thursday'),
  requiresAgreement: false,
};

export const fixtures: FourEyesFixtures = {
  adminListFunds: { valid: async () => get('/admin/funds') },
  adminGetFund: { valid: async (ctx) => get(`/admin/funds/${(await aFund(ctx)).id}`) },
  adminCreateFund: { valid: async () => post('/admin/funds', { ...fundBody() }) },
  adminUpdateFund: {
    valid: async (ctx) => ({ method: 'PATCH', url: `/admin/funds/${(await aFund(ctx)).id}`, payload: { risk: 60 } }),
  },
  adminListFundNavs: { valid: async (ctx) => get(`/admin/funds/${(await aFund(ctx)).id}/navs`) },
  adminListFundDividends: { valid: async (ctx) => get(`/admin/funds/${(await aFund(ctx)).id}/dividends`) },
  adminListFundPurchases: { valid: async (ctx) => get(`/admin/funds/${(await aFund(ctx)).id}/purchases`) },
  adminListFundRedemptions: { valid: async (ctx) => get(`/admin/funds/${(await aFund(ctx)).id}/redemptions`) },
  adminListFundAnnouncements: {
    valid: async (ctx) => get(`/admin/funds/${(await aFund(ctx)).id}/announcements`),
  },
  adminPublishFundAnnouncement: {
    valid: async (ctx) => post(`/admin/funds/${(await aFund(ctx)).id}/announcements`, announcement),
  },
  adminDeleteFundAnnouncement: {
    valid: async (ctx) => {
      const colleague = await ctx.admin();
      const fund = await createFund(ctx.t, colleague.cookie);
      const res = await call(ctx.t, colleague.cookie, 'POST', `/admin/funds/${fund.id}/announcements`, announcement);
      expect(res.statusCode, res.body).toBe(201);
      return { method: 'DELETE', url: `/admin/funds/${fund.id}/announcements/${res.json<{ id: string }>().id}` };
    },
  },
  adminListConsultations: { valid: async () => get('/admin/funds/consultations') },
  adminResolveConsultation: {
    valid: async (ctx) => {
      const fund = await aFund(ctx);
      const u = await makeInvestor(ctx.t);
      const asked = await call(ctx.t, u.cookie, 'POST', `/funds/${fund.id}/consultations`, {
        day: 'Tomorrow',
        period: 'Noon',
        phone: '09123456789',
      });
      expect(asked.statusCode, asked.body).toBe(201);
      return post(`/admin/funds/consultations/${asked.json<{ id: string }>().id}/resolve`, { status: 'Done' });
    },
  },
};
