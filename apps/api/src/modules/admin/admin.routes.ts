import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { InvalidationBus } from '../../lib/invalidation';

export interface AdminDeps {
  db: Db;
  bus: InvalidationBus;
  now?: () => Date;
}

export function adminRoutes(_app: FastifyInstance, _deps: AdminDeps): void {}
