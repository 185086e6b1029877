/**
 * Manual adjustments with maker-checker (issue 5, decision 019).
 *
 * propose (maker, money.adjust): [tx: idempotency claim → the user exists → the adjustment, Pending]
 *                                (nothing is posted)
 * approve (checker, money.adjust): [tx: row lock → Pending → the user's row (FOR SHARE: frozen or not,
 *                                recorded) → one journal (credit: adjustments → user available; debit:
 *                                user available → adjustments) → Approved]
 * reject (any money.adjust, the maker too: it moves nothing): [tx: row lock → Pending → Rejected]
 *
 * Who may do each is the four-eyes guard's (decision 028), before any of this runs: never about the
 * operator's own wallet or a user sharing a bank account or payment ID with them (`OPERATOR_OWN_ACCOUNT`),
 * never approved by its maker (`SAME_OPERATOR`). Neither the maker nor the user of an adjustment ever
 * changes, so the guard's reading holds in the transaction; the database refuses an approved row whose
 * checker is its maker all the same.
 *
 * A debit the user's available balance does not cover fails the posting (the database's CHECK) with
 * `INSUFFICIENT_BALANCE`: the whole transaction rolls back, the adjustment stays Pending, and the refused
 * attempt is audited in a transaction of its own. Every step writes its audit record (operator as actor,
 * the user as subject) in its transaction.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type {
  Adjustment,
  AdjustmentDirection,
  AdjustmentReasonCode,
  proposeAdjustmentBody,
} from '@portal/contract/admin/adjustments';
import { AppError } from '@portal/contract/core/errors';
import { fromMinor, toMinor, type Currency } from '@portal/contract/core/money';
import type { Db } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { withIdempotency } from '../../lib/idempotency';
import { runMoneyTransaction } from '../../lib/money-tx';
import { systemAccountId } from '../ledger/ledger.repository';
import { transfer, userAccountId } from '../ledger/ledger.service';
import {
  findAdjustment,
  findSubject,
  insertAdjustment,
  updateAdjustment,
  type AdjustmentRow,
  type AdjustmentSubject,
} from './adjustments.repository';

export interface AdjustmentsDeps {
  db: Db;
  now?: () => Date;
}

export interface OperatorAct {
  operatorId: string;
  adjustmentId: string;
  ip: string;
}

const nowOf = (deps: AdjustmentsDeps) => deps.now?.() ?? new Date();

export function toAdjustment(a: AdjustmentRow, subject: AdjustmentSubject): Adjustment {
  return {
    id: a.id,
    user: {
      id: a.userId,
      mobile: subject.mobile,
      firstName: subject.firstName,
      lastName: subject.lastName,
      isFrozen: subject.frozenAt !== null,
    },
    currency: a.currency,
    direction: a.direction,
    amount: fromMinor(a.amount, a.currency),
    reasonCode: a.reasonCode as AdjustmentReasonCode,
    reason: a.reason,
    status: a.status,
    makerId: a.makerId,
    checkerId: a.checkerId,
    decidedAt: a.decidedAt?.toISOString() ?? null,
    rejectReason: a.rejectReason,
    userFrozenAtDecision: a.userFrozenAtDecision,
    journalId: a.journalId,
    createdAt: a.createdAt.toISOString(),
  };
}

/** What every audit record of an adjustment carries. */
function auditData(a: AdjustmentRow): Record<string, unknown> {
  return {
    adjustmentId: a.id,
    currency: a.currency,
    direction: a.direction,
    amount: fromMinor(a.amount, a.currency),
    reasonCode: a.reasonCode,
  };
}

/** The maker proposes: a Pending adjustment and its audit record, once per idempotency key. Nothing is posted. */
export async function proposeAdjustment(
  deps: AdjustmentsDeps,
  input: { operatorId: string; body: z.output<typeof proposeAdjustmentBody>; idempotencyKey: string; ip: string },
): Promise<Adjustment> {
  const { body } = input;
  const { response } = await runMoneyTransaction(deps.db, (tx) =>
    withIdempotency(
      tx,
      { userId: input.operatorId, key: input.idempotencyKey, operation: 'adminProposeAdjustment', request: body },
      async () => {
        const subject = await findSubject(tx, body.userId);
        if (!subject) throw new AppError('NOT_FOUND', 'No such user');
        const a = await insertAdjustment(tx, {
          id: randomUUID(),
          userId: body.userId,
          currency: body.currency,
          direction: body.direction,
          amount: toMinor(body.amount, body.currency),
          reasonCode: body.reasonCode,
          reason: body.reason,
          makerId: input.operatorId,
        });
        await writeAudit(tx, {
          action: 'adjustment.proposed',
          actorUserId: input.operatorId,
          subjectType: 'user',
          subjectId: a.userId,
          ip: input.ip,
          data: { ...auditData(a), reason: a.reason, userFrozen: subject.frozenAt !== null },
        });
        return toAdjustment(a, subject);
      },
    ),
  );
  return response;
}

