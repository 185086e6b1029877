/**
 * Fund purchases (issue 6, SPEC §2 "Fund purchase"; decisions 016, 022). The gateway is never called inside
 * a database transaction:
 *
 * wallet: [tx: idempotency claim → the investor's row locked (their orders run one after another) → KYC
 *          level one, not frozen → the fund open for buying, the amount within
 *          its limits → available → held (FundSharePurchase) → the purchase, Waiting → priced at once when
 *          today's NAV is published (Successful)]
 * card:   [tx: idempotency claim → the same checks → a gateway payment (purpose `fund_purchase`),
 *          Pending → the purchase, PaymentPending] → payments' `sendToGateway` → redirectUrl
 * verify: payments' `claimReturn` → `settlePayment` (decision 031), which credits the wallet and calls
 *         this module's `fundPurchasePurpose`: paid → available → held + the purchase Waiting, priced at once
 *         when the NAV of the day of payment is out; not paid → the purchase Failed with its payment
 *
 * A callback replayed or called twice finds the payment no longer Pending and answers the purchase as it
 * is: the wallet is credited and the order placed once. A payment left Verifying (the gateway did not
 * answer) is settled by the next call to verify, or by the reconciliation job (`payments/reconcile.ts`,
 * decision 026), which also settles a payment whose payer never came back; the credit is guarded by the
 * payment's status in the same transaction, so settling twice credits once.
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '@portal/contract/core/errors';
import { fromMinor, toMinor } from '@portal/contract/core/money';
import {
  FUND_ORDERS_PAGE_SIZE,
  fundAmountIssue,
  tehranDateOf,
  type FundOrder,
  type FundPurchase,
  type PurchaseMethod,
  type PurchaseQuoteView,
} from '@portal/contract/funds/orders';
import { formatUnits, quotePurchase } from '@portal/contract/funds/pricing';
import { isRiskierThan } from '@portal/contract/baskets/risk';
import type { FundRiskValue } from '@portal/contract/funds/funds';
import { KYC_REQUIREMENT } from '@portal/contract/kyc/kyc';
import { GATEWAY_DEPOSIT_MAX_TOMAN } from '@portal/contract/wallet/deposits';
import type { PaymentPort } from '../../adapters/payment/payment.port';
import type { Db, Tx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { assertCanMoveMoney } from '../../lib/guards';
import { withIdempotency } from '../../lib/idempotency';
import { latestRiskResult } from '../risk-quiz/risk-quiz.repository';
import { runMoneyTransaction } from '../../lib/money-tx';
import { findUserAccount } from '../ledger/ledger.repository';
import { moveBetweenBuckets } from '../ledger/ledger.service';
import {
  claimReturn,
  findUserPayment,
  openPayment,
  sendToGateway,
  settlePayment,
  type PaymentRow,
} from '../payments/payments.service';
import type { PaymentPurpose } from '../payments/purposes';
import {
  findPurchaseOfPayment,
  findUserPurchase,
  insertPurchase,
  listPurchases,
  listUserOrderIds,
  lockInvestor,
  movePurchaseStatus,
  navOn,
  purchasesByIds,
  redemptionsByIds,
  updatePurchase,
  type FundRow,
  type PurchaseRow,
} from './fund-orders.repository';
import { findFund, latestNav } from '../funds/funds.repository';
import { pricePurchase } from './pricing.service';
import { toPurchaseView, toRedemptionView } from './views';

export interface FundOrdersDeps {
  db: Db;
  payment: PaymentPort;
  /** The clock of the rules that count time (tests move it). */
  now?: () => Date;
}

const clock = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();

/** A refused field, as schema validation answers it (`details.issues`, the rule the form translates). */
export const invalid = (path: string, rule: string, params?: Record<string, string>) =>
  new AppError('VALIDATION_FAILED', undefined, { issues: [{ path, rule, ...(params ? { params } : {}) }] });

/** A fund the investor can see (published), or `NOT_FOUND`. */
export async function publishedFund(db: Db, fundId: string): Promise<FundRow> {
  const fund = await findFund(db, fundId, { publishedOnly: true });
  if (!fund) throw new AppError('NOT_FOUND', 'No such fund');
  return fund;
}

