import type { z } from 'zod';
import { CURRENCY_SCALE, divRound, fromMinor, toMinor, type Currency } from '@portal/contract/core/money';
import { tradeAmountInputSchema, type TetherPrice } from '@portal/contract/tether/market';
import {
  priceTrade,
  RIALS_PER_TOMAN,
  tradeValueToman,
  USDT_UNIT,
  type TradeAmounts,
  type TradeFiat,
  type TradeSide,
} from '@portal/contract/tether/pricing';

/*
 * What the trading page and the conversion modal compute while the user types, with the contract's own
 * arithmetic (`priceTrade`): the live estimate, and the checks of the typed amount. Amounts stay decimal
 * strings and bigints of minor units; the server's quote is what is shown once asked for.
 */

export type AmountOf = 'pay' | 'receive';

/** What the user trades: the side, the fiat, and which amount they type. */
export interface TradeShape {
  side: TradeSide;
  fiat: TradeFiat;
  amountOf: AmountOf;
}

/** The currency the user pays with: the fiat when buying, tether when selling. */
export const paidCurrency = (side: TradeSide, fiat: TradeFiat): Currency => (side === 'buy' ? fiat : 'USDT');

/** The currency the user receives. */
export const receivedCurrency = (side: TradeSide, fiat: TradeFiat): Currency => (side === 'buy' ? 'USDT' : fiat);

/** The currency of the amount the user types. */
export const typedCurrency = ({ side, fiat, amountOf }: TradeShape): Currency =>
  amountOf === 'pay' ? paidCurrency(side, fiat) : receivedCurrency(side, fiat);

/** Trading is open: the price is live and has the side's figure. */
export const isLive = (price: TetherPrice | undefined): boolean =>
  price?.status === 'live' && price.buy !== null && price.sell !== null;

/** The house's price for the side, in whole rials per tether; null without a live price. */
export function sidePrice(price: TetherPrice | undefined, side: TradeSide): bigint | null {
  if (!price || !isLive(price)) return null;
  const rials = side === 'buy' ? price.buy : price.sell;
  return rials === null ? null : toMinor(rials, 'IRR', side === 'buy' ? 'up' : 'down');
}

/** Rials per tether in the fiat's unit, exactly: a toman price may end in a tenth (`"105234.5"`). */
export function priceInFiat(rials: string | bigint, fiat: TradeFiat): string {
  const r = typeof rials === 'bigint' ? rials : toMinor(rials, 'IRR', 'down');
  if (fiat === 'IRR') return r.toString();
  const tenths = r % RIALS_PER_TOMAN;
  return `${r / RIALS_PER_TOMAN}${tenths === 0n ? '' : `.${tenths}`}`;
}

/** A toman amount of the market (its minimum, today's remainder) in the fiat shown: `"500000"` → `"5000000"` rials. */
export function tomanInFiat(toman: string, fiat: TradeFiat): string {
  return fiat === 'IRT' ? toman : (toMinor(toman, 'IRT', 'down') * RIALS_PER_TOMAN).toString();
}

/** A plain decimal (`"12"`, `"0.5"`), as `toMinor` takes it. */
const DECIMAL = /^\d+(\.\d+)?$/;

/** An amount as typed, in minor units of its currency; null when it is not a plain decimal. */
function typedMinor(amount: string, currency: Currency): bigint | null {
  return DECIMAL.test(amount) ? toMinor(amount, currency, 'down') : null;
}

/** What `amount` (already normalised, in the typed currency) trades for at `price`; null when it cannot be priced. */
export function estimateTrade(
  shape: TradeShape,
  amount: string,
  price: bigint | null,
  feeBps: number,
): TradeAmounts | null {
  if (price === null) return null;
  const minor = typedMinor(amount, typedCurrency(shape));
  if (minor === null) return null;
  return priceTrade({ ...shape, amount: minor, price, feeBps: BigInt(feeBps) });
}

/** A share of a balance (25, 50, 75, 100 %), rounded down to the currency's scale. */
export function shareOf(available: string, currency: Currency, percent: number): string {
  const minor = toMinor(available, currency, 'down');
  return fromMinor((minor * BigInt(percent)) / 100n, currency);
}

/** The whole available balance, as the amount field takes it. */
export const wholeBalance = (available: string, currency: Currency): string => shareOf(available, currency, 100);

/** What the typed amount's checks need to know; null where it is not known yet. */
export interface AmountContext extends TradeShape {
  /** The available balance of the currency paid with. */
  available: string | null;
  /** The side's price in rials per tether. */
  price: bigint | null;
  feeBps: number;
  /** Toman: the least a trade may be worth, and what is left of today's limit. */
  minToman: string | null;
  remainingToman: string | null;
}

/** The rule keys of the amount field (besides `required`), turned into sentences by the form. */
export type AmountRule =
  | 'amountInvalid'
  | 'noDecimals'
  | 'amountDecimals'
  | 'amountPositive'
  | 'overBalance'
  | 'tooSmall'
  | 'belowMin'
  | 'overDaily';

/**
 * The amount field's rule: the contract's `tradeAmountInputSchema` (Persian or Arabic digits, separators,
 * `٫`; letters refused as `amountInvalid`), then no more decimals than the typed currency has, more than
 * zero, within the balance paid from, and — priced at the live price — worth something, at least the
 * minimum and within today's remaining limit. The value comes out canonical (`"12.50"` → `"12.5"`).
 */
