import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  adminListFundDividends,
  adminListFundPurchases,
  adminListFundRedemptions,
  FUND_ORDERS_ADMIN_PAGE_SIZE,
} from '@portal/contract/admin/fund-orders';
import {
  createFundPurchase,
  createFundRedemption,
  getFundHolding,
  getFundPurchase,
  getFundRedemption,
  getMyFundHoldings,
  listMyFundOrders,
  listMyFundPurchases,
  listMyFundRedemptions,
  quoteFundPurchase,
  quoteFundRedemption,
  verifyFundPurchasePayment,
} from '@portal/contract/funds/orders';
import { AppError } from '@portal/contract/core/errors';
import { route } from '../../plugins/contract';
import { sessionOf } from '../../plugins/sessions';
import * as dividends from './dividends.service';
import { findOwners, listPurchases, listRedemptions } from './fund-orders.repository';
import { findFund } from '../funds/funds.repository';
import * as purchases from './purchases.service';
import * as redemptions from './redemptions.service';
import { toPurchaseView, toRedemptionView } from './views';

/**
 * The web app's page the gateway sends the payer of a card purchase back to (SPEC §2
 * `/fund/purchase/payment/{purchaseRequestId}`); it verifies from there and moves on to the success,
 * waiting or unsuccess page by the answer's outcome.
 */
export const FUND_PURCHASE_RETURN_PATH = '/fund/purchase/payment';

/** Buying and redeeming fund units (SPEC §2), holdings, and the operators' order lists and dividends. */
export function fundOrdersRoutes(
  app: FastifyInstance,
  deps: purchases.FundOrdersDeps & { returnOrigin: (request: FastifyRequest) => string },
): void {
  route(app, quoteFundPurchase, async ({ params, body, request }) =>
    purchases.quoteFundPurchase(deps, {
      userId: sessionOf(request).userId,
      fundId: params.fundId,
      amount: body.amount,
    }),
  );
  route(app, createFundPurchase, async ({ params, body, request, idempotencyKey }) => {
    // Read (and refused when untrusted) only when the gateway needs it: a wallet purchase has no return.
    const origin = body.method === 'card' ? deps.returnOrigin(request) : null;
    return purchases.createFundPurchase(deps, {
      userId: sessionOf(request).userId,
      fundId: params.fundId,
      body: { amount: body.amount, method: body.method, riskAcknowledged: body.riskAcknowledged === true },
      idempotencyKey,
      returnUrl: (purchaseId) => `${origin ?? deps.returnOrigin(request)}${FUND_PURCHASE_RETURN_PATH}/${purchaseId}`,
      ip: request.ip,
    });
  });
  route(app, verifyFundPurchasePayment, async ({ params, body, request }) =>
    purchases.verifyFundPurchasePayment(deps, {
      userId: sessionOf(request).userId,
      purchaseId: params.purchaseId,
      authority: body.authority,
      status: body.status,
      ip: request.ip,
    }),
  );
  route(app, getFundPurchase, async ({ params, request }) =>
    purchases.getFundPurchase(deps.db, sessionOf(request).userId, params.purchaseId),
  );
  route(app, listMyFundPurchases, async ({ query, request }) =>
    purchases.listMyFundPurchases(deps.db, sessionOf(request).userId, query),
  );
  route(app, listMyFundOrders, async ({ query, request }) =>
    purchases.listMyFundOrders(deps.db, sessionOf(request).userId, query),
  );

  route(app, getMyFundHoldings, async ({ request }) => redemptions.getMyFundHoldings(deps, sessionOf(request).userId));
  route(app, getFundHolding, async ({ params, request }) =>
    redemptions.getFundHolding(deps, sessionOf(request).userId, params.fundId),
  );
  route(app, quoteFundRedemption, async ({ params, body, request }) =>
    redemptions.quoteFundRedemption(deps, { userId: sessionOf(request).userId, fundId: params.fundId, body }),
  );
  route(app, createFundRedemption, async ({ params, body, request, idempotencyKey }) =>
    redemptions.createFundRedemption(deps, {
      userId: sessionOf(request).userId,
      fundId: params.fundId,
      body,
      idempotencyKey,
      ip: request.ip,
    }),
  );
  route(app, getFundRedemption, async ({ params, request }) =>
    redemptions.getFundRedemption(deps.db, sessionOf(request).userId, params.redemptionId),
  );
  route(app, listMyFundRedemptions, async ({ query, request }) =>
    redemptions.listMyFundRedemptions(deps.db, sessionOf(request).userId, query),
  );

  const knownFund = async (fundId: string) => {
    if (!(await findFund(deps.db, fundId))) throw new AppError('NOT_FOUND', 'No such fund');
  };
  route(app, adminListFundPurchases, async ({ params, query }) => {
    await knownFund(params.fundId);
    const { rows, total } = await listPurchases(
      deps.db,
      { fundId: params.fundId, status: query.status },
      FUND_ORDERS_ADMIN_PAGE_SIZE,
      (query.page - 1) * FUND_ORDERS_ADMIN_PAGE_SIZE,
    );
    const owners = await findOwners(
      deps.db,
      rows.map((r) => r.userId),
    );
    return {
      items: rows.map((r) => ({ ...toPurchaseView(r), user: owners.get(r.userId)! })),
      total,
      page: query.page,
      pageSize: FUND_ORDERS_ADMIN_PAGE_SIZE,
    };
  });
  route(app, adminListFundRedemptions, async ({ params, query }) => {
    await knownFund(params.fundId);
    const { rows, total } = await listRedemptions(
      deps.db,
      { fundId: params.fundId, status: query.status },
      FUND_ORDERS_ADMIN_PAGE_SIZE,
      (query.page - 1) * FUND_ORDERS_ADMIN_PAGE_SIZE,
    );
    const owners = await findOwners(
      deps.db,
      rows.map((r) => r.userId),
    );
    return {
      items: rows.map((r) => ({ ...toRedemptionView(r), user: owners.get(r.userId)! })),
      total,
      page: query.page,
      pageSize: FUND_ORDERS_ADMIN_PAGE_SIZE,
    };
  });
  route(app, adminListFundDividends, async ({ params, query }) =>
    dividends.listFundDividends(deps.db, params.fundId, query.page),
  );
}
