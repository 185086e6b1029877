import type { FastifyInstance } from 'fastify';
import { getRecoveryCodesStatus, regenerateRecoveryCodes } from '@portal/contract/account/security';
import type { Db } from '../../db/client';
import { route } from '../../plugins/contract';
import * as recovery from './recovery-codes';
import { sessionOf } from '../../plugins/sessions';

/** The account's recovery codes (issue 15, decision 029): how many are left, and a new set after a step-up. */
export function recoveryCodesRoutes(app: FastifyInstance, deps: { db: Db; secret: string; now?: () => Date }) {
  route(app, getRecoveryCodesStatus, async ({ request }) =>
    recovery.getRecoveryCodesStatus(deps.db, sessionOf(request).userId),
  );
  route(app, regenerateRecoveryCodes, async ({ request }) =>
    recovery.regenerateRecoveryCodes(deps, { ...sessionOf(request), ip: request.ip }),
  );
}