/**
 * The amount in minor units of the fund's currency, within the fund's minimum and maximum (and, by card,
 * the gateway's largest payment); else `VALIDATION_FAILED` with the rule of `body.amount`.
 */
export function purchaseAmount(fund: FundRow, text: string, method?: PurchaseMethod): bigint {
  const issue = fundAmountIssue(text, fund.currency);
  if (issue) throw invalid('body.amount', issue.rule, issue.params);
  const amount = toMinor(text, fund.currency);
  if (amount < fund.minPurchase)
    throw invalid('body.amount', 'amountMin', { min: fromMinor(fund.minPurchase, fund.currency) });
  if (fund.maxPurchase !== null && amount > fund.maxPurchase) {
    throw invalid('body.amount', 'amountMax', { max: fromMinor(fund.maxPurchase, fund.currency) });
  }
  if (method === 'card' && fund.currency === 'IRT' && amount > GATEWAY_DEPOSIT_MAX_TOMAN) {
    throw invalid('body.amount', 'amountMax', { max: fromMinor(GATEWAY_DEPOSIT_MAX_TOMAN, 'IRT') });
  }
  return amount;
}

/** Card payments go through the toman gateway: a fund in another currency takes the wallet only. */
const methodsOf = (fund: FundRow): PurchaseMethod[] => (fund.currency === 'IRT' ? ['wallet', 'card'] : ['wallet']);

export async function quoteFundPurchase(
  deps: FundOrdersDeps,
  input: { userId: string; fundId: string; amount: string },
): Promise<PurchaseQuoteView> {
  const now = clock(deps);
  const fund = await publishedFund(deps.db, input.fundId);
  const amount = purchaseAmount(fund, input.amount);
  const navDate = tehranDateOf(now);
  const nav = await navOn(deps.db, fund.id, navDate);
  const latest = await latestNav(deps.db, fund.id);
  const fee = fund.purchaseFixedFee;
  const q = nav === null ? null : quotePurchase(amount, nav, fee);
  if ((nav !== null && !q) || amount <= fee) throw new AppError('FUND_ORDER_TOO_SMALL', 'The amount buys no unit');
  const estimate = latest ? quotePurchase(amount, latest.nav, fee) : null;
  const wallet = await findUserAccount(deps.db, input.userId, fund.currency, 'available');
  const money = (v: bigint | null | undefined) => (v === null || v === undefined ? null : fromMinor(v, fund.currency));
  return {
    fundId: fund.id,
    currency: fund.currency,
    amount: fromMinor(amount, fund.currency),
    fixedFee: fromMinor(fee, fund.currency),
    managementFeeBps: fund.managementFeeBps,
    minPurchase: fromMinor(fund.minPurchase, fund.currency),
    maxPurchase: money(fund.maxPurchase),
    navDate,
    nav: money(nav),
    waiting: nav === null,
    units: q ? formatUnits(q.units) : null,
    cost: money(q?.cost),
    charged: money(q?.charged),
    remainder: money(q?.remainder),
    latestNav: latest ? { navDate: latest.navDate, nav: fromMinor(latest.nav, fund.currency) } : null,
    estimatedUnits: estimate ? formatUnits(estimate.units) : null,
    walletAvailable: fromMinor(wallet?.balance ?? 0n, fund.currency),
    buyingPaused: fund.buyingPaused,
    methods: methodsOf(fund),
  };
}

export type CreatedPurchase = FundPurchase & { redirectUrl: string | null };

