/**
 * Four-eyes fixtures of the chain desk (issue 18, decision 040): reads, a tether withdrawal's review (one
 * operator above `reviewAbove`, two above `secondReviewAbove`; never one's own), the settings' proposal
 * (approved on the proposals desk, whose fixtures walk the approval) and a network's switch (one operator's
 * record, about no user). Each fixture sets the bounds its request needs, so the order does not matter.
 */
import { expect } from 'vitest';
import type { AdminTetherWithdrawal } from '@portal/contract/admin/chain';
import { askWithdrawal, setChainSettings, tetherHolder } from '../../chain/desk-helpers';
import { adminCall } from '../../helpers/admin';
import { get, post, type FourEyesFixtures, type WalkContext } from './fixtures';

/** The migration's settings: inside every rule. */
export const CHAIN_SETTINGS = {
  networks: {
    TRC20: { confirmations: 19, minDeposit: '1', withdrawalFee: '1', minWithdrawal: '10', maxWithdrawal: '100000' },
    ERC20: { confirmations: 12, minDeposit: '10', withdrawalFee: '5', minWithdrawal: '20', maxWithdrawal: '100000' },
    BEP20: { confirmations: 15, minDeposit: '1', withdrawalFee: '0.5', minWithdrawal: '10', maxWithdrawal: '100000' },
  },
  dailyWithdrawalLimit: '200000',
  reviewAbove: '1000',
  secondReviewAbove: '10000',
};

const rejection = { reason: 'other' };

/** A tether withdrawal waiting for review: one approval (20 tether), or two (`twoReviewers`: 200). */
async function pendingWithdrawal({ t }: WalkContext, twoReviewers = false) {
  await setChainSettings(t, { reviewAbove: 10_000_000n, secondReviewAbove: 100_000_000n });
  const holder = await tetherHolder(t, '500');
  return { holder, withdrawal: await askWithdrawal(t, holder, twoReviewers ? '200' : '20') };
}

export const fixtures: FourEyesFixtures = {
  adminGetChainDesk: { valid: async () => get('/admin/chain') },
  adminListTetherDeposits: { valid: async () => get('/admin/chain/deposits') },
  adminListTetherWithdrawals: { valid: async () => get('/admin/chain/withdrawals?state=Pending') },
  adminGetTetherWithdrawal: {
    valid: async (ctx) => get(`/admin/chain/withdrawals/${(await pendingWithdrawal(ctx)).withdrawal.id}`),
  },
  adminGetChainReconciliation: { valid: async () => get('/admin/chain/reconciliation') },
  adminApproveTetherWithdrawal: {
    valid: async (ctx) => post(`/admin/chain/withdrawals/${(await pendingWithdrawal(ctx)).withdrawal.id}/approve`),
    own: async (ctx) => {
      const { holder, withdrawal } = await pendingWithdrawal(ctx);
      return { op: await ctx.promote(holder), request: post(`/admin/chain/withdrawals/${withdrawal.id}/approve`) };
    },
    byMaker: async (ctx) => {
      const { withdrawal } = await pendingWithdrawal(ctx, true);
      const op = await ctx.admin();
      const first = await adminCall(ctx.t, op.cookie, 'POST', `/admin/chain/withdrawals/${withdrawal.id}/approve`);
      expect(first.statusCode, first.body).toBe(200);
      const view = first.json<AdminTetherWithdrawal>();
      expect([view.state, view.firstApproval?.operatorId]).toEqual(['Pending', op.userId]);
      return { op, request: post(`/admin/chain/withdrawals/${withdrawal.id}/approve`) };
    },
  },
  adminRejectTetherWithdrawal: {
    valid: async (ctx) =>
      post(`/admin/chain/withdrawals/${(await pendingWithdrawal(ctx)).withdrawal.id}/reject`, rejection),
    own: async (ctx) => {
      const { holder, withdrawal } = await pendingWithdrawal(ctx);
      return {
        op: await ctx.promote(holder),
        request: post(`/admin/chain/withdrawals/${withdrawal.id}/reject`, rejection),
      };
    },
  },
  adminProposeChainSettings: { valid: async () => post('/admin/chain/settings', CHAIN_SETTINGS) },
  adminSetChainNetworkSwitch: {
    valid: async () =>
      post('/admin/chain/switch', { network: 'ERC20', direction: 'withdrawal', enabled: false, reason: 'maintenance' }),
  },
};
