/**
 * Issue 20: a basket's construction (decisions 044, 045) on a universe of BENCH_BASKET_ASSETS (200) assets
 * with three years of daily closes (a seeded, correlated synthetic universe: the same numbers every run),
 * the figures the issue asks for:
 *
 * - the time of one `constructBasket` (window, Ledoit–Wolf covariance, means, the cardinality loop of
 *   mean-variance programmes solved by quadprog with λ found by bisection, risk parity, back-test): p50 and
 *   p99 over BENCH_BASKET_RUNS (10) runs cycling through the five risk bands, after one warm-up run;
 * - agreement with a reference solver written here only: projected gradient with Nesterov's acceleration
 *   and adaptive restart (FISTA) on the same programme, min ½ wᵀΣw − λ μᵀw over {Σw = total, l ≤ w ≤ u}
 *   (the projection by bisection on the shift), run to a fixed point. Two programmes per band: the whole
 *   universe (every asset from 0 to the cap) at the λ the volatility target gives it, which the construction
 *   solves over a working set (a few assets at a time, checked against the whole programme's optimality
 *   conditions); and the held assets with their floor, the basket's own last programme. Figures: the largest
 *   |w − w_ref| and the objective gap f(w) − f(w_ref) (negative: quadprog's is the lower);
 * - the whole-universe programme solved by quadprog on all its assets at once, against the working set:
 *   why the construction screens.
 */
import {
  constructBasket,
  DEFAULT_CONSTRUCTION_SETTINGS,
  type RiskBand,
} from '../../apps/api/src/modules/baskets/construction';
import { selectAssets } from '../../apps/api/src/modules/baskets/construction/cardinality';
import { solveAtVolatility } from '../../apps/api/src/modules/baskets/construction/frontier';
import { prepareInputs } from '../../apps/api/src/modules/baskets/construction/inputs';
import {
  dot,
  type PortfolioProgram,
  quadraticForm,
  solvePortfolio,
} from '../../apps/api/src/modules/baskets/construction/qp';
import { syntheticUniverse } from '../../apps/api/src/modules/baskets/construction/synthetic';

const BANDS: RiskBand[] = [10, 25, 35, 60, 100];
/** A fixed last day: the universe (and so every figure but the times) is the same on every run. */
const LAST_DAY = '2026-11-27';
const SEED = 20;

export interface AgreementRow {
  band: RiskBand;
  programme: 'whole universe' | 'held assets';
  assets: number;
  lambda: number;
  maxWeightDiff: number;
  objectiveGap: number;
  referenceIterations: number;
}

export interface BasketConstructionResult {
  assets: number;
  days: number;
  runs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The process's CPU time (user + system) per construction: what the machine's other load does not inflate. */
  cpuP50Ms: number;
  cpuP99Ms: number;
  /** Of a construction: the window, covariance and means (median of 3), the rest being the optimisation. */
  inputsMs: number;
  bands: {
    band: RiskBand;
    /** The median of the band's runs (the lower of two). */
    ms: number;
    held: number;
    tether: number;
    volatility: number;
    target: number;
    expectedReturn: number;
    riskParityVolatility: number;
  }[];
  shrinkage: number;
  agreement: AgreementRow[];
  maxWeightDiff: number;
  maxObjectiveGap: number;
  /** quadprog on all the assets at once vs over the working set, the same programme (ms, one solve each). */
  wholeProgrammeMs: number;
  workingSetMs: number;
}

const lowerMedian = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

const objective = (p: PortfolioProgram, lambda: number, w: number[]) =>
  0.5 * quadraticForm(p.sigma, w) - lambda * dot(p.mu, w);

/** Euclidean projection onto {Σw = total, l ≤ w ≤ u}: w = clip(v − τ), τ by bisection. */
function project(v: Float64Array, p: PortfolioProgram, out: Float64Array): void {
  const n = v.length;
  const sumAt = (tau: number) => {
    let s = 0;
    for (let i = 0; i < n; i++) s += Math.min(p.upper[i]!, Math.max(p.lower[i]!, v[i]! - tau));
    return s;
  };
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < n; i++) {
    lo = Math.min(lo, v[i]! - p.upper[i]!);
    hi = Math.max(hi, v[i]! - p.lower[i]!);
  }
  // sumAt falls as τ rises: sumAt(lo) = Σu ≥ total ≥ Σl = sumAt(hi)
  for (let k = 0; k < 200 && hi - lo > 0; k++) {
    const mid = (lo + hi) / 2;
    if (mid === lo || mid === hi) break;
    if (sumAt(mid) > p.total) lo = mid;
    else hi = mid;
  }
  const tau = (lo + hi) / 2;
  for (let i = 0; i < n; i++) out[i] = Math.min(p.upper[i]!, Math.max(p.lower[i]!, v[i]! - tau));
}

