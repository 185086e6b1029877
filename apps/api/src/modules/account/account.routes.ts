import type { FastifyInstance } from 'fastify';
import { getAccount } from '@portal/contract/account/account';
import type { Db } from '../../db/client';
import { route } from '../../plugins/contract';
import { sessionOf } from '../auth/sessions';
import * as account from './account.service';

export function accountRoutes(app: FastifyInstance, deps: { db: Db }) {
  route(app, getAccount, async ({ request }) => account.getAccount(deps.db, sessionOf(request).userId));
}
