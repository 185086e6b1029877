import type { FastifyInstance } from 'fastify';
import {
  cancelBasketOrder,
  closeBasket,
  confirmBasketRebalance,
  createBasketOrder,
  getBasket,
  getBasketOrder,
  getBasketOrderOptions,
  listBasketOrders,
  listBaskets,
  payBasketOrder,
  previewBasketRebalance,
} from '@portal/contract/baskets/orders';
import { route } from '../../plugins/contract';
import { sessionOf } from '../../plugins/sessions';
import type { BasketDeps } from './common';
import * as holdings from './holdings.service';
import * as orders from './orders.service';

/** The smart hold baskets, the investor's side (issue 20, decision 045). Transport only. */
export function basketsRoutes(app: FastifyInstance, deps: BasketDeps): void {
  route(app, getBasketOrderOptions, async ({ request }) => orders.basketOrderOptions(deps, sessionOf(request).userId));
  route(app, createBasketOrder, async ({ body, request, idempotencyKey }) =>
    orders.createBasketOrder(deps, { userId: sessionOf(request).userId, body, idempotencyKey, ip: request.ip }),
  );
  route(app, getBasketOrder, async ({ params, request }) =>
    orders.getBasketOrder(deps, sessionOf(request).userId, params.orderId),
  );
  route(app, listBasketOrders, async ({ query, request }) =>
    orders.listBasketOrders(deps, sessionOf(request).userId, query),
  );
  route(app, payBasketOrder, async ({ params, request, idempotencyKey }) =>
    orders.payBasketOrder(deps, {
      userId: sessionOf(request).userId,
      orderId: params.orderId,
      idempotencyKey,
      ip: request.ip,
    }),
  );
  route(app, cancelBasketOrder, async ({ params, request }) =>
    orders.cancelBasketOrder(deps, { userId: sessionOf(request).userId, orderId: params.orderId, ip: request.ip }),
  );
  route(app, listBaskets, async ({ request }) => holdings.listBaskets(deps, sessionOf(request).userId));
  route(app, getBasket, async ({ params, request }) =>
    holdings.getBasket(deps, sessionOf(request).userId, params.basketId),
  );
  route(app, previewBasketRebalance, async ({ params, request }) =>
    holdings.previewRebalance(deps, sessionOf(request).userId, params.basketId),
  );
  route(app, confirmBasketRebalance, async ({ params, request, idempotencyKey }) =>
    holdings.confirmRebalance(deps, {
      userId: sessionOf(request).userId,
      basketId: params.basketId,
      idempotencyKey,
      ip: request.ip,
    }),
  );
  route(app, closeBasket, async ({ params, request, idempotencyKey }) =>
    holdings.closeBasket(deps, {
      userId: sessionOf(request).userId,
      basketId: params.basketId,
      idempotencyKey,
      ip: request.ip,
    }),
  );
}
