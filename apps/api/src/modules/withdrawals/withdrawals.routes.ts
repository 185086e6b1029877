import type { FastifyInstance } from 'fastify';
import {
  adminApproveWithdrawal,
  adminListWithdrawals,
  adminRejectWithdrawal,
  MONEY_PAGE_SIZE,
} from '@portal/contract/admin/money';
import {
  cancelWithdrawal,
  createWithdrawal,
  getWithdrawal,
  listWithdrawals,
  requestWithdrawalCode,
} from '@portal/contract/wallet/withdrawals';
import { route } from '../../plugins/contract';
import { findUser } from '../users/users.repository';
import { sessionOf } from '../../plugins/sessions';
import { listWithdrawalsByStatus, type WithdrawalRow } from './withdrawals.repository';
import * as withdrawals from './withdrawals.service';
import { toAdminWithdrawals } from './admin-view';

/** Withdrawals: the user's side (SPEC §2 "Withdraw") and the operators' queue. */
export function withdrawalsRoutes(app: FastifyInstance, deps: withdrawals.WithdrawalsDeps): void {
  const now = () => deps.now?.() ?? new Date();
  route(app, requestWithdrawalCode, async ({ body, request }) =>
    withdrawals.requestWithdrawalCode(deps, {
      userId: sessionOf(request).userId,
      channel: body.channel,
      ip: request.ip,
    }),
  );
  route(app, createWithdrawal, async ({ body, request, idempotencyKey }) =>
    withdrawals.createWithdrawal(deps, { userId: sessionOf(request).userId, body, idempotencyKey, ip: request.ip }),
  );
  route(app, listWithdrawals, async ({ query, request }) => ({
    items: await withdrawals.listWithdrawals(deps.db, sessionOf(request).userId, query.status),
  }));
  route(app, getWithdrawal, async ({ params, request }) =>
    withdrawals.getWithdrawal(deps.db, sessionOf(request).userId, params.withdrawalId),
  );
  route(app, cancelWithdrawal, async ({ params, request }) =>
    withdrawals.cancelWithdrawal(deps.db, {
      userId: sessionOf(request).userId,
      withdrawalId: params.withdrawalId,
      ip: request.ip,
      now: now(),
    }),
  );

  route(app, adminListWithdrawals, async ({ query }) => {
    const { rows, total } = await listWithdrawalsByStatus(
      deps.db,
      query.status,
      MONEY_PAGE_SIZE,
      (query.page - 1) * MONEY_PAGE_SIZE,
    );
    return {
      items: await toAdminWithdrawals(deps.db, rows, deps.review),
      total,
      page: query.page,
      pageSize: MONEY_PAGE_SIZE,
    };
  });
  route(app, adminApproveWithdrawal, async ({ params, request }) => {
    const row = await withdrawals.approveWithdrawal(deps.db, {
      operatorId: sessionOf(request).userId,
      withdrawalId: params.withdrawalId,
      ip: request.ip,
      now: now(),
      review: deps.review,
    });
    return adminView(deps, row);
  });
  route(app, adminRejectWithdrawal, async ({ params, body, request }) => {
    const row = await withdrawals.rejectWithdrawal(deps.db, {
      operatorId: sessionOf(request).userId,
      withdrawalId: params.withdrawalId,
      reason: body.reason,
      comment: body.comment,
      ip: request.ip,
      now: now(),
    });
    return adminView(deps, row);
  });
}

/** A decided (or first-approved) withdrawal as the console shows it. */
async function adminView(deps: withdrawals.WithdrawalsDeps, row: WithdrawalRow) {
  const u = await findUser(deps.db, row.userId);
  const owner = { mobile: u?.mobile ?? '', firstName: u?.firstName ?? null, lastName: u?.lastName ?? null };
  const [view] = await toAdminWithdrawals(deps.db, [{ w: row, ...owner }], deps.review);
  return view!;
}
