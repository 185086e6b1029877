import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getDeposit, startGatewayDeposit, verifyGatewayDeposit } from '@portal/contract/wallet/deposits';
import { route } from '../../plugins/contract';
import { sessionOf } from '../../plugins/sessions';
import * as deposits from './deposits.service';

/** The page the gateway sends the payer back to (the web app's deposit page verifies from there). */
export const DEPOSIT_RETURN_PATH = '/wallet/deposit';

/** Toman deposits (SPEC §2 "Deposit"). */
export function depositsRoutes(
  app: FastifyInstance,
  deps: deposits.DepositsDeps & { returnOrigin: (request: FastifyRequest) => string },
): void {
  route(app, startGatewayDeposit, async ({ body, request, idempotencyKey }) => {
    const origin = deps.returnOrigin(request);
    return deposits.startGatewayDeposit(deps, {
      userId: sessionOf(request).userId,
      amount: body.amount,
      ...(body.bankAccountId ? { bankAccountId: body.bankAccountId } : {}),
      idempotencyKey,
      returnUrl: (depositId) => `${origin}${DEPOSIT_RETURN_PATH}?depositId=${depositId}`,
      ip: request.ip,
    });
  });
  route(app, verifyGatewayDeposit, async ({ params, body, request }) =>
    deposits.verifyGatewayDeposit(deps, {
      userId: sessionOf(request).userId,
      depositId: params.depositId,
      authority: body.authority,
      status: body.status,
      ip: request.ip,
    }),
  );
  route(app, getDeposit, async ({ params, request }) =>
    deposits.getDeposit(deps.db, sessionOf(request).userId, params.depositId),
  );
}
