import type { FastifyInstance } from 'fastify';
import { getTransaction, getWalletHistory, listTransactions, listWallets } from '@portal/contract/wallet/wallets';
import type { Db } from '../../db/client';
import { route } from '../../plugins/contract';
import { sessionOf } from '../../plugins/sessions';
import * as wallets from './wallets.service';

/** Wallets and histories (SPEC §2 "/wallet", "/transaction"). */
export function walletsRoutes(app: FastifyInstance, deps: { db: Db }): void {
  route(app, listWallets, async ({ request }) => ({
    items: await wallets.listWallets(deps.db, sessionOf(request).userId),
  }));
  route(app, getWalletHistory, async ({ request, params, query }) =>
    wallets.getWalletHistory(deps.db, sessionOf(request).userId, params.walletId, query.page),
  );
  route(app, listTransactions, async ({ request, query }) =>
    wallets.listTransactions(deps.db, sessionOf(request).userId, query),
  );
  route(app, getTransaction, async ({ request, params }) =>
    wallets.getTransaction(deps.db, sessionOf(request).userId, params.id),
  );
}
