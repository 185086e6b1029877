/**
 * What a gateway payment is for (decision 031). The payments module asks the gateway, credits the payer's
 * wallet and ends the payment, the same for every purpose; a purpose only says what else happens in the
 * same transactions. The module that owns a purpose writes its `PaymentPurpose` (a wallet deposit in
 * `deposits`, a card purchase of fund units in `fund-orders`); payments imports none of them: a caller
 * that knows its purpose passes it, and the reconciliation job gets them all as `PaymentPurposes`, put
 * together outside the modules (`src/payment-purposes.ts`). A new purpose (a basket order, a gift card) is
 * a name here and in the `deposits.purpose` column's list, and one `PaymentPurpose` in its own module.
 */
import type { JsonValue } from '../../lib/idempotency';
import type { Tx } from '../../db/client';
import type { PaymentRow } from './payments.repository';

export const PAYMENT_PURPOSES = ['wallet_deposit', 'fund_purchase'] as const;
export type PaymentPurposeName = (typeof PAYMENT_PURPOSES)[number];

// The column's list and this one are the same list.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const columnMatches: Same<NonNullable<PaymentRow['purpose']>, PaymentPurposeName> = true;
void columnMatches;

/** Why an unpaid payment ended: the payer cancelled, the gateway said not paid, or it was never opened. */
export type UnpaidReason = 'cancelled' | 'failed' | 'unopened';

export interface SettleContext {
  /** The caller's address (a payer's return), null for the reconciliation job. */
  ip: string | null;
  /** The service clock (a card purchase is placed on the day it is paid). */
  now: Date;
}

export interface PaymentPurpose {
  name: PaymentPurposeName;
  /** First in the transaction that credits a paid payment: the purpose's locks, in its own order. */
  beforeCredit?(tx: Tx, payment: PaymentRow): Promise<void>;
  /**
   * In the transaction that credited the payer's wallet and marked the payment `Successful`: what the
   * payment was for (a card purchase is placed). Answers what the credit's audit record adds.
   */
  onPaid?(tx: Tx, payment: PaymentRow, ctx: SettleContext): Promise<Record<string, JsonValue> | void>;
  /** In the transaction that ended the payment unpaid (`Failed` or `Canceled`). */
  onUnpaid?(tx: Tx, payment: PaymentRow, reason: UnpaidReason, ctx: SettleContext): Promise<void>;
}

/** Every purpose, by name: what the reconciliation job settles with. */
export type PaymentPurposes = { readonly [N in PaymentPurposeName]: PaymentPurpose & { name: N } };
