/**
 * Gateway payments that nobody ended (decision 026). A payment is normally ended by the payer's return
 * to the portal (`verifyGatewayDeposit`, `verifyFundPurchasePayment`, both through `claimReturn` and
 * `settlePayment`). Three cases never get that call:
 *
 * - the verify was claimed but never finished (the gateway did not answer, or the process stopped): the
 *   payment stays `Verifying`; if the gateway did take the money the investor is owed it;
 * - the payer paid but closed the browser before the gateway sent them back: `Pending`, paid at the
 *   gateway, never verified (Iranian gateways hand an unverified payment back to the payer after about
 *   half an hour, so the investor would see neither the money nor the deposit);
 * - the payer never paid: `Pending` forever in their requests.
 *
 * Every minute, on every instance, this asks the gateway about each of them through the one settle
 * function the callbacks use (`settlePayment`) with the payment's own purpose (decision 031): paid is
 * credited once (and a card purchase placed), not paid is failed.
 * A `Pending` payment is asked about only after `PAYER_WINDOW_MS`, when its payer can no longer pay. Each
 * payment is taken by one instance (a status move, or a touch of a `Verifying` row), and the credit is
 * guarded by the deposit's status in its own transaction, so instances racing each other or a late
 * callback credit once. The gateway is never called inside a database transaction.
 */
import { PAYER_WINDOW_MS } from '../../adapters/payment/payment.port';
import { findUnsettledPayments, movePaymentStatus, retakeVerifying } from './payments.repository';
import { failUnopenedPayment, settlePayment, type PaymentsDeps } from './payments.service';
import type { PaymentPurposes } from './purposes';

/** A verify still unfinished after this was interrupted: it is asked again. */
export const VERIFY_RETRY_AFTER_MS = 60_000;
/** A payment written but never sent to the gateway after this will not be: the start call is long over. */
export const UNOPENED_AFTER_MS = 5 * 60_000;
const BATCH = 50;

export interface ReconcileDeps extends PaymentsDeps {
  /** Every purpose, by name: each payment is settled with its own. */
  purposes: PaymentPurposes;
}

export interface ReconcileCounts {
  /** Asked about (verified again or for the first time). */
  verified: number;
  /** Never opened at the gateway: failed without asking. */
  unopened: number;
}

export async function reconcileGatewayPayments(deps: ReconcileDeps, now: Date = new Date()): Promise<ReconcileCounts> {
  const verifyingBefore = new Date(now.getTime() - VERIFY_RETRY_AFTER_MS);
  const rows = await findUnsettledPayments(deps.db, {
    verifyingBefore,
    payerBefore: new Date(now.getTime() - PAYER_WINDOW_MS),
    unopenedBefore: new Date(now.getTime() - UNOPENED_AFTER_MS),
    limit: BATCH,
  });
  const counts: ReconcileCounts = { verified: 0, unopened: 0 };
  const failures: unknown[] = [];
  for (const row of rows) {
    // One payment that cannot be settled (a bug, a database error) does not hold up the others.
    try {
      const purpose = deps.purposes[row.purpose!];
      if (row.status === 'Pending' && !row.authority) {
        await failUnopenedPayment(deps, row, purpose, 'the payment was never opened at the gateway');
        counts.unopened++;
        continue;
      }
      const claimed =
        row.status === 'Verifying'
          ? await retakeVerifying(deps.db, row.id, verifyingBefore)
          : await movePaymentStatus(deps.db, { paymentId: row.id, from: 'Pending' }, { status: 'Verifying' });
      // Another instance, or the payer's own callback, took it first.
      if (!claimed) continue;
      await settlePayment(deps, claimed, purpose, null);
      counts.verified++;
    } catch (err) {
      failures.push(err);
    }
  }
  if (failures.length > 0) {
    throw new AggregateError(failures, `${failures.length} of ${rows.length} gateway payments could not be settled`);
  }
  return counts;
}