export function tradeAmountRule(ctx: AmountContext): z.ZodType<string, string> {
  const currency = typedCurrency(ctx);
  const scale = CURRENCY_SCALE[currency];
  const paid = paidCurrency(ctx.side, ctx.fiat);
  return tradeAmountInputSchema
    .superRefine((amount, issues) => {
      // The contract's own check (`amountInvalid`) has spoken; zod runs refinements after it regardless.
      if (!DECIMAL.test(amount)) return;
      const fail = (rule: AmountRule) => issues.addIssue({ code: 'custom', message: rule, input: amount });
      const decimals = (amount.split('.')[1] ?? '').replace(/0+$/, '').length;
      if (decimals > scale) return fail(scale === 0 ? 'noDecimals' : 'amountDecimals');
      const minor = toMinor(amount, currency, 'down');
      if (minor === 0n) return fail('amountPositive');
      const estimate = estimateTrade(ctx, amount, ctx.price, ctx.feeBps);
      const paying =
        ctx.amountOf === 'pay' ? minor : estimate ? (ctx.side === 'buy' ? estimate.fiat : estimate.usdt) : null;
      if (ctx.available !== null && paying !== null && paying > toMinor(ctx.available, paid, 'down'))
        return fail('overBalance');
      if (ctx.price !== null && estimate === null) return fail('tooSmall');
      if (!estimate) return;
      const value = tradeValueToman(ctx.side, ctx.fiat, estimate);
      if (ctx.minToman !== null && value < toMinor(ctx.minToman, 'IRT', 'up')) return fail('belowMin');
      if (ctx.remainingToman !== null && value > toMinor(ctx.remainingToman, 'IRT', 'down')) return fail('overDaily');
    })
    .transform((amount) => (DECIMAL.test(amount) ? fromMinor(toMinor(amount, currency, 'down'), currency) : amount));
}

/** One cent of tether in minor units: the least trade offered instead of a shortfall is rounded up to it. */
const USDT_CENT = 10_000n;

/** The toman worth of buying `usdt` (minor units) at `price`, the fee included; null when it cannot be priced. */
function buyValueToman(fiat: TradeFiat, usdt: bigint, price: bigint, feeBps: number): bigint | null {
  const amounts = priceTrade({ side: 'buy', fiat, amountOf: 'receive', amount: usdt, price, feeBps: BigInt(feeBps) });
  return amounts ? tradeValueToman('buy', fiat, amounts) : null;
}

/**
 * The least tether (minor units) whose purchase paid in `fiat` at `price` is worth `minToman`, fee included,
 * rounded up to a cent (a round figure, and room for the price to move a little before the quote).
 */
export function leastBuyUsdt(fiat: TradeFiat, price: bigint, feeBps: number, minToman: string): bigint {
  const min = toMinor(minToman, 'IRT', 'up');
  // Its cost alone, before the fee, reaches the minimum: an upper bound.
  let hi = divRound(min * RIALS_PER_TOMAN * USDT_UNIT, price, 'up') + 1n;
  let lo = 1n;
  while (lo < hi) {
    const mid = (lo + hi) / 2n;
    const value = buyValueToman(fiat, mid, price, feeBps);
    if (value !== null && value >= min) hi = mid;
    else lo = mid + 1n;
  }
  return divRound(lo, USDT_CENT, 'up') * USDT_CENT;
}

/** What buying a shortfall of tether asks for: the shortfall itself, or the market's least trade. */
export interface ShortfallBuy {
  /** Tether to receive (a canonical decimal): the shortfall, or more when the shortfall is under the minimum. */
  amount: string;
  /** The shortfall is worth less than the least trade: `amount` is that least trade instead. */
  belowMin: boolean;
  /** What `amount` costs at the live price; null without one. */
  estimate: TradeAmounts | null;
}

/**
 * Buying the tether a wallet lacks (`missing`, a canonical decimal): a buy of `amountOf: 'receive'` for
 * exactly the shortfall, priced at the live price; when that is worth less than the market's minimum (or
 * too little to price), the least trade the market takes instead. Without a price, the shortfall as it is
 * (the server's refusal says the rest).
 */
export function planShortfallBuy({
  missing,
  fiat,
  price,
  feeBps,
  minToman,
}: {
  missing: string;
  fiat: TradeFiat;
  /** The buy price in rials per tether; null without a live one. */
  price: bigint | null;
  feeBps: number;
  minToman: string;
}): ShortfallBuy {
  const shape: TradeShape = { side: 'buy', fiat, amountOf: 'receive' };
  const estimate = estimateTrade(shape, missing, price, feeBps);
  if (price === null) return { amount: missing, belowMin: false, estimate: null };
  if (estimate && tradeValueToman('buy', fiat, estimate) >= toMinor(minToman, 'IRT', 'up'))
    return { amount: missing, belowMin: false, estimate };
  const least = leastBuyUsdt(fiat, price, feeBps, minToman);
  const amount = fromMinor(least, 'USDT');
  return { amount, belowMin: true, estimate: estimateTrade(shape, amount, price, feeBps) };
}
