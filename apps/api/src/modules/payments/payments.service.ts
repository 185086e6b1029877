/**
 * Gateway payments, for every purpose (decisions 016, 026, 031). The gateway is never called inside a
 * database transaction:
 *
 * open:    [the caller's tx: the payment, Pending, with its purpose] → `sendToGateway`: gateway.request →
 *          [authority set once] (refused: [tx: Failed + the purpose's `onUnpaid`])
 * return:  `claimReturn`: the payer cancelled → [tx: Canceled + `onUnpaid`]; else Pending → Verifying, by
 *          exactly one caller
 * settle:  `settlePayment`: gateway.verify → [tx: the purpose's locks → the credit of the payer's wallet →
 *          Verifying → Successful → the audit record → the purpose's `onPaid`] or [tx: Failed + `onUnpaid`];
 *          no answer leaves it Verifying, asked again later (by the payer or the reconciliation job)
 *
 * A callback replayed or called twice finds the payment no longer Pending; the credit is guarded by the
 * payment's status in the same transaction, so settling twice (two instances, a late callback) credits once.
 */
import { AppError } from '@portal/contract/core/errors';
import { fromMinor } from '@portal/contract/core/money';
import { RIALS_PER_TOMAN } from '@portal/contract/wallet/deposits';
import { PaymentGatewayError, type PaymentPort } from '../../adapters/payment/payment.port';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { runMoneyTransaction } from '../../lib/money-tx';
import { creditUser } from '../ledger/ledger.service';
import {
  findUserPayment,
  insertPayment,
  movePaymentStatus,
  setAuthorityOnce,
  type PaymentRow,
} from './payments.repository';
import type { PaymentPurpose, SettleContext, UnpaidReason } from './purposes';

export interface PaymentsDeps {
  db: Db;
  payment: PaymentPort;
  /** The clock of the purposes' rules (tests move it). */
  now?: () => Date;
}

const contextOf = (deps: Pick<PaymentsDeps, 'now'>, ip: string | null): SettleContext => ({
  ip,
  now: deps.now?.() ?? new Date(),
});

/** Writes a gateway payment of `amount` toman, Pending, in the caller's transaction (nothing is asked yet). */
export async function openPayment(
  tx: DbOrTx,
  deps: Pick<PaymentsDeps, 'payment'>,
  input: { userId: string; amount: bigint; purpose: PaymentPurpose },
): Promise<PaymentRow> {
  return insertPayment(tx, {
    userId: input.userId,
    kind: 'gateway',
    purpose: input.purpose.name,
    amount: input.amount,
    status: 'Pending',
    provider: deps.payment.name,
  });
}

/**
 * Sends the payer of a Pending payment to the gateway, once: the redirect of its authority when it has one
 * (a retry), else a new request whose authority is kept (a concurrent retry that kept its own first wins,
 * and both payers go there). A gateway that refuses ends the payment unpaid (`unopened`) and answers
 * `PAYMENT_GATEWAY_UNAVAILABLE`.
 */
export async function sendToGateway(
  deps: PaymentsDeps,
  p: PaymentRow,
  purpose: PaymentPurpose,
  request: { callbackUrl: string; description: string; cardPan?: string },
): Promise<string> {
  if (p.authority) return deps.payment.redirectUrl(p.authority);
  let requested;
  try {
    requested = await deps.payment.request({ amountRial: p.amount * RIALS_PER_TOMAN, ...request });
  } catch (err) {
    if (!(err instanceof PaymentGatewayError)) throw err;
    await failUnopenedPayment(deps, p, purpose, err.message);
    throw new AppError('PAYMENT_GATEWAY_UNAVAILABLE', 'The gateway did not start the payment');
  }
  const set = await setAuthorityOnce(deps.db, p.id, deps.payment.name, requested.authority);
  if (set.length > 0) return requested.redirectUrl;
  // A concurrent retry set its authority first: send the payer to that one.
  const again = await findUserPayment(deps.db, p.userId, p.id);
  return deps.payment.redirectUrl(again!.authority!);
}

/** Ends a Pending payment unpaid, with what its purpose does then; false when it was no longer Pending. */
async function endUnpaid(
  deps: PaymentsDeps,
  p: PaymentRow,
  purpose: PaymentPurpose,
  move: { from: 'Pending' | 'Verifying'; userId?: string; authority?: string; reason: UnpaidReason; text: string },
  ip: string | null,
): Promise<PaymentRow | null> {
  return runMoneyTransaction(deps.db, async (tx) => {
    const ended = await movePaymentStatus(
      tx,
      {
        paymentId: p.id,
        from: move.from,
        ...(move.userId ? { userId: move.userId } : {}),
        ...(move.authority ? { authority: move.authority } : {}),
      },
      { status: move.reason === 'cancelled' ? 'Canceled' : 'Failed', failureReason: move.text },
    );
    if (ended) await purpose.onUnpaid?.(tx, ended, move.reason, contextOf(deps, ip));
    return ended;
  });
}

