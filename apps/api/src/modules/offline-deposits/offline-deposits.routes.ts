import type { FastifyInstance } from 'fastify';
import {
  adminApproveOfflineDeposit,
  adminGetOfflineDeposit,
  adminListOfflineDeposits,
  adminRejectOfflineDeposit,
} from '@portal/contract/admin/offline-deposits';
import { MONEY_PAGE_SIZE } from '@portal/contract/admin/money';
import {
  cancelOfflineDeposit,
  createOfflineDeposit,
  getOfflineDeposit,
} from '@portal/contract/wallet/offline-deposits';
import { route } from '../../plugins/contract';
import { sessionOf } from '../../plugins/sessions';
import { listOfflineDepositsByStatus } from './offline-deposits.repository';
import * as offline from './offline-deposits.service';

/** Offline deposits: the investor's side (SPEC §2 "Deposit") and the operators' queue (decision 018). */
export function offlineDepositsRoutes(app: FastifyInstance, deps: offline.OfflineDepositsDeps): void {
  const now = () => deps.now?.() ?? new Date();
  route(app, createOfflineDeposit, async ({ body, request, idempotencyKey }) =>
    offline.createOfflineDeposit(deps, { userId: sessionOf(request).userId, body, idempotencyKey, ip: request.ip }),
  );
  route(app, getOfflineDeposit, async ({ params, request }) =>
    offline.getOfflineDeposit(deps.db, sessionOf(request).userId, params.depositId),
  );
  route(app, cancelOfflineDeposit, async ({ params, request }) =>
    offline.cancelOfflineDeposit(deps.db, {
      userId: sessionOf(request).userId,
      depositId: params.depositId,
      ip: request.ip,
    }),
  );

  route(app, adminListOfflineDeposits, async ({ query }) => {
    const { rows, total } = await listOfflineDepositsByStatus(
      deps.db,
      query.status,
      MONEY_PAGE_SIZE,
      (query.page - 1) * MONEY_PAGE_SIZE,
    );
    return {
      items: await offline.toAdminOfflineDeposits(deps.db, rows, deps.review),
      total,
      page: query.page,
      pageSize: MONEY_PAGE_SIZE,
    };
  });
  route(app, adminGetOfflineDeposit, async ({ params }) =>
    offline.getAdminOfflineDeposit(deps.db, params.depositId, deps.review),
  );
  route(app, adminApproveOfflineDeposit, async ({ params, request }) =>
    offline.approveOfflineDeposit(deps.db, {
      operatorId: sessionOf(request).userId,
      depositId: params.depositId,
      ip: request.ip,
      now: now(),
      review: deps.review,
    }),
  );
  route(app, adminRejectOfflineDeposit, async ({ params, body, request }) =>
    offline.rejectOfflineDeposit(deps.db, {
      operatorId: sessionOf(request).userId,
      depositId: params.depositId,
      reason: body.reason,
      comment: body.comment,
      ip: request.ip,
      now: now(),
      review: deps.review,
    }),
  );
}
