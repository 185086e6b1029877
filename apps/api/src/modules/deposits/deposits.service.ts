/**
 * Gateway deposits (issue 5, SPEC §2 "Deposit"; decision 016). The outside call to the gateway is never
 * made inside a database transaction:
 *
 * start:  [tx: idempotency record + the deposit, Pending] → gateway.request → [authority set once]
 * verify: [claim: Pending → Verifying, by exactly one caller] → gateway.verify →
 *         [tx: Verifying → Successful + the journal crediting the wallet] or [Verifying → Failed]
 *
 * A callback replayed or called twice finds the deposit no longer Pending and answers its outcome: the
 * wallet is credited once. A process that dies between claim and result leaves the deposit Verifying
 * (shown as waiting); asking the gateway again is safe (it answers "already verified").
 */
import { AppError } from '@portal/contract/core/errors';
import { fromMinor } from '@portal/contract/core/money';
import { RIALS_PER_TOMAN, type Deposit } from '@portal/contract/wallet/deposits';
import { PaymentGatewayError, type PaymentPort } from '../../adapters/payment/payment.port';
import type { Db } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { assertCanMoveMoney } from '../../lib/guards';
import { withIdempotency } from '../../lib/idempotency';
import { runMoneyTransaction } from '../../lib/money-tx';
import { KYC_REQUIREMENT } from '@portal/contract/kyc/kyc';
import { deriveKey, decrypt } from '../../lib/crypto';
import { findActiveCard } from '../bank-accounts/bank-accounts.repository';
import { creditUser } from '../ledger/ledger.service';
import { findUserDeposit, insertDeposit, moveStatus, setAuthorityOnce, type DepositRow } from './deposits.repository';

export interface DepositsDeps {
  db: Db;
  payment: PaymentPort;
  /** The app secret: unseals the payer's card number for the gateway. */
  secret: string;
}

export function toDepositView(d: DepositRow): Deposit {
  const outcome =
    d.status === 'Successful' ? 'success' : d.status === 'Failed' || d.status === 'Canceled' ? 'failed' : 'waiting';
  return {
    depositId: d.id,
    kind: d.kind,
    outcome,
    amount: fromMinor(d.amount, 'IRT'),
    fee: fromMinor(d.fee, 'IRT'),
    credited: d.status === 'Successful' ? fromMinor(d.amount - d.fee, 'IRT') : '0',
    referenceId: d.gatewayRef,
    createdAt: d.createdAt.toISOString(),
  };
}

export async function startGatewayDeposit(
  deps: DepositsDeps,
  input: {
    userId: string;
    amount: string;
    /** The payer's card (one of the user's bank accounts with a card number), when chosen. */
    bankAccountId?: string;
    idempotencyKey: string;
    returnUrl: (depositId: string) => string;
    ip: string;
  },
): Promise<{ depositId: string; redirectUrl: string }> {
  const amount = BigInt(input.amount);
  // The card is read before anything is written: an unknown one changes nothing.
  const sealedCard = input.bankAccountId ? await findActiveCard(deps.db, input.userId, input.bankAccountId) : null;
  if (input.bankAccountId && !sealedCard) throw new AppError('NOT_FOUND', 'No such card among your bank accounts');
  const { response } = await runMoneyTransaction(deps.db, (tx) =>
    withIdempotency(
      tx,
      {
        userId: input.userId,
        key: input.idempotencyKey,
        operation: 'startGatewayDeposit',
        request: { amount: input.amount, bankAccountId: input.bankAccountId ?? null },
      },
      async () => {
        // Depositing needs level one: the gateway's card must be the verified owner's.
        await assertCanMoveMoney(tx, input.userId, KYC_REQUIREMENT.invest);
        const d = await insertDeposit(tx, {
          userId: input.userId,
          kind: 'gateway',
          amount,
          status: 'Pending',
          provider: deps.payment.name,
        });
        await writeAudit(tx, {
          action: 'deposit.gateway.started',
          actorUserId: input.userId,
          subjectType: 'deposit',
          subjectId: d.id,
          ip: input.ip,
          data: { amount: input.amount },
        });
        return { depositId: d.id };
      },
    ),
  );
  const deposit = await findUserDeposit(deps.db, input.userId, response.depositId);
  if (!deposit) throw new Error('the deposit just written is gone');
  if (deposit.status !== 'Pending') throw new AppError('CONFLICT', 'This deposit has already ended');
  if (deposit.authority) return { depositId: deposit.id, redirectUrl: deps.payment.redirectUrl(deposit.authority) };

  let requested;
  try {
    requested = await deps.payment.request({
      amountRial: amount * RIALS_PER_TOMAN,
      callbackUrl: input.returnUrl(deposit.id),
      description: `Wallet deposit ${deposit.id}`,
      ...(sealedCard ? { cardPan: decrypt(deriveKey(deps.secret, 'bank-card'), sealedCard) } : {}),
    });
  } catch (err) {
    if (!(err instanceof PaymentGatewayError)) throw err;
    await moveStatus(
      deps.db,
      { depositId: deposit.id, from: 'Pending' },
      { status: 'Failed', failureReason: err.message },
    );
    throw new AppError('PAYMENT_GATEWAY_UNAVAILABLE', 'The gateway did not start the payment');
  }
  const set = await setAuthorityOnce(deps.db, deposit.id, deps.payment.name, requested.authority);
  if (set.length === 0) {
    // A concurrent retry set its authority first: send the payer to that one.
    const again = await findUserDeposit(deps.db, input.userId, deposit.id);
    return { depositId: deposit.id, redirectUrl: deps.payment.redirectUrl(again!.authority!) };
  }
  return { depositId: deposit.id, redirectUrl: requested.redirectUrl };
}

