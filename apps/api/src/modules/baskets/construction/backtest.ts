import type { BacktestPoint } from './types';

/**
 * Buy and hold over the window from its first day: the basket bought at the first closes with the final
 * weights (tether at 1), bitcoin and tether alongside, each starting at 1. In sample: the same days the
 * weights were estimated on, which the page says.
 */
export function backtest(
  days: string[],
  prices: ArrayLike<number>[],
  weights: number[],
  tetherWeight: number,
  bitcoin: (number | null)[] | null,
): BacktestPoint[] {
  const units = weights.map((w, i) => w / prices[i]![0]!);
  let btcBase: number | null = null;
  return days.map((day, t) => {
    let basket = tetherWeight;
    for (let i = 0; i < units.length; i++) basket += units[i]! * prices[i]![t]!;
    const b = bitcoin?.[t] ?? null;
    if (btcBase === null && b !== null) btcBase = b;
    return { day, basket, bitcoin: b !== null && btcBase !== null ? b / btcBase : null, tether: 1 };
  });
}
