import { sql } from 'drizzle-orm';
import { bigint, boolean, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ROLES } from '@portal/contract/admin/roles';
import { AffiliateRole } from '@portal/contract/core/enums';
import { KYC_TRACKS } from '@portal/contract/kyc/kyc';
import { createdAt } from './columns';

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
    affiliateRole: text({ enum: AffiliateRole }).notNull().default('None'),
    isAffiliateRoleDisabled: boolean().notNull().default(false),
    referralCode: text().notNull(),
    referredBy: uuid(),
    showFillUserInfoPage: boolean().notNull().default(true),
    isDemo: boolean().notNull().default(false),
    /** `investor` or an operator role (contract admin/roles.ts, decision 014). */
    role: text({ enum: ROLES }).notNull().default('investor'),
    /** Frozen by an operator: can log in and look, not move money (`ACCOUNT_FROZEN`). */
    frozenAt: timestamp({ withTimezone: true }),
    frozenReason: text(),
    /** KYC (decision 015): the track chosen by the first step, and what verification put on file. */
    kycTrack: text({ enum: KYC_TRACKS }),
    /** `YYYY-MM-DD`, Gregorian. */
    birthDate: text(),
    firstNameEn: text(),
    lastNameEn: text(),
    /** ISO 3166-1 alpha-2. */
    nationality: text(),
    passportNumber: text(),
    /**
     * Withdrawals are held until then after a sensitive change (issue 15, decision 029: password reset,
     * phone change, two-factor off or recovered); null or past: not held.
     */
    withdrawalsHeldUntil: timestamp({ withTimezone: true }),
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
