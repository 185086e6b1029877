import type { FastifyInstance } from 'fastify';
import {
  adminAcceptBasketVip,
  adminAddBasketVipNote,
  adminDeclineBasketVip,
  adminGetBasketOrder,
  adminGetBasketSettings,
  adminListBasketOrders,
  adminListBasketVipRequests,
} from '@portal/contract/admin/baskets';
import { operatorOf } from '../../plugins/access';
import { route } from '../../plugins/contract';
import type { BasketDeps } from './common';
import * as desk from './desk.service';

/**
 * The console's basket desk (issue 20, decision 045). Proposing the settings is the proposals module's
 * (`adminProposeBasketSettings`, like the tether market's). Transport only.
 */
export function basketDeskRoutes(app: FastifyInstance, deps: BasketDeps): void {
  const act = (request: Parameters<typeof operatorOf>[0]) => ({
    operatorId: operatorOf(request).userId,
    ip: request.ip,
  });
  route(app, adminListBasketOrders, async ({ query }) => desk.listDeskOrders(deps, query));
  route(app, adminGetBasketOrder, async ({ params }) => desk.getDeskOrder(deps, params.orderId));
  route(app, adminListBasketVipRequests, async ({ query }) => desk.listVipRequests(deps, query));
  route(app, adminAddBasketVipNote, async ({ params, body, request }) =>
    desk.addVipNote(deps, { ...act(request), orderId: params.orderId, text: body.text }),
  );
  route(app, adminAcceptBasketVip, async ({ params, request }) =>
    desk.acceptVip(deps, { ...act(request), orderId: params.orderId }),
  );
  route(app, adminDeclineBasketVip, async ({ params, body, request }) =>
    desk.declineVip(deps, { ...act(request), orderId: params.orderId, reason: body.reason }),
  );
  route(app, adminGetBasketSettings, async () => desk.deskSettings(deps));
}
