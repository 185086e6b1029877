import { solveAtVolatility } from './frontier';
import type { PortfolioProgram } from './qp';

export interface SelectionInput {
  /** Annualised covariance and expected returns of every eligible asset. */
  sigma: number[][];
  mu: number[];
  /** The crypto assets' share of the basket (1 − tether's). */
  total: number;
  /** The whole basket's annualised volatility target. */
  target: number;
  minWeight: number;
  maxWeight: number;
  /** Assets held at least: the settings' minimum, and enough for the upper bounds to reach the total. */
  required: number;
  maxAssets: number;
}

export type SelectionResult =
  | {
      ok: true;
      /** Indexes of the held assets into the input, heaviest first, and their weights. */
      indices: number[];
      w: number[];
      volatility: number;
      lambda: number;
      targetReached: boolean;
      /** Solves of the programme over the whole loop (a measure of its work). */
      solves: number;
      rounds: number;
    }
  | { ok: false; reason: 'VOLATILITY_TARGET_UNREACHABLE' | 'INFEASIBLE' };

/** First passes over a large set only choose the assets: a looser volatility tolerance is enough there. */
const COARSE_TOLERANCE = 1e-4;
const FINE_TOLERANCE = 1e-8;
const WEIGHT_EPSILON = 1e-12;
const TIE = 1e-10;
/** A weight under this is not held, whatever the floor (a floor of zero included). */
const HELD = 1e-9;

function subProgram(input: SelectionInput, indices: number[], lower: number): PortfolioProgram {
  return {
    sigma: indices.map((i) => indices.map((j) => input.sigma[i]![j]!)),
    mu: indices.map((i) => input.mu[i]!),
    lower: indices.map(() => lower),
    upper: indices.map(() => input.maxWeight),
    total: input.total,
  };
}

/**
 * Heaviest first; weights equal within the solver's round-off (those at zero, mostly) by expected return
 * per unit of volatility, then by position (the symbols' order): the order never depends on round-off.
 */
function byWeight(input: SelectionInput) {
  const sharpe = (i: number) => input.mu[i]! / Math.sqrt(input.sigma[i]![i]!);
  return (a: { index: number; w: number }, b: { index: number; w: number }) =>
    Math.abs(b.w - a.w) > TIE ? b.w - a.w : sharpe(b.index) - sharpe(a.index) || a.index - b.index;
}

/**
 * The cardinality loop. Solve at the target with every candidate allowed down to zero; keep the assets at or
 * above the floor weight (the heaviest `maxAssets` of them at most); solve again on those, until every
 * candidate stays above the floor. When fewer than `required` remain, the heaviest of the last dropped come
 * back. The held set is then solved a last time with the floor as every asset's lower bound, so that no held
 * weight ends under it.
 */
export function selectAssets(input: SelectionInput): SelectionResult {
  let candidates = input.mu.map((_, i) => i);
  let solves = 0;
  let rounds = 0;
  let held: number[] | null = null;
  while (held === null) {
    rounds++;
    const tolerance = candidates.length > 2 * input.maxAssets ? COARSE_TOLERANCE : FINE_TOLERANCE;
    const r = solveAtVolatility(subProgram(input, candidates, 0), input.target, tolerance);
    if (!r.ok) return r;
    solves += r.solves;
    const ranked = candidates.map((index, k) => ({ index, w: r.w[k]! })).sort(byWeight(input));
    let keep = ranked.filter((c) => c.w >= Math.max(input.minWeight - WEIGHT_EPSILON, HELD));
    if (keep.length > input.maxAssets) keep = keep.slice(0, input.maxAssets);
    if (keep.length === candidates.length) held = candidates;
    else if (keep.length < input.required) held = ranked.slice(0, input.required).map((c) => c.index);
    else candidates = keep.map((c) => c.index);
  }
  const final = solveAtVolatility(subProgram(input, held, input.minWeight), input.target, FINE_TOLERANCE);
  if (!final.ok) return final;
  solves += final.solves;
  const order = held.map((index, k) => ({ index, w: final.w[k]! })).sort(byWeight(input));
  return {
    ok: true,
    indices: order.map((o) => o.index),
    w: order.map((o) => o.w),
    volatility: final.volatility,
    lambda: final.lambda,
    targetReached: final.targetReached,
    solves,
    rounds,
  };
}
