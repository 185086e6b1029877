import quadprog from 'quadprog';

/**
 * A strictly convex quadratic programme, 0-based: minimise ½ xᵀDx − dᵀx subject to A_j·x ≥ b_j for each row
 * j of A, the first `meq` rows as equalities. Solved by quadprog (Goldfarb–Idnani's dual active-set method,
 * R's solve.QP ported to JavaScript).
 */
export interface QuadraticProgram {
  D: ArrayLike<number>[];
  d: ArrayLike<number>;
  A: ArrayLike<number>[];
  b: ArrayLike<number>;
  meq: number;
}

export type QpResult =
  | { ok: true; x: number[]; value: number; iterations: number }
  | { ok: false; reason: 'INCONSISTENT' | 'NOT_POSITIVE_DEFINITE' | 'INVALID'; message: string };

/** quadprog wants 1-based arrays, and it overwrites D, d, A and b: every call gets fresh ones. */
function oneBasedSquare(m: ArrayLike<number>[]): number[][] {
  const n = m.length;
  const out: number[][] = [[]];
  for (let i = 0; i < n; i++) {
    const row = new Array<number>(n + 1);
    row[0] = 0;
    const src = m[i]!;
    for (let j = 0; j < n; j++) row[j + 1] = src[j]!;
    out.push(row);
  }
  return out;
}

function oneBased(v: ArrayLike<number>): number[] {
  const out = new Array<number>(v.length + 1);
  out[0] = 0;
  for (let i = 0; i < v.length; i++) out[i + 1] = v[i]!;
  return out;
}

function run(dmat: number[][], dvec: number[], amat: number[][], bvec: number[], meq: number, n: number): QpResult {
  const res = quadprog.solveQP(dmat, dvec, amat, bvec, meq);
  if (res.message) {
    const reason = /inconsistent/i.test(res.message)
      ? 'INCONSISTENT'
      : /positive definite/i.test(res.message)
        ? 'NOT_POSITIVE_DEFINITE'
        : 'INVALID';
    return { ok: false, reason, message: res.message };
  }
  const x = res.solution.slice(1, n + 1);
  if (x.length !== n || x.some((v) => !Number.isFinite(v)))
    return { ok: false, reason: 'INVALID', message: 'no finite solution' };
  return { ok: true, x, value: res.value[1] ?? Number.NaN, iterations: res.iterations[1] ?? 0 };
}

export function solveQuadraticProgram(p: QuadraticProgram): QpResult {
  const n = p.d.length;
  const q = p.A.length;
  if (n === 0 || p.D.length !== n || q === 0 || p.b.length !== q || p.meq < 0 || p.meq > q)
    return { ok: false, reason: 'INVALID', message: 'sizes do not match' };
  // Amat is n × q: column j holds constraint j
  const amat: number[][] = [[]];
  for (let i = 0; i < n; i++) {
    const row = new Array<number>(q + 1);
    row[0] = 0;
    for (let j = 0; j < q; j++) row[j + 1] = p.A[j]![i]!;
    amat.push(row);
  }
  return run(oneBasedSquare(p.D), oneBased(p.d), amat, oneBased(p.b), p.meq, n);
}

/** A portfolio programme: minimise ½ wᵀΣw − λ μᵀw with Σw = total and lower ≤ w ≤ upper. */
export interface PortfolioProgram {
  sigma: ArrayLike<number>[];
  mu: ArrayLike<number>;
  lower: ArrayLike<number>;
  upper: ArrayLike<number>;
  total: number;
}

export type PortfolioSolution =
  | {
      ok: true;
      w: number[];
      /** The assets the last restricted programme held (a warm start for the next λ). */
      workingSet: number[];
      /** quadprog calls made. */
      calls: number;
    }
  | { ok: false; reason: 'INFEASIBLE' };

const FEASIBILITY_SLACK = 1e-12;
/** Below this many assets the programme is solved whole; above, over a working set (see solvePortfolio). */
const SCREEN_ABOVE = 24;
const INITIAL_SET = 12;
const ADD_PER_ROUND = 8;
const KKT_TOLERANCE = 1e-10;
const BOUND_EPSILON = 1e-12;

/** True when some weights within the bounds sum to the total. */
export function isFeasible(p: PortfolioProgram): boolean {
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < p.mu.length; i++) {
    if (p.lower[i]! > p.upper[i]! + FEASIBILITY_SLACK) return false;
    lo += p.lower[i]!;
    hi += p.upper[i]!;
  }
  return lo <= p.total + FEASIBILITY_SLACK && hi >= p.total - FEASIBILITY_SLACK;
}

/**
 * quadprog on the assets of `set` only. Constraints: the sum (equality), each lower bound, and each upper
 * bound that could bind (one at or above the total never does, and is left out).
 */
