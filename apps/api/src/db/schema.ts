import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  boolean,
  date,
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

/** Uploaded files (KYC video selfies and passport images, deposit receipts); the bytes live in the storage port. */
export const files = pgTable(
  'files',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerUserId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: ['kyc_video', 'passport_image', 'deposit_receipt'] }).notNull(),
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

/**
 * The ledger (issue 5, decision 016). An account holds one currency: a user's `available` and `held`
 * buckets, or a system account (`gateway_clearing`, `bank_settlement`, `fees`, `refunds`,
 * `adjustments`…). `balance` is in minor units and is written only by the posting trigger, so it always
 * equals the sum of the account's postings; a user's balance can never go below zero (a CHECK).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Null for the house's system accounts. */
    userId: uuid().references(() => users.id, { onDelete: 'restrict' }),
    /** `available` or `held` for a user; the system account's name otherwise. */
    code: text().notNull(),
    currency: text({ enum: ['IRR', 'IRT', 'USD', 'USDT'] }).notNull(),
    balance: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_user_uq')
      .on(t.userId, t.code, t.currency)
      .where(sql`user_id IS NOT NULL`),
    uniqueIndex('ledger_accounts_system_uq')
      .on(t.code, t.currency)
      .where(sql`user_id IS NULL`),
    check('ledger_accounts_user_balance_nonneg', sql`${t.userId} IS NULL OR ${t.balance} >= 0`),
    check('ledger_accounts_user_code', sql`${t.userId} IS NULL OR ${t.code} IN ('available', 'held')`),
  ],
);

/** One movement of value: its postings sum to zero per currency (a deferred constraint trigger). */
export const ledgerJournals = pgTable(
  'ledger_journals',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** `UserTransactionRefType` (SPEC §3) or an internal kind (contract `JOURNAL_REF_TYPES`). */
    refType: text().notNull(),
    /** The business record this journal belongs to (deposit, withdrawal, order…). */
    refId: text().notNull(),
    memo: text(),
    /** The user or operator whose request wrote it; null for jobs. */
    createdBy: uuid(),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_journals_ref_idx').on(t.refType, t.refId)],
);

/** A line of a journal. Append-only; `balanceAfter` is the account's balance right after it. */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    journalId: uuid()
      .notNull()
      .references(() => ledgerJournals.id),
    accountId: uuid()
      .notNull()
      .references(() => ledgerAccounts.id),
    currency: text({ enum: ['IRR', 'IRT', 'USD', 'USDT'] }).notNull(),
    amount: bigint({ mode: 'bigint' }).notNull(),
    /** Set by the trigger that moves the balance. */
    balanceAfter: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_postings_account_idx').on(t.accountId, t.id),
    index('ledger_postings_journal_idx').on(t.journalId),
    check('ledger_postings_amount_nonzero', sql`${t.amount} <> 0`),
  ],
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
    kind: text({ enum: ['gateway', 'offline', 'by_id'] }).notNull(),
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
    status: text({ enum: ['Pending', 'Verifying', 'Successful', 'Failed', 'Canceled'] }).notNull(),
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

/**
 * Bank accounts in the user's own name (issue 5, decision 017), added by card number or sheba after
 * the identity inquiry said they are the user's. One row is one bank account: a card (with the sheba
 * the inquiry gave for it), or a sheba alone. Rows are never deleted and their numbers never change
 * (a trigger): removing hides them (`deleted_at`), since withdrawals refer to them. The card number is sealed (AES-256-GCM under a key
 * derived from the app secret) and found again by its HMAC; the sheba is kept as it is, for payouts.
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** `v1.<iv>.<tag>.<ciphertext>` of the 16 digits (lib/crypto.ts `encrypt`). */
    cardNumberSealed: text(),
    /** HMAC-SHA256 of the 16 digits under the app secret: duplicates are found without decrypting. */
    cardNumberHash: text(),
    /** `603799******1234` */
    cardNumberMasked: text(),
    /** `IR` + 24 digits, where payouts go. */
    sheba: text(),
    /** What the user gave: the card or the sheba. */
    addedBy: text({ enum: ['card', 'sheba'] }).notNull(),
    /** The identity provider that said the account is the user's (`local`, `jibit`). */
    verifiedBy: text().notNull(),
    createdAt: createdAt(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('bank_accounts_user_idx').on(t.userId, t.createdAt),
    /** No active account twice: by its card… */
    uniqueIndex('bank_accounts_user_card_uq')
      .on(t.userId, t.cardNumberHash)
      .where(sql`deleted_at IS NULL AND card_number_hash IS NOT NULL`),
    /** …or by its sheba. */
    uniqueIndex('bank_accounts_user_sheba_uq')
      .on(t.userId, t.sheba)
      .where(sql`deleted_at IS NULL AND sheba IS NOT NULL`),
    check('bank_accounts_has_number', sql`${t.cardNumberHash} IS NOT NULL OR ${t.sheba} IS NOT NULL`),
    check(
      'bank_accounts_card_complete',
      sql`(${t.cardNumberHash} IS NULL) = (${t.cardNumberSealed} IS NULL) AND (${t.cardNumberHash} IS NULL) = (${t.cardNumberMasked} IS NULL)`,
    ),
    check('bank_accounts_sheba_format', sql`${t.sheba} IS NULL OR ${t.sheba} ~ '^IR[0-9]{24}$'`),
  ],
);