export async function createFundPurchase(
  deps: FundOrdersDeps,
  input: {
    userId: string;
    fundId: string;
    /** `riskAcknowledged`: the investor confirmed a fund riskier than their latest quiz result (issue 20). */
    body: { amount: string; method: PurchaseMethod; riskAcknowledged?: boolean };
    idempotencyKey: string;
    /** Where the gateway sends the payer back (the web app's purchase payment page). */
    returnUrl: (purchaseId: string) => string;
    ip: string;
  },
): Promise<CreatedPurchase> {
  const now = clock(deps);
  const { method } = input.body;
  // The fund and the amount are checked before anything is written: a bad input changes nothing.
  const checked = await publishedFund(deps.db, input.fundId);
  const amount = purchaseAmount(checked, input.body.amount, method);
  const call = {
    userId: input.userId,
    key: input.idempotencyKey,
    operation: 'createFundPurchase',
    request: {
      fundId: input.fundId,
      amount: fromMinor(amount, checked.currency),
      method,
      ...(input.body.riskAcknowledged === true ? { riskAcknowledged: true } : {}),
    },
  };
  const { response: first } = await runMoneyTransaction(deps.db, (tx) =>
    withIdempotency(tx, call, async (): Promise<FundPurchase> => {
      await lockInvestor(tx, input.userId);
      await assertCanMoveMoney(tx, input.userId, KYC_REQUIREMENT.invest);
      const fund = await findFund(tx, input.fundId, { publishedOnly: true });
      if (!fund) throw new AppError('NOT_FOUND', 'No such fund');
      if (fund.buyingPaused) throw new AppError('FUND_TRADING_PAUSED', 'Buying this fund is not possible now');
      if (!methodsOf(fund).includes(method)) {
        throw new AppError('PAYMENT_METHOD_DISABLED', 'This fund is bought with the wallet balance only');
      }
      const navDate = tehranDateOf(now);
      const nav = await navOn(tx, fund.id, navDate);
      if (amount <= fund.purchaseFixedFee || (nav !== null && !quotePurchase(amount, nav, fund.purchaseFixedFee))) {
        throw new AppError('FUND_ORDER_TOO_SMALL', 'The amount buys no unit');
      }
      // A fund riskier than the investor's latest quiz result needs their confirmation (issue 20, decision
      // 045). Without a result the investor is taken as the most careful (risk number 0): any fund above the
      // safe band asks them to take the quiz or confirm. The result compared and the confirmation are kept.
      const latest = await latestRiskResult(tx, input.userId);
      const riskier = isRiskierThan(fund.risk as FundRiskValue, latest?.riskNumber ?? 0);
      if (riskier && input.body.riskAcknowledged !== true) {
        throw new AppError('RISK_CONFIRMATION_REQUIRED', 'This fund is riskier than your risk quiz result: confirm it');
      }
      const risk = { riskResultId: latest?.id ?? null, riskAcknowledged: riskier };
      const id = randomUUID();
      let row: PurchaseRow;
      if (method === 'wallet') {
        const hold = await moveBetweenBuckets(tx, {
          userId: input.userId,
          from: 'available',
          to: 'held',
          currency: fund.currency,
          amount,
          refType: 'FundSharePurchase',
          refId: id,
          createdBy: input.userId,
        });
        row = await insertPurchase(tx, {
          id,
          userId: input.userId,
          fundId: fund.id,
          method,
          status: 'Waiting',
          currency: fund.currency,
          amount,
          fixedFee: fund.purchaseFixedFee,
          navDate,
          holdJournalId: hold.journalId,
          ...risk,
          createdAt: now,
          updatedAt: now,
        });
        if (nav !== null) row = await pricePurchase(tx, row, fund, nav, now);
      } else {
        const deposit = await openPayment(tx, deps, { userId: input.userId, amount, purpose: fundPurchasePurpose });
        row = await insertPurchase(tx, {
          id,
          userId: input.userId,
          fundId: fund.id,
          method,
          status: 'PaymentPending',
          currency: fund.currency,
          amount,
          fixedFee: fund.purchaseFixedFee,
          navDate,
          depositId: deposit.id,
          ...risk,
          createdAt: now,
          updatedAt: now,
        });
      }
      await writeAudit(tx, {
        action: 'fund.purchase.requested',
        actorUserId: input.userId,
        subjectType: 'fund_purchase',
        subjectId: id,
        ip: input.ip,
        data: {
          fundId: fund.id,
          amount: fromMinor(amount, fund.currency),
          method,
          ...(riskier ? { riskAcknowledged: true, riskResultId: latest?.id ?? null } : {}),
        },
      });
      return toPurchaseView({ ...row, paymentReference: null });
    }),
  );
  if (first.method === 'wallet') return { ...first, redirectUrl: null };
  return startCardPayment(deps, input.userId, first.id, input.returnUrl);
}

