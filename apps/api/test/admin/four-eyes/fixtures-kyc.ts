/** Four-eyes fixtures of the KYC desk (decision 015). */
import { insertSubmission, makeLevelOneInvestor } from '../../helpers/admin';
import { get, post, type FourEyesFixtures, type WalkContext } from './fixtures';

const rejection = { reason: 'video_unclear' };

/** A pending video submission of a new level-one investor. */
async function pending({ t }: WalkContext) {
  return insertSubmission(t, (await makeLevelOneInvestor(t)).userId, 'video');
}

/** An operator whose own video submission waits for review. */
async function ownSubmission({ t, promote }: WalkContext) {
  const investor = await makeLevelOneInvestor(t);
  const s = await insertSubmission(t, investor.userId, 'video');
  return { op: await promote(investor), id: s.id };
}

export const fixtures: FourEyesFixtures = {
  adminListKyc: { valid: async () => get('/admin/kyc') },
  adminGetKycSubmission: { valid: async (ctx) => get(`/admin/kyc/${(await pending(ctx)).id}`) },
  adminApproveKyc: {
    valid: async (ctx) => post(`/admin/kyc/${(await pending(ctx)).id}/approve`),
    own: async (ctx) => {
      const { op, id } = await ownSubmission(ctx);
      return { op, request: post(`/admin/kyc/${id}/approve`) };
    },
  },
  adminRejectKyc: {
    valid: async (ctx) => post(`/admin/kyc/${(await pending(ctx)).id}/reject`, rejection),
    own: async (ctx) => {
      const { op, id } = await ownSubmission(ctx);
      return { op, request: post(`/admin/kyc/${id}/reject`, rejection) };
    },
  },
};