/**
 * Toman withdrawals (issue 5, SPEC §2 "Withdraw"). The amount moves to the user's held account when the
 * request is made (`holdJournalId`); approval moves it on to the bank settlement account and the payout
 * follows at `payoutAt` (the next bank cycle); rejection or cancellation moves it back.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    currency: text({ enum: ['IRT'] })
      .notNull()
      .default('IRT'),
    amount: bigint({ mode: 'bigint' }).notNull(),
    bankAccountId: uuid()
      .notNull()
      .references(() => bankAccounts.id),
    /** The destination as it was when asked (an account deleted later does not change where it went). */
    sheba: text().notNull(),
    status: text({ enum: ['Pending', 'Approved', 'Successful', 'Rejected', 'Canceled'] }).notNull(),
    rejectReason: text(),
    reviewComment: text(),
    reviewerId: uuid().references(() => users.id),
    reviewedAt: timestamp({ withTimezone: true }),
    /**
     * A withdrawal above the review bound needs two reviewers (issue 15, decision 028): the first approval
     * is recorded here and the withdrawal stays `Pending`; another operator's approval decides it.
     */
    firstApprovedBy: uuid().references(() => users.id),
    firstApprovedAt: timestamp({ withTimezone: true }),
    payoutAt: timestamp({ withTimezone: true }),
    holdJournalId: uuid()
      .notNull()
      .references(() => ledgerJournals.id),
    endJournalId: uuid().references(() => ledgerJournals.id),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index('withdrawals_user_idx').on(t.userId, t.createdAt),
    index('withdrawals_status_idx').on(t.status, t.createdAt),
    check('withdrawals_amount_positive', sql`${t.amount} > 0`),
    check('withdrawals_first_approval_complete', sql`(${t.firstApprovedBy} IS NULL) = (${t.firstApprovedAt} IS NULL)`),
    /** Two reviewers are two people: the approval that decides is not the first approver's. */
    check(
      'withdrawals_second_approver_not_first',
      sql`${t.status} NOT IN ('Approved', 'Successful') OR ${t.firstApprovedBy} IS NULL OR ${t.reviewerId} <> ${t.firstApprovedBy}`,
    ),
  ],
);

/**
 * Manual adjustments with maker-checker (issue 5, decision 019): a credit or debit of one user's
 * available wallet, proposed by one operator (`makerId`) and approved by another (`checkerId`), which
 * posts one `ManualAdjustment` journal against the `adjustments` system account. Nothing is posted while
 * `Pending`; the database refuses an approval by the maker and an approved row without its journal.
 */
export const adjustments = pgTable(
  'adjustments',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    currency: text({ enum: ['IRR', 'IRT', 'USD', 'USDT'] }).notNull(),
    /** `credit`: adjustments → the user's available; `debit`: the user's available → adjustments. */
    direction: text({ enum: ['credit', 'debit'] }).notNull(),
    /** Minor units of `currency`, positive. */
    amount: bigint({ mode: 'bigint' }).notNull(),
    /** Contract `ADJUSTMENT_REASON_CODES`, and the maker's own words. */
    reasonCode: text().notNull(),
    reason: text().notNull(),
    status: text({ enum: ['Pending', 'Approved', 'Rejected'] }).notNull(),
    makerId: uuid()
      .notNull()
      .references(() => users.id),
    checkerId: uuid().references(() => users.id),
    decidedAt: timestamp({ withTimezone: true }),
    rejectReason: text(),
    /** Whether the user's account was frozen when the decision was taken (adjustments are allowed then). */
    userFrozenAtDecision: boolean(),
    journalId: uuid().references(() => ledgerJournals.id),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index('adjustments_status_idx').on(t.status, t.createdAt),
    index('adjustments_user_idx').on(t.userId, t.createdAt),
    check('adjustments_amount_positive', sql`${t.amount} > 0`),
    /** Maker-checker, kept by the database too: whoever proposed cannot be whoever approved. */
    check('adjustments_checker_not_maker', sql`${t.status} <> 'Approved' OR ${t.checkerId} <> ${t.makerId}`),
    check(
      'adjustments_decided_complete',
      sql`(${t.status} = 'Pending') = (${t.checkerId} IS NULL AND ${t.decidedAt} IS NULL AND ${t.userFrozenAtDecision} IS NULL)`,
    ),
    check('adjustments_journal_iff_approved', sql`(${t.status} = 'Approved') = (${t.journalId} IS NOT NULL)`),
    check('adjustments_reject_reason', sql`(${t.status} = 'Rejected') = (${t.rejectReason} IS NOT NULL)`),
  ],
);

