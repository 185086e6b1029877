import type { FastifyInstance } from 'fastify';
import {
  adminApproveTetherWithdrawal,
  adminGetChainDesk,
  adminGetChainReconciliation,
  adminGetTetherWithdrawal,
  adminListTetherDeposits,
  adminListTetherWithdrawals,
  adminRejectTetherWithdrawal,
  adminSetChainNetworkSwitch,
} from '@portal/contract/admin/chain';
import { operatorOf } from '../../plugins/access';
import { route } from '../../plugins/contract';
import * as desk from './chain-desk.service';
import { approveTetherWithdrawal, rejectTetherWithdrawal } from './withdrawals.service';

/**
 * The console's chain desk (issue 18, decision 040): the networks and the watcher's health, the switches,
 * the deposits and the withdrawal queue with its reviews, and the reconciliation. Proposing the settings is
 * the proposals module's (`adminProposeChainSettings`, like the tether market's). Transport only.
 */
export function chainDeskRoutes(app: FastifyInstance, deps: desk.ChainDeskDeps): void {
  const act = (request: Parameters<typeof operatorOf>[0]) => ({
    operatorId: operatorOf(request).userId,
    ip: request.ip,
  });
  const now = () => deps.now?.() ?? new Date();

  route(app, adminGetChainDesk, async () => desk.chainDesk(deps));
  route(app, adminSetChainNetworkSwitch, async ({ body, request }) =>
    desk.setNetworkSwitch(deps, { ...act(request), ...body }),
  );
  route(app, adminListTetherDeposits, async ({ query }) => desk.listDeskDeposits(deps, query));
  route(app, adminListTetherWithdrawals, async ({ query }) => desk.listDeskWithdrawals(deps, query));
  route(app, adminGetTetherWithdrawal, async ({ params }) => desk.getDeskWithdrawal(deps.db, params.withdrawalId));
  route(app, adminApproveTetherWithdrawal, async ({ params, request }) => {
    const row = await approveTetherWithdrawal(deps.db, {
      ...act(request),
      withdrawalId: params.withdrawalId,
      now: now(),
    });
    return desk.getDeskWithdrawal(deps.db, row.id);
  });
  route(app, adminRejectTetherWithdrawal, async ({ params, body, request }) => {
    const row = await rejectTetherWithdrawal(deps.db, {
      ...act(request),
      withdrawalId: params.withdrawalId,
      reason: body.reason,
      ...(body.comment ? { comment: body.comment } : {}),
      now: now(),
    });
    return desk.getDeskWithdrawal(deps.db, row.id);
  });
  route(app, adminGetChainReconciliation, async () => desk.deskReconciliation(deps));
}
