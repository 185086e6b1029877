import type { FastifyInstance } from 'fastify';
import { listUserRequests } from '@portal/contract/wallet/user-requests';
import type { Db } from '../../db/client';
import { route } from '../../plugins/contract';
import { sessionOf } from '../../plugins/sessions';
import * as userRequests from './user-requests.service';

/** `GET /user-requests` (SPEC §2). */
export function userRequestsRoutes(app: FastifyInstance, deps: { db: Db }): void {
  route(app, listUserRequests, async ({ query, request }) =>
    userRequests.listUserRequests(deps.db, sessionOf(request).userId, query),
  );
}
