import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  addUserNote,
  adminMe,
  approveKyc,
  freezeUser,
  getKycSubmission,
  getUser,
  listKyc,
  recoverOperator,
  rejectKyc,
  searchAudit,
  searchUsers,
  setUserRole,
  unfreezeUser,
} from '@portal/contract/admin/admin';
import type { Db } from '../../db/client';
import type { InvalidationBus } from '../../lib/invalidation';
import { route } from '../../plugins/contract';
import { operatorOf } from '../../plugins/access';
import * as admin from './admin.service';

export interface AdminDeps {
  db: Db;
  bus: InvalidationBus;
  now?: () => Date;
}

const actorOf = (request: FastifyRequest): admin.Actor => ({ operator: operatorOf(request), ip: request.ip });

/**
 * The operator console's API (decision 014). `route()` checks each endpoint's `permission` before
 * anything else; the handlers only transport.
 */
export function adminRoutes(app: FastifyInstance, deps: AdminDeps): void {
  route(app, adminMe, async ({ request }) => admin.getAdminMe(deps.db, operatorOf(request)));

  route(app, searchUsers, async ({ query }) => admin.searchUsers(deps.db, query));
  route(app, getUser, async ({ params }) => admin.getUserDetail(deps.db, params.userId));
  route(app, addUserNote, async ({ params, body, request }) =>
    admin.addUserNote(deps, actorOf(request), params.userId, body.text),
  );
  route(app, freezeUser, async ({ params, body, request }) =>
    admin.setFrozen(deps, actorOf(request), { userId: params.userId, frozen: true, reason: body.reason }),
  );
  route(app, unfreezeUser, async ({ params, body, request }) =>
    admin.setFrozen(deps, actorOf(request), { userId: params.userId, frozen: false, reason: body.reason }),
  );
  route(app, setUserRole, async ({ params, body, request }) =>
    admin.setUserRole(deps, actorOf(request), { userId: params.userId, role: body.role }),
  );
  route(app, recoverOperator, async ({ params, body, request }) =>
    admin.recoverOperator(deps, actorOf(request), { userId: params.userId, reason: body.reason }),
  );

  route(app, listKyc, async ({ query }) => admin.listKyc(deps.db, query));
  route(app, getKycSubmission, async ({ params }) => admin.getKycDetail(deps.db, params.submissionId));
  route(app, approveKyc, async ({ params, request }) =>
    admin.decideKyc(deps, actorOf(request), params.submissionId, { approve: true }),
  );
  route(app, rejectKyc, async ({ params, body, request }) =>
    admin.decideKyc(deps, actorOf(request), params.submissionId, {
      approve: false,
      reason: body.reason,
      comment: body.comment,
    }),
  );

  route(app, searchAudit, async ({ query }) => admin.searchAudit(deps.db, query));
}