function gradient(p: PortfolioProgram, lambda: number, w: Float64Array, out: Float64Array): void {
  const n = w.length;
  for (let i = 0; i < n; i++) {
    const row = p.sigma[i]!;
    let s = 0;
    for (let j = 0; j < n; j++) s += row[j]! * w[j]!;
    out[i] = s - lambda * p.mu[i]!;
  }
}

/** The largest eigenvalue of Σ (power iteration): the gradient's Lipschitz constant. */
function largestEigenvalue(sigma: ArrayLike<number>[]): number {
  const n = sigma.length;
  let v = new Float64Array(n).fill(1 / Math.sqrt(n));
  let value = 0;
  for (let k = 0; k < 500; k++) {
    const next = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      let s = 0;
      for (let j = 0; j < n; j++) s += sigma[i]![j]! * v[j]!;
      next[i] = s;
    }
    const norm = Math.hypot(...next);
    const previous = value;
    value = norm;
    v = next.map((x) => x / norm);
    if (Math.abs(value - previous) <= 1e-14 * value) break;
  }
  return value;
}

/** The reference: FISTA with adaptive restart, to a fixed point of the projected gradient step. */
export function referenceSolve(
  p: PortfolioProgram,
  lambda: number,
  maxIterations = 200_000,
): { w: number[]; iterations: number } {
  const n = p.mu.length;
  const step = 1 / (largestEigenvalue(p.sigma) * 1.0001);
  const start = new Float64Array(n).fill(p.total / n);
  const previous = new Float64Array(n);
  project(start, p, previous);
  const y = Float64Array.from(previous);
  let t = 1;
  const g = new Float64Array(n);
  const trial = new Float64Array(n);
  const next = new Float64Array(n);
  let iterations = 0;
  for (; iterations < maxIterations; iterations++) {
    gradient(p, lambda, y, g);
    for (let i = 0; i < n; i++) trial[i] = y[i]! - step * g[i]!;
    project(trial, p, next);
    let change = 0;
    let restart = 0;
    for (let i = 0; i < n; i++) {
      change = Math.max(change, Math.abs(next[i]! - previous[i]!));
      restart += (y[i]! - next[i]!) * (next[i]! - previous[i]!);
    }
    if (change <= 1e-15) {
      previous.set(next);
      break;
    }
    // O'Donoghue–Candès: restart the momentum when it points uphill
    const tNext = restart > 0 ? 1 : (1 + Math.sqrt(1 + 4 * t * t)) / 2;
    const beta = restart > 0 ? 0 : (t - 1) / tNext;
    for (let i = 0; i < n; i++) y[i] = next[i]! + beta * (next[i]! - previous[i]!);
    previous.set(next);
    t = tNext;
  }
  return { w: Array.from(previous), iterations };
}

function agreement(
  band: RiskBand,
  programme: AgreementRow['programme'],
  p: PortfolioProgram,
  lambda: number,
  w: number[],
): AgreementRow {
  const ref = referenceSolve(p, lambda);
  let maxWeightDiff = 0;
  for (let i = 0; i < w.length; i++) maxWeightDiff = Math.max(maxWeightDiff, Math.abs(w[i]! - ref.w[i]!));
  return {
    band,
    programme,
    assets: w.length,
    lambda,
    maxWeightDiff,
    objectiveGap: objective(p, lambda, w) - objective(p, lambda, ref.w),
    referenceIterations: ref.iterations,
  };
}

