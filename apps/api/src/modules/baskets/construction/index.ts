/**
 * Smart hold baskets: how an allocation is built (decision 044, as built: decision 045).
 *
 * Pure numerics, deterministic for given input (no clock, no randomness; the series are sorted by symbol):
 * 1. the estimation window: crypto assets with `minHistoryDays` of closes and still traded; their common
 *    daily history, at most three years (series.ts);
 * 2. the covariance of daily log returns, shrunk towards constant correlation with the Ledoit–Wolf intensity
 *    (covariance.ts, ml-matrix); mean returns pulled towards the cross-sectional mean (James–Stein, at least
 *    `meanShrinkage`) and capped at ±`maxAnnualReturn` (means.ts);
 * 3. long-only mean-variance, min ½ wᵀΣw − λ μᵀw with Σw = 1 − tether's share and bounds, solved by quadprog
 *    (qp.ts; a large universe over a working set checked against the whole programme's optimality conditions);
 *    λ by bisection to the band's volatility target (frontier.ts);
 * 4. the cardinality loop: drop what falls under `minWeight`, keep at most `maxAssets`, at least `minAssets`
 *    (cardinality.ts);
 * 5. diagnostics: the risk-parity mix of the same assets (risk-parity.ts) and a buy-and-hold back-test over the
 *    window against bitcoin and tether (backtest.ts).
 */
import { backtest } from './backtest';
import { selectAssets } from './cardinality';
import { volatilityOf } from './frontier';
import { prepareInputs } from './inputs';
import { dot } from './qp';
import { riskParityWeights } from './risk-parity';
import type { AssetSeries, ConstructionResult, ConstructionSettings, RiskBand } from './types';

export type {
  AssetSeries,
  BacktestPoint,
  BandSettings,
  ConstructionFailure,
  ConstructionResult,
  ConstructionSettings,
  RiskBand,
} from './types';

/**
 * The starting settings (a `basket_settings` proposal changes them). Tether's share falls and the volatility
 * target rises with the risk number; the lowest band's target sits above what its crypto part (40 %) of a
 * least-variance mix of large coins (≈ 50–60 % a year) gives.
 */
export const DEFAULT_CONSTRUCTION_SETTINGS: ConstructionSettings = {
  bands: {
    10: { volatilityTarget: 0.25, tetherShare: 0.6 },
    25: { volatilityTarget: 0.4, tetherShare: 0.4 },
    35: { volatilityTarget: 0.5, tetherShare: 0.25 },
    60: { volatilityTarget: 0.65, tetherShare: 0.1 },
    100: { volatilityTarget: 0.85, tetherShare: 0 },
  },
  maxWeight: 0.35,
  minWeight: 0.02,
  minAssets: 4,
  maxAssets: 12,
  minHistoryDays: 365,
  meanShrinkage: 0.5,
  maxAnnualReturn: 1,
};

/** Weights this close to a bound are on it (quadprog's round-off is far smaller than a unit of any asset). */
const SNAP = 1e-10;

const finite = (...xs: number[]) => xs.every((x) => Number.isFinite(x));

/** Assets needed: the settings' minimum, and enough for the upper bound to reach the crypto share. */
function assetsRequired(settings: ConstructionSettings, total: number): number {
  return Math.max(Math.ceil(settings.minAssets), Math.ceil(total / settings.maxWeight - 1e-9), 1);
}

export function constructBasket(input: {
  series: AssetSeries[];
  risk: RiskBand;
  settings: ConstructionSettings;
}): ConstructionResult {
  const { settings } = input;
  const band = settings.bands[input.risk] as ConstructionSettings['bands'][RiskBand] | undefined;
  if (!band) return { ok: false, reason: 'INFEASIBLE' };
  const { volatilityTarget, tetherShare } = band;
  if (
    !finite(volatilityTarget, tetherShare, settings.maxWeight, settings.minWeight, settings.minAssets) ||
    !finite(settings.maxAssets, settings.minHistoryDays, settings.meanShrinkage, settings.maxAnnualReturn) ||
    volatilityTarget <= 0 ||
    tetherShare < 0 ||
    tetherShare >= 1 ||
    settings.maxWeight <= 0 ||
    settings.minWeight < 0 ||
    settings.minWeight > settings.maxWeight ||
    settings.minAssets > settings.maxAssets
  )
    return { ok: false, reason: 'INFEASIBLE' };
  const total = 1 - tetherShare;
  const required = assetsRequired(settings, total);
  if (required > settings.maxAssets || required * settings.minWeight > total + 1e-12)
    return { ok: false, reason: 'INFEASIBLE' };

  const prepared = prepareInputs(input.series, settings);
  if (!prepared.ok || prepared.window.symbols.length < required)
    return { ok: false, reason: prepared.cryptoAssets < required ? 'TOO_FEW_ASSETS' : 'INSUFFICIENT_HISTORY' };
  const { window, sigma, mu } = prepared;
  const n = window.symbols.length;

  const chosen = selectAssets({
    sigma,
    mu,
    total,
    target: volatilityTarget,
    minWeight: settings.minWeight,
    maxWeight: settings.maxWeight,
    required,
    maxAssets: settings.maxAssets,
  });
  if (!chosen.ok) return { ok: false, reason: chosen.reason };

  // the solver's round-off: a weight within it of a bound is on the bound, and the heaviest weight inside
  // its bounds takes what is left, so that the crypto weights sum to the crypto share
  const w = chosen.w.map((v) =>
    Math.abs(v - settings.maxWeight) <= SNAP
      ? settings.maxWeight
      : Math.abs(v - settings.minWeight) <= SNAP
        ? settings.minWeight
        : v,
  );
  const inside = w.findIndex((v) => v > settings.minWeight && v < settings.maxWeight);
  if (inside >= 0) w[inside]! += total - w.reduce((a, b) => a + b, 0);
  const subSigma = chosen.indices.map((i) => chosen.indices.map((j) => sigma[i]![j]!));
  const riskParity = riskParityWeights(subSigma, total);

  const weights = chosen.indices
    .map((i, k) => ({ symbol: window.symbols[i]!, weight: w[k]! }))
    .sort((a, b) => b.weight - a.weight || (a.symbol < b.symbol ? -1 : 1));
  return {
    ok: true,
    weights,
    tetherWeight: tetherShare,
    expectedVolatility: volatilityOf(subSigma, w),
    expectedReturn: dot(
      w,
      chosen.indices.map((i) => mu[i]!),
    ),
    riskParityVolatility: volatilityOf(subSigma, riskParity),
    shrinkage: prepared.shrinkage,
    backtest: backtest(
      window.days,
      chosen.indices.map((i) => window.prices[i]!),
      w,
      tetherShare,
      window.bitcoin,
    ),
    asOf: window.days[window.days.length - 1]!,
    assetsConsidered: n,
  };
}
