import { type PortfolioProgram, quadraticForm, solvePortfolio } from './qp';

export type FrontierResult =
  | { ok: true; w: number[]; lambda: number; volatility: number; targetReached: boolean; solves: number }
  | { ok: false; reason: 'VOLATILITY_TARGET_UNREACHABLE' | 'INFEASIBLE' };

/** λ beyond which the programme is the most-return corner for any covariance the window gives. */
const LAMBDA_MAX = 1e6;
const MAX_STEPS = 200;

export const volatilityOf = (sigma: ArrayLike<number>[], w: ArrayLike<number>): number =>
  Math.sqrt(Math.max(0, quadraticForm(sigma, w)));

/** The linear programme's answer (max μᵀw): from the lower bounds, fill the best expected first. */
export function mostReturnCorner(p: PortfolioProgram): number[] {
  const w = Array.from(p.lower);
  let left = p.total - w.reduce((a, b) => a + b, 0);
  const order = w.map((_, i) => i).sort((a, b) => p.mu[b]! - p.mu[a]! || a - b);
  for (const i of order) {
    const add = Math.max(0, Math.min(p.upper[i]! - p.lower[i]!, left));
    w[i]! += add;
    left -= add;
  }
  return w;
}

/**
 * The most expected return at a volatility target: the basket's volatility √(wᵀΣw) grows with λ along the
 * frontier, so λ is found by bisection until it meets the target within `tolerance` (relative), keeping the
 * side at or under the target. λ = 0 is the least-variance basket: above the target, the target cannot be
 * reached. When even the most-return corner (λ → ∞) stays under the target, that corner is the answer.
 * `solves` counts the quadprog calls it took.
 */
export function solveAtVolatility(p: PortfolioProgram, target: number, tolerance = 1e-7): FrontierResult {
  let solves = 0;
  let hint: number[] | undefined;
  const at = (lambda: number) => {
    const s = solvePortfolio(p, lambda, hint);
    if (!s.ok) return null;
    solves += s.calls;
    // the next λ starts from this one's held assets
    hint = s.w.flatMap((v, i) => (v > 0 ? [i] : []));
    return { w: s.w, vol: volatilityOf(p.sigma, s.w), lambda };
  };
  const least = at(0);
  if (!least) return { ok: false, reason: 'INFEASIBLE' };
  if (least.vol > target * (1 + tolerance)) return { ok: false, reason: 'VOLATILITY_TARGET_UNREACHABLE' };
  if (least.vol >= target * (1 - tolerance))
    return { ok: true, w: least.w, lambda: 0, volatility: least.vol, targetReached: true, solves };

  const corner = mostReturnCorner(p);
  let lo = least;
  let hi: typeof least | null = null;
  for (let lambda = 1 / 64; lambda <= LAMBDA_MAX; lambda *= 4) {
    const s = at(lambda);
    if (!s) return { ok: false, reason: 'INFEASIBLE' };
    if (s.vol >= target) {
      hi = s;
      break;
    }
    lo = s;
    // at the most-return corner more λ changes nothing
    if (s.w.every((v, i) => Math.abs(v - corner[i]!) <= 1e-12)) break;
  }
  if (!hi) return { ok: true, w: lo.w, lambda: lo.lambda, volatility: lo.vol, targetReached: false, solves };

  for (let step = 0; step < MAX_STEPS; step++) {
    if (target - lo.vol <= target * tolerance) break;
    const mid = at((lo.lambda + hi.lambda) / 2);
    if (!mid) return { ok: false, reason: 'INFEASIBLE' };
    if (mid.vol > target) hi = mid;
    else lo = mid;
    if (hi.lambda - lo.lambda <= 1e-15 * hi.lambda) break;
  }
  return { ok: true, w: lo.w, lambda: lo.lambda, volatility: lo.vol, targetReached: true, solves };
}
