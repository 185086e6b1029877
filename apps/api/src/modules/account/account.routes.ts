import type { FastifyInstance } from 'fastify';
import { dismissFillUserInfo, getAccount, updateProfile } from '@portal/contract/account/account';
import { clearAntiPhishingPhrase, listSecurityEvents, setAntiPhishingPhrase } from '@portal/contract/account/security';
import { endOtherSessions, endSession, listSessions } from '@portal/contract/account/sessions';
import type { Db } from '../../db/client';
import type { InvalidationBus } from '../../lib/invalidation';
import { route } from '../../plugins/contract';
import { sessionOf } from '../../plugins/sessions';
import * as account from './account.service';
import * as security from './security.service';

export function accountRoutes(app: FastifyInstance, deps: { db: Db; bus: InvalidationBus; now?: () => Date }) {
  const cache = account.createAccountCache(deps.bus);
  app.addHook('onClose', async () => cache.unsubscribe());
  route(app, getAccount, async ({ request }) =>
    account.getAccount(deps.db, cache, sessionOf(request).userId, deps.now?.()),
  );
  route(app, updateProfile, async ({ body, request }) =>
    account.updateProfile(deps, sessionOf(request).userId, body, request.ip),
  );
  route(app, dismissFillUserInfo, async ({ request }) => account.dismissFillUserInfo(deps, sessionOf(request).userId));

  route(app, listSessions, async ({ request }) => ({
    items: await security.listSessions(deps.db, sessionOf(request)),
  }));
  route(app, endSession, async ({ params, request }) =>
    security.endSession(deps, sessionOf(request), params.id, request.ip),
  );
  route(app, endOtherSessions, async ({ request }) => security.endOtherSessions(deps, sessionOf(request), request.ip));

  route(app, listSecurityEvents, async ({ query, request }) => ({
    items: await security.listSecurityEvents(deps.db, sessionOf(request).userId, query),
  }));
  route(app, setAntiPhishingPhrase, async ({ body, request }) =>
    security.setAntiPhishingPhrase(deps, sessionOf(request).userId, body.phrase, request.ip),
  );
  route(app, clearAntiPhishingPhrase, async ({ request }) =>
    security.setAntiPhishingPhrase(deps, sessionOf(request).userId, null, request.ip),
  );
}
