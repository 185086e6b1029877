import { divDec, fromDec, mulDec, roundDec } from '../market/decimal';
import { rejected } from './sandbox-trading';
import type { Fill, OrderSide } from './trading.port';

/** An id an exchange answered (a string or a number), as text; anything else is no id. */
export const idText = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** What an exchange says an order did, before the commission is placed (10⁻¹⁸ units). */
export interface Execution {
  exchangeOrderId: string;
  clientOrderId: string;
  side: OrderSide;
  /** The pair's asset (`BTC` of `BTCUSDT`). */
  baseAsset: string;
  /** The asset bought or sold, gross of any commission. */
  executedQty: bigint;
  /** The tether it traded for, gross of any commission. */
  cumQuote: bigint;
  /** Commissions by the asset they were paid in. */
  commissions: Map<string, bigint>;
  /** How the exchange names the order's end, for a refusal that executed nothing. */
  statusText: string;
}

/**
 * The fill as the port states it: a buy's quantity net of a commission taken in the asset and its tether
 * with one taken in tether; a sell's tether net of one taken in tether. A commission in a third asset (BNB,
 * KCS) is kept aside (`feeAsset`, `fee`). Nothing executed is a refusal.
 */
export function fillOf(e: Execution): Fill {
  if (e.executedQty <= 0n) {
    return { ...rejected(e.clientOrderId, `NOT_FILLED ${e.statusText}`), exchangeOrderId: e.exchangeOrderId };
  }
  const average = divDec(e.cumQuote, e.executedQty, 'half-even');
  let quantity = e.executedQty;
  let quote = e.cumQuote;
  let feeUsdt = 0n;
  let other: { asset: string; amount: bigint } | undefined;
  for (const [asset, amount] of e.commissions) {
    if (amount === 0n) continue;
    if (asset === e.baseAsset) {
      quantity = e.side === 'buy' ? quantity - amount : quantity + amount;
      feeUsdt += mulDec(amount, average, 'up');
    } else if (asset === 'USDT') {
      quote = e.side === 'buy' ? quote + amount : quote - amount;
      feeUsdt += amount;
    } else {
      other = { asset, amount: (other?.amount ?? 0n) + amount };
    }
  }
  return {
    exchangeOrderId: e.exchangeOrderId,
    clientOrderId: e.clientOrderId,
    status: 'filled',
    quantity: fromDec(quantity),
    quoteAmount: fromDec(roundDec(quote, 8, e.side === 'buy' ? 'up' : 'down')),
    feeUsdt: fromDec(roundDec(feeUsdt, 6, 'up')),
    averagePrice: fromDec(average),
    ...(other ? { feeAsset: other.asset, fee: fromDec(other.amount) } : {}),
  };
}
