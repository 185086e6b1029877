import type { FastifyInstance } from 'fastify';
import {
  adminGetTetherDesk,
  adminListTetherTrades,
  adminPauseTetherTrading,
  adminResumeTetherTrading,
} from '@portal/contract/admin/tether';
import { operatorOf } from '../../plugins/access';
import { route } from '../../plugins/contract';
import * as desk from './tether-desk.service';

/**
 * The console's tether desk (issue 17, decision 039): the desk's view, every trade, pause and resume.
 * Proposing the settings is the proposals module's (`adminProposeTetherSettings`, like a fund's terms).
 * Transport only.
 */
export function tetherDeskRoutes(app: FastifyInstance, deps: desk.TetherDeskDeps): void {
  const act = (request: Parameters<typeof operatorOf>[0]) => ({
    operatorId: operatorOf(request).userId,
    ip: request.ip,
  });
  route(app, adminGetTetherDesk, async () => desk.tetherDesk(deps));
  route(app, adminListTetherTrades, async ({ query }) => desk.listDeskTrades(deps, query));
  route(app, adminPauseTetherTrading, async ({ body, request }) =>
    desk.pauseTrading(deps, { ...act(request), reason: body.reason }),
  );
  route(app, adminResumeTetherTrading, async ({ request }) => desk.resumeTrading(deps, act(request)));
}