export function measureBasketConstruction(o: { assets: number; runs: number }): BasketConstructionResult {
  const days = 3 * 365 + 1;
  const series = syntheticUniverse({ assets: o.assets, days, lastDay: LAST_DAY, seed: SEED });
  const settings = DEFAULT_CONSTRUCTION_SETTINGS;

  // ── time per construction ──
  constructBasket({ series, risk: 35, settings }); // warm-up
  const times: number[] = [];
  const cpuTimes: number[] = [];
  const byBand = new Map<RiskBand, number[]>();
  const runs = Math.max(BANDS.length, o.runs);
  for (let run = 0; run < runs; run++) {
    const band = BANDS[run % BANDS.length]!;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const r = constructBasket({ series, risk: band, settings });
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
    if (!r.ok) throw new Error(`band ${band}: construction failed (${r.reason})`);
    times.push(ms);
    byBand.set(band, [...(byBand.get(band) ?? []), ms]);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const q = (p: number, xs = sorted) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
  const cpuSorted = [...cpuTimes].sort((a, b) => a - b);
  const round = (v: number) => Math.round(v * 10) / 10;

  // ── of which the inputs: window, Ledoit–Wolf covariance, means ──
  const inputTimes: number[] = [];
  for (let k = 0; k < 3; k++) {
    const t0 = performance.now();
    prepareInputs(series, settings);
    inputTimes.push(performance.now() - t0);
  }

  // ── agreement with the reference solver ──
  const prepared = prepareInputs(series, settings);
  if (!prepared.ok) throw new Error('the synthetic universe has too little history');
  const { sigma, mu } = prepared;
  const rows: AgreementRow[] = [];
  const bands: BasketConstructionResult['bands'] = [];
  let wholeProgrammeMs = 0;
  let workingSetMs = 0;
  for (const band of BANDS) {
    const { volatilityTarget, tetherShare } = settings.bands[band];
    const total = 1 - tetherShare;
    const whole: PortfolioProgram = {
      sigma,
      mu,
      lower: mu.map(() => 0),
      upper: mu.map(() => settings.maxWeight),
      total,
    };
    const atTarget = solveAtVolatility(whole, volatilityTarget);
    if (!atTarget.ok) throw new Error(`band ${band}: ${atTarget.reason}`);
    const screened = solvePortfolio(whole, atTarget.lambda);
    if (!screened.ok) throw new Error(`band ${band}: the whole programme failed`);
    rows.push(agreement(band, 'whole universe', whole, atTarget.lambda, screened.w));
    if (band === 35) {
      let t0 = performance.now();
      const all = solvePortfolio(whole, atTarget.lambda, undefined, { screen: false });
      wholeProgrammeMs = performance.now() - t0;
      t0 = performance.now();
      solvePortfolio(whole, atTarget.lambda);
      workingSetMs = performance.now() - t0;
      if (!all.ok) throw new Error('the whole programme failed without the working set');
    }

    const required = Math.max(settings.minAssets, Math.ceil(total / settings.maxWeight - 1e-9));
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
    if (!chosen.ok) throw new Error(`band ${band}: ${chosen.reason}`);
    const held: PortfolioProgram = {
      sigma: chosen.indices.map((i) => chosen.indices.map((j) => sigma[i]![j]!)),
      mu: chosen.indices.map((i) => mu[i]!),
      lower: chosen.indices.map(() => settings.minWeight),
      upper: chosen.indices.map(() => settings.maxWeight),
      total,
    };
    rows.push(agreement(band, 'held assets', held, chosen.lambda, chosen.w));

    const r = constructBasket({ series, risk: band, settings });
    if (!r.ok) throw new Error(`band ${band}: ${r.reason}`);
    // the basket is the held programme's answer
    const sameWeights = r.weights.every((w) => {
      const k = chosen.indices.findIndex((i) => prepared.window.symbols[i] === w.symbol);
      return k >= 0 && Math.abs(chosen.w[k]! - w.weight) < 1e-9;
    });
    if (!sameWeights) throw new Error(`band ${band}: the basket is not the held programme's answer`);
    bands.push({
      band,
      ms: round(lowerMedian(byBand.get(band)!)),
      held: r.weights.length,
      tether: r.tetherWeight,
      volatility: r.expectedVolatility,
      target: volatilityTarget,
      expectedReturn: r.expectedReturn,
      riskParityVolatility: r.riskParityVolatility,
    });
  }
  return {
    assets: o.assets,
    days,
    runs,
    p50Ms: round(q(0.5)),
    p99Ms: round(q(0.99)),
    maxMs: round(sorted.at(-1)!),
    cpuP50Ms: round(q(0.5, cpuSorted)),
    cpuP99Ms: round(q(0.99, cpuSorted)),
    inputsMs: round(lowerMedian(inputTimes)),
    bands,
    shrinkage: prepared.shrinkage,
    agreement: rows,
    maxWeightDiff: Math.max(...rows.map((r) => r.maxWeightDiff)),
    maxObjectiveGap: Math.max(...rows.map((r) => r.objectiveGap)),
    wholeProgrammeMs: round(wholeProgrammeMs),
    workingSetMs: round(workingSetMs),
  };
}
