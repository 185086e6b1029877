import type { FastifyInstance } from 'fastify';
import {
  ADJUSTMENT_PAGE_SIZE,
  adminApproveAdjustment,
  adminListAdjustments,
  adminProposeAdjustment,
  adminRejectAdjustment,
} from '@portal/contract/admin/adjustments';
import { route } from '../../plugins/contract';
import { operatorOf } from '../../plugins/access';
import { listAdjustments } from './adjustments.repository';
import * as adjustments from './adjustments.service';

/** Manual adjustments with maker-checker (decision 019): transport only. */
export function adjustmentsRoutes(app: FastifyInstance, deps: adjustments.AdjustmentsDeps): void {
  route(app, adminProposeAdjustment, async ({ body, request, idempotencyKey }) =>
    adjustments.proposeAdjustment(deps, {
      operatorId: operatorOf(request).userId,
      body,
      idempotencyKey,
      ip: request.ip,
    }),
  );
  route(app, adminListAdjustments, async ({ query }) => {
    const { rows, total } = await listAdjustments(deps.db, {
      status: query.status,
      userId: query.userId,
      limit: ADJUSTMENT_PAGE_SIZE,
      offset: (query.page - 1) * ADJUSTMENT_PAGE_SIZE,
    });
    return {
      items: rows.map((r) => adjustments.toAdjustment(r.a, r)),
      total,
      page: query.page,
      pageSize: ADJUSTMENT_PAGE_SIZE,
    };
  });
  route(app, adminApproveAdjustment, async ({ params, request }) =>
    adjustments.approveAdjustment(deps, {
      operatorId: operatorOf(request).userId,
      adjustmentId: params.adjustmentId,
      ip: request.ip,
    }),
  );
  route(app, adminRejectAdjustment, async ({ params, body, request }) =>
    adjustments.rejectAdjustment(deps, {
      operatorId: operatorOf(request).userId,
      adjustmentId: params.adjustmentId,
      reason: body.reason,
      ip: request.ip,
    }),
  );
}
