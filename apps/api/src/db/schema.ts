import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  primaryKey,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** E.164 */
    mobile: text().notNull(),
    country: text().notNull().default('IR'),
    firstName: text(),
    lastName: text(),
    email: text(),
    isEmailVerified: boolean().notNull().default(false),
    /** argon2id PHC string (decision 010). */
    passwordHash: text(),
    /** TOTP secret, AES-256-GCM under a key derived from the app secret (decision 011). Null: two-factor off. */
    twoFactorSecret: text(),
    /** A secret shown by setup and not yet confirmed by a code. */
    twoFactorPendingSecret: text(),
    /** The last TOTP time step accepted: a code works once. */
    twoFactorLastStep: bigint({ mode: 'number' }),
    /** Set by KYC; the identity inquiry checks a new phone number against it. */
    nationalCode: text(),
    antiPhishingPhrase: text(),
    kycLevel: smallint().notNull().default(0),
    shahkarPassed: boolean().notNull().default(false),
    affiliateRole: text({ enum: ['None', 'Affiliate', 'Influencer'] })
      .notNull()
      .default('None'),
    isAffiliateRoleDisabled: boolean().notNull().default(false),
    referralCode: text().notNull(),
    referredBy: uuid(),
    showFillUserInfoPage: boolean().notNull().default(true),
    isDemo: boolean().notNull().default(false),
    /** `investor` or an operator role (contract admin/roles.ts, decision 014). */
    role: text({ enum: ['investor', 'operator', 'senior_operator', 'admin'] })
      .notNull()
      .default('investor'),
    /** Frozen by an operator: can log in and look, not move money (`ACCOUNT_FROZEN`). */
    frozenAt: timestamp({ withTimezone: true }),
    frozenReason: text(),
    /** KYC (decision 015): the track chosen by the first step, and what verification put on file. */
    kycTrack: text({ enum: ['iranian', 'foreign'] }),
    /** `YYYY-MM-DD`, Gregorian. */
    birthDate: text(),
    firstNameEn: text(),
    lastNameEn: text(),
    /** ISO 3166-1 alpha-2. */
    nationality: text(),
    passportNumber: text(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_mobile_uq').on(t.mobile),
    uniqueIndex('users_referral_code_uq').on(t.referralCode),
    /** One verified person, one account. */
    uniqueIndex('users_national_code_uq')
      .on(t.nationalCode)
      .where(sql`national_code is not null`),
  ],
);

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
    rememberMe: boolean().notNull().default(false),
    /** Last time the user proved who they are in this session (login or step-up), decision 008. */
    authenticatedAt: createdAt(),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: uuid().primaryKey().defaultRandom(),
    mobile: text().notNull(),
    purpose: text().notNull(),
    channel: text({ enum: ['sms', 'voice', 'email'] }).notNull(),
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

/** What the local SMS adapter "sent": read by developers, tests and the operator console. */
export const devOutbox = pgTable(
  'dev_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    mobile: text().notNull(),
    channel: text({ enum: ['sms', 'voice', 'email'] }).notNull(),
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

/** Uploaded KYC files (video selfies, passport images); the bytes live in the storage port. */
export const files = pgTable(
  'files',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerUserId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: ['kyc_video', 'passport_image'] }).notNull(),
    /** Detected from the magic bytes, not the client's header. */
    mime: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    sha256: text().notNull(),
    /** The object's key in the storage port. */
    storageKey: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('files_owner_idx').on(t.ownerUserId, t.createdAt)],
);

/**
 * KYC submissions (decision 015): `identity` (level one, decided at once by the identity inquiry),
 * `video` (Iranian level two) and `foreign` (passport + video), the last two reviewed by an operator.
 */
export const kycSubmissions = pgTable(
  'kyc_submissions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['identity', 'video', 'foreign'] }).notNull(),
    status: text({ enum: ['pending', 'approved', 'rejected'] }).notNull(),
    /** What was submitted (national code and birth date, or the foreign fields). */
    data: jsonb()
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    videoFileId: uuid().references(() => files.id),
    passportImageFileId: uuid().references(() => files.id),
    rejectReason: text(),
    /** Internal, for operators. */
    reviewComment: text(),
    reviewerId: uuid().references(() => users.id),
    reviewedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('kyc_submissions_user_idx').on(t.userId, t.createdAt),
    index('kyc_submissions_status_idx').on(t.status, t.createdAt),
    /** At most one submission waiting for review per user. */
    uniqueIndex('kyc_submissions_one_pending_uq')
      .on(t.userId)
      .where(sql`status = 'pending'`),
  ],
);

/** Operators' internal notes on a user. */
export const userNotes = pgTable(
  'user_notes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: uuid()
      .notNull()
      .references(() => users.id),
    text: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('user_notes_user_idx').on(t.userId, t.createdAt)],
);