/**
 * A payment the gateway never opened (it refused the request, or the process stopped before asking):
 * nothing was taken, so it fails without asking, with what its purpose does then.
 */
export async function failUnopenedPayment(
  deps: PaymentsDeps,
  p: PaymentRow,
  purpose: PaymentPurpose,
  reason: string,
): Promise<void> {
  await endUnpaid(deps, p, purpose, { from: 'Pending', reason: 'unopened', text: reason }, null);
}

/**
 * The payer is back from the gateway with its answer: `NOK` cancels a Pending payment (with its purpose),
 * `OK` claims it (`Pending → Verifying`) for this caller alone. Answers the claimed payment, or null when it
 * was not Pending any more (another caller has it, or it ended) or was cancelled now.
 */
export async function claimReturn(
  deps: PaymentsDeps,
  p: PaymentRow,
  purpose: PaymentPurpose,
  input: { userId: string; authority: string; status: 'OK' | 'NOK'; ip: string },
): Promise<PaymentRow | null> {
  const where = { paymentId: p.id, userId: input.userId, from: 'Pending' as const, authority: input.authority };
  if (input.status === 'NOK') {
    await endUnpaid(
      deps,
      p,
      purpose,
      { ...where, reason: 'cancelled', text: 'payer cancelled at the gateway' },
      input.ip,
    );
    return null;
  }
  return movePaymentStatus(deps.db, where, { status: 'Verifying' });
}

/**
 * The one settle of a gateway payment, for every purpose: asks the gateway about a claimed (`Verifying`)
 * payment and ends it. Paid: in one transaction the purpose's locks, the credit of the payer's wallet
 * (`gateway_clearing` → the user's IRT, `amount - fee`), `Verifying → Successful` (if someone else ended it
 * first the transaction rolls back: credited once), the audit record and the purpose's `onPaid`. Not paid:
 * `Failed` with the purpose's `onUnpaid`. No answer: left `Verifying`, asked again later. Answers the
 * payment as it is after.
 */
export async function settlePayment(
  deps: PaymentsDeps,
  p: PaymentRow,
  purpose: PaymentPurpose,
  ip: string | null,
): Promise<PaymentRow> {
  let verdict;
  try {
    verdict = await deps.payment.verify({ authority: p.authority!, amountRial: p.amount * RIALS_PER_TOMAN });
  } catch (err) {
    if (!(err instanceof PaymentGatewayError)) throw err;
    return p;
  }
  if (verdict.status === 'failed') {
    const failed = await endUnpaid(deps, p, purpose, { from: 'Verifying', reason: 'failed', text: verdict.reason }, ip);
    return failed ?? (await findUserPayment(deps.db, p.userId, p.id))!;
  }
  const ctx = contextOf(deps, ip);
  return runMoneyTransaction(deps.db, async (tx) => {
    await purpose.beforeCredit?.(tx, p);
    const credit = await creditUser(tx, {
      userId: p.userId,
      from: 'gateway_clearing',
      currency: 'IRT',
      amount: p.amount - p.fee,
      refType: 'Payment',
      refId: p.id,
      createdBy: p.userId,
    });
    const paid = await movePaymentStatus(
      tx,
      { paymentId: p.id, from: 'Verifying' },
      { status: 'Successful', gatewayRef: verdict.referenceId, cardPan: verdict.cardPan, journalId: credit.journalId },
    );
    // Someone else ended it in the meantime: roll the credit back with this transaction.
    if (!paid) throw new AppError('CONFLICT', 'The payment was settled elsewhere');
    const more = await purpose.onPaid?.(tx, paid, ctx);
    await writeAudit(tx, {
      action: 'deposit.gateway.succeeded',
      actorUserId: p.userId,
      subjectType: 'deposit',
      subjectId: p.id,
      ip,
      data: { amount: fromMinor(p.amount, 'IRT'), referenceId: verdict.referenceId, ...(more ?? {}) },
    });
    return paid;
  }).catch(async (err: unknown) => {
    if (err instanceof AppError && err.code === 'CONFLICT') return (await findUserPayment(deps.db, p.userId, p.id))!;
    throw err;
  });
}

export { findUserPayment, type PaymentRow };
