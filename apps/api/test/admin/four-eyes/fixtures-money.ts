/**
 * Four-eyes fixtures of the money desks: withdrawals and offline deposits (decisions 016, 018; two
 * reviewers above the bound, decision 028), a user's wallets and journals, adjustments (decision 019),
 * the bank statement lines (decision 020).
 */
import { expect } from 'vitest';
import { makeInvestor, makeLevelOneInvestor } from '../../helpers/admin';
import { approved as firstApprovedDeposit, declared } from '../../offline-deposits/offline-helpers';
import { proposal, proposed } from '../../adjustments/adjustment-helpers';
import { approved as firstApprovedWithdrawal, withdraw, withdrawer } from '../../withdrawals/withdrawal-helpers';
import { get, post, type FourEyesFixtures, type WalkContext } from './fixtures';

const withdrawalRejection = { reason: 'other' };
const depositRejection = { reason: 'not_received' };
const adjustmentRejection = { reason: 'Not supported by the bank statement.' };

/** A pending withdrawal of `amount` toman (the withdrawer holds twice as much). */
async function pendingWithdrawal({ t }: WalkContext, amount = 100_000n) {
  const w = await withdrawer(t, amount * 2n);
  return { w, withdrawal: await withdraw(t, w, String(amount)) };
}

/** A pending offline deposit of `amount` toman, declared by a level-one investor. */
async function pendingDeposit({ t }: WalkContext, amount = 2_500_000n) {
  const investor = await makeLevelOneInvestor(t);
  return { investor, deposit: await declared(t, investor.cookie, { amount: String(amount) }) };
}

export const fixtures: FourEyesFixtures = {
  // withdrawals
  adminListWithdrawals: { valid: async () => get('/admin/withdrawals') },
  adminGetWithdrawal: {
    valid: async (ctx) => get(`/admin/withdrawals/${(await pendingWithdrawal(ctx)).withdrawal.id}`),
  },
  adminApproveWithdrawal: {
    valid: async (ctx) => post(`/admin/withdrawals/${(await pendingWithdrawal(ctx)).withdrawal.id}/approve`),
    own: async (ctx) => {
      const { w, withdrawal } = await pendingWithdrawal(ctx);
      return { op: await ctx.promote(w), request: post(`/admin/withdrawals/${withdrawal.id}/approve`) };
    },
    byMaker: async (ctx) => {
      const { withdrawal } = await pendingWithdrawal(ctx, ctx.reviewBound + 1n);
      const op = await ctx.admin();
      const first = await firstApprovedWithdrawal(ctx.t, op.cookie, withdrawal.id);
      expect([first.state, first.firstApproval?.operatorId]).toEqual(['Pending', op.userId]);
      return { op, request: post(`/admin/withdrawals/${withdrawal.id}/approve`) };
    },
  },
  adminRejectWithdrawal: {
    valid: async (ctx) =>
      post(`/admin/withdrawals/${(await pendingWithdrawal(ctx)).withdrawal.id}/reject`, withdrawalRejection),
    own: async (ctx) => {
      const { w, withdrawal } = await pendingWithdrawal(ctx);
      return {
        op: await ctx.promote(w),
        request: post(`/admin/withdrawals/${withdrawal.id}/reject`, withdrawalRejection),
      };
    },
  },
  // offline deposits
  adminListOfflineDeposits: { valid: async () => get('/admin/offline-deposits') },
  adminGetOfflineDeposit: {
    valid: async (ctx) => get(`/admin/offline-deposits/${(await pendingDeposit(ctx)).deposit.id}`),
  },
  adminApproveOfflineDeposit: {
    valid: async (ctx) => post(`/admin/offline-deposits/${(await pendingDeposit(ctx)).deposit.id}/approve`),
    own: async (ctx) => {
      const { investor, deposit } = await pendingDeposit(ctx);
      return { op: await ctx.promote(investor), request: post(`/admin/offline-deposits/${deposit.id}/approve`) };
    },
    byMaker: async (ctx) => {
      const { deposit } = await pendingDeposit(ctx, ctx.reviewBound + 1n);
      const op = await ctx.admin();
      const first = await firstApprovedDeposit(ctx.t, op.cookie, deposit.id);
      expect([first.state, first.firstApproval?.operatorId]).toEqual(['Pending', op.userId]);
      return { op, request: post(`/admin/offline-deposits/${deposit.id}/approve`) };
    },
  },
  adminRejectOfflineDeposit: {
    valid: async (ctx) =>
      post(`/admin/offline-deposits/${(await pendingDeposit(ctx)).deposit.id}/reject`, depositRejection),
    own: async (ctx) => {
      const { investor, deposit } = await pendingDeposit(ctx);
      return {
        op: await ctx.promote(investor),
        request: post(`/admin/offline-deposits/${deposit.id}/reject`, depositRejection),
      };
    },
  },
  // a user's money
  adminListUserWallets: {
    valid: async ({ t }) => get(`/admin/users/${(await makeInvestor(t)).userId}/wallets`),
  },
  adminListUserJournals: {
    valid: async ({ t }) => get(`/admin/users/${(await makeInvestor(t)).userId}/journals`),
  },
  // adjustments
  adminListAdjustments: { valid: async () => get('/admin/adjustments') },
  adminProposeAdjustment: {
    valid: async ({ t }) => post('/admin/adjustments', proposal((await makeInvestor(t)).userId)),
    own: async ({ admin }) => {
      const op = await admin();
      return { op, request: post('/admin/adjustments', proposal(op.userId)) };
    },
  },
  adminApproveAdjustment: {
    valid: async ({ t, admin }) => {
      const a = await proposed(t, (await admin()).cookie, (await makeInvestor(t)).userId);
      return post(`/admin/adjustments/${a.id}/approve`);
    },
    own: async ({ t, admin }) => {
      const op = await admin();
      const a = await proposed(t, (await admin()).cookie, op.userId);
      return { op, request: post(`/admin/adjustments/${a.id}/approve`) };
    },
    byMaker: async ({ t, admin }) => {
      const op = await admin();
      const a = await proposed(t, op.cookie, (await makeInvestor(t)).userId);
      return { op, request: post(`/admin/adjustments/${a.id}/approve`) };
    },
  },
  adminRejectAdjustment: {
    valid: async ({ t, admin }) => {
      const a = await proposed(t, (await admin()).cookie, (await makeInvestor(t)).userId);
      return post(`/admin/adjustments/${a.id}/reject`, adjustmentRejection);
    },
    own: async ({ t, admin }) => {
      const op = await admin();
      const a = await proposed(t, (await admin()).cookie, op.userId);
      return { op, request: post(`/admin/adjustments/${a.id}/reject`, adjustmentRejection) };
    },
  },
  // deposits by ID
  adminListStatementLines: { valid: async () => get('/admin/bank-statements/lines') },
};