/**
 * Payment IDs of deposits by ID (issue 5, decision 020): one per user and source sheba, stable. The
 * payer writes `paymentId` in the transfer; a statement line carrying it from `sheba` credits `userId`.
 */
export const depositIds = pgTable(
  'deposit_ids',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    bankAccountId: uuid()
      .notNull()
      .references(() => bankAccounts.id),
    /** The source account's sheba when the ID was made (bank account numbers never change). */
    sheba: text().notNull(),
    /** 12 digits with a Luhn check digit (contract `paymentIdOf`). */
    paymentId: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('deposit_ids_payment_id_uq').on(t.paymentId),
    uniqueIndex('deposit_ids_user_sheba_uq').on(t.userId, t.sheba),
    check('deposit_ids_payment_id_format', sql`${t.paymentId} ~ '^[1-9][0-9]{11}$'`),
  ],
);

/** One imported bank statement file of the by-ID account (decision 020). */
export const bankStatementImports = pgTable('bank_statement_imports', {
  id: uuid().primaryKey().defaultRandom(),
  fileName: text().notNull(),
  /** SHA-256 of the file's text. */
  sha256: text().notNull(),
  lines: integer().notNull(),
  added: integer().notNull(),
  importedBy: uuid()
    .notNull()
    .references(() => users.id),
  createdAt: createdAt(),
});

/**
 * One credit on the by-ID account's statement, known by the bank's reference (imported once). The
 * matching job moves it `Pending` → `Credited` or `Returning` in one transaction with its journal; the
 * return job moves `Returning` → `Returned` at `returnAt`. Amounts in toman.
 */
export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    importId: uuid()
      .notNull()
      .references(() => bankStatementImports.id),
    bankRef: text().notNull(),
    bookedAt: timestamp({ withTimezone: true }).notNull(),
    amount: bigint({ mode: 'bigint' }).notNull(),
    sourceSheba: text().notNull(),
    /** What the payer wrote, as on the statement, and its digits. */
    rawPaymentId: text().notNull(),
    paymentId: text().notNull(),
    status: text({ enum: ['Pending', 'Credited', 'Returning', 'Returned'] }).notNull(),
    /** Set by matching: whose ID it carried (null for an unknown or missing ID). */
    userId: uuid().references(() => users.id),
    depositIdId: uuid().references(() => depositIds.id),
    /** The Tehran day (`YYYY-MM-DD`) whose daily cap the accepted part counts against. */
    capDay: text(),
    /** Accepted within the cap = credited + fee. */
    accepted: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    fee: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    credited: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** What goes back = refunded + returnFee. */
    returnAmount: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    returnFee: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    returnReason: text(),
    returnAt: timestamp({ withTimezone: true }),
    matchJournalId: uuid().references(() => ledgerJournals.id),
    returnJournalId: uuid().references(() => ledgerJournals.id),
    matchedAt: timestamp({ withTimezone: true }),
    returnedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    /** A statement imported twice credits once. */
    uniqueIndex('bank_statement_lines_bank_ref_uq').on(t.bankRef),
    index('bank_statement_lines_status_idx').on(t.status, t.bookedAt),
    index('bank_statement_lines_user_idx').on(t.userId, t.capDay),
    check('bank_statement_lines_amount_positive', sql`${t.amount} > 0`),
    check(
      'bank_statement_lines_split',
      sql`${t.status} = 'Pending' OR (${t.accepted} = ${t.credited} + ${t.fee} AND ${t.accepted} + ${t.returnAmount} = ${t.amount} AND ${t.returnFee} <= ${t.returnAmount} AND ${t.credited} >= 0 AND ${t.fee} >= 0 AND ${t.returnFee} >= 0)`,
    ),
    check(
      'bank_statement_lines_return_complete',
      sql`(${t.status} IN ('Returning', 'Returned')) = (${t.returnAmount} > 0 AND ${t.returnReason} IS NOT NULL AND ${t.returnAt} IS NOT NULL)`,
    ),
  ],
);

