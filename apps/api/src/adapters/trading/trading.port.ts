/**
 * Orders at an exchange for the smart hold baskets (issue 20, decision 045): market orders on a spot pair
 * against tether, each named by the caller's `clientOrderId`, so a retry after a crash finds what the first
 * attempt did. Implementations: Binance (`POST /api/v3/order`, signed), and the embedded mode's sandbox
 * that fills at the universe's latest price (production refuses it).
 *
 * Every amount is a decimal string: tether with at most six decimals, quantities in the asset's unit.
 */
import type { ExchangeId } from '@portal/contract/baskets/universe';

export type OrderSide = 'buy' | 'sell';

export interface MarketOrder {
  /** The exchange's pair (`BTCUSDT`, `BTC-USDT`): the `pair` of the asset's listing. */
  pair: string;
  side: OrderSide;
  /** A buy: the tether to spend (the exchange spends at most this). */
  quoteAmount?: string;
  /** A sell: the quantity of the asset to sell; it is rounded down to the listing's quantity step. */
  quantity?: string;
  /** The caller's id of the order, unique per exchange (at most 36 characters: `[A-Za-z0-9_-]`). */
  clientOrderId: string;
}

/**
 * What an order did.
 * - a buy: `quoteAmount` is the tether it spent in all; `quantity` what the account received, net of a
 *   commission the exchange took in the asset;
 * - a sell: `quantity` is what it sold; `quoteAmount` the tether received, net of a commission taken in tether.
 * `feeUsdt` is the commission's worth in tether (already inside `quantity` or `quoteAmount`; a commission
 * paid in another asset, such as BNB, is `feeAsset` / `fee` and not counted in `feeUsdt`).
 * `averagePrice` is tether per unit, gross of the commission. A rejected order moved nothing: its amounts
 * are `'0'` and `reason` says why.
 */
export interface Fill {
  exchangeOrderId: string;
  clientOrderId: string;
  status: 'filled' | 'rejected';
  quantity: string;
  quoteAmount: string;
  feeUsdt: string;
  averagePrice: string;
  /** When the commission was paid in an asset other than the pair's two. */
  feeAsset?: string;
  fee?: string;
  reason?: string;
}

export interface TradingPort {
  readonly exchange: ExchangeId;
  /** The sandbox: its fills move nothing real, pages say so. */
  readonly sandbox: boolean;
  /**
   * Places a market order and answers its fill. Idempotent by `clientOrderId`: an order already placed
   * under that id is answered as it is, never placed twice. Rejects (`TradingError`) only when the outcome
   * is unknown (no answer): the caller asks `findOrder` later; an order the exchange refused is a fill with
   * `status: 'rejected'`.
   */
  marketOrder(order: MarketOrder): Promise<Fill>;
  /** The order placed under `clientOrderId` on `pair`, or null when there is none. */
  findOrder(pair: string, clientOrderId: string): Promise<Fill | null>;
}

/** An exchange that did not answer, or answered something that is not its protocol: the outcome is unknown. */
export class TradingError extends Error {
  constructor(
    readonly exchange: ExchangeId,
    message: string,
  ) {
    super(`${exchange}: ${message}`);
    this.name = 'TradingError';
  }
}
