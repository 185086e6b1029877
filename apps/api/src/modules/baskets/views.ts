/** Basket orders and operations as the contract shows them (issue 20). */
import {
  BASKET_ORDER_OUTCOME,
  isSpecialisedAmount,
  type BasketOperation,
  type BasketOrder,
} from '@portal/contract/baskets/orders';
import { fromMinor } from '@portal/contract/core/money';
import type { basketOperations, basketOrders } from '../../db/schema';

export type OrderRow = typeof basketOrders.$inferSelect;
export type OperationRow = typeof basketOperations.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toOrderView(o: OrderRow): BasketOrder {
  const amount = fromMinor(o.amount, 'USDT');
  return {
    id: o.id,
    status: o.status,
    outcome: BASKET_ORDER_OUTCOME[o.status],
    risk: o.risk,
    amount,
    exchanges: o.exchanges,
    marketType: o.marketType,
    vip: o.vip,
    specialised: isSpecialisedAmount(amount),
    riskAcknowledged: o.riskAcknowledged,
    riskResultId: o.riskResultId,
    feeBps: o.feeBps,
    fee: o.fee === null ? null : fromMinor(o.fee, 'USDT'),
    failReason: o.failReason,
    declineReason: o.declineReason,
    holding: o.holding,
    paidAt: iso(o.paidAt),
    builtAt: iso(o.builtAt),
    closedAt: iso(o.closedAt),
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

export function toOperationView(op: OperationRow): BasketOperation {
  return {
    id: op.id,
    basketId: op.orderId,
    kind: op.kind,
    status: op.status,
    trades: op.trades
      .filter((t) => t.status === 'filled')
      .map((t) => ({
        symbol: t.symbol,
        exchange: t.exchange,
        side: t.side,
        quantity: t.quantity,
        quoteAmount: t.quoteAmount,
        fee: t.fee,
        price: t.price,
      })),
    fees: fromMinor(op.fees, 'USDT'),
    proceeds: op.proceeds === null ? null : fromMinor(op.proceeds, 'USDT'),
    createdAt: op.createdAt.toISOString(),
    completedAt: iso(op.completedAt),
  };
}
