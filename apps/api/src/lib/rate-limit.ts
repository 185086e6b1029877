import { sql } from 'drizzle-orm';
import { AppError } from '@portal/contract/core/errors';
import { queryRows, type DbOrTx } from '../db/client';

export interface RateRule {
  bucket: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Counts one event of `key` in the current fixed window (one atomic upsert, shared by every
 * instance) and refuses with `RATE_LIMITED` past the rule's limit.
 */
export async function hitRateLimit(db: DbOrTx, rule: RateRule, key: string, now = new Date()): Promise<void> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`insert into rate_counters (bucket, key, window_start, count)
        values (${rule.bucket}, ${key}, ${windowStart.toISOString()}, 1)
        on conflict (bucket, key, window_start) do update set count = rate_counters.count + 1
        returning count`,
  );
  if ((row?.count ?? 0) > rule.limit) {
    const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
    throw new AppError('RATE_LIMITED', 'Too many requests; try again later', { retryAfterSeconds });
  }
}
