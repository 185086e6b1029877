import type { FastifyInstance } from 'fastify';
import { getAccount } from '@portal/contract/account/account';
import type { Db } from '../../db/client';
import type { InvalidationBus } from '../../lib/invalidation';
import { route } from '../../plugins/contract';
import { sessionOf } from '../auth/sessions';
import * as account from './account.service';

export function accountRoutes(app: FastifyInstance, deps: { db: Db; bus: InvalidationBus }) {
  const cache = account.createAccountCache(deps.bus);
  app.addHook('onClose', async () => cache.unsubscribe());
  route(app, getAccount, async ({ request }) => account.getAccount(deps.db, cache, sessionOf(request).userId));
}
