import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ExchangeId, MarketType } from '@portal/contract/baskets/universe';
import type { BasketConstruction, BasketTrade } from '@portal/contract/baskets/orders';
import type { BasketSettingsValues } from '@portal/contract/admin/proposal-view';
import {
  BASKET_FAIL_REASONS,
  BASKET_HOLDING_STATES,
  BASKET_OPERATION_KINDS,
  BASKET_OPERATION_STATUSES,
  BASKET_ORDER_STATUSES,
} from '@portal/contract/baskets/orders';
import { createdAt } from './columns';
import { users } from './users';
import { riskQuizResults } from './risk-quiz';

/**
 * The baskets' settings (issue 20, decision 045): one row (`id = 1`), changed by a `basket_settings`
 * proposal one operator makes and another approves. `vipSecondReviewAbove` is tether minor units.
 */
export const basketSettings = pgTable(
  'basket_settings',
  {
    id: integer().primaryKey().default(1),
    construction: jsonb().$type<BasketSettingsValues['construction']>().notNull(),
    feeBps: integer().notNull(),
    excludedSymbols: jsonb().$type<string[]>().notNull().default([]),
    vipSecondReviewAbove: bigint({ mode: 'bigint' }).notNull(),
    updatedBy: uuid().references(() => users.id),
    updatedAt: createdAt(),
  },
  (t) => [
    check('basket_settings_one_row', sql`${t.id} = 1`),
    check('basket_settings_fee', sql`${t.feeBps} BETWEEN 0 AND 500`),
    check('basket_settings_vip_bound', sql`${t.vipSecondReviewAbove} > 0`),
  ],
);

/**
 * A basket order and, once built (`Analysed`), the basket it is (its holdings: ledger accounts
 * `B:<id>:<SYMBOL>`). Amounts are tether minor units (six decimals). `construction` is the allocation the
 * worker computed (kept before the buys, so a retry buys the same target).
 */
export const basketOrders = pgTable(
  'basket_orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text({ enum: BASKET_ORDER_STATUSES }).notNull(),
    risk: smallint().notNull(),
    amount: bigint({ mode: 'bigint' }).notNull(),
    exchanges: jsonb().$type<ExchangeId[]>().notNull(),
    marketType: text().$type<MarketType>().notNull(),
    vip: boolean().notNull(),
    riskAcknowledged: boolean().notNull().default(false),
    riskResultId: uuid().references(() => riskQuizResults.id, { onDelete: 'set null' }),
    feeBps: integer().notNull(),
    fee: bigint({ mode: 'bigint' }),
    failReason: text({ enum: BASKET_FAIL_REASONS }),
    declineReason: text(),
    holding: text({ enum: BASKET_HOLDING_STATES }),
    construction: jsonb().$type<BasketConstruction>(),
    attempts: integer().notNull().default(0),
    claimedAt: timestamp({ withTimezone: true }),
    lastError: text(),
    firstApprovedBy: uuid().references(() => users.id),
    firstApprovedAt: timestamp({ withTimezone: true }),
    decidedBy: uuid().references(() => users.id),
    decidedAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    builtAt: timestamp({ withTimezone: true }),
    closedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index('basket_orders_user_idx').on(t.userId, t.createdAt),
    index('basket_orders_status_idx').on(t.status, t.createdAt),
    check(
      'basket_orders_status',
      sql`${t.status} IN ('PaymentPending', 'PendingVip', 'NotStarted', 'InProgress', 'GenerationFailed', 'Analysed', 'Cancelled')`,
    ),
    check('basket_orders_risk', sql`${t.risk} IN (10, 25, 35, 60, 100)`),
    check('basket_orders_amount', sql`${t.amount} BETWEEN 1000000000 AND 1000000000000000`),
    check('basket_orders_market_type', sql`${t.marketType} IN ('all', 'margin')`),
    check('basket_orders_fee_bps', sql`${t.feeBps} BETWEEN 0 AND 500`),
    check(
      'basket_orders_holding',
      sql`(${t.holding} IS NULL) = (${t.status} <> 'Analysed') AND (${t.holding} IS NULL OR ${t.holding} IN ('held', 'closed'))`,
    ),
    check(
      'basket_orders_built',
      sql`${t.status} <> 'Analysed' OR (${t.fee} IS NOT NULL AND ${t.construction} IS NOT NULL AND ${t.builtAt} IS NOT NULL)`,
    ),
    check('basket_orders_failed', sql`(${t.status} = 'GenerationFailed') = (${t.failReason} IS NOT NULL)`),
    check(
      'basket_orders_paid',
      sql`${t.status} IN ('PaymentPending', 'PendingVip', 'Cancelled') OR ${t.paidAt} IS NOT NULL`,
    ),
  ],
);

/** A trade as an operation keeps it: the contract's view plus the client order id it was placed under. */
export type StoredBasketTrade = BasketTrade & {
  clientOrderId: string;
  /** `planned` until the exchange answered; a planned buy's `quoteAmount` is the tether it may spend. */
  status: 'planned' | 'filled' | 'rejected';
  /** The asset's ledger scale. */
  scale: number;
  /** The exchange's pair. */
  pair: string;
  reason?: string;
  /** A build's sell back of what a failed build bought. */
  sellBack?: boolean;
};

/**
 * What was done to a basket at the exchanges: its build (the buys, and the sells back of a failed build),
 * a rebalance, its close. `trades` grows as fills come in, so a retry after a crash knows what was done.
 */
export const basketOperations = pgTable(
  'basket_operations',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => basketOrders.id, { onDelete: 'cascade' }),
    kind: text({ enum: BASKET_OPERATION_KINDS }).notNull(),
    status: text({ enum: BASKET_OPERATION_STATUSES }).notNull(),
    trades: jsonb().$type<StoredBasketTrade[]>().notNull().default([]),
    fees: bigint({ mode: 'bigint' }).notNull().default(0n),
    proceeds: bigint({ mode: 'bigint' }),
    attempts: integer().notNull().default(0),
    claimedAt: timestamp({ withTimezone: true }),
    lastError: text(),
    createdBy: uuid().references(() => users.id),
    createdAt: createdAt(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('basket_operations_order_idx').on(t.orderId, t.createdAt),
    uniqueIndex('basket_operations_one_build')
      .on(t.orderId)
      .where(sql`kind = 'build'`),
    uniqueIndex('basket_operations_one_pending')
      .on(t.orderId)
      .where(sql`status = 'pending'`),
    check('basket_operations_kind', sql`${t.kind} IN ('build', 'rebalance', 'close')`),
    check('basket_operations_status', sql`${t.status} IN ('pending', 'completed', 'failed')`),
  ],
);

/** The operators' contact notes on a VIP request. */
export const basketVipNotes = pgTable(
  'basket_vip_notes',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => basketOrders.id, { onDelete: 'cascade' }),
    authorId: uuid()
      .notNull()
      .references(() => users.id),
    text: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('basket_vip_notes_order_idx').on(t.orderId, t.createdAt)],
);
