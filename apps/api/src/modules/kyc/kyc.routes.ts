import type { FastifyInstance } from 'fastify';
import { getKyc, submitForeign, submitIdentity, submitVideo } from '@portal/contract/kyc/kyc';
import { route } from '../../plugins/contract';
import { sessionOf } from '../../plugins/sessions';
import { filesRoutes } from './files.routes';
import * as kyc from './kyc.service';

export type { KycDeps } from './kyc.service';

/** The investor's side of identity verification (SPEC §2 "KYC", decision 015) and its files. */
export function kycRoutes(app: FastifyInstance, deps: kyc.KycDeps): void {
  route(app, getKyc, async ({ request }) => kyc.getKycState(deps.db, sessionOf(request).userId));
  route(app, submitIdentity, async ({ body, request }) =>
    kyc.submitIdentity(deps, { userId: sessionOf(request).userId, ...body, ip: request.ip }),
  );
  route(app, submitVideo, async ({ body, request }) =>
    kyc.submitVideo(deps, { userId: sessionOf(request).userId, fileId: body.fileId, ip: request.ip }),
  );
  route(app, submitForeign, async ({ body, request }) =>
    kyc.submitForeign(deps, { userId: sessionOf(request).userId, body, ip: request.ip }),
  );
  filesRoutes(app, deps);
}
