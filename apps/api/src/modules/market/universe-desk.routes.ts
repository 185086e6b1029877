import type { FastifyInstance } from 'fastify';
import { adminGetUniverse, adminGetUniverseAsset } from '@portal/contract/admin/universe';
import { route } from '../../plugins/contract';
import * as desk from './universe-desk.service';

/** The console's universe desk (issue 20, decision 045): reads only. Transport only. */
export function universeDeskRoutes(app: FastifyInstance, deps: desk.UniverseDeskDeps): void {
  route(app, adminGetUniverse, async ({ query }) => desk.getUniverse(deps, query));
  route(app, adminGetUniverseAsset, async ({ params }) => desk.getUniverseAsset(deps.db, params.symbol));
}
