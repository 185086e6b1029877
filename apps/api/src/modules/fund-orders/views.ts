/** Fund orders as the contract shows them: money in the fund's currency, units by `formatUnits`, ISO times. */
import { fromMinor } from '@portal/contract/core/money';
import { PURCHASE_USER_STATUS, REDEMPTION_USER_STATUS } from '@portal/contract/funds/funds';
import {
  PURCHASE_FAIL_REASONS,
  PURCHASE_OUTCOME,
  REDEMPTION_OUTCOME,
  type FundPurchase,
  type FundRedemption,
  type LotTakeView,
  type PurchaseFailReason,
} from '@portal/contract/funds/orders';
import { formatUnits, type LotTake } from '@portal/contract/funds/pricing';
import type { PurchaseWithPayment, RedemptionRow } from './fund-orders.repository';

const failReasonOf = (r: string | null): PurchaseFailReason | null =>
  r && (PURCHASE_FAIL_REASONS as readonly string[]).includes(r) ? (r as PurchaseFailReason) : null;

export function toPurchaseView(p: PurchaseWithPayment): FundPurchase {
  const money = (v: bigint | null) => (v === null ? null : fromMinor(v, p.currency));
  const charged = p.cost === null || p.status !== 'Successful' ? null : p.cost + p.fixedFee;
  return {
    id: p.id,
    fundId: p.fundId,
    method: p.method,
    state: p.status,
    status: PURCHASE_USER_STATUS[p.status],
    outcome: PURCHASE_OUTCOME[p.status],
    currency: p.currency,
    amount: fromMinor(p.amount, p.currency),
    fixedFee: fromMinor(p.fixedFee, p.currency),
    navDate: p.navDate,
    nav: money(p.nav),
    units: p.units === null ? null : formatUnits(p.units),
    cost: money(p.cost),
    charged: money(charged),
    remainder: money(charged === null ? null : p.amount - charged),
    failReason: failReasonOf(p.failReason),
    paymentReference: p.paymentReference,
    pricedAt: p.pricedAt?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** A lot take as stored in `fund_redemptions.takes` (strings of minor units, ISO times). */
export function storedTake(t: LotTake): Record<string, string> {
  return {
    lotId: t.lotId,
    units: t.units.toString(),
    issuedAt: t.issuedAt.toISOString(),
    freeFrom: t.freeFrom.toISOString(),
    value: t.value.toString(),
    earlyExitBps: t.earlyExitBps.toString(),
    earlyExitFee: t.earlyExitFee.toString(),
    gain: t.gain.toString(),
    performanceFee: t.performanceFee.toString(),
  };
}

export function takeView(t: LotTake, currency: 'IRT' | 'USDT'): LotTakeView {
  return {
    lotId: t.lotId,
    units: formatUnits(t.units),
    issuedAt: t.issuedAt.toISOString(),
    freeFrom: t.freeFrom.toISOString(),
    value: fromMinor(t.value, currency),
    earlyExitBps: Number(t.earlyExitBps),
    earlyExitFee: fromMinor(t.earlyExitFee, currency),
    gain: fromMinor(t.gain, currency),
    performanceFee: fromMinor(t.performanceFee, currency),
  };
}

const fromStored = (t: Record<string, string>): LotTake => ({
  lotId: t.lotId!,
  units: BigInt(t.units!),
  issuedAt: new Date(t.issuedAt!),
  freeFrom: new Date(t.freeFrom!),
  value: BigInt(t.value!),
  earlyExitBps: BigInt(t.earlyExitBps!),
  earlyExitFee: BigInt(t.earlyExitFee!),
  gain: BigInt(t.gain!),
  performanceFee: BigInt(t.performanceFee!),
});

export function toRedemptionView(r: RedemptionRow): FundRedemption {
  const money = (v: bigint | null) => (v === null ? null : fromMinor(v, r.currency));
  return {
    id: r.id,
    fundId: r.fundId,
    state: r.status,
    status: REDEMPTION_USER_STATUS[r.status],
    outcome: REDEMPTION_OUTCOME[r.status],
    currency: r.currency,
    units: formatUnits(r.units),
    navDate: r.navDate,
    nav: money(r.nav),
    value: money(r.value),
    fixedFee: money(r.fixedFee),
    earlyExitFee: money(r.earlyExitFee),
    performanceFee: money(r.performanceFee),
    proceeds: money(r.proceeds),
    takes: r.takes ? r.takes.map((t) => takeView(fromStored(t), r.currency)) : null,
    pricedAt: r.pricedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