/** Texts an operator writes in the three interface languages (SPEC §1). */
export interface LocalizedText {
  fa: string;
  ar: string;
  en: string;
}

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
    kind: text({ enum: ['gold', 'silver', 'staking', 'index', 'active', 'vip'] }).notNull(),
    /** SPEC §1 presets: the look of the fund's page. */
    preset: text({
      enum: ['default', 'asayesh', 'faraz', 'gem', 'gold', 'saramad', 'silver', 'stacking', 'vip'],
    }).notNull(),
    /** SPEC §3 `FundType` in the reading of decision 021: 1 Index, 2 FixedIncome (shown as staking), 3 Active. */
    fundType: smallint().notNull(),
    /** The invest tab of `/funds` it is listed under. */
    category: text({ enum: ['crypto', 'gold_silver', 'fixed_income'] }).notNull(),
    /** SPEC §3 `FundRisk`: 10, 25, 35, 60, 100. */
    risk: smallint().notNull(),
    /** The currency its NAV, purchases and redemptions are in. */
    currency: text({ enum: ['IRT', 'USDT'] }).notNull(),
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
    kind: text({ enum: ['announcement', 'report'] }).notNull(),
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
    method: text({ enum: ['wallet', 'card'] }).notNull(),
    status: text({ enum: ['PaymentPending', 'Waiting', 'Successful', 'Failed', 'Canceled'] }).notNull(),
    currency: text({ enum: ['IRT', 'USDT'] }).notNull(),
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
    status: text({ enum: ['Waiting', 'Successful', 'Canceled'] }).notNull(),
    currency: text({ enum: ['IRT', 'USDT'] }).notNull(),
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
    period: text({ enum: ['Morning', 'Noon', 'Afternoon', 'Night'] }).notNull(),
    /** E.164 */
    phone: text().notNull(),
    status: text({ enum: ['Open', 'Done', 'Canceled'] }).notNull(),
    handledBy: uuid().references(() => users.id),
    handledAt: timestamp({ withTimezone: true }),
    note: text(),
    createdAt: createdAt(),
  },
  (t) => [index('fund_consultations_queue_idx').on(t.status, t.callDate, t.createdAt)],
);

/**
 * A change of value one operator proposes and a second approves (issue 15, decision 028; contract
 * admin/proposals.ts): a bank statement import, a NAV publication or correction, a dividend, a fund's
 * terms. Approval runs the change in its transaction; the database refuses an approval by the proposer.
 */
export const proposals = pgTable(
  'proposals',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text({
      enum: ['bank_statement_import', 'nav_publish', 'nav_correction', 'dividend', 'fund_terms'],
    }).notNull(),
    status: text({ enum: ['Pending', 'Approved', 'Rejected'] })
      .notNull()
      .default('Pending'),
    /** The fund a NAV, dividend or terms proposal is about. */
    fundId: uuid().references(() => funds.id, { onDelete: 'restrict' }),
    /** The proposing endpoint's body, canonical (contract `proposalPayloadSchema`, without `kind`). */
    payload: jsonb().notNull(),
    /** A bank statement's file text, kept until the import is approved. */
    content: text(),
    proposedBy: uuid()
      .notNull()
      .references(() => users.id),
    proposedAt: createdAt(),
    decidedBy: uuid().references(() => users.id),
    decidedAt: timestamp({ withTimezone: true }),
    rejectReason: text(),
    /** What the approval made: the import's, NAV's or dividend's id. */
    resultId: text(),
  },
  (t) => [
    index('proposals_queue_idx').on(t.status, t.proposedAt),
    index('proposals_fund_idx').on(t.fundId, t.proposedAt),
    check('proposals_checker_not_maker', sql`${t.status} <> 'Approved' OR ${t.decidedBy} <> ${t.proposedBy}`),
    check(
      'proposals_decided_complete',
      sql`(${t.status} = 'Pending') = (${t.decidedBy} IS NULL AND ${t.decidedAt} IS NULL)`,
    ),
    check('proposals_reject_reason', sql`(${t.status} = 'Rejected') = (${t.rejectReason} IS NOT NULL)`),
  ],
);