export async function verifyGatewayDeposit(
  deps: DepositsDeps,
  input: { userId: string; depositId: string; authority: string; status: 'OK' | 'NOK'; ip: string },
): Promise<Deposit> {
  const current = await findUserDeposit(deps.db, input.userId, input.depositId);
  // Another user's deposit, or an authority that is not this deposit's: nothing to say.
  if (!current || current.kind !== 'gateway' || current.authority !== input.authority) throw new AppError('NOT_FOUND');
  const claimed = await moveStatus(
    deps.db,
    { depositId: current.id, userId: input.userId, from: 'Pending', authority: input.authority },
    input.status === 'OK'
      ? { status: 'Verifying' }
      : { status: 'Canceled', failureReason: 'payer cancelled at the gateway' },
  );
  if (!claimed) return toDepositView((await findUserDeposit(deps.db, input.userId, current.id))!);
  if (claimed.status === 'Canceled') return toDepositView(claimed);
  return settleVerifying(deps, claimed, input.ip);
}

/** Asks the gateway about a claimed (Verifying) deposit and ends it: credited once, or failed. */
export async function settleVerifying(
  deps: Pick<DepositsDeps, 'db' | 'payment'>,
  d: DepositRow,
  ip: string | null,
): Promise<Deposit> {
  let verdict;
  try {
    verdict = await deps.payment.verify({ authority: d.authority!, amountRial: d.amount * RIALS_PER_TOMAN });
  } catch (err) {
    if (!(err instanceof PaymentGatewayError)) throw err;
    // The gateway did not answer: the deposit stays Verifying (waiting) and is asked again later.
    return toDepositView(d);
  }
  if (verdict.status === 'failed') {
    const failed = await moveStatus(
      deps.db,
      { depositId: d.id, from: 'Verifying' },
      { status: 'Failed', failureReason: verdict.reason },
    );
    return toDepositView(failed ?? d);
  }
  const done = await runMoneyTransaction(deps.db, async (tx) => {
    const journal = await creditUser(tx, {
      userId: d.userId,
      from: 'gateway_clearing',
      currency: 'IRT',
      amount: d.amount - d.fee,
      refType: 'Payment',
      refId: d.id,
      createdBy: d.userId,
    });
    const row = await moveStatus(
      tx,
      { depositId: d.id, from: 'Verifying' },
      { status: 'Successful', gatewayRef: verdict.referenceId, cardPan: verdict.cardPan, journalId: journal.journalId },
    );
    // Someone else ended it in the meantime: roll the credit back with this transaction.
    if (!row) throw new AppError('CONFLICT', 'The deposit was ended elsewhere');
    await writeAudit(tx, {
      action: 'deposit.gateway.succeeded',
      actorUserId: d.userId,
      subjectType: 'deposit',
      subjectId: d.id,
      ip,
      data: { amount: fromMinor(d.amount, 'IRT'), referenceId: verdict.referenceId },
    });
    return row;
  }).catch(async (err: unknown) => {
    if (err instanceof AppError && err.code === 'CONFLICT') return (await findUserDeposit(deps.db, d.userId, d.id))!;
    throw err;
  });
  return toDepositView(done);
}

export async function getDeposit(db: Db, userId: string, depositId: string): Promise<Deposit> {
  const d = await findUserDeposit(db, userId, depositId);
  if (!d) throw new AppError('NOT_FOUND');
  return toDepositView(d);
}
