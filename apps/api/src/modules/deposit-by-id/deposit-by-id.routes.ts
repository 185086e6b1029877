import type { FastifyInstance } from 'fastify';
import { adminListStatementLines } from '@portal/contract/admin/bank-statements';
import { MONEY_PAGE_SIZE } from '@portal/contract/admin/money';
import { createDepositId, getDepositByIdOverview } from '@portal/contract/wallet/deposit-by-id';
import { route } from '../../plugins/contract';
import { sessionOf } from '../../plugins/sessions';
import { listLines } from './deposit-by-id.repository';
import * as byId from './deposit-by-id.service';

/**
 * Deposits by payment ID: the investor's IDs, and the operators' imported lines (decision 020). Importing a
 * statement is a proposal (the proposals module's routes, decision 028).
 */
export function depositByIdRoutes(app: FastifyInstance, deps: byId.DepositByIdDeps): void {
  const now = () => deps.now?.() ?? new Date();
  route(app, getDepositByIdOverview, async ({ request }) =>
    byId.getOverview(deps.db, sessionOf(request).userId, now()),
  );
  route(app, createDepositId, async ({ body, request }) =>
    byId.createDepositId(deps.db, {
      userId: sessionOf(request).userId,
      bankAccountId: body.bankAccountId,
      ip: request.ip,
    }),
  );

  route(app, adminListStatementLines, async ({ query }) => {
    const { rows, total } = await listLines(
      deps.db,
      { status: query.status, reason: query.reason },
      MONEY_PAGE_SIZE,
      (query.page - 1) * MONEY_PAGE_SIZE,
    );
    return {
      items: rows.map((r) => byId.toAdminStatementLine(r.l, r)),
      total,
      page: query.page,
      pageSize: MONEY_PAGE_SIZE,
    };
  });
}
