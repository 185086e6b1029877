/**
 * Wallet deposits through the gateway (issue 5, SPEC §2 "Deposit"; decisions 016, 026, 031): the
 * `wallet_deposit` purpose of a gateway payment. The payments module asks the gateway, credits the wallet
 * and ends the payment; a wallet deposit adds nothing to that, so its purpose has no hooks.
 *
 * start:  [tx: idempotency record + the payment, Pending] → `sendToGateway`
 * verify: `claimReturn` (Pending → Verifying, by exactly one caller) → `settlePayment`
 *
 * A callback replayed or called twice finds the deposit no longer Pending and answers its outcome: the
 * wallet is credited once. A deposit left Verifying is settled by the reconciliation job (decision 026).
 */
import { AppError } from '@portal/contract/core/errors';
import { fromMinor } from '@portal/contract/core/money';
import type { Deposit } from '@portal/contract/wallet/deposits';
import type { PaymentPort } from '../../adapters/payment/payment.port';
import type { Db } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { assertCanMoveMoney } from '../../lib/guards';
import { withIdempotency } from '../../lib/idempotency';
import { runMoneyTransaction } from '../../lib/money-tx';
import { KYC_REQUIREMENT } from '@portal/contract/kyc/kyc';
import { deriveKey, decrypt } from '../../lib/crypto';
import { findActiveCard } from '../bank-accounts/bank-accounts.repository';
import {
  claimReturn,
  findUserPayment,
  openPayment,
  sendToGateway,
  settlePayment,
  type PaymentRow,
} from '../payments/payments.service';
import type { PaymentPurpose } from '../payments/purposes';

/** A wallet deposit: the credit of the wallet is all it is for. */
export const walletDepositPurpose = { name: 'wallet_deposit' } as const satisfies PaymentPurpose;

export interface DepositsDeps {
  db: Db;
  payment: PaymentPort;
  /** The app secret: unseals the payer's card number for the gateway. */
  secret: string;
}

export function toDepositView(d: PaymentRow): Deposit {
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
        const d = await openPayment(tx, deps, { userId: input.userId, amount, purpose: walletDepositPurpose });
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
  const deposit = await findUserPayment(deps.db, input.userId, response.depositId);
  if (!deposit) throw new Error('the deposit just written is gone');
  if (deposit.status !== 'Pending') throw new AppError('CONFLICT', 'This deposit has already ended');
  const redirectUrl = await sendToGateway(deps, deposit, walletDepositPurpose, {
    callbackUrl: input.returnUrl(deposit.id),
    description: `Wallet deposit ${deposit.id}`,
    ...(sealedCard ? { cardPan: decrypt(deriveKey(deps.secret, 'bank-card'), sealedCard) } : {}),
  });
  return { depositId: deposit.id, redirectUrl };
}

export async function verifyGatewayDeposit(
  deps: DepositsDeps,
  input: { userId: string; depositId: string; authority: string; status: 'OK' | 'NOK'; ip: string },
): Promise<Deposit> {
  const current = await findUserPayment(deps.db, input.userId, input.depositId);
  // Another user's deposit, a card purchase's payment, or an authority that is not this deposit's: nothing to say.
  if (!current || current.purpose !== walletDepositPurpose.name || current.authority !== input.authority) {
    throw new AppError('NOT_FOUND');
  }
  const claimed = await claimReturn(deps, current, walletDepositPurpose, input);
  if (!claimed) return toDepositView((await findUserPayment(deps.db, input.userId, current.id))!);
  return toDepositView(await settlePayment(deps, claimed, walletDepositPurpose, input.ip));
}

export async function getDeposit(db: Db, userId: string, depositId: string): Promise<Deposit> {
  const d = await findUserPayment(db, userId, depositId);
  if (!d) throw new AppError('NOT_FOUND');
  return toDepositView(d);
}
