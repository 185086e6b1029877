/** Four-eyes fixtures of the users desk (decision 014). */
import { makeInvestor, makeOperator } from '../../helpers/admin';
import { setFrozen } from '../../withdrawals/withdrawal-helpers';
import { get, post, type FourEyesFixtures } from './fixtures';

const reason = { reason: 'گزارش بررسی حساب' };

export const fixtures: FourEyesFixtures = {
  adminMe: { valid: async () => get('/admin/me') },
  adminSearchUsers: { valid: async () => get('/admin/users?q=0912') },
  adminGetUser: {
    valid: async ({ t }) => get(`/admin/users/${(await makeInvestor(t)).userId}`),
  },
  adminSearchAudit: { valid: async () => get('/admin/audit') },
  adminAddUserNote: {
    valid: async ({ t }) => post(`/admin/users/${(await makeInvestor(t)).userId}/notes`, { text: 'تماس گرفته شد' }),
    own: async ({ admin }) => {
      const op = await admin();
      return { op, request: post(`/admin/users/${op.userId}/notes`, { text: 'یادداشت برای خودم' }) };
    },
  },
  adminFreezeUser: {
    valid: async ({ t }) => post(`/admin/users/${(await makeInvestor(t)).userId}/freeze`, reason),
    own: async ({ admin }) => {
      const op = await admin();
      return { op, request: post(`/admin/users/${op.userId}/freeze`, reason) };
    },
  },
  adminUnfreezeUser: {
    valid: async ({ t }) => {
      const u = await makeInvestor(t);
      await setFrozen(t, u.userId, true);
      return post(`/admin/users/${u.userId}/unfreeze`, reason);
    },
    own: async ({ admin }) => {
      const op = await admin();
      return { op, request: post(`/admin/users/${op.userId}/unfreeze`, reason) };
    },
  },
  adminSetUserRole: {
    valid: async ({ t }) => post(`/admin/users/${(await makeInvestor(t)).userId}/role`, { role: 'operator' }),
    own: async ({ admin }) => {
      const op = await admin();
      return { op, request: post(`/admin/users/${op.userId}/role`, { role: 'operator' }) };
    },
  },
  adminRecoverOperator: {
    valid: async ({ t }) => post(`/admin/users/${(await makeOperator(t, 'operator')).userId}/recover`, reason),
    own: async ({ admin }) => {
      const op = await admin();
      return { op, request: post(`/admin/users/${op.userId}/recover`, reason) };
    },
  },
};
