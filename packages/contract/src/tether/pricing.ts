/**
 * The tether market's arithmetic (issue 17, decision 039), pure and shared: the server prices quotes with
 * it, the tests check its rules, the web app shows what a quote will say while the user types.
 *
 * Prices are whole rials per one tether (`bigint`). Amounts are minor units of their currency
 * (`core/money.ts`: IRT and IRR have no decimals, USDT six). Every rounding goes the house's way by at most
 * one minor unit: the user never receives a fraction the house did not price, and a fee is never shaved.
 */
import { divRound } from '../core/money';

export const BPS = 10_000n;
/** One tether in minor units. */
export const USDT_UNIT = 1_000_000n;
/** Rials in one toman. */
export const RIALS_PER_TOMAN = 10n;

export type TradeSide = 'buy' | 'sell';
export type TradeFiat = 'IRT' | 'IRR';

/** The house's two prices around the market's middle: the user buys at `buy`, sells at `sell`. */
export function housePrices(mid: bigint, spreadBps: bigint): { buy: bigint; sell: bigint } {
  return { buy: divRound(mid * (BPS + spreadBps), BPS, 'up'), sell: divRound(mid * (BPS - spreadBps), BPS, 'down') };
}

/** Fiat minor units → rials. */
export const fiatToRials = (amount: bigint, fiat: TradeFiat): bigint =>
  fiat === 'IRT' ? amount * RIALS_PER_TOMAN : amount;

/** Rials → fiat minor units, rounded as named. */
export const rialsToFiat = (rials: bigint, fiat: TradeFiat, rounding: 'up' | 'down'): bigint =>
  fiat === 'IRT' ? divRound(rials, RIALS_PER_TOMAN, rounding) : rials;

/** What a quote moves, in minor units: the fiat side includes the fee. */
export interface TradeAmounts {
  /** Fiat the user pays (buy, fee included) or receives (sell, fee taken). */
  fiat: bigint;
  /** Tether the user receives (buy) or pays (sell). */
  usdt: bigint;
  /** The house's fee, in the fiat currency. */
  fee: bigint;
}

/** A fee of `bps` on `amount`, rounded up. */
export function feeOn(amount: bigint, bps: bigint): bigint {
  if (amount <= 0n || bps <= 0n) return 0n;
  return divRound(amount * bps, BPS, 'up');
}

/**
 * Prices a trade. `amountOf` says which side the user named:
 * - buy, `pay` = fiat (fee included): fee = ⌈fiat × fee⌉, tether = ⌊(fiat − fee) in rials ÷ price⌋;
 * - buy, `receive` = tether: cost = ⌈tether × price⌉ in fiat, fee = ⌈cost × fee⌉, fiat = cost + fee;
 * - sell, `pay` = tether: gross = ⌊tether × price⌋ in fiat, fee = ⌈gross × fee⌉, fiat = gross − fee;
 * - sell, `receive` = fiat (after the fee): the least tether whose proceeds after the fee reach it.
 * Answers null when the trade moves nothing on one side (too small to price).
 */
export function priceTrade(o: {
  side: TradeSide;
  fiat: TradeFiat;
  amountOf: 'pay' | 'receive';
  amount: bigint;
  price: bigint;
  feeBps: bigint;
}): TradeAmounts | null {
  const { side, fiat, amountOf, amount, price, feeBps } = o;
  if (amount <= 0n || price <= 0n) return null;
  let result: TradeAmounts;
  if (side === 'buy') {
    if (amountOf === 'pay') {
      const fee = feeOn(amount, feeBps);
      const usdt = divRound(fiatToRials(amount - fee, fiat) * USDT_UNIT, price, 'down');
      result = { fiat: amount, usdt, fee };
    } else {
      const cost = rialsToFiat(divRound(amount * price, USDT_UNIT, 'up'), fiat, 'up');
      const fee = feeOn(cost, feeBps);
      result = { fiat: cost + fee, usdt: amount, fee };
    }
  } else if (amountOf === 'pay') {
    const gross = rialsToFiat(divRound(amount * price, USDT_UNIT, 'down'), fiat, 'down');
    const fee = feeOn(gross, feeBps);
    result = { fiat: gross - fee, usdt: amount, fee };
  } else {
    // gross − ⌈gross × f⌉ ≥ amount: start from the exact gross and step up past any rounding.
    let gross = divRound(amount * BPS, BPS - feeBps, 'up');
    while (gross - feeOn(gross, feeBps) < amount) gross += 1n;
    let usdt = divRound(fiatToRials(gross, fiat) * USDT_UNIT, price, 'up');
    // The tether's proceeds, priced back, must cover `gross` (the division may round across a rial).
    while (rialsToFiat(divRound(usdt * price, USDT_UNIT, 'down'), fiat, 'down') < gross) usdt += 1n;
    const proceeds = rialsToFiat(divRound(usdt * price, USDT_UNIT, 'down'), fiat, 'down');
    const fee = feeOn(proceeds, feeBps);
    result = { fiat: proceeds - fee, usdt, fee };
  }
  return result.fiat > 0n && result.usdt > 0n ? result : null;
}

/** The fiat value of a trade in toman (limits are in toman): what the user paid or received before the fee. */
export function tradeValueToman(side: TradeSide, fiat: TradeFiat, amounts: TradeAmounts): bigint {
  const gross = side === 'buy' ? amounts.fiat : amounts.fiat + amounts.fee;
  return fiat === 'IRT' ? gross : divRound(gross, RIALS_PER_TOMAN, 'up');
}

/** The middle of the sources that answered, after dropping outliers (decision 039). */
export interface AggregateResult {
  mid: bigint | null;
  used: string[];
  dropped: { source: string; reason: 'deviation' }[];
}

/** The median of prices (the lower middle's and upper middle's average, rounded down, for an even count). */
export function median(values: readonly bigint[]): bigint {
  if (values.length === 0) throw new RangeError('median of nothing');
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const m = sorted.length >> 1;
  return sorted.length % 2 ? sorted[m]! : (sorted[m - 1]! + sorted[m]!) / 2n;
}

/**
 * The price rule: the median of every answering source's middle; a source further than `bandBps` from that
 * median is dropped and the median taken again over the rest. With two sources that disagree beyond the
 * band, neither can be told wrong: no price (`mid` null), and the service keeps the last one until it is
 * stale.
 */
export function aggregatePrices(quotes: readonly { source: string; mid: bigint }[], bandBps: bigint): AggregateResult {
  if (quotes.length === 0) return { mid: null, used: [], dropped: [] };
  const first = median(quotes.map((q) => q.mid));
  const within = (q: { mid: bigint }) => {
    const diff = q.mid > first ? q.mid - first : first - q.mid;
    return diff * BPS <= first * bandBps;
  };
  const kept = quotes.filter(within);
  const dropped = quotes.filter((q) => !within(q)).map((q) => ({ source: q.source, reason: 'deviation' as const }));
  if (kept.length === 0 || (quotes.length === 2 && dropped.length > 0)) {
    return { mid: null, used: [], dropped: quotes.map((q) => ({ source: q.source, reason: 'deviation' as const })) };
  }
  return { mid: median(kept.map((q) => q.mid)), used: kept.map((q) => q.source), dropped };
}
