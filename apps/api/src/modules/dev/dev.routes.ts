import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { normalizeMobile } from '@portal/contract/core/mobile';
import { listDevOutbox } from '@portal/contract/system/system';
import type { Db } from '../../db/client';
import { devOutbox } from '../../db/schema';
import { route } from '../../plugins/contract';

/**
 * Development only (never registered when NODE_ENV=production): what the outbox SMS and mail adapters
 * "sent" to one number or one address. The contract requires one of them; there is no list of everyone's codes.
 */
export function devRoutes(app: FastifyInstance, deps: { db: Db }) {
  route(app, listDevOutbox, async ({ query }) => {
    const to =
      query.mobile !== undefined ? (normalizeMobile(query.mobile) ?? query.mobile) : query.email?.toLowerCase();
    if (!to) return { items: [] };
    const rows = await deps.db
      .select()
      .from(devOutbox)
      .where(eq(devOutbox.mobile, to))
      .orderBy(desc(devOutbox.createdAt))
      .limit(query.limit);
    return { items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
  });
}
