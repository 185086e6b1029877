import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRowsPrepared, timestamptzOf, type DbOrTx } from '../../db/client';
import { users, withdrawals } from '../../db/schema';
import { auditInsertSql, type AuditEvent } from '../../lib/audit';
import type { IdempotencySql, JsonValue } from '../../lib/idempotency';
import { lockStepRowSql, type StepRow } from '../auth/lockout';
import { journalWithPostingsCtes, userAccountIdSql, type LedgerCurrency } from '../ledger/ledger.repository';

export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** What a withdrawal request reads, in the statement that claims its idempotency key (`openWithdrawalRequest`). */
export interface WithdrawalRequestState {
  /** False: the key was taken (replay it, `IdempotencySql.replay`); nothing else was read or locked. */
  claimed: boolean;
  /** The transaction's `now()`, which the withdrawal row's `created_at` and `updated_at` default to. */
  txNow: Date;
  user: {
    kycLevel: number;
    frozen: boolean;
    mobile: string;
    twoFactorSecret: string | null;
    twoFactorLastStep: number | null;
    /** The withdrawal hold's end (decision 029), past or not; null when none was ever started. */
    withdrawalsHeldUntil: Date | null;
  } | null;
  /** The user's active bank account with a sheba to pay out to; null for anyone else's. */
  account: { id: string; sheba: string } | null;
  /** The TOTP counter row, locked (two-factor on and the key claimed); undefined otherwise. */
  totpCounter: StepRow | undefined;
  /** The user's `available` and `held` accounts of the currency (ids null when not open). */
  buckets: { code: 'available' | 'held'; id: string | null }[];
}

/**
 * The first statement of a withdrawal request, one round trip: claims the idempotency key and, when it
 * was claimed and the user has two-factor on, takes the TOTP counter row (in that order: the counter's
 * insert reads the claim's output), and reads the user's KYC level, freeze, withdrawal hold, two-factor
 * secret and last step, the bank account and the two bucket account ids. The user row is read, not locked: the statement
 * that writes the withdrawal (`writeWithdrawalRequest`) locks it and checks again.
 */
export async function openWithdrawalRequest(
  tx: DbOrTx,
  record: IdempotencySql,
  o: { userId: string; bankAccountId: string; currency: LedgerCurrency },
): Promise<WithdrawalRequestState> {
  const twoFactorOn = sql`EXISTS (SELECT 1 FROM users WHERE id = ${o.userId}::uuid AND two_factor_secret IS NOT NULL)`;
  const [row] = await queryRowsPrepared<{
    claimed: boolean;
    tx_now: string;
    kyc_level: number | null;
    frozen: boolean | null;
    mobile: string | null;
    two_factor_secret: string | null;
    two_factor_last_step: string | null;
    withdrawals_held_until: string | null;
    bank_account_id: string | null;
    sheba: string | null;
    failures: number | null;
    locked_until: string | null;
    available_id: string | null;
    held_id: string | null;
  }>(
    tx,
    sql`WITH claim AS (${record.claim}),
      counter AS (${lockStepRowSql('totp', o.userId, { from: 'claim', when: twoFactorOn })})
      SELECT EXISTS (SELECT 1 FROM claim) AS claimed, now() AS tx_now,
        u.kyc_level, u.frozen_at IS NOT NULL AS frozen, u.mobile, u.two_factor_secret,
        u.two_factor_last_step::text AS two_factor_last_step, u.withdrawals_held_until,
        b.id AS bank_account_id, b.sheba,
        c.failures, c.locked_until,
        ${userAccountIdSql(o.userId, o.currency, 'available')} AS available_id,
        ${userAccountIdSql(o.userId, o.currency, 'held')} AS held_id
      FROM (SELECT 1) AS one
      LEFT JOIN users u ON u.id = ${o.userId}::uuid
      -- an active account of the user's; one without a sheba is refused below, as anyone else's
      LEFT JOIN bank_accounts b ON b.id = ${o.bankAccountId}::uuid AND b.user_id = u.id AND b.deleted_at IS NULL
      LEFT JOIN counter c ON true`,
  );
  const r = row!;
  return {
    claimed: r.claimed,
    txNow: timestamptzOf(r.tx_now),
    user:
      r.kyc_level === null
        ? null
        : {
            kycLevel: r.kyc_level,
            frozen: r.frozen === true,
            mobile: r.mobile!,
            twoFactorSecret: r.two_factor_secret,
            twoFactorLastStep: r.two_factor_last_step === null ? null : Number(r.two_factor_last_step),
            withdrawalsHeldUntil: r.withdrawals_held_until === null ? null : timestamptzOf(r.withdrawals_held_until),
          },
    account: r.bank_account_id && r.sheba ? { id: r.bank_account_id, sheba: r.sheba } : null,
    totpCounter: r.failures === null ? undefined : { failures: r.failures, locked_until: r.locked_until },
    buckets: [
      { code: 'available', id: r.available_id },
      { code: 'held', id: r.held_id },
    ],
  };
}

