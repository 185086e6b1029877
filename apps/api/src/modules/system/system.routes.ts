import type { FastifyInstance } from 'fastify';
import { APP_VERSION } from '@portal/contract/core/constants';
import { getHealth } from '@portal/contract/system/system';
import type { Database } from '../../db/client';
import { route } from '../../plugins/contract';

export function systemRoutes(app: FastifyInstance, deps: { database: Database }) {
  route(app, getHealth, async ({ reply }) => {
    let latencyMs: number | null = null;
    try {
      latencyMs = await deps.database.ping();
    } catch (err) {
      app.log.warn({ err }, 'health: database ping failed');
    }
    const up = latencyMs !== null;
    if (!up) reply.status(503);
    return {
      status: up ? ('ok' as const) : ('degraded' as const),
      version: APP_VERSION,
      database: { status: up ? ('up' as const) : ('down' as const), driver: deps.database.driver, latencyMs },
      uptimeSeconds: Math.round(process.uptime()),
    };
  });
}
