import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
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
import { FUND_CURRENCIES, PURCHASE_STATUSES, REDEMPTION_STATUSES } from '@portal/contract/funds/funds';
import { PURCHASE_METHODS } from '@portal/contract/funds/orders';
import { createdAt } from './columns';
import { deposits } from './deposits';
import { funds } from './funds';
import { ledgerJournals } from './ledger';
import { riskQuizResults } from './risk-quiz';
import { users } from './users';

/**
 * A purchase request (SPEC §2 "Fund purchase"; decision 022). By wallet: the amount is held at once and
 * the units issued at the NAV of the order's Tehran date when it is published (`Successful`), else when
 * it is (`Waiting`). By card: `PaymentPending` until the gateway's payment is verified, then the same.
 */
export const fundPurchases = pgTable(
  'fund_purchases',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    fundId: uuid()
      .notNull()
      .references(() => funds.id, { onDelete: 'restrict' }),
    method: text({ enum: PURCHASE_METHODS }).notNull(),
    status: text({ enum: PURCHASE_STATUSES }).notNull(),
    currency: text({ enum: FUND_CURRENCIES }).notNull(),
    /** What the investor offered (minor units). */
    amount: bigint({ mode: 'bigint' }).notNull(),
    fixedFee: bigint({ mode: 'bigint' }).notNull(),
    /** The Tehran date whose NAV prices the order. */
    navDate: date({ mode: 'string' }).notNull(),
    nav: bigint({ mode: 'bigint' }),
    units: bigint({ mode: 'bigint' }),
    cost: bigint({ mode: 'bigint' }),
    /** The card payment (a gateway deposit) that funds it. */
    depositId: uuid().references(() => deposits.id),
    holdJournalId: uuid().references(() => ledgerJournals.id),
    journalId: uuid().references(() => ledgerJournals.id),
    failReason: text(),
    pricedAt: timestamp({ withTimezone: true }),
    /** The investor's latest risk quiz result when they bought (issue 20, migration 0020); null: none. */
    riskResultId: uuid().references((): AnyPgColumn => riskQuizResults.id, { onDelete: 'set null' }),
    /** The fund was riskier than that result (or there was none) and the investor confirmed buying it. */
    riskAcknowledged: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index('fund_purchases_user_idx').on(t.userId, t.createdAt),
    index('fund_purchases_waiting_idx')
      .on(t.fundId, t.navDate)
      .where(sql`status = 'Waiting'`),
    /** A card purchase's payment pays for it alone; its purpose finds it by the payment (decision 031). */
    uniqueIndex('fund_purchases_deposit_uq')
      .on(t.depositId)
      .where(sql`deposit_id IS NOT NULL`),
    check('fund_purchases_amount_positive', sql`${t.amount} > 0 AND ${t.fixedFee} >= 0`),
    check(
      'fund_purchases_priced',
      sql`(${t.status} = 'Successful') = (${t.units} IS NOT NULL AND ${t.nav} IS NOT NULL AND ${t.journalId} IS NOT NULL)`,
    ),
  ],
);

/** A lot: the units of one purchase, redeemed first in, first out (decision 022). */
export const fundLots = pgTable(
  'fund_lots',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    fundId: uuid()
      .notNull()
      .references(() => funds.id, { onDelete: 'restrict' }),
    /** The purchase, or null for units from elsewhere (a gift). */
    purchaseId: uuid().references(() => fundPurchases.id),
    unitsIssued: bigint({ mode: 'bigint' }).notNull(),
    unitsRemaining: bigint({ mode: 'bigint' }).notNull(),
    nav: bigint({ mode: 'bigint' }).notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('fund_lots_holder_idx').on(t.userId, t.fundId, t.issuedAt),
    check(
      'fund_lots_units',
      sql`${t.unitsIssued} > 0 AND ${t.unitsRemaining} >= 0 AND ${t.unitsRemaining} <= ${t.unitsIssued}`,
    ),
  ],
);

/**
 * A redemption (SPEC §2 "Fund redeem"; decision 022): the units move to held at once and are bought back
 * at the NAV of the request's Tehran date, lot by lot, oldest first, each lot with its early-exit fee.
 */
export const fundRedemptions = pgTable(
  'fund_redemptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    fundId: uuid()
      .notNull()
      .references(() => funds.id, { onDelete: 'restrict' }),
    status: text({ enum: REDEMPTION_STATUSES }).notNull(),
    currency: text({ enum: FUND_CURRENCIES }).notNull(),
    units: bigint({ mode: 'bigint' }).notNull(),
    navDate: date({ mode: 'string' }).notNull(),
    nav: bigint({ mode: 'bigint' }),
    value: bigint({ mode: 'bigint' }),
    fixedFee: bigint({ mode: 'bigint' }),
    earlyExitFee: bigint({ mode: 'bigint' }),
    performanceFee: bigint({ mode: 'bigint' }),
    proceeds: bigint({ mode: 'bigint' }),
    /** Per lot: units, value, early-exit rate and fee, performance fee (strings of minor units). */
    takes: jsonb().$type<Record<string, string>[]>(),
    holdJournalId: uuid()
      .notNull()
      .references(() => ledgerJournals.id),
    journalId: uuid().references(() => ledgerJournals.id),
    pricedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index('fund_redemptions_user_idx').on(t.userId, t.createdAt),
    index('fund_redemptions_waiting_idx')
      .on(t.fundId, t.navDate)
      .where(sql`status = 'Waiting'`),
    check('fund_redemptions_units_positive', sql`${t.units} > 0`),
    check(
      'fund_redemptions_priced',
      sql`(${t.status} = 'Successful') = (${t.proceeds} IS NOT NULL AND ${t.journalId} IS NOT NULL)`,
    ),
  ],
);

/** A dividend an operator distributed to a fund's holders (`FundHolderDividendDistribution`, SPEC §3). */
export const fundDividends = pgTable(
  'fund_dividends',
  {
    id: uuid().primaryKey().defaultRandom(),
    fundId: uuid()
      .notNull()
      .references(() => funds.id, { onDelete: 'restrict' }),
    /** Minor units of the fund's currency per whole unit. */
    perUnit: bigint({ mode: 'bigint' }).notNull(),
    total: bigint({ mode: 'bigint' }).notNull(),
    holders: integer().notNull(),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [check('fund_dividends_positive', sql`${t.perUnit} > 0`)],
);

export const fundDividendPayments = pgTable(
  'fund_dividend_payments',
  {
    dividendId: uuid()
      .notNull()
      .references(() => fundDividends.id, { onDelete: 'restrict' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    units: bigint({ mode: 'bigint' }).notNull(),
    amount: bigint({ mode: 'bigint' }).notNull(),
    journalId: uuid()
      .notNull()
      .references(() => ledgerJournals.id),
  },
  (t) => [primaryKey({ columns: [t.dividendId, t.userId] })],
);