/**
 * The second and last statement of a withdrawal request, one round trip: locks the user row and checks
 * it again (`userCheck`: the KYC and freeze rule, and for a TOTP code that its step is still free, which
 * takes it), and only when it holds writes the hold journal and its postings (the trigger locks the
 * account rows in id order), the withdrawal, its audit record and the stored idempotent answer. Answers
 * false when the user check failed: nothing was written. A failed statement (a balance below zero) throws.
 */
export async function writeWithdrawalRequest(
  tx: DbOrTx,
  w: {
    /** `holds`: the condition on the user row; `totpStep`: the step to take (null: the row is locked, not updated). */
    userCheck: { userId: string; holds: SQL; totpStep: number | null };
    journal: Parameters<typeof journalWithPostingsCtes>[0];
    postings: Parameters<typeof journalWithPostingsCtes>[1];
    row: { id: string; userId: string; amount: bigint; bankAccountId: string; sheba: string; createdAt: Date };
    audit: AuditEvent;
    idempotency: { record: IdempotencySql; response: JsonValue };
  },
): Promise<boolean> {
  const { userId, holds, totpStep } = w.userCheck;
  const checked =
    totpStep === null
      ? sql`SELECT id FROM users WHERE id = ${userId}::uuid AND ${holds} FOR SHARE`
      : sql`UPDATE users SET two_factor_last_step = ${totpStep} WHERE id = ${userId}::uuid AND ${holds} RETURNING id`;
  const [row] = await queryRowsPrepared<{ postings: number; created_at: string | null }>(
    tx,
    sql`WITH checked AS (${checked}),
      ${journalWithPostingsCtes(w.journal, w.postings, 'checked')},
      withdrawal AS (
        INSERT INTO withdrawals (id, user_id, amount, bank_account_id, sheba, status, hold_journal_id)
        SELECT ${w.row.id}::uuid, ${w.row.userId}::uuid, ${w.row.amount.toString()}::bigint,
          ${w.row.bankAccountId}::uuid, ${w.row.sheba}, 'Pending', journal.id
        FROM journal
        RETURNING created_at
      ),
      audit AS (${auditInsertSql(w.audit, 'withdrawal')}),
      answer AS (${w.idempotency.record.store(w.idempotency.response, 'withdrawal')})
      SELECT (SELECT count(*) FROM postings)::int AS postings, (SELECT created_at FROM withdrawal) AS created_at`,
  );
  if (!row || row.postings === 0) return false;
  // The answer was stored with the row as the code built it: check that the database agrees.
  const createdAt = row.created_at ? timestamptzOf(row.created_at) : null;
  if (row.postings !== w.postings.length || createdAt?.getTime() !== w.row.createdAt.getTime()) {
    throw new Error(`withdrawal ${w.row.id} was written unlike its answer`);
  }
  return true;
}

/** A withdrawal by id, of this user when `userId` is given; `lock` takes its row for the transaction. */
export async function findWithdrawal(
  tx: DbOrTx,
  id: string,
  userId?: string,
  lock = false,
): Promise<WithdrawalRow | null> {
  const q = tx
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.id, id), userId ? eq(withdrawals.userId, userId) : undefined))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** The user's latest withdrawals, newest first, of the given server statuses when any are given. */
export async function listUserWithdrawals(
  tx: DbOrTx,
  userId: string,
  statuses: readonly WithdrawalRow['status'][] | undefined,
  limit: number,
): Promise<WithdrawalRow[]> {
  return tx
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), statuses ? inArray(withdrawals.status, [...statuses]) : undefined))
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(limit);
}

export async function updateWithdrawal(tx: DbOrTx, id: string, set: Partial<typeof withdrawals.$inferInsert>) {
  const [row] = await tx
    .update(withdrawals)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(withdrawals.id, id))
    .returning();
  return row!;
}

/** The review queue: withdrawals of a status, oldest first, with who asked. */
export async function listWithdrawalsByStatus(
  tx: DbOrTx,
  status: WithdrawalRow['status'],
  limit: number,
  offset: number,
) {
  const [rows, total] = await Promise.all([
    tx
      .select({ w: withdrawals, mobile: users.mobile, firstName: users.firstName, lastName: users.lastName })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(eq(withdrawals.status, status))
      .orderBy(asc(withdrawals.createdAt))
      .limit(limit)
      .offset(offset),
    tx.select({ n: count() }).from(withdrawals).where(eq(withdrawals.status, status)),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/**
 * Approved withdrawals whose bank cycle has come, locked for this caller only (`SKIP LOCKED`): every
 * instance may run the payout job at once and each withdrawal is paid once.
 */
export async function claimDuePayouts(tx: DbOrTx, now: Date, limit: number): Promise<WithdrawalRow[]> {
  return tx
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.status, 'Approved'), sql`${withdrawals.payoutAt} <= ${now.toISOString()}::timestamptz`))
    .orderBy(asc(withdrawals.payoutAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}
