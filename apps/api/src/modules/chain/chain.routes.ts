import type { FastifyInstance } from 'fastify';
import {
  createDepositAddress,
  getTetherDeposit,
  listDepositAddresses,
  listTetherDeposits,
} from '@portal/contract/tether/chain';
import type { ChainContext } from '../../adapters/chain/create-chain';
import type { Db } from '../../db/client';
import { route } from '../../plugins/contract';
import { sessionOf } from '../../plugins/sessions';
import * as addresses from './deposit-addresses.service';
import * as deposits from './deposits.service';

/** Tether deposits on chain (SPEC §2 "Tether deposit"; issue 18, decision 040): my addresses and what arrived. */
export function chainRoutes(app: FastifyInstance, deps: { db: Db; chain: ChainContext }): void {
  route(app, listDepositAddresses, async ({ request }) =>
    addresses.listDepositAddresses(deps.db, sessionOf(request).userId),
  );
  route(app, createDepositAddress, async ({ body, request, reply }) => {
    const out = await addresses.createDepositAddress(deps, {
      userId: sessionOf(request).userId,
      network: body.network,
      ip: request.ip,
    });
    // The first request creates it (201); the same one again is answered as it stands (200).
    reply.status(out.created ? 201 : 200);
    return out.address;
  });
  route(app, listTetherDeposits, async ({ query, request }) =>
    deposits.listTetherDeposits(deps.db, sessionOf(request).userId, query.page),
  );
  route(app, getTetherDeposit, async ({ params, request }) =>
    deposits.getTetherDeposit(deps.db, sessionOf(request).userId, params.depositId),
  );
}
