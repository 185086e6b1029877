import { divRound, fromMinor, toMinor, type Currency } from '@portal/contract/core/money';

/**
 * The fund page's income estimation (SPEC §2 "income estimation (amount, period, auto-reinvest monthly
 * profit)"): what an amount might earn over a number of months if the fund kept the yield of its last
 * twelve months. An estimate, labelled so on the page; past returns promise nothing.
 *
 * The twelve-month yield `y` is turned into the equivalent monthly rate `m = (1 + y)^(1/12) − 1`, so that
 * both choices rest on the same month:
 * - auto-reinvest (compounding): the profit stays in the fund and earns too: `amount × ((1 + m)^n − 1)`,
 *   i.e. `amount × ((1 + y)^(n/12) − 1)` (twelve months give exactly `y`);
 * - without it, each month's profit is paid out: `amount × m` a month, `amount × m × n` in all.
 *
 * The rates are figures, not money: they are computed in floating point and fixed to 12 decimals
 * (`FACTOR_SCALE`); the money is bigint minor units of the fund's currency, and every product is rounded
 * down (toward minus infinity), so an estimate never shows more gain, or less loss, than its rate gives.
 */
export const INCOME_ESTIMATE_MIN_MONTHS = 1;
export const INCOME_ESTIMATE_MAX_MONTHS = 120;
/** The period the form starts with. */
export const INCOME_ESTIMATE_DEFAULT_MONTHS = 12;

const FACTOR_DIGITS = 12;
const FACTOR_SCALE = 10n ** BigInt(FACTOR_DIGITS);

export interface IncomeEstimateInput {
  /** A decimal string in the fund's currency (normalised). */
  amount: string;
  currency: Currency;
  /** The fund's twelve-month yield in percent, as the API gives it (`"12.34"`, `"-3.10"`). */
  yearlyYieldPercent: string;
  /** Whole months, `INCOME_ESTIMATE_MIN_MONTHS`…`INCOME_ESTIMATE_MAX_MONTHS`. */
  months: number;
  /** Auto-reinvest the monthly profit (compound) or take it out each month. */
  reinvest: boolean;
}

export interface IncomeEstimate {
  /** Decimal strings in the fund's currency. */
  amount: string;
  profit: string;
  /** amount + profit (the profit taken out included, when not reinvested). */
  finalValue: string;
  /** The profit paid out each month when not reinvested; null when reinvested. */
  monthlyProfit: string | null;
  /** The monthly rate in percent (a figure to show, 2 decimals). */
  monthlyRatePercent: number;
  /** Profit ÷ amount in percent over the whole period (a figure to show). */
  periodYieldPercent: number;
}

/** A rate (a ratio, 0.12 for 12 %) as an integer at `FACTOR_SCALE`, rounded to the nearest. */
function scaled(rate: number): bigint {
  return BigInt(Math.round(rate * Number(FACTOR_SCALE)));
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** ⌊n ÷ FACTOR_SCALE⌋: a gain rounded down, a loss rounded away from zero. */
const floorScaled = (n: bigint) => divRound(n, FACTOR_SCALE, n >= 0n ? 'down' : 'up');

/** The estimate, or null when the inputs cannot give one (no amount, a period out of range, a bad yield). */
export function estimateIncome(input: IncomeEstimateInput): IncomeEstimate | null {
  const { currency, months, reinvest } = input;
  if (!Number.isInteger(months) || months < INCOME_ESTIMATE_MIN_MONTHS || months > INCOME_ESTIMATE_MAX_MONTHS)
    return null;
  const y = Number(input.yearlyYieldPercent) / 100;
  if (!Number.isFinite(y) || y <= -1) return null;
  let amount: bigint;
  try {
    amount = toMinor(input.amount, currency, 'down');
  } catch {
    return null;
  }
  if (amount <= 0n) return null;

  const monthlyRate = Math.pow(1 + y, 1 / 12) - 1;
  let profit: bigint;
  let monthlyProfit: bigint | null = null;
  if (reinvest) {
    profit = floorScaled(amount * scaled(Math.pow(1 + y, months / 12) - 1));
  } else {
    monthlyProfit = floorScaled(amount * scaled(monthlyRate));
    profit = floorScaled(amount * scaled(monthlyRate) * BigInt(months));
  }
  return {
    amount: fromMinor(amount, currency),
    profit: fromMinor(profit, currency),
    finalValue: fromMinor(amount + profit, currency),
    monthlyProfit: monthlyProfit === null ? null : fromMinor(monthlyProfit, currency),
    monthlyRatePercent: round2(monthlyRate * 100),
    periodYieldPercent: round2((Number(profit) / Number(amount)) * 100),
  };
}
