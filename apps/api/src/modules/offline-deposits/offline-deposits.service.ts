/**
 * Offline toman deposits (issue 5, SPEC §2 "Deposit", §9; decision 018).
 *
 * declare (investor): [tx: idempotency claim → KYC level one, not frozen → the receipt photo is the
 *                     caller's own `deposit_receipt` file → the deposit, Pending] (no money moves)
 * cancel (investor):  [tx: row lock → Pending → Canceled]
 * approve (operator): [tx: row lock → Pending → not frozen → one journal: bank_settlement −amount,
 *                     the user's IRT available +(amount − fee), fees +fee → Successful]; above the
 *                     review bound the first approval is recorded instead and it stays Pending until
 *                     another operator approves (decision 028)
 * reject (operator):  [tx: row lock → Pending → Failed with a reason code]
 *
 * Every step writes its audit record in its transaction. A receipt (bank and number) and its photo are
 * claimed by at most one pending or approved deposit (partial unique indexes).
 */
import { randomUUID } from 'node:crypto';
import type { AdminOfflineDeposit } from '@portal/contract/admin/offline-deposits';
import { AppError, type FieldIssue } from '@portal/contract/core/errors';
import { fromMinor } from '@portal/contract/core/money';
import { KYC_REQUIREMENT } from '@portal/contract/kyc/kyc';
import {
  DEPOSIT_USER_STATUS,
  OFFLINE_DEPOSIT_DESTINATIONS,
  OFFLINE_DEPOSIT_REVIEW_HOURS,
  createOfflineDepositBodySchema,
  offlineDepositCredit,
  type OfflineDeposit,
  type OfflineDepositDestination,
  type OfflineDepositRejectReason,
  type createOfflineDepositBody,
} from '@portal/contract/wallet/offline-deposits';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { violatedUniqueConstraint } from '../../lib/db-errors';
import { assertCanMoveMoney } from '../../lib/guards';
import { withIdempotency } from '../../lib/idempotency';
import { runMoneyTransaction } from '../../lib/money-tx';
import {
  approvalStep,
  firstApproversOf,
  reviewFieldsOf,
  type FirstApprovers,
  type ReviewPolicy,
} from '../../lib/review';
import { findFile } from '../kyc/kyc.repository';
import { systemAccountId } from '../ledger/ledger.repository';
import { postJournal, userAccountId } from '../ledger/ledger.service';
import {
  findOfflineDeposit,
  findOwner,
  insertOfflineDeposit,
  updateDeposit,
  type DepositRow,
  type OfflineDepositState,
} from './offline-deposits.repository';

export interface OfflineDepositsDeps {
  db: Db;
  now?: () => Date;
  /** Two approvals above the configured amount (decision 028). */
  review: ReviewPolicy;
}

const nowOf = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();
const HOUR_MS = 60 * 60 * 1000;

