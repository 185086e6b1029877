import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '@portal/contract/core/errors';
import { queryRows, timestamptzOf, type DbOrTx } from '../db/client';
import { rateCounters } from '../db/schema';

export interface RateRule {
  bucket: string;
  limit: number;
  windowSeconds: number;
}

/**
 * A rule counted over the last `windowSeconds` rather than a fixed window: events are stored in slices
 * of `stepSeconds` (rows of `rate_counters`) and the slices still in the window are summed, so a limit
 * holds across the end of a fixed window (a burst just before and just after it is still one window).
 */
export interface SlidingRule extends RateRule {
  stepSeconds: number;
}

const windowStartOf = (now: Date, seconds: number) =>
  new Date(Math.floor(now.getTime() / (seconds * 1000)) * seconds * 1000);

/**
 * Counts one event of `key` in the current fixed window (one atomic upsert, shared by every
 * instance) and refuses with `RATE_LIMITED` past the rule's limit.
 */
export async function hitRateLimit(db: DbOrTx, rule: RateRule, key: string, now = new Date()): Promise<void> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = windowStartOf(now, rule.windowSeconds);
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

/** Counts one event of `key` now under a sliding rule (one atomic upsert into the current slice). */
export async function countEvent(db: DbOrTx, rule: SlidingRule, key: string, now: Date): Promise<void> {
  await db.execute(
    sql`insert into rate_counters (bucket, key, window_start, count)
        values (${rule.bucket}, ${key}, ${windowStartOf(now, rule.stepSeconds).toISOString()}, 1)
        on conflict (bucket, key, window_start) do update set count = rate_counters.count + 1`,
  );
}

/**
 * The events of `key` in the rule's last window, whether they reach its limit, and how long until the
 * oldest slice leaves the window (the wait to give when they do). A slice that began inside the window
 * counts whole, so the count errs on the side of the limit by at most one slice.
 */
export async function recentEvents(
  db: DbOrTx,
  rule: SlidingRule,
  key: string,
  now: Date,
): Promise<{ count: number; reached: boolean; retryAfterSeconds: number }> {
  const since = new Date(now.getTime() - rule.windowSeconds * 1000);
  const [row] = await queryRows<{ count: number; oldest: string | null }>(
    db,
    sql`select coalesce(sum(count), 0)::int as count, min(window_start) as oldest from rate_counters
        where bucket = ${rule.bucket} and key = ${key} and window_start > ${since.toISOString()}`,
  );
  const count = row?.count ?? 0;
  const oldest = row?.oldest ? timestamptzOf(row.oldest) : now;
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((oldest.getTime() + rule.windowSeconds * 1000 - now.getTime()) / 1000),
  );
  return { count, reached: count >= rule.limit, retryAfterSeconds };
}

/** Forgets every count of `key` in `bucket` (a success that clears the failures behind a lock). */
export async function forgetEvents(db: DbOrTx, bucket: string, key: string): Promise<void> {
  await db.delete(rateCounters).where(and(eq(rateCounters.bucket, bucket), eq(rateCounters.key, key)));
}
