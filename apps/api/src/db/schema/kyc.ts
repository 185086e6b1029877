import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  FILE_PURPOSES,
  type FilePurpose,
  KYC_SUBMISSION_KINDS,
  KYC_SUBMISSION_STATUSES,
} from '@portal/contract/kyc/kyc';
import { createdAt } from './columns';
import { users } from './users';

const FILE_PURPOSE_NAMES = Object.keys(FILE_PURPOSES) as [FilePurpose, ...FilePurpose[]];

/** Uploaded files (KYC video selfies and passport images, deposit receipts); the bytes live in the storage port. */
export const files = pgTable(
  'files',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerUserId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: FILE_PURPOSE_NAMES }).notNull(),
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
    kind: text({ enum: KYC_SUBMISSION_KINDS }).notNull(),
    status: text({ enum: KYC_SUBMISSION_STATUSES }).notNull(),
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