/** Sends the payer of a card purchase to the gateway (once: a retry is sent to the same payment). */
async function startCardPayment(
  deps: FundOrdersDeps,
  userId: string,
  purchaseId: string,
  returnUrl: (purchaseId: string) => string,
): Promise<CreatedPurchase> {
  const current = await findUserPurchase(deps.db, userId, purchaseId);
  if (!current) throw new Error('the purchase just written is gone');
  const payment = current.depositId ? await findUserPayment(deps.db, userId, current.depositId) : null;
  if (current.status !== 'PaymentPending' || !payment || payment.status !== 'Pending') {
    return { ...toPurchaseView(current), redirectUrl: null };
  }
  const redirectUrl = await sendToGateway(deps, payment, fundPurchasePurpose, {
    callbackUrl: returnUrl(current.id),
    description: `Fund purchase ${current.id}`,
  });
  return { ...toPurchaseView(current), redirectUrl };
}

/** The payer is back from the gateway: verify the card payment once, then place the order. */
export async function verifyFundPurchasePayment(
  deps: FundOrdersDeps,
  input: { userId: string; purchaseId: string; authority: string; status: 'OK' | 'NOK'; ip: string },
): Promise<FundPurchase> {
  const purchase = await findUserPurchase(deps.db, input.userId, input.purchaseId);
  if (!purchase || purchase.method !== 'card' || !purchase.depositId) throw new AppError('NOT_FOUND');
  const payment = await findUserPayment(deps.db, input.userId, purchase.depositId);
  // Another user's purchase, or an authority that is not this payment's: nothing to say.
  if (!payment || payment.authority !== input.authority) throw new AppError('NOT_FOUND');
  const answer = async () => toPurchaseView((await findUserPurchase(deps.db, input.userId, purchase.id))!);

  let claimed: PaymentRow | null = null;
  if (payment.status === 'Pending') {
    claimed = await claimReturn(deps, payment, fundPurchasePurpose, input);
  } else if (payment.status === 'Verifying') {
    // Left Verifying by a call the gateway did not answer: settling again is safe (the credit is guarded).
    claimed = payment;
  }
  if (claimed) await settlePayment(deps, claimed, fundPurchasePurpose, input.ip);
  return answer();
}

async function failPurchase(
  tx: Tx,
  purchaseId: string,
  reason: 'payment_cancelled' | 'payment_failed',
  ip: string | null,
  now: Date,
) {
  const failed = await movePurchaseStatus(tx, purchaseId, 'PaymentPending', {
    status: 'Failed',
    failReason: reason,
    updatedAt: now,
  });
  if (failed) {
    await writeAudit(tx, {
      action: 'fund.purchase.failed',
      actorUserId: failed.userId,
      subjectType: 'fund_purchase',
      subjectId: failed.id,
      ip,
      data: { fundId: failed.fundId, reason },
    });
  }
}

/**
 * A card purchase of fund units, as a purpose of a gateway payment (decision 031): paid, the order is placed
 * (the wallet the payment credited → held, the purchase Waiting, priced at once when the NAV of the day of
 * payment is out); unpaid, the purchase fails with its payment.
 */
