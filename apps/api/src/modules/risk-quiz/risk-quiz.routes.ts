import type { FastifyInstance } from 'fastify';
import { getRiskQuiz, listRiskResults, submitRiskQuiz } from '@portal/contract/baskets/risk-quiz';
import { route } from '../../plugins/contract';
import { sessionOf } from '../../plugins/sessions';
import { myResults, publishedQuiz, submitAnswers, type RiskQuizDeps } from './risk-quiz.service';

/** The risk quiz (SPEC §2 `/risk-quiz`, `/risk-quiz/calc`; issue 20, decision 045). */
export function riskQuizRoutes(app: FastifyInstance, deps: RiskQuizDeps): void {
  route(app, getRiskQuiz, async () => publishedQuiz(deps.db));
  route(app, submitRiskQuiz, async ({ body, request, idempotencyKey }) =>
    submitAnswers(deps, { userId: sessionOf(request).userId, idempotencyKey, body }),
  );
  route(app, listRiskResults, async ({ request }) => myResults(deps.db, sessionOf(request).userId));
}