/** The accounts a journal moves money between: from the house to the user (credit), or back (debit). */
async function legsOf(
  tx: Parameters<typeof systemAccountId>[0],
  a: { userId: string; currency: Currency; direction: AdjustmentDirection },
): Promise<{ fromAccountId: string; toAccountId: string }> {
  const house = await systemAccountId(tx, 'adjustments', a.currency);
  const wallet = await userAccountId(tx, a.userId, a.currency, 'available');
  return a.direction === 'credit'
    ? { fromAccountId: house, toAccountId: wallet }
    : { fromAccountId: wallet, toAccountId: house };
}

/**
 * A checker (not the maker, not the account's owner: the guard) approves a pending adjustment under its row lock:
 * one `ManualAdjustment` journal, the decision and its audit record, in one transaction. Of two checkers
 * at once exactly one wins; the other gets `REQUEST_ALREADY_REVIEWED`.
 */
export async function approveAdjustment(deps: AdjustmentsDeps, input: OperatorAct): Promise<Adjustment> {
  try {
    return await runMoneyTransaction(deps.db, async (tx) => {
      const a = await findAdjustment(tx, input.adjustmentId, { lock: true });
      if (!a) throw new AppError('NOT_FOUND', 'No such adjustment');
      if (a.status !== 'Pending') throw new AppError('REQUEST_ALREADY_REVIEWED', 'The adjustment was already decided');
      const subject = await findSubject(tx, a.userId, { share: true });
      if (!subject) throw new AppError('NOT_FOUND', 'No such user');
      const userFrozen = subject.frozenAt !== null;
      const journal = await transfer(tx, {
        ...(await legsOf(tx, a)),
        currency: a.currency,
        amount: a.amount,
        refType: 'ManualAdjustment',
        refId: a.id,
        memo: `manual adjustment (${a.direction}, ${a.reasonCode})`,
        createdBy: input.operatorId,
      });
      const updated = await updateAdjustment(tx, a.id, {
        status: 'Approved',
        checkerId: input.operatorId,
        decidedAt: nowOf(deps),
        userFrozenAtDecision: userFrozen,
        journalId: journal.journalId,
      });
      await writeAudit(tx, {
        action: 'adjustment.approved',
        actorUserId: input.operatorId,
        subjectType: 'user',
        subjectId: a.userId,
        ip: input.ip,
        data: { ...auditData(a), makerId: a.makerId, journalId: journal.journalId, userFrozen },
      });
      return toAdjustment(updated, subject);
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'INSUFFICIENT_BALANCE') await auditRefusedApproval(deps, input);
    throw err;
  }
}

/** A checker's approval the balance did not cover: nothing was posted, but the attempt is on record. */
async function auditRefusedApproval(deps: AdjustmentsDeps, input: OperatorAct): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const a = await findAdjustment(tx, input.adjustmentId);
    if (!a) return;
    await writeAudit(tx, {
      action: 'adjustment.approval_refused',
      actorUserId: input.operatorId,
      subjectType: 'user',
      subjectId: a.userId,
      ip: input.ip,
      data: { ...auditData(a), code: 'INSUFFICIENT_BALANCE' },
    });
  });
}

/** Rejects a pending adjustment under its row lock, with a reason; the maker may withdraw their own. */
export async function rejectAdjustment(
  deps: AdjustmentsDeps,
  input: OperatorAct & { reason: string },
): Promise<Adjustment> {
  return deps.db.transaction(async (tx) => {
    const a = await findAdjustment(tx, input.adjustmentId, { lock: true });
    if (!a) throw new AppError('NOT_FOUND', 'No such adjustment');
    if (a.status !== 'Pending') throw new AppError('REQUEST_ALREADY_REVIEWED', 'The adjustment was already decided');
    const subject = await findSubject(tx, a.userId, { share: true });
    if (!subject) throw new AppError('NOT_FOUND', 'No such user');
    const userFrozen = subject.frozenAt !== null;
    const updated = await updateAdjustment(tx, a.id, {
      status: 'Rejected',
      checkerId: input.operatorId,
      decidedAt: nowOf(deps),
      rejectReason: input.reason,
      userFrozenAtDecision: userFrozen,
    });
    await writeAudit(tx, {
      action: 'adjustment.rejected',
      actorUserId: input.operatorId,
      subjectType: 'user',
      subjectId: a.userId,
      ip: input.ip,
      data: {
        ...auditData(a),
        makerId: a.makerId,
        reason: input.reason,
        withdrawnByMaker: a.makerId === input.operatorId,
        userFrozen,
      },
    });
    return toAdjustment(updated, subject);
  });
}
