import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DEPOSIT_KINDS } from '@portal/contract/wallet/deposits';
import { DEPOSIT_STATUSES } from '@portal/contract/wallet/offline-deposits';
import { createdAt } from './columns';
import { files } from './kyc';
import { ledgerJournals } from './ledger';
import { users } from './users';

/**
 * Toman deposits (issue 5, SPEC §2 "Deposit"): by bank gateway, offline (a bank receipt an operator
 * reviews) and by payment ID (matched against the bank statement). The ledger journal that credits the
 * wallet is written in the same transaction that makes the deposit `Successful`.
 */
export const deposits = pgTable(
  'deposits',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text({ enum: DEPOSIT_KINDS }).notNull(),
    currency: text({ enum: ['IRT'] })
      .notNull()
      .default('IRT'),
    /** What the payer paid, in minor units of `currency`. */
    amount: bigint({ mode: 'bigint' }).notNull(),
    /** The house's fee, taken from `amount`: the wallet is credited `amount - fee`. */
    fee: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /**
     * `Pending` (waiting for the payer or a review), `Verifying` (a gateway callback claimed it and asks the
     * gateway), then `Successful`, `Failed` or `Canceled`.
     */
    status: text({ enum: DEPOSIT_STATUSES }).notNull(),
    /**
     * Gateway payments (decision 031): what the payment is for, which says who ends it (modules/payments
     * `PaymentPurpose`): `wallet_deposit` credits the wallet and stops there, `fund_purchase` also places the
     * card purchase that points at it. Set on every gateway row, on no other.
     */
    purpose: text({ enum: ['wallet_deposit', 'fund_purchase'] }),
    /** Gateway deposits. */
    provider: text(),
    authority: text(),
    gatewayRef: text(),
    cardPan: text(),
    /** Offline deposits: the bank's receipt number, and which published account (contract `OFFLINE_DEPOSIT_DESTINATIONS`). */
    receiptNumber: text(),
    destinationBank: text(),
    /** `YYYY-MM-DD` (Gregorian), the day the payer deposited at the bank. */
    depositDate: text(),
    receiptFileId: uuid().references(() => files.id),
    failureReason: text(),
    /** An operator's rejection of an offline deposit: the reason code the investor sees, and an internal comment. */
    rejectReason: text(),
    reviewComment: text(),
    reviewerId: uuid().references(() => users.id),
    reviewedAt: timestamp({ withTimezone: true }),
    /**
     * An offline deposit above the review bound needs two reviewers (issue 15, decision 028): the first
     * approval is recorded here and the deposit stays `Pending`; another operator's approval decides it.
     */
    firstApprovedBy: uuid().references(() => users.id),
    firstApprovedAt: timestamp({ withTimezone: true }),
    journalId: uuid().references(() => ledgerJournals.id),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index('deposits_user_idx').on(t.userId, t.createdAt),
    index('deposits_review_idx').on(t.kind, t.status, t.createdAt),
    uniqueIndex('deposits_gateway_authority_uq')
      .on(t.provider, t.authority)
      .where(sql`authority IS NOT NULL`),
    /** A bank receipt is claimed once: by no two offline deposits that are pending or approved (decision 018)… */
    uniqueIndex('deposits_offline_receipt_uq')
      .on(t.destinationBank, t.receiptNumber)
      .where(sql`kind = 'offline' AND status IN ('Pending', 'Successful')`),
    /** …and neither is its photo. */
    uniqueIndex('deposits_offline_receipt_file_uq')
      .on(t.receiptFileId)
      .where(sql`kind = 'offline' AND status IN ('Pending', 'Successful')`),
    check(
      'deposits_offline_complete',
      sql`${t.kind} <> 'offline' OR (${t.receiptNumber} IS NOT NULL AND ${t.destinationBank} IS NOT NULL AND ${t.depositDate} IS NOT NULL AND ${t.receiptFileId} IS NOT NULL)`,
    ),
    check('deposits_gateway_purpose', sql`(${t.kind} = 'gateway') = (${t.purpose} IS NOT NULL)`),
    check('deposits_amount_positive', sql`${t.amount} > 0 AND ${t.fee} >= 0 AND ${t.fee} < ${t.amount}`),
    check('deposits_first_approval_complete', sql`(${t.firstApprovedBy} IS NULL) = (${t.firstApprovedAt} IS NULL)`),
    /** Two reviewers are two people: the approval that decides is not the first approver's. */
    check(
      'deposits_second_approver_not_first',
      sql`${t.status} <> 'Successful' OR ${t.firstApprovedBy} IS NULL OR ${t.reviewerId} <> ${t.firstApprovedBy}`,
    ),
  ],
);