function solveOn(p: PortfolioProgram, set: number[], lambda: number): number[] | null {
  const n = set.length;
  const uppers: number[] = [];
  for (let k = 0; k < n; k++) if (p.upper[set[k]!]! < p.total) uppers.push(k);
  const q = 1 + n + uppers.length;
  const dmat: number[][] = [[]];
  const amat: number[][] = [[]];
  const dvec = new Array<number>(n + 1);
  dvec[0] = 0;
  for (let k = 0; k < n; k++) {
    const i = set[k]!;
    const src = p.sigma[i]!;
    const row = new Array<number>(n + 1);
    row[0] = 0;
    for (let l = 0; l < n; l++) row[l + 1] = src[set[l]!]!;
    dmat.push(row);
    const arow = new Array<number>(q + 1).fill(0);
    arow[1] = 1;
    arow[2 + k] = 1;
    amat.push(arow);
    dvec[k + 1] = lambda * p.mu[i]!;
  }
  const bvec = new Array<number>(q + 1);
  bvec[0] = 0;
  bvec[1] = p.total;
  for (let k = 0; k < n; k++) bvec[2 + k] = p.lower[set[k]!]!;
  uppers.forEach((k, u) => {
    amat[k + 1]![2 + n + u] = -1;
    bvec[2 + n + u] = -p.upper[set[k]!]!;
  });
  const res = run(dmat, dvec, amat, bvec, 1, n);
  if (!res.ok) return null;
  // the solver's round-off, back inside the bounds
  return res.x.map((v, k) => Math.min(p.upper[set[k]!]!, Math.max(p.lower[set[k]!]!, v)));
}

/** The assets to start from: the least volatile and the best expected, and enough to reach the total. */
function initialSet(p: PortfolioProgram, lambda: number): number[] {
  const n = p.mu.length;
  const idx = Array.from({ length: n }, (_, i) => i);
  const byVariance = [...idx].sort((a, b) => p.sigma[a]![a]! - p.sigma[b]![b]! || a - b);
  const byReturn = [...idx].sort((a, b) => p.mu[b]! - p.mu[a]! || a - b);
  const set = new Set<number>();
  for (let k = 0; k < INITIAL_SET; k++) {
    set.add(byVariance[k]!);
    if (lambda > 0) set.add(byReturn[k]!);
  }
  for (const i of byVariance) {
    let room = 0;
    for (const j of set) room += p.upper[j]!;
    if (room >= p.total * 1.5) break;
    set.add(i);
  }
  return [...set].sort((a, b) => a - b);
}

/**
 * The portfolio programme at one λ. A large universe is solved over a working set (a known exact method for
 * sparse long-only portfolios): quadprog solves the programme on a few assets, every other asset held at
 * its lower bound of zero; the KKT conditions of the whole programme are then checked for the assets left
 * out: with g = Σw − λμ and ν the sum constraint's multiplier (g of a weight strictly inside its bounds, or
 * the largest g of a weight at its upper bound), an asset left out at zero is optimal when g_j ≥ ν. The most
 * violating ones join the set and it is solved again, until none violates: the answer is then the whole
 * programme's (it is strictly convex: one minimum). The bench checks it against a solver of the whole
 * programme (bench/src/basket-construction.ts).
 */
export function solvePortfolio(
  p: PortfolioProgram,
  lambda: number,
  hint?: number[],
  options: { screen?: boolean } = {},
): PortfolioSolution {
  const n = p.mu.length;
  if (!isFeasible(p)) return { ok: false, reason: 'INFEASIBLE' };
  const all = Array.from({ length: n }, (_, i) => i);
  const screened = (options.screen ?? n > SCREEN_ABOVE) && all.every((i) => p.lower[i] === 0);
  if (!screened) {
    const w = solveOn(p, all, lambda);
    return w ? { ok: true, w, workingSet: all, calls: 1 } : { ok: false, reason: 'INFEASIBLE' };
  }
  const inSet = new Uint8Array(n);
  for (const i of hint && hint.length > 0 ? hint : initialSet(p, lambda)) inSet[i] = 1;
  let calls = 0;
  for (;;) {
    let set = all.filter((i) => inSet[i] === 1);
    let room = 0;
    for (const i of set) room += p.upper[i]!;
    if (room < p.total) {
      for (const i of initialSet(p, lambda)) inSet[i] = 1;
      set = all.filter((i) => inSet[i] === 1);
    }
    calls++;
    const ws = solveOn(p, set, lambda);
    if (!ws) return { ok: false, reason: 'INFEASIBLE' };
    const w = new Array<number>(n).fill(0);
    set.forEach((i, k) => {
      w[i] = ws[k]!;
    });
    // g = Σw − λμ over every asset (w is zero off the set)
    const g = new Array<number>(n);
    let scale = 1;
    for (let j = 0; j < n; j++) {
      const row = p.sigma[j]!;
      let s = 0;
      for (const i of set) s += row[i]! * w[i]!;
      g[j] = s - lambda * p.mu[j]!;
      scale = Math.max(scale, Math.abs(g[j]!));
    }
    let nu = -Infinity;
    let free = false;
    for (const i of set) {
      const inside = w[i]! > p.lower[i]! + BOUND_EPSILON && w[i]! < p.upper[i]! - BOUND_EPSILON;
      if (inside && (!free || g[i]! > nu)) {
        nu = g[i]!;
        free = true;
      } else if (!free && w[i]! >= p.upper[i]! - BOUND_EPSILON) nu = Math.max(nu, g[i]!);
    }
    const violators = all
      .filter((j) => inSet[j] === 0 && g[j]! < nu - KKT_TOLERANCE * scale)
      .sort((a, b) => g[a]! - g[b]! || a - b)
      .slice(0, ADD_PER_ROUND);
    if (violators.length === 0) return { ok: true, w, workingSet: set, calls };
    for (const j of violators) inSet[j] = 1;
  }
}

export function quadraticForm(sigma: ArrayLike<number>[], w: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < w.length; i++) {
    const row = sigma[i]!;
    let r = 0;
    for (let j = 0; j < w.length; j++) r += row[j]! * w[j]!;
    s += w[i]! * r;
  }
  return s;
}

export function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}
