import type { FastifyInstance } from 'fastify';
import { adminListUserJournals } from '@portal/contract/admin/user-ledger';
import type { Db } from '../../db/client';
import { route } from '../../plugins/contract';
import { listUserJournals } from './user-ledger.service';

/** The console's journals view of a user (`money.read`). */
export function userLedgerRoutes(app: FastifyInstance, deps: { db: Db }): void {
  route(app, adminListUserJournals, async ({ params, query }) =>
    listUserJournals(deps.db, { userId: params.userId, currency: query.currency, page: query.page }),
  );
}
