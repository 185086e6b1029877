import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CONSULTATION_STATUSES } from '@portal/contract/admin/funds';
import { FUND_ANNOUNCEMENT_KINDS } from '@portal/contract/funds/catalogue';
import {
  CONSULTATION_PERIODS,
  FUND_CATEGORIES,
  FUND_CURRENCIES,
  FUND_KINDS,
  FUND_PRESETS,
} from '@portal/contract/funds/funds';
import { createdAt, type LocalizedText } from './columns';
import { users } from './users';

/**
 * Funds (treasuries; issue 6, decisions 021 and 022). A fund's units live in the ledger as the currency
 * `U:<fund id>` (decision 022): the investor's `available`/`held` unit accounts and the fund's
 * `fund_units` system account, whose balance is minus the units outstanding.
 */
export const funds = pgTable(
  'funds',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** A short stable name for links and logs (`gold-1`). */
    code: text().notNull(),
    /** SPEC §1 kinds: gold, silver, staking, index, active, vip. */
    kind: text({ enum: FUND_KINDS }).notNull(),
    /** SPEC §1 presets: the look of the fund's page. */
    preset: text({ enum: FUND_PRESETS }).notNull(),
    /** SPEC §3 `FundType` in the reading of decision 021: 1 Index, 2 FixedIncome (shown as staking), 3 Active. */
    fundType: smallint().notNull(),
    /** The invest tab of `/funds` it is listed under. */
    category: text({ enum: FUND_CATEGORIES }).notNull(),
    /** SPEC §3 `FundRisk`: 10, 25, 35, 60, 100. */
    risk: smallint().notNull(),
    /** The currency its NAV, purchases and redemptions are in. */
    currency: text({ enum: FUND_CURRENCIES }).notNull(),
    name: jsonb().$type<LocalizedText>().notNull(),
    summary: jsonb().$type<LocalizedText>().notNull(),
    about: jsonb().$type<LocalizedText>().notNull(),
    /** Minor units of `currency`. */
    purchaseFixedFee: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Yearly, already taken out of the NAV; shown in the fee breakdown. */
    managementFeeBps: integer().notNull().default(0),
    redeemFixedFee: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    performanceFeeBps: integer().notNull().default(0),
    minPurchase: bigint({ mode: 'bigint' }).notNull(),
    maxPurchase: bigint({ mode: 'bigint' }),
    /** The fewest units (unit-minors) one redemption may ask for. */
    minRedeemUnits: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`1`),
    buyingPaused: boolean().notNull().default(false),
    redeemingPaused: boolean().notNull().default(false),
    /** Listed to investors. */
    published: boolean().notNull().default(true),
    /** Seeded by the embedded demo (shown with a demo badge). */
    isDemo: boolean().notNull().default(false),
    /** Top holdings: label and percent (two decimals as a string). */
    assetAllocation: jsonb()
      .$type<{ label: LocalizedText; percent: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    licences: jsonb()
      .$type<{ title: LocalizedText; number: string; issuer: LocalizedText; issuedOn: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    documents: jsonb()
      .$type<{ title: LocalizedText; url: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    sortOrder: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('funds_code_uq').on(t.code),
    check('funds_fund_type', sql`${t.fundType} IN (1, 2, 3)`),
    check('funds_risk', sql`${t.risk} IN (10, 25, 35, 60, 100)`),
    check(
      'funds_fees_nonneg',
      sql`${t.purchaseFixedFee} >= 0 AND ${t.redeemFixedFee} >= 0 AND ${t.managementFeeBps} BETWEEN 0 AND 10000 AND ${t.performanceFeeBps} BETWEEN 0 AND 10000`,
    ),
    check(
      'funds_limits',
      sql`${t.minPurchase} > 0 AND (${t.maxPurchase} IS NULL OR ${t.maxPurchase} >= ${t.minPurchase}) AND ${t.minRedeemUnits} > 0`,
    ),
  ],
);

/** The daily NAV of a fund (decision 022): one per Tehran date; a correction is audited. */
export const fundNavs = pgTable(
  'fund_navs',
  {
    fundId: uuid()
      .notNull()
      .references(() => funds.id, { onDelete: 'cascade' }),
    /** The Tehran calendar date the NAV is for. */
    navDate: date({ mode: 'string' }).notNull(),
    /** Minor units of the fund's currency per whole unit. */
    nav: bigint({ mode: 'bigint' }).notNull(),
    publishedAt: createdAt(),
    publishedBy: uuid().references(() => users.id),
    /** Set when an operator corrected a published NAV (the audit log holds the old value and the reason). */
    correctedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.fundId, t.navDate] }), check('fund_navs_positive', sql`${t.nav} > 0`)],
);

/** Announcements and reports of a fund (SPEC §2): an announcement may need the investor's agreement. */
export const fundAnnouncements = pgTable(
  'fund_announcements',
  {
    id: uuid().primaryKey().defaultRandom(),
    fundId: uuid()
      .notNull()
      .references(() => funds.id, { onDelete: 'cascade' }),
    kind: text({ enum: FUND_ANNOUNCEMENT_KINDS }).notNull(),
    title: jsonb().$type<LocalizedText>().notNull(),
    body: jsonb().$type<LocalizedText>().notNull(),
    /** The investor must tick "I agree" to mark it seen. */
    requiresAgreement: boolean().notNull().default(false),
    /** A report's document (an address the operator gives). */
    documentUrl: text(),
    createdBy: uuid().references(() => users.id),
    publishedAt: createdAt(),
  },
  (t) => [index('fund_announcements_fund_idx').on(t.fundId, t.publishedAt)],
);

export const fundAnnouncementReads = pgTable(
  'fund_announcement_reads',
  {
    announcementId: uuid()
      .notNull()
      .references(() => fundAnnouncements.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seenAt: createdAt(),
    agreedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.userId] })],
);

/** A consultation call an investor asked for from a fund's page (SPEC §2, §3); operators work the queue. */
export const fundConsultations = pgTable(
  'fund_consultations',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fundId: uuid()
      .notNull()
      .references(() => funds.id, { onDelete: 'cascade' }),
    /** The Tehran date of the call (Today or Tomorrow when asked). */
    callDate: date({ mode: 'string' }).notNull(),
    period: text({ enum: CONSULTATION_PERIODS }).notNull(),
    /** E.164 */
    phone: text().notNull(),
    status: text({ enum: CONSULTATION_STATUSES }).notNull(),
    handledBy: uuid().references(() => users.id),
    handledAt: timestamp({ withTimezone: true }),
    note: text(),
    createdAt: createdAt(),
  },
  (t) => [index('fund_consultations_queue_idx').on(t.status, t.callDate, t.createdAt)],
);
