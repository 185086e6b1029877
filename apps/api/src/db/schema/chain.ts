import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  CHAIN_DEPOSIT_IGNORE_REASONS,
  CHAIN_DEPOSIT_STATUSES,
  NETWORK_DISABLED_REASONS,
  TETHER_NETWORK_KEYS,
  TETHER_WITHDRAWAL_STATUSES,
} from '@portal/contract/tether/chain';
import { createdAt } from './columns';
import { ledgerJournals } from './ledger';
import { users } from './users';

/**
 * Tether on chain (issue 18, decision 040). Tether amounts are the ledger's minor units (six decimals);
 * `raw_value` columns keep a transfer's value in its token's own units as the chain wrote it (a numeric
 * text: BEP20's 18 decimals pass a bigint).
 */

/**
 * A network's settings, one row per network (seeded by the migration): confirmations, tether figures,
 * and the two switches with their reasons. The figures change by a `chain_settings` proposal; the
 * switches by one operator.
 */
export const chainNetworks = pgTable(
  'chain_networks',
  {
    network: text({ enum: TETHER_NETWORK_KEYS }).primaryKey(),
    confirmations: integer().notNull(),
    minDeposit: bigint({ mode: 'bigint' }).notNull(),
    withdrawalFee: bigint({ mode: 'bigint' }).notNull(),
    minWithdrawal: bigint({ mode: 'bigint' }).notNull(),
    maxWithdrawal: bigint({ mode: 'bigint' }).notNull(),
    depositEnabled: boolean().notNull().default(true),
    withdrawalEnabled: boolean().notNull().default(true),
    depositDisabledReason: text({ enum: NETWORK_DISABLED_REASONS }),
    withdrawalDisabledReason: text({ enum: NETWORK_DISABLED_REASONS }),
    updatedAt: createdAt(),
  },
  (t) => [
    check('chain_networks_confirmations', sql`${t.confirmations} BETWEEN 1 AND 1000`),
    check(
      'chain_networks_figures',
      sql`${t.minDeposit} >= 0 AND ${t.withdrawalFee} >= 0 AND ${t.minWithdrawal} >= 0 AND ${t.maxWithdrawal} >= ${t.minWithdrawal}`,
    ),
    check('chain_networks_deposit_reason', sql`${t.depositEnabled} OR ${t.depositDisabledReason} IS NOT NULL`),
    check('chain_networks_withdrawal_reason', sql`${t.withdrawalEnabled} OR ${t.withdrawalDisabledReason} IS NOT NULL`),
  ],
);

/**
 * The settings across networks, one row (`id = 1`): the daily withdrawal limit (KYC level two), the
 * review bounds (above `review_above` an operator reviews; above `second_review_above` two), and who
 * approved them last.
 */
export const chainSettings = pgTable(
  'chain_settings',
  {
    id: integer().primaryKey().default(1),
    dailyWithdrawalLimit: bigint({ mode: 'bigint' }).notNull(),
    reviewAbove: bigint({ mode: 'bigint' }).notNull(),
    secondReviewAbove: bigint({ mode: 'bigint' }).notNull(),
    updatedBy: uuid().references(() => users.id),
    updatedAt: createdAt(),
  },
  (t) => [
    check('chain_settings_one_row', sql`${t.id} = 1`),
    check('chain_settings_bounds', sql`${t.secondReviewAbove} >= ${t.reviewAbove} AND ${t.reviewAbove} >= 0`),
  ],
);

/**
 * A user's address index (BIP-44 `account/0/index`): one per user, the same on every chain, taken from
 * a sequence on the user's first deposit address.
 */
export const chainAccounts = pgTable('chain_accounts', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'restrict' }),
  addressIndex: integer()
    .notNull()
    .unique()
    .default(sql`nextval('chain_address_index_seq')`),
  createdAt: createdAt(),
});

/** A user's deposit address on a network (created on their first request for it). */
export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    network: text({ enum: TETHER_NETWORK_KEYS }).notNull(),
    address: text().notNull(),
    addressIndex: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.network] }),
    uniqueIndex('deposit_addresses_address_uq').on(t.network, t.address),
  ],
);

/**
 * The watcher's place on each network: the last block scanned and its hash (a different hash there
 * later is a reorganisation: the watcher steps back), the head last seen, its last error, and the lease
 * that lets one instance at a time watch the network.
 */
export const chainCursors = pgTable('chain_cursors', {
  network: text({ enum: TETHER_NETWORK_KEYS }).primaryKey(),
  lastScannedBlock: bigint({ mode: 'bigint' }),
  lastScannedHash: text(),
  head: bigint({ mode: 'bigint' }),
  lastScanAt: timestamp({ withTimezone: true }),
  lastError: text(),
  lastErrorAt: timestamp({ withTimezone: true }),
  leaseOwner: text(),
  leaseUntil: timestamp({ withTimezone: true }),
});

/**
 * A transfer seen to a deposit address: unique by network, transaction and log index, so seeing it again
 * changes nothing. `Confirming` → `Credited` once (its journal), or `Dropped` (reorganised away), or
 * `Ignored` at once (below the minimum, another token).
 */
