import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { MESSAGE_CHANNELS } from '@portal/contract/system/system';
import { createdAt } from './columns';
import { users } from './users';

/** What the local SMS adapter "sent": read by developers, tests and the operator console. */
export const devOutbox = pgTable(
  'dev_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    mobile: text().notNull(),
    channel: text({ enum: MESSAGE_CHANNELS }).notNull(),
    purpose: text().notNull(),
    code: text(),
    text: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('dev_outbox_mobile_created_idx').on(t.mobile, t.createdAt)],
);

/** Append-only record of security and money events. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    at: createdAt(),
    actorUserId: uuid(),
    action: text().notNull(),
    subjectType: text(),
    subjectId: text(),
    ip: text(),
    data: jsonb()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [
    index('audit_actor_at_idx').on(t.actorUserId, t.at),
    index('audit_action_at_idx').on(t.action, t.at),
    index('audit_subject_at_idx').on(t.subjectId, t.at),
    index('audit_at_idx').on(t.at),
  ],
);

/** Fixed-window request counters shared by every instance (`lib/rate-limit.ts`). */
export const rateCounters = pgTable(
  'rate_counters',
  {
    bucket: text().notNull(),
    key: text().notNull(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key, t.windowStart] })],
);

/**
 * Idempotency records of money requests (DESIGN "Money"): the first answer to `(userId, key)` is kept
 * and returned to every retry; the same key with another request body is refused.
 */
export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    /** The operation (endpoint id) and the SHA-256 of its canonical request. */
    operation: text().notNull(),
    requestHash: text().notNull(),
    response: jsonb(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