export function toOfflineDepositView(d: DepositRow): OfflineDeposit {
  return {
    id: d.id,
    currency: 'IRT',
    amount: fromMinor(d.amount, 'IRT'),
    fee: fromMinor(d.fee, 'IRT'),
    credited: fromMinor(d.amount - d.fee, 'IRT'),
    status: DEPOSIT_USER_STATUS[d.status],
    receiptNumber: d.receiptNumber ?? '',
    destination: d.destinationBank as OfflineDepositDestination,
    depositDate: d.depositDate ?? '',
    receiptFileId: d.receiptFileId ?? '',
    rejectReason: (d.rejectReason as OfflineDepositRejectReason | null) ?? null,
    reviewDeadline: new Date(d.createdAt.getTime() + OFFLINE_DEPOSIT_REVIEW_HOURS * HOUR_MS).toISOString(),
    canCancel: d.status === 'Pending',
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
}

type Owner = { mobile: string; firstName: string | null; lastName: string | null };

export function toAdminOfflineDeposit(
  d: DepositRow,
  owner: Owner,
  review: { policy: ReviewPolicy; approvers: FirstApprovers },
): AdminOfflineDeposit {
  return {
    ...toOfflineDepositView(d),
    state: d.status as OfflineDepositState,
    destinationSheba: OFFLINE_DEPOSIT_DESTINATIONS.find((x) => x.id === d.destinationBank)?.sheba ?? '',
    reviewComment: d.reviewComment,
    reviewerId: d.reviewerId,
    reviewedAt: d.reviewedAt?.toISOString() ?? null,
    ...reviewFieldsOf({ ...d, pending: d.status === 'Pending' }, review.approvers, review.policy),
    user: { id: d.userId, mobile: owner.mobile, firstName: owner.firstName, lastName: owner.lastName },
  };
}

/** Offline deposits as operators see them, their first approvers read at once. */
export async function toAdminOfflineDeposits<R extends { d: DepositRow } & Owner>(
  db: DbOrTx,
  rows: readonly R[],
  policy: ReviewPolicy,
): Promise<AdminOfflineDeposit[]> {
  const approvers = await firstApproversOf(
    db,
    rows.map((r) => r.d.firstApprovedBy),
  );
  return rows.map((r) => toAdminOfflineDeposit(r.d, r, { policy, approvers }));
}

/** One offline deposit as the console shows it (reads its owner and first approver). */
async function adminViewOf(db: DbOrTx, d: DepositRow, policy: ReviewPolicy): Promise<AdminOfflineDeposit> {
  const [view] = await toAdminOfflineDeposits(db, [{ d, ...(await findOwner(db, d.userId)) }], policy);
  return view!;
}

/**
 * The deposit date again, against the app's clock (the route validated it with the machine's clock):
 * 400 `VALIDATION_FAILED` naming the rule, as the route's validation would.
 */
function assertDepositDate(body: z.output<typeof createOfflineDepositBody>, now: Date): void {
  const parsed = createOfflineDepositBodySchema(() => now).shape.depositDate.safeParse(body.depositDate);
  if (parsed.success) return;
  const issues: FieldIssue[] = parsed.error.issues.map((i) => {
    const params = (i as { params?: Record<string, string | number> }).params;
    return { path: 'body.depositDate', rule: i.message, ...(params ? { params } : {}) };
  });
  throw new AppError('VALIDATION_FAILED', undefined, { issues });
}

const RECEIPT_INDEXES = new Set(['deposits_offline_receipt_uq', 'deposits_offline_receipt_file_uq']);

/** The investor declares a deposit made at the bank: a pending request an operator reviews. */
export async function createOfflineDeposit(
  deps: OfflineDepositsDeps,
  input: {
    userId: string;
    body: z.output<typeof createOfflineDepositBody>;
    idempotencyKey: string;
    ip: string;
  },
): Promise<OfflineDeposit> {
  const { body } = input;
  assertDepositDate(body, nowOf(deps));
  const amount = BigInt(body.amount);
  const { fee } = offlineDepositCredit(amount);
  try {
    const { response } = await runMoneyTransaction(deps.db, (tx) =>
      withIdempotency(
        tx,
        {
          userId: input.userId,
          key: input.idempotencyKey,
          operation: 'createOfflineDeposit',
          request: body,
        },
        async () => {
          await assertCanMoveMoney(tx, input.userId, KYC_REQUIREMENT.invest);
          const file = await findFile(tx, body.receiptFileId);
          if (!file || file.ownerUserId !== input.userId) throw new AppError('NOT_FOUND', 'No such receipt file');
          if (file.purpose !== 'deposit_receipt') {
            throw new AppError('FILE_TYPE_INVALID', 'The file was not uploaded as a deposit receipt');
          }
          const d = await insertOfflineDeposit(tx, {
            id: randomUUID(),
            userId: input.userId,
            amount,
            fee,
            status: 'Pending',
            receiptNumber: body.receiptNumber,
            destinationBank: body.destination,
            depositDate: body.depositDate,
            receiptFileId: file.id,
          });
          await writeAudit(tx, {
            action: 'deposit.offline.declared',
            actorUserId: input.userId,
            subjectType: 'deposit',
            subjectId: d.id,
            ip: input.ip,
            data: {
              amount: body.amount,
              destination: body.destination,
              receiptNumber: body.receiptNumber,
              depositDate: body.depositDate,
            },
          });
          return toOfflineDepositView(d);
        },
      ),
    );
    return response;
  } catch (err) {
    if (RECEIPT_INDEXES.has(violatedUniqueConstraint(err) ?? '')) {
      throw new AppError('DEPOSIT_RECEIPT_DUPLICATE', 'This receipt is already on a pending or approved deposit');
    }
    throw err;
  }
}

export async function getOfflineDeposit(db: DbOrTx, userId: string, depositId: string): Promise<OfflineDeposit> {
  const d = await findOfflineDeposit(db, depositId, { userId });
  if (!d) throw new AppError('NOT_FOUND');
  return toOfflineDepositView(d);
}

/** The investor withdraws a declaration still waiting for review; nothing was credited, nothing moves. */
export async function cancelOfflineDeposit(
  db: Db,
  input: { userId: string; depositId: string; ip: string },
): Promise<OfflineDeposit> {
  const row = await db.transaction(async (tx) => {
    const d = await findOfflineDeposit(tx, input.depositId, { userId: input.userId, lock: true });
    if (!d) throw new AppError('NOT_FOUND');
    if (d.status !== 'Pending') throw new AppError('REQUEST_NOT_CANCELLABLE', 'The deposit is no longer pending');
    const updated = await updateDeposit(tx, d.id, { status: 'Canceled' });
    await writeAudit(tx, {
      action: 'deposit.offline.cancelled',
      actorUserId: input.userId,
      subjectType: 'deposit',
      subjectId: d.id,
      ip: input.ip,
    });
    return updated;
  });
  return toOfflineDepositView(row);
}

export interface OperatorAct {
  operatorId: string;
  depositId: string;
  ip: string;
  now: Date;
  review: ReviewPolicy;
}

/**
 * Approves a pending offline deposit under its row lock: one journal moves `amount` out of the bank
 * settlement account, `amount − fee` into the investor's IRT wallet and the fee to the fees account.
 * Of two operators deciding at once exactly one wins; the other gets `REQUEST_ALREADY_REVIEWED`. Above
 * the review bound it takes two operators: the first approval is recorded and the deposit stays pending;
 * the second, by another operator, credits it (the first approver again: `SAME_OPERATOR`).
 */
export async function approveOfflineDeposit(db: Db, input: OperatorAct): Promise<AdminOfflineDeposit> {
  const row = await runMoneyTransaction(db, async (tx) => {
    const d = await findOfflineDeposit(tx, input.depositId, { lock: true });
    if (!d) throw new AppError('NOT_FOUND');
    if (d.status !== 'Pending') throw new AppError('REQUEST_ALREADY_REVIEWED', 'The deposit was already decided');
    await assertCanMoveMoney(tx, d.userId, KYC_REQUIREMENT.invest);
    if (approvalStep(d, input.operatorId, input.review) === 'first') {
      const first = await updateDeposit(tx, d.id, {
        firstApprovedBy: input.operatorId,
        firstApprovedAt: input.now,
      });
      await writeAudit(tx, {
        action: 'deposit.offline.first_approved',
        actorUserId: input.operatorId,
        subjectType: 'user',
        subjectId: d.userId,
        ip: input.ip,
        data: { depositId: d.id, amount: fromMinor(d.amount, 'IRT') },
      });
      return first;
    }
    const { fee, credited } = offlineDepositCredit(d.amount);
    const [bank, wallet, fees] = [
      await systemAccountId(tx, 'bank_settlement', 'IRT'),
      await userAccountId(tx, d.userId, 'IRT', 'available'),
      await systemAccountId(tx, 'fees', 'IRT'),
    ];
    const journal = await postJournal(tx, {
      refType: 'Payment',
      refId: d.id,
      memo: 'offline deposit',
      createdBy: input.operatorId,
      postings: [
        { accountId: bank, currency: 'IRT', amount: -d.amount },
        { accountId: wallet, currency: 'IRT', amount: credited },
        ...(fee > 0n ? [{ accountId: fees, currency: 'IRT' as const, amount: fee }] : []),
      ],
    });
    const updated = await updateDeposit(tx, d.id, {
      status: 'Successful',
      journalId: journal.journalId,
      reviewerId: input.operatorId,
      reviewedAt: input.now,
    });
    await writeAudit(tx, {
      action: 'deposit.offline.approved',
      actorUserId: input.operatorId,
      subjectType: 'user',
      subjectId: d.userId,
      ip: input.ip,
      data: {
        depositId: d.id,
        amount: fromMinor(d.amount, 'IRT'),
        fee: fromMinor(fee, 'IRT'),
        credited: fromMinor(credited, 'IRT'),
        journalId: journal.journalId,
        ...(d.firstApprovedBy ? { firstApprovedBy: d.firstApprovedBy } : {}),
      },
    });
    return updated;
  });
  return adminViewOf(db, row, input.review);
}

/** Rejects a pending offline deposit under its row lock, with a reason code the investor sees. */
export async function rejectOfflineDeposit(
  db: Db,
  input: OperatorAct & { reason: OfflineDepositRejectReason; comment?: string | undefined },
): Promise<AdminOfflineDeposit> {
  const row = await db.transaction(async (tx) => {
    const d = await findOfflineDeposit(tx, input.depositId, { lock: true });
    if (!d) throw new AppError('NOT_FOUND');
    if (d.status !== 'Pending') throw new AppError('REQUEST_ALREADY_REVIEWED', 'The deposit was already decided');
    const updated = await updateDeposit(tx, d.id, {
      status: 'Failed',
      rejectReason: input.reason,
      reviewComment: input.comment ?? null,
      reviewerId: input.operatorId,
      reviewedAt: input.now,
    });
    await writeAudit(tx, {
      action: 'deposit.offline.rejected',
      actorUserId: input.operatorId,
      subjectType: 'user',
      subjectId: d.userId,
      ip: input.ip,
      data: { depositId: d.id, amount: fromMinor(d.amount, 'IRT'), reason: input.reason },
    });
    return updated;
  });
  return adminViewOf(db, row, input.review);
}

export async function getAdminOfflineDeposit(
  db: Db,
  depositId: string,
  policy: ReviewPolicy,
): Promise<AdminOfflineDeposit> {
  const d = await findOfflineDeposit(db, depositId);
  if (!d) throw new AppError('NOT_FOUND');
  return adminViewOf(db, d, policy);
}
