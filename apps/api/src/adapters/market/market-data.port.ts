/**
 * An exchange's public market data for the smart hold baskets (issue 20, decision 045): the spot pairs it
 * lists against tether and their daily closes. Implementations: Binance (`/api/v3/exchangeInfo`,
 * `/api/v3/klines`, `/api/v3/ticker/price`), KuCoin (`/api/v2/symbols`, `/api/v1/market/candles`,
 * `/api/v1/market/allTickers`) and the embedded mode's demo market (labelled demo; production refuses it).
 * Every price is a decimal string of tether per unit of the asset; a day is a UTC calendar day
 * (`YYYY-MM-DD`), the day an exchange's daily candle opens.
 */
import type { ExchangeId } from '@portal/contract/baskets/universe';

/** A spot pair quoted in tether that the exchange trades now. */
export interface Listing {
  /** The asset's symbol as the portal names it (`BTC`). */
  symbol: string;
  /** The exchange's own name of the pair (`BTCUSDT` on Binance, `BTC-USDT` on KuCoin). */
  pair: string;
  /** Whether the exchange also trades it on its margin market (Binance `isMarginTradingAllowed`, KuCoin `isMarginEnabled`). */
  margin: boolean;
  /** The smallest quantity increment of an order, decimal (`0.00001`). */
  quantityStep: string;
  /** The smallest order worth, tether, decimal (`5`). */
  minNotional: string;
}

/** One day's closing price. */
export interface DailyClose {
  day: string;
  close: string;
}

export interface MarketDataPort {
  readonly exchange: ExchangeId;
  /** The demo market: everything it gives is labelled demo. */
  readonly demo: boolean;
  /** Every spot pair against USDT that trades now (pairs halted or in a break are left out). */
  listings(signal?: AbortSignal): Promise<Listing[]>;
  /**
   * The closes of completed and current days from `fromDay` to `toDay` inclusive, oldest first (a day the
   * pair did not trade is missing). Today's close is the last price so far.
   */
  dailyCloses(pair: string, fromDay: string, toDay: string, signal?: AbortSignal): Promise<DailyClose[]>;
  /** The last traded price of every pair the exchange answers for, by pair. */
  lastPrices(signal?: AbortSignal): Promise<Map<string, string>>;
}

/** An exchange that did not answer, or answered something that is not its protocol. */
export class MarketDataError extends Error {
  constructor(
    readonly exchange: ExchangeId,
    message: string,
  ) {
    super(`${exchange}: ${message}`);
    this.name = 'MarketDataError';
  }
}
