import type { FastifyInstance } from 'fastify';
import { getPortfolioHistory, getPortfolioState } from '@portal/contract/account/portfolio';
import type { Db } from '../../db/client';
import { route } from '../../plugins/contract';
import { sessionOf } from '../../plugins/sessions';
import * as portfolio from './portfolio.service';

/** `GET /account/portfolio/state` and `/history` (issue 19, decision 041). */
export function portfolioRoutes(app: FastifyInstance, deps: { db: Db; now?: () => Date }): void {
  route(app, getPortfolioState, async ({ query, request }) =>
    portfolio.getPortfolioState(deps, sessionOf(request).userId, query.currency),
  );
  route(app, getPortfolioHistory, async ({ query, request }) =>
    portfolio.getPortfolioHistory(deps, sessionOf(request).userId, query.currency, query.days),
  );
}
