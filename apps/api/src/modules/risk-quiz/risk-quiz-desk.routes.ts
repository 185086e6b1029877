import type { FastifyInstance } from 'fastify';
import {
  adminCreateRiskQuizDraft,
  adminDiscardRiskQuizDraft,
  adminGetRiskQuizDesk,
  adminGetRiskQuizVersion,
  adminPublishRiskQuizDraft,
  adminSaveRiskQuizDraft,
} from '@portal/contract/admin/risk-quiz';
import { operatorOf } from '../../plugins/access';
import { route } from '../../plugins/contract';
import * as desk from './risk-quiz-desk.service';

/** The console's risk quiz editor (issue 20, decision 045). Transport only. */
export function riskQuizDeskRoutes(app: FastifyInstance, deps: desk.RiskQuizDeskDeps): void {
  const act = (request: Parameters<typeof operatorOf>[0]) => ({
    operatorId: operatorOf(request).userId,
    ip: request.ip,
  });
  route(app, adminGetRiskQuizDesk, async () => desk.riskQuizDesk(deps));
  route(app, adminGetRiskQuizVersion, async ({ params }) => desk.versionDetail(deps, params.versionId));
  route(app, adminCreateRiskQuizDraft, async ({ request }) => desk.createDraft(deps, act(request)));
  route(app, adminSaveRiskQuizDraft, async ({ body, request }) => desk.saveDraft(deps, act(request), body));
  route(app, adminDiscardRiskQuizDraft, async ({ request }) => desk.discardDraft(deps, act(request)));
  route(app, adminPublishRiskQuizDraft, async ({ request }) => desk.publish(deps, act(request)));
}