export const chainDeposits = pgTable(
  'chain_deposits',
  {
    id: uuid().primaryKey().defaultRandom(),
    network: text({ enum: TETHER_NETWORK_KEYS }).notNull(),
    txHash: text().notNull(),
    logIndex: integer().notNull(),
    blockNumber: bigint({ mode: 'bigint' }).notNull(),
    blockHash: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    fromAddress: text().notNull(),
    toAddress: text().notNull(),
    token: text().notNull(),
    rawValue: text().notNull(),
    /** Tether minor units (0 for another token). */
    amount: bigint({ mode: 'bigint' }).notNull(),
    status: text({ enum: CHAIN_DEPOSIT_STATUSES }).notNull(),
    ignoreReason: text({ enum: CHAIN_DEPOSIT_IGNORE_REASONS }),
    confirmations: integer().notNull().default(0),
    requiredConfirmations: integer().notNull(),
    journalId: uuid().references(() => ledgerJournals.id),
    creditedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chain_deposits_transfer_uq').on(t.network, t.txHash, t.logIndex),
    index('chain_deposits_user_idx').on(t.userId, t.createdAt),
    index('chain_deposits_confirming_idx')
      .on(t.network, t.blockNumber)
      .where(sql`status = 'Confirming'`),
    check('chain_deposits_credited', sql`(${t.status} = 'Credited') = (${t.journalId} IS NOT NULL)`),
    check('chain_deposits_ignored', sql`(${t.status} = 'Ignored') = (${t.ignoreReason} IS NOT NULL)`),
  ],
);

/** A user's saved withdrawal address; in whitelist mode usable from `usable_at` (saved + 24 hours). */
export const tetherAddressBook = pgTable(
  'tether_address_book',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    network: text({ enum: TETHER_NETWORK_KEYS }).notNull(),
    address: text().notNull(),
    label: text().notNull(),
    createdAt: createdAt(),
    usableAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('tether_address_book_uq').on(t.userId, t.network, t.address)],
);

/** A user's whitelist mode (no row: off). */
export const tetherWhitelist = pgTable('tether_whitelist', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'restrict' }),
  on: boolean().notNull(),
  updatedAt: createdAt(),
});

/**
 * A tether withdrawal: `amount` reaches `address`, `fee` is the house's, `amount + fee` is held from the
 * request until it is paid (held → chain custody and fees) or returned (held → available).
 */
export const tetherWithdrawals = pgTable(
  'tether_withdrawals',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    network: text({ enum: TETHER_NETWORK_KEYS }).notNull(),
    address: text().notNull(),
    addressBookId: uuid().references(() => tetherAddressBook.id, { onDelete: 'set null' }),
    addressLabel: text(),
    amount: bigint({ mode: 'bigint' }).notNull(),
    fee: bigint({ mode: 'bigint' }).notNull(),
    status: text({ enum: TETHER_WITHDRAWAL_STATUSES }).notNull(),
    /** Tehran's calendar day of the request (the daily limit's day). */
    requestDay: text().notNull(),
    /** Approvals the review takes: 0 (under the bound), 1 or 2; fixed when asked. */
    approvalsNeeded: integer().notNull(),
    firstApprovedBy: uuid().references(() => users.id),
    firstApprovedAt: timestamp({ withTimezone: true }),
    reviewerId: uuid().references(() => users.id),
    reviewedAt: timestamp({ withTimezone: true }),
    rejectReason: text(),
    reviewComment: text(),
    txHash: text(),
    blockNumber: bigint({ mode: 'bigint' }),
    confirmations: integer(),
    requiredConfirmations: integer().notNull(),
    /** When the signer was last asked (a send whose answer was lost is asked about again after a while). */
    sentAskedAt: timestamp({ withTimezone: true }),
    holdJournalId: uuid()
      .notNull()
      .references(() => ledgerJournals.id),
    endJournalId: uuid().references(() => ledgerJournals.id),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index('tether_withdrawals_user_idx').on(t.userId, t.createdAt),
    index('tether_withdrawals_user_day_idx').on(t.userId, t.requestDay),
    index('tether_withdrawals_open_idx')
      .on(t.status, t.createdAt)
      .where(sql`status IN ('Pending', 'Approved', 'Sending', 'Sent')`),
    uniqueIndex('tether_withdrawals_tx_uq')
      .on(t.network, t.txHash)
      .where(sql`tx_hash IS NOT NULL`),
    check('tether_withdrawals_amounts', sql`${t.amount} > 0 AND ${t.fee} >= 0`),
    check('tether_withdrawals_approvals', sql`${t.approvalsNeeded} BETWEEN 0 AND 2`),
  ],
);

/**
 * The embedded mode's sandbox chain (decision 040): blocks and token transfers of each network, kept in
 * the database so the chain survives a restart as the watcher's cursor does. Only the sandbox reader and
 * signer and the dev routes touch these tables.
 */
export const sandboxChainBlocks = pgTable(
  'sandbox_chain_blocks',
  {
    network: text({ enum: TETHER_NETWORK_KEYS }).notNull(),
    number: bigint({ mode: 'bigint' }).notNull(),
    hash: text().notNull(),
    minedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.network, t.number] })],
);

export const sandboxChainTransfers = pgTable(
  'sandbox_chain_transfers',
  {
    network: text({ enum: TETHER_NETWORK_KEYS }).notNull(),
    txHash: text().notNull(),
    logIndex: integer().notNull(),
    /** Null while in the mempool: the next mined block takes it. */
    blockNumber: bigint({ mode: 'bigint' }),
    token: text().notNull(),
    fromAddress: text().notNull(),
    toAddress: text().notNull(),
    rawValue: text().notNull(),
    success: boolean().notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.network, t.txHash, t.logIndex] }),
    index('sandbox_chain_transfers_block_idx').on(t.network, t.blockNumber),
  ],
);
