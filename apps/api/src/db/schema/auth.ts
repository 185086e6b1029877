import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { MESSAGE_CHANNELS } from '@portal/contract/system/system';
import { createdAt } from './columns';
import { users } from './users';

export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** SHA-256 of the cookie token: a database leak does not hand out sessions. */
    tokenHash: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    ip: text(),
    userAgent: text(),
    /**
     * SHA-256 of the browser's device cookie (a random token kept a year), written with the session: the
     * account's recent devices, which keep a way in when a stranger's failures slow the account (decision
     * 009), and a login whose device no earlier session had sends a security notice (decision 029).
     */
    deviceHash: text(),
    rememberMe: boolean().notNull().default(false),
    /** Last time the user proved who they are in this session (login or step-up), decision 008. */
    authenticatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_uq').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    index('sessions_user_device_idx').on(t.userId, t.deviceHash),
  ],
);

/**
 * Recovery codes of accounts with two-factor on (issue 15, decision 029): ten a set, each usable once.
 * Only a keyed hash is stored (HMAC-SHA256 under a key derived from the app secret, over the user id and
 * the code), never the code; a new set deletes the old one.
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    createdAt: createdAt(),
    /** When the code was used (it works once). */
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_uq').on(t.userId, t.codeHash)],
);

export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: uuid().primaryKey().defaultRandom(),
    mobile: text().notNull(),
    purpose: text().notNull(),
    channel: text({ enum: MESSAGE_CHANNELS }).notNull(),
    /** HMAC-SHA256(secret, purpose:mobile:code) */
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    ip: text(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** Set when the code was used, or replaced by a newer one. */
    consumedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('otp_mobile_created_idx').on(t.mobile, t.createdAt), index('otp_ip_created_idx').on(t.ip, t.createdAt)],
);

/**
 * Consecutive failures of one authentication step (`password`, `totp`…) for one subject (a user id),
 * shared by every instance (decision 009). A success resets the row; asking for a new code does not.
 */
export const authFailures = pgTable(
  'auth_failures',
  {
    step: text().notNull(),
    subject: text().notNull(),
    failures: integer().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
    updatedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.step, t.subject] })],
);

/**
 * Single-use tokens between the steps of a flow: a two-factor login challenge, a password reset, a phone
 * change. Only the SHA-256 of the token is stored.
 */
export const authTickets = pgTable(
  'auth_tickets',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text({ enum: ['two_factor_login', 'password_reset', 'change_phone'] }).notNull(),
    tokenHash: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    consumedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('auth_tickets_token_hash_uq').on(t.tokenHash), index('auth_tickets_user_idx').on(t.userId)],
);
