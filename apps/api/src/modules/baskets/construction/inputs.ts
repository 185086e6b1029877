import { ledoitWolfConstantCorrelation } from './covariance';
import { shrinkMeans } from './means';
import { buildWindow, DAYS_PER_YEAR, logReturns, type Window } from './series';
import type { AssetSeries, ConstructionSettings } from './types';

/**
 * An asset whose annualised volatility over the window is under this is pegged (USDC, FDUSD, DAI…): cash like
 * tether, whose share the band sets, not a crypto asset to optimise. Left out.
 */
export const MIN_ASSET_VOLATILITY = 0.05;

/** A tiny ridge on the covariance's diagonal (relative to its mean): quadprog needs it positive definite. */
const RIDGE = 1e-10;

export type PreparedInputs =
  | {
      ok: true;
      window: Window;
      /** Annualised (365 days) shrunk covariance of the window's assets, and their shrunk, capped means. */
      sigma: number[][];
      mu: number[];
      /** Ledoit–Wolf intensity. */
      shrinkage: number;
      /** James–Stein pull of the means applied. */
      meanShrinkage: number;
      /** Crypto series given (tether and pegged coins not counted). */
      cryptoAssets: number;
    }
  | { ok: false; cryptoAssets: number };

/** The estimation window, the covariance and the expected returns: the programme's inputs (also the bench's). */
export function prepareInputs(series: AssetSeries[], settings: ConstructionSettings): PreparedInputs {
  const built = buildWindow(series, Math.max(2, settings.minHistoryDays));
  if (!built.ok) return { ok: false, cryptoAssets: built.cryptoAssets };
  const all = built.window;
  const allReturns = logReturns(all.prices);
  const keep = allReturns.flatMap((col, i) => {
    let mean = 0;
    for (let k = 0; k < col.length; k++) mean += col[k]!;
    mean /= col.length;
    let variance = 0;
    for (let k = 0; k < col.length; k++) variance += (col[k]! - mean) ** 2;
    variance /= col.length;
    return Math.sqrt(variance * DAYS_PER_YEAR) >= MIN_ASSET_VOLATILITY ? [i] : [];
  });
  if (keep.length === 0) return { ok: false, cryptoAssets: built.cryptoAssets - all.symbols.length };
  const window: Window =
    keep.length === all.symbols.length
      ? all
      : { ...all, symbols: keep.map((i) => all.symbols[i]!), prices: keep.map((i) => all.prices[i]!) };
  const returns = keep.length === all.symbols.length ? allReturns : keep.map((i) => allReturns[i]!);
  const cov = ledoitWolfConstantCorrelation(returns);
  const n = window.symbols.length;
  const daily = cov.sigma.to2DArray();
  let meanDiagonal = 0;
  for (let i = 0; i < n; i++) meanDiagonal += daily[i]![i]! / n;
  const ridge = RIDGE * meanDiagonal;
  const sigma = daily.map((row, i) => row.map((v, j) => (v + (i === j ? ridge : 0)) * DAYS_PER_YEAR));
  const variances = window.symbols.map((_, i) => cov.sample.get(i, i));
  const means = shrinkMeans(cov.means, variances, returns[0]!.length, settings.meanShrinkage, settings.maxAnnualReturn);
  return {
    ok: true,
    window,
    sigma,
    mu: means.annual,
    shrinkage: cov.shrinkage,
    meanShrinkage: means.intensity,
    cryptoAssets: built.cryptoAssets - (all.symbols.length - keep.length),
  };
}
