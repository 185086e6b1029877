import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { IdentityPort } from '../../adapters/identity/identity.port';
import type { StoragePort } from '../../adapters/storage/storage.port';
import type { InvalidationBus } from '../../lib/invalidation';

export interface KycDeps {
  db: Db;
  bus: InvalidationBus;
  identity: IdentityPort;
  storage: StoragePort;
  now?: () => Date;
}

export function kycRoutes(_app: FastifyInstance, _deps: KycDeps): void {}