export const fundPurchasePurpose = {
  name: 'fund_purchase',
  // The investor's row first, as every order of theirs takes it: their orders run one after another.
  beforeCredit: (tx, payment) => lockInvestor(tx, payment.userId),
  async onPaid(tx, payment, { ip, now }) {
    const p = await findPurchaseOfPayment(tx, payment.id, { lock: true });
    // Not awaiting payment any more (cannot happen while the payment was Verifying): the money stays in the wallet.
    if (!p || p.status !== 'PaymentPending') return p ? { fundPurchaseId: p.id } : undefined;
    const fund = await findFund(tx, p.fundId);
    if (!fund || !fund.published || fund.buyingPaused) {
      await updatePurchase(tx, p.id, { status: 'Failed', failReason: 'fund_paused', updatedAt: now });
      await writeAudit(tx, {
        action: 'fund.purchase.failed',
        actorUserId: p.userId,
        subjectType: 'fund_purchase',
        subjectId: p.id,
        ip,
        data: { fundId: p.fundId, reason: 'fund_paused' },
      });
      return { fundPurchaseId: p.id };
    }
    // The order is placed the day it is paid: that day's NAV prices it.
    const navDate = tehranDateOf(now);
    const hold = await moveBetweenBuckets(tx, {
      userId: p.userId,
      from: 'available',
      to: 'held',
      currency: p.currency,
      amount: p.amount,
      refType: 'FundSharePurchase',
      refId: p.id,
      createdBy: p.userId,
    });
    const waiting = await updatePurchase(tx, p.id, {
      status: 'Waiting',
      navDate,
      holdJournalId: hold.journalId,
      updatedAt: now,
    });
    const nav = await navOn(tx, p.fundId, navDate);
    if (nav !== null) await pricePurchase(tx, waiting, fund, nav, now);
    return { fundPurchaseId: p.id };
  },
  async onUnpaid(tx, payment, reason, { ip, now }) {
    const p = await findPurchaseOfPayment(tx, payment.id);
    if (!p) return;
    if (reason === 'unopened') {
      // Nothing was taken: the purchase fails with its payment, as when the gateway refuses the request.
      await movePurchaseStatus(tx, p.id, 'PaymentPending', {
        status: 'Failed',
        failReason: 'gateway_unavailable',
        updatedAt: now,
      });
    } else {
      await failPurchase(tx, p.id, reason === 'cancelled' ? 'payment_cancelled' : 'payment_failed', ip, now);
    }
  },
} as const satisfies PaymentPurpose;

export async function getFundPurchase(db: Db, userId: string, purchaseId: string): Promise<FundPurchase> {
  const p = await findUserPurchase(db, userId, purchaseId);
  if (!p) throw new AppError('NOT_FOUND');
  return toPurchaseView(p);
}

export async function listMyFundPurchases(db: Db, userId: string, q: { fundId?: string | undefined; page: number }) {
  const { rows, total } = await listPurchases(
    db,
    { userId, fundId: q.fundId },
    FUND_ORDERS_PAGE_SIZE,
    (q.page - 1) * FUND_ORDERS_PAGE_SIZE,
  );
  return { items: rows.map(toPurchaseView), total, page: q.page, pageSize: FUND_ORDERS_PAGE_SIZE };
}

/** Purchases and redemptions together, newest first: the fund page's buy and sell history. */
export async function listMyFundOrders(db: Db, userId: string, q: { fundId?: string | undefined; page: number }) {
  const { rows, total } = await listUserOrderIds(
    db,
    userId,
    q.fundId,
    FUND_ORDERS_PAGE_SIZE,
    (q.page - 1) * FUND_ORDERS_PAGE_SIZE,
  );
  const purchases = new Map(
    (
      await purchasesByIds(
        db,
        rows.filter((r) => r.kind === 'purchase').map((r) => r.id),
      )
    ).map((p) => [p.id, p]),
  );
  const redemptions = new Map(
    (
      await redemptionsByIds(
        db,
        rows.filter((r) => r.kind === 'redemption').map((r) => r.id),
      )
    ).map((r) => [r.id, r]),
  );
  const items: FundOrder[] = rows.flatMap((r): FundOrder[] => {
    if (r.kind === 'purchase') {
      const p = purchases.get(r.id);
      return p ? [{ kind: 'purchase', purchase: toPurchaseView(p) }] : [];
    }
    const x = redemptions.get(r.id);
    return x ? [{ kind: 'redemption', redemption: toRedemptionView(x) }] : [];
  });
  return { items, total, page: q.page, pageSize: FUND_ORDERS_PAGE_SIZE };
}
