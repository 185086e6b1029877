import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { normalizeMobile } from '@portal/contract/core/mobile';
import { listDevOutbox } from '@portal/contract/system/system';
import type { Db } from '../../db/client';
import { devOutbox } from '../../db/schema';
import { route } from '../../plugins/contract';

/** Development only (never registered when NODE_ENV=production): what the outbox SMS adapter "sent". */
export function devRoutes(app: FastifyInstance, deps: { db: Db }) {
  route(app, listDevOutbox, async ({ query }) => {
    const mobile = query.mobile
      ? (normalizeMobile(query.mobile) ?? query.mobile)
      : query.email
        ? query.email.trim().toLowerCase()
        : undefined;
    const rows = await deps.db
      .select()
      .from(devOutbox)
      .where(mobile ? eq(devOutbox.mobile, mobile) : undefined)
      .orderBy(desc(devOutbox.createdAt))
      .limit(query.limit);
    return { items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
  });
}
