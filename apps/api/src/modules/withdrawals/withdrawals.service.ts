/**
 * Toman withdrawals (issue 5, SPEC §2 "Withdraw"; decision 016).
 *
 * request: [tx: idempotency claim → KYC level two, not frozen, no withdrawal hold (decision 029) → the
 *          user's own bank account → the phone code, TOTP or a recovery code (a wrong one is counted and
 *          committed, the claim given back) → available → held → the withdrawal, Pending]
 * cancel (user) / reject (operator): Pending → Canceled / Rejected, held → available
 * approve (operator): Pending → Approved, paid at the next bank cycle (`payoutAt`); above the review
 *          bound the first approval is recorded and it stays Pending until another operator approves
 *          (decision 028)
 * payout (job, every instance, SKIP LOCKED): Approved and due → held → bank settlement, Successful
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { isRecoveryCode } from '@portal/contract/auth/recovery-codes';
import { AppError } from '@portal/contract/core/errors';
import { fromMinor } from '@portal/contract/core/money';
import { KYC_REQUIREMENT } from '@portal/contract/kyc/kyc';
import type { UserRequestStatus } from '@portal/contract/core/enums';
import {
  nextBankCycle,
  WITHDRAWAL_LIST_LIMIT,
  WITHDRAWAL_STATUSES,
  WITHDRAWAL_USER_STATUS,
  type CreateWithdrawalBody,
  type createWithdrawalBody,
  type Withdrawal,
  type WithdrawalRejectReason,
} from '@portal/contract/wallet/withdrawals';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { maskMobile } from '../../lib/crypto';
import { assertCanMoveMoney, assertMayMoveMoney, mayMoveMoneySql } from '../../lib/guards';
import { idempotencySql } from '../../lib/idempotency';
import { runMoneyTransaction } from '../../lib/money-tx';
import { approvalStep, type ReviewPolicy } from '../../lib/review';
import { sendPhoneCode, type AuthDeps } from '../auth/auth.service';
import { findUser } from '../users/users.repository';
import { checkCode } from '../auth/codes';
import { assertStepRowOpen, resetFailures } from '../auth/lockout';
import { useRecoveryCode } from '../auth/recovery-codes';
import { recordTotpFailure, totpStepFreeSql, verifyTotpCode } from '../auth/two-factor.service';
import { systemAccountId } from '../ledger/ledger.repository';
import {
  bucketAccounts,
  journalToWrite,
  ledgerErrorOf,
  moveBetweenBuckets,
  transfer,
  transferJournal,
  userAccountId,
} from '../ledger/ledger.service';
import {
  claimDuePayouts,
  findWithdrawal,
  listUserWithdrawals,
  openWithdrawalRequest,
  updateWithdrawal,
  writeWithdrawalRequest,
  type WithdrawalRow,
} from './withdrawals.repository';
import { assertNotHeld, assertNotHeldNow, notHeldSql } from '../../lib/withdrawal-hold';

export type WithdrawalsDeps = AuthDeps & { review: ReviewPolicy };

const maskSheba = (sheba: string) => `${sheba.slice(0, 4)}…${sheba.slice(-4)}`;

export function toWithdrawalView(
  w: Pick<
    WithdrawalRow,
    'id' | 'amount' | 'status' | 'bankAccountId' | 'sheba' | 'rejectReason' | 'payoutAt' | 'createdAt' | 'updatedAt'
  >,
): Withdrawal {
  return {
    id: w.id,
    currency: 'IRT',
    amount: fromMinor(w.amount, 'IRT'),
    status: WITHDRAWAL_USER_STATUS[w.status],
    bankAccountId: w.bankAccountId,
    shebaMasked: maskSheba(w.sheba),
    rejectReason: (w.rejectReason as WithdrawalRejectReason | null) ?? null,
    payoutAt: w.payoutAt?.toISOString() ?? null,
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
  };
}

/** Sends the confirming phone code; a user with two-factor on confirms with the authenticator instead. */
export async function requestWithdrawalCode(
  deps: WithdrawalsDeps,
  input: { userId: string; channel: 'sms' | 'voice'; ip: string },
) {
  const user = await findUser(deps.db, input.userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  if (user.twoFactorSecret) throw new AppError('STEP_UP_METHOD_NOT_ALLOWED', 'Confirm with the authenticator code');
  // No code for someone who may not withdraw: the dialog asks for verification instead.
  await assertCanMoveMoney(deps.db, user.id, KYC_REQUIREMENT.withdraw);
  assertNotHeld(user.withdrawalsHeldUntil, deps.now?.() ?? new Date());
  const sent = await sendPhoneCode(
    deps,
    { mobile: user.mobile, purpose: 'withdrawal', channel: input.channel, ip: input.ip },
    user.id,
    user.antiPhishingPhrase,
  );
  return { maskedMobile: maskMobile(user.mobile), ...sent };
}

/**
 * Asks for a withdrawal, in one money transaction of two statements when all goes well (decision 016,
 * "Third look"): `openWithdrawalRequest` claims the key, takes the TOTP counter and reads what the checks
 * need; the checks run here (KYC and freeze, the account, the code); `writeWithdrawalRequest` locks the
 * user row, checks it again (taking the TOTP step) and writes the hold, the withdrawal, its audit record
 * and the stored answer. Locks in the order idempotency record → TOTP counter → user → ledger accounts (by id).
 */
export async function createWithdrawal(
  deps: WithdrawalsDeps,
  input: { userId: string; body: z.output<typeof createWithdrawalBody>; idempotencyKey: string; ip: string },
): Promise<Withdrawal> {
  const now = deps.now?.() ?? new Date();
  const { body } = input;
  // The fast path of the one idempotency helper: its claim and stored answer are parts of the two statements.
  const record = idempotencySql({
    userId: input.userId,
    key: input.idempotencyKey,
    operation: 'createWithdrawal',
    request: { bankAccountId: body.bankAccountId, amount: body.amount } satisfies Omit<CreateWithdrawalBody, 'code'>,
  });
  const level = KYC_REQUIREMENT.withdraw;
  const out = await runMoneyTransaction(deps.db, async (tx): Promise<Withdrawal | AppError> => {
    const state = await openWithdrawalRequest(tx, record, {
      userId: input.userId,
      bankAccountId: body.bankAccountId,
      currency: 'IRT',
    });
    if (!state.claimed) return record.replay<Withdrawal>(tx);
    const { user, account } = state;
    assertMayMoveMoney(user ?? undefined, level);
    if (!user) throw new AppError('UNAUTHENTICATED');
    assertNotHeld(user.withdrawalsHeldUntil, now);
    if (!account) throw new AppError('NOT_FOUND', 'No such bank account');
    const refuse = async (wrong: AppError) => {
      await record.release(tx);
      return wrong;
    };
    let totpStep: number | null = null;
    if (user.twoFactorSecret && isRecoveryCode(body.code)) {
      // A recovery code (decision 029): one more statement, on this rare path only.
      const counter = assertStepRowOpen(state.totpCounter, now);
      const wrong = await useRecoveryCode(tx, deps, {
        userId: input.userId,
        code: body.code,
        now,
        ip: input.ip,
        use: 'withdrawal',
        counter,
      });
      if (wrong) return refuse(wrong);
    } else if (user.twoFactorSecret) {
      const counter = assertStepRowOpen(state.totpCounter, now);
      const result = verifyTotpCode(deps, user.twoFactorSecret, body.code, now, user.twoFactorLastStep);
      if (!result.ok) return refuse(await recordTotpFailure(tx, input.userId, result.reason, now, input.ip));
      await resetFailures(tx, 'totp', input.userId, counter);
      totpStep = result.step;
    } else {
      const wrong = await checkCode(tx, deps, {
        subject: user.mobile,
        purpose: 'withdrawal',
        code: body.code,
        ip: input.ip,
        now,
        auditUserId: input.userId,
      });
      if (wrong) return refuse(wrong);
    }
    const id = randomUUID();
    const amount = BigInt(body.amount);
    const hold = { userId: input.userId, from: 'available', to: 'held', currency: 'IRT' } as const;
    const { journal, postings } = journalToWrite(
      transferJournal({
        ...(await bucketAccounts(tx, hold, state.buckets)),
        currency: 'IRT',
        amount,
        refType: 'Withdrawal',
        refId: id,
        createdBy: input.userId,
      }),
    );
    const row = {
      id,
      userId: input.userId,
      amount,
      bankAccountId: account.id,
      sheba: account.sheba,
      createdAt: state.txNow,
    };
    // The row's timestamps default to the transaction's now(), read by the first statement.
    const view = toWithdrawalView({
      ...row,
      status: 'Pending',
      rejectReason: null,
      payoutAt: null,
      updatedAt: state.txNow,
    });
    let written: boolean;
    try {
      written = await writeWithdrawalRequest(tx, {
        userCheck: {
          userId: input.userId,
          holds:
            totpStep === null
              ? sql`${mayMoveMoneySql(level)} AND ${notHeldSql(now)}`
              : sql`${mayMoveMoneySql(level)} AND ${notHeldSql(now)} AND ${totpStepFreeSql(totpStep)}`,
          totpStep,
        },
        journal,
        postings,
        row,
        audit: {
          action: 'withdrawal.requested',
          actorUserId: input.userId,
          subjectType: 'withdrawal',
          subjectId: id,
          ip: input.ip,
          data: { amount: body.amount, bankAccountId: account.id },
        },
        idempotency: { record, response: view },
      });
    } catch (err) {
      throw ledgerErrorOf(err);
    }
    if (!written) {
      // The user row changed since it was read: frozen, below the level or held now (refused, as if seen
      // at first), or the TOTP step taken by a concurrent request with the same code (a reuse: refused, not
      // counted).
      await assertCanMoveMoney(tx, input.userId, level);
      await assertNotHeldNow(tx, input.userId, now);
      if (totpStep === null) throw new Error(`withdrawal ${id}: the user check failed for no reason`);
      return refuse(await recordTotpFailure(tx, input.userId, 'reused', now, input.ip));
    }
    return view;
  });
  if (out instanceof AppError) throw out;
  return out;
}

export async function getWithdrawal(db: Db, userId: string, withdrawalId: string): Promise<Withdrawal> {
  const w = await findWithdrawal(db, withdrawalId, userId);
  if (!w) throw new AppError('NOT_FOUND');
  return toWithdrawalView(w);
}

/** The user's latest withdrawals, newest first; `status` is what the user reads (`UserRequestStatus`). */
export async function listWithdrawals(
  db: Db,
  userId: string,
  status?: (typeof UserRequestStatus)[number],
): Promise<Withdrawal[]> {
  const statuses = status ? WITHDRAWAL_STATUSES.filter((s) => WITHDRAWAL_USER_STATUS[s] === status) : undefined;
  const rows = await listUserWithdrawals(db, userId, statuses, WITHDRAWAL_LIST_LIMIT);
  return rows.map(toWithdrawalView);
}

/** Ends a pending withdrawal and returns the held amount to the wallet (the user cancels, or an operator rejects). */
async function returnHeld(
  db: Db,
  o: {
    withdrawalId: string;
    ownerId?: string;
    status: 'Canceled' | 'Rejected';
    actorId: string;
    reason?: WithdrawalRejectReason;
    comment?: string;
    ip: string;
    now: Date;
    notPending: AppError['code'];
  },
): Promise<WithdrawalRow> {
  return runMoneyTransaction(db, async (tx) => {
    const w = await findWithdrawal(tx, o.withdrawalId, o.ownerId, true);
    if (!w) throw new AppError('NOT_FOUND');
    if (w.status !== 'Pending') throw new AppError(o.notPending, 'The withdrawal is no longer pending');
    const back = await moveBetweenBuckets(tx, {
      userId: w.userId,
      from: 'held',
      to: 'available',
      currency: 'IRT',
      amount: w.amount,
      refType: 'Withdrawal',
      refId: w.id,
      createdBy: o.actorId,
    });
    const row = await updateWithdrawal(tx, w.id, {
      status: o.status,
      endJournalId: back.journalId,
      ...(o.status === 'Rejected'
        ? {
            rejectReason: o.reason ?? 'other',
            reviewComment: o.comment ?? null,
            reviewerId: o.actorId,
            reviewedAt: o.now,
          }
        : {}),
    });
    await writeAudit(tx, {
      action: o.status === 'Canceled' ? 'withdrawal.cancelled' : 'withdrawal.rejected',
      actorUserId: o.actorId,
      subjectType: 'withdrawal',
      subjectId: w.id,
      ip: o.ip,
      data: { userId: w.userId, amount: fromMinor(w.amount, 'IRT'), ...(o.reason ? { reason: o.reason } : {}) },
    });
    return row;
  });
}

export async function cancelWithdrawal(db: Db, input: { userId: string; withdrawalId: string; ip: string; now: Date }) {
  const row = await returnHeld(db, {
    withdrawalId: input.withdrawalId,
    ownerId: input.userId,
    status: 'Canceled',
    actorId: input.userId,
    ip: input.ip,
    now: input.now,
    notPending: 'REQUEST_NOT_CANCELLABLE',
  });
  return toWithdrawalView(row);
}

export async function rejectWithdrawal(
  db: Db,
  input: {
    operatorId: string;
    withdrawalId: string;
    reason: WithdrawalRejectReason;
    comment?: string;
    ip: string;
    now: Date;
  },
) {
  return returnHeld(db, {
    withdrawalId: input.withdrawalId,
    status: 'Rejected',
    actorId: input.operatorId,
    reason: input.reason,
    comment: input.comment,
    ip: input.ip,
    now: input.now,
    notPending: 'REQUEST_ALREADY_REVIEWED',
  });
}

/**
 * Approves a pending withdrawal under its row lock: it is paid out at the next bank cycle. Above the
 * review bound it takes two operators: the first approval is recorded and the withdrawal stays pending;
 * the second, by another operator, decides it (the first approver again: `SAME_OPERATOR`). Of two
 * reviews at once the row lock orders them; the second reads what the first wrote.
 */
export async function approveWithdrawal(
  db: Db,
  input: { operatorId: string; withdrawalId: string; ip: string; now: Date; review: ReviewPolicy },
) {
  return runMoneyTransaction(db, async (tx) => {
    const w = await findWithdrawal(tx, input.withdrawalId, undefined, true);
    if (!w) throw new AppError('NOT_FOUND');
    if (w.status !== 'Pending') throw new AppError('REQUEST_ALREADY_REVIEWED', 'The withdrawal was already reviewed');
    await assertCanMoveMoney(tx, w.userId, KYC_REQUIREMENT.withdraw);
    if (approvalStep(w, input.operatorId, input.review) === 'first') {
      const first = await updateWithdrawal(tx, w.id, {
        firstApprovedBy: input.operatorId,
        firstApprovedAt: input.now,
      });
      await writeAudit(tx, {
        action: 'withdrawal.first_approved',
        actorUserId: input.operatorId,
        subjectType: 'withdrawal',
        subjectId: w.id,
        ip: input.ip,
        data: { userId: w.userId, amount: fromMinor(w.amount, 'IRT') },
      });
      return first;
    }
    const payoutAt = nextBankCycle(input.now);
    const row = await updateWithdrawal(tx, w.id, {
      status: 'Approved',
      reviewerId: input.operatorId,
      reviewedAt: input.now,
      payoutAt,
    });
    await writeAudit(tx, {
      action: 'withdrawal.approved',
      actorUserId: input.operatorId,
      subjectType: 'withdrawal',
      subjectId: w.id,
      ip: input.ip,
      data: {
        userId: w.userId,
        amount: fromMinor(w.amount, 'IRT'),
        payoutAt: payoutAt.toISOString(),
        ...(w.firstApprovedBy ? { firstApprovedBy: w.firstApprovedBy } : {}),
      },
    });
    return row;
  });
}

/**
 * The payout job: approved withdrawals whose bank cycle has come leave the user's held account for the
 * bank settlement account and become Successful. Safe on every instance at once (SKIP LOCKED).
 */
export async function payDueWithdrawals(db: Db, now: Date, batch = 100): Promise<number> {
  return runMoneyTransaction(db, async (tx) => {
    const due = await claimDuePayouts(tx, now, batch);
    if (due.length === 0) return 0;
    const settlement = await systemAccountId(tx, 'bank_settlement', 'IRT');
    for (const w of due) {
      const paid = await transfer(tx, {
        fromAccountId: await userAccountId(tx, w.userId, 'IRT', 'held'),
        toAccountId: settlement,
        currency: 'IRT',
        amount: w.amount,
        refType: 'Withdrawal',
        refId: w.id,
      });
      await updateWithdrawal(tx, w.id, { status: 'Successful', endJournalId: paid.journalId });
      await writeAudit(tx, {
        action: 'withdrawal.paid',
        subjectType: 'withdrawal',
        subjectId: w.id,
        data: { userId: w.userId, amount: fromMinor(w.amount, 'IRT'), sheba: maskSheba(w.sheba) },
      });
    }
    return due.length;
  });
}
