import { Matrix, inverse } from 'ml-matrix';
import { describe, expect, it } from 'vitest';
import { backtest } from '../../src/modules/baskets/construction/backtest';
import { ledoitWolfConstantCorrelation } from '../../src/modules/baskets/construction/covariance';
import { mostReturnCorner, solveAtVolatility, volatilityOf } from '../../src/modules/baskets/construction/frontier';
import { shrinkMeans } from '../../src/modules/baskets/construction/means';
import {
  type PortfolioProgram,
  solvePortfolio,
  solveQuadraticProgram,
} from '../../src/modules/baskets/construction/qp';
import { riskParityWeights } from '../../src/modules/baskets/construction/risk-parity';
import { seededRandom } from '../../src/modules/baskets/construction/synthetic';

/** The pieces of a basket's construction (decision 045), each against an answer known independently. */

const cov2 = (s1: number, s2: number, rho: number) => [
  [s1 * s1, rho * s1 * s2],
  [rho * s1 * s2, s2 * s2],
];

const program = (sigma: number[][], mu: number[], lower: number, upper: number, total = 1): PortfolioProgram => ({
  sigma,
  mu,
  lower: mu.map(() => lower),
  upper: mu.map(() => upper),
  total,
});

describe('quadprog (Goldfarb–Idnani), as the construction calls it', () => {
  it("solves R's solve.QP documentation example to R's answer", () => {
    // R: Dmat = I₃, dvec = (0, 5, 0), Amat = matrix(c(-4,-3,0, 2,1,0, 0,-2,1), 3, 3), bvec = (-8, 2, 0):
    // solution 0.4761905 1.0476190 2.0952381 (10/21, 22/21, 44/21), value -2.380952 (-50/21).
    const r = solveQuadraticProgram({
      D: [
        [1, 0, 0],
        [0, 1, 0],
        [0, 0, 1],
      ],
      d: [0, 5, 0],
      A: [
        [-4, -3, 0],
        [2, 1, 0],
        [0, -2, 1],
      ],
      b: [-8, 2, 0],
      meq: 0,
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.x[0]).toBeCloseTo(10 / 21, 12);
    expect(r.x[1]).toBeCloseTo(22 / 21, 12);
    expect(r.x[2]).toBeCloseTo(44 / 21, 12);
    expect(r.value).toBeCloseTo(-50 / 21, 12);
  });

  it('says so when the constraints cannot all hold', () => {
    // x₁ + x₂ = 1 and x₁ ≥ 0.8 and x₂ ≥ 0.8
    const r = solveQuadraticProgram({
      D: [
        [1, 0],
        [0, 1],
      ],
      d: [0, 0],
      A: [
        [1, 1],
        [1, 0],
        [0, 1],
      ],
      b: [1, 0.8, 0.8],
      meq: 1,
    });
    expect(r).toMatchObject({ ok: false, reason: 'INCONSISTENT' });
    expect(solvePortfolio(program(cov2(0.5, 0.6, 0.3), [0.1, 0.2], 0.6, 1), 0)).toEqual({
      ok: false,
      reason: 'INFEASIBLE',
    });
    expect(solvePortfolio(program(cov2(0.5, 0.6, 0.3), [0.1, 0.2], 0, 0.4), 0)).toEqual({
      ok: false,
      reason: 'INFEASIBLE',
    });
  });
});

describe('the portfolio programme against closed forms', () => {
  it('two assets, least variance: w₁ = (σ₂² − ρσ₁σ₂) / (σ₁² + σ₂² − 2ρσ₁σ₂), scaled to the crypto share', () => {
    const [s1, s2, rho] = [0.6, 0.9, 0.4];
    const expected = (s2 * s2 - rho * s1 * s2) / (s1 * s1 + s2 * s2 - 2 * rho * s1 * s2);
    const r = solvePortfolio(program(cov2(s1, s2, rho), [0.3, 0.5], 0, 1, 0.75), 0);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.w[0]).toBeCloseTo(0.75 * expected, 12);
    expect(r.w[1]).toBeCloseTo(0.75 * (1 - expected), 12);
  });

  it('three assets, only the sum binding: w = Σ⁻¹(λμ + γ1), γ from 1ᵀw = total', () => {
    const sigma = [
      [0.36, 0.12, 0.09],
      [0.12, 0.64, 0.2],
      [0.09, 0.2, 0.49],
    ];
    const mu = [0.1, 0.25, 0.18];
    const lambda = 0.8;
    const inv = inverse(new Matrix(sigma));
    const ones = Matrix.columnVector([1, 1, 1]);
    const invOnes = inv.mmul(ones);
    const invMu = inv.mmul(Matrix.columnVector(mu));
    const gamma = (1 - lambda * invMu.sum()) / invOnes.sum();
    const expected = invMu.mul(lambda).add(invOnes.mul(gamma)).to1DArray();
    expect(Math.min(...expected)).toBeGreaterThan(0); // the bounds do not bind: the closed form applies
    const r = solvePortfolio(program(sigma, mu, 0, 1), lambda);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    r.w.forEach((w, i) => expect(w).toBeCloseTo(expected[i]!, 12));
  });

  it('an upper bound that binds: the rest goes to the other asset', () => {
    // unbounded, the least-variance mix puts 0.75 on the calm asset
    const sigma = cov2(0.3, 0.6, 0);
    const free = solvePortfolio(program(sigma, [0, 0], 0, 1), 0);
    expect(free.ok && free.w[0]).toBeCloseTo(0.8, 12);
    const capped = solvePortfolio(program(sigma, [0, 0], 0, 0.6), 0);
    expect(capped.ok && capped.w).toEqual([0.6, expect.closeTo(0.4, 12) as number]);
  });

  it('two assets at a volatility target: the larger root of the variance quadratic', () => {
    const [s1, s2, rho] = [0.5, 1.0, 0.3];
    const sigma = cov2(s1, s2, rho);
    const target = 0.7;
    // σ²(w) with w₂ = 1 − w₁: a w₁² + b w₁ + c = target²; asset 2 has the higher return, so w₂ is the larger share
    const a = s1 * s1 + s2 * s2 - 2 * rho * s1 * s2;
    const b = 2 * rho * s1 * s2 - 2 * s2 * s2;
    const c = s2 * s2 - target * target;
    const w1 = (-b - Math.sqrt(b * b - 4 * a * c)) / (2 * a);
    const r = solveAtVolatility(program(sigma, [0.1, 0.4], 0, 1), target, 1e-10);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.targetReached).toBe(true);
    expect(r.volatility).toBeCloseTo(target, 9);
    expect(r.w[0]).toBeCloseTo(w1, 8);
    expect(r.w[1]).toBeCloseTo(1 - w1, 8);
  });

  it('a target under the least-variance mix cannot be reached; one over the best corner stops at the corner', () => {
    const sigma = cov2(0.5, 1.0, 0.3);
    expect(solveAtVolatility(program(sigma, [0.1, 0.4], 0, 1), 0.3)).toEqual({
      ok: false,
      reason: 'VOLATILITY_TARGET_UNREACHABLE',
    });
    const r = solveAtVolatility(program(sigma, [0.1, 0.4], 0, 0.8), 2);
    expect(r.ok && r.targetReached).toBe(false);
    expect(r.ok && r.w).toEqual([expect.closeTo(0.2, 12), expect.closeTo(0.8, 12)]);
    expect(mostReturnCorner(program(sigma, [0.1, 0.4], 0.05, 0.8))).toEqual([0.2, 0.8]);
  });

  it('the working set gives the whole programme’s answer on a large universe', () => {
    const random = seededRandom(7);
    const n = 60;
    const loads = Array.from({ length: n }, () => 0.3 + random() * 0.5);
    const noise = Array.from({ length: n }, () => 0.3 + random() * 0.6);
    const sigma = loads.map((li, i) => loads.map((lj, j) => li * lj + (i === j ? noise[i]! ** 2 : 0)));
    const mu = Array.from({ length: n }, () => random() * 0.6 - 0.1);
    const p = program(sigma, mu, 0, 0.3);
    for (const lambda of [0, 0.05, 0.3, 1, 5, 100]) {
      const screened = solvePortfolio(p, lambda);
      const whole = solvePortfolio(p, lambda, undefined, { screen: false });
      expect(screened.ok && whole.ok).toBe(true);
      if (!screened.ok || !whole.ok) return;
      expect(screened.workingSet.length).toBeLessThan(n);
      for (let i = 0; i < n; i++) expect(Math.abs(screened.w[i]! - whole.w[i]!)).toBeLessThan(1e-9);
    }
  });
});

describe('Ledoit–Wolf shrinkage towards constant correlation', () => {
  /** Park–Miller: exact in doubles, so the same numbers in numpy. */
  function returns(days: number): number[][] {
    let state = 20;
    const u = () => (state = (state * 48271) % 2147483647) / 2147483647;
    const z = () => u() + u() + u() + u() - 2;
    const loads = [1, 0.8, 0.3, 0, -0.4, 0.9];
    const scales = [1, 1.5, 2, 1, 0.5, 3];
    return Array.from({ length: days }, () => {
      const m = z();
      return loads.map((l, i) => 0.01 * (l * m + scales[i]! * z()));
    });
  }

  const columns = (rows: number[][]) => rows[0]!.map((_, i) => rows.map((row) => row[i]!));

  it("matches Ledoit and Wolf's covCor (their published code, run in numpy on the same returns)", () => {
    const r = ledoitWolfConstantCorrelation(columns(returns(120)));
    expect(r.shrinkage).toBeCloseTo(0.5930393273339065, 12);
    expect(r.sigma.get(0, 0)).toBeCloseTo(6.248533404185308e-5, 15);
    expect(r.sigma.get(0, 1)).toBeCloseTo(9.548684189017986e-6, 15);
    expect(r.sigma.get(4, 5)).toBeCloseTo(-4.321080244618831e-6, 15);
    expect(r.sigma.get(5, 5)).toBeCloseTo(2.9782424538912783e-4, 15);
    expect(r.sigma.get(5, 4)).toBe(r.sigma.get(4, 5));
  });

  it('equals the definition summed day by day, and stays between the sample and the target', () => {
    const x = returns(120);
    const t = x.length;
    const n = 6;
    const mean = Array.from({ length: n }, (_, i) => x.reduce((s, row) => s + row[i]!, 0) / t);
    const d = x.map((row) => row.map((v, i) => v - mean[i]!));
    const s = (i: number, j: number) => d.reduce((a, row) => a + row[i]! * row[j]!, 0) / t;
    const sd = (i: number) => Math.sqrt(s(i, i));
    let rBar = 0;
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (i !== j) rBar += s(i, j) / (sd(i) * sd(j));
    rBar /= n * (n - 1);
    const f = (i: number, j: number) => (i === j ? s(i, i) : rBar * sd(i) * sd(j));
    let pi = 0;
    let rho = 0;
    let gamma = 0;
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) {
        const pij = d.reduce((a, row) => a + (row[i]! * row[j]! - s(i, j)) ** 2, 0) / t;
        pi += pij;
        if (i === j) rho += pij;
        else {
          const thetaII = d.reduce((a, row) => a + (row[i]! ** 2 - s(i, i)) * (row[i]! * row[j]! - s(i, j)), 0) / t;
          const thetaJJ = d.reduce((a, row) => a + (row[j]! ** 2 - s(j, j)) * (row[i]! * row[j]! - s(i, j)), 0) / t;
          rho += (rBar / 2) * (Math.sqrt(s(j, j) / s(i, i)) * thetaII + Math.sqrt(s(i, i) / s(j, j)) * thetaJJ);
        }
        gamma += (f(i, j) - s(i, j)) ** 2;
      }
    const delta = Math.max(0, Math.min(1, (pi - rho) / gamma / t));
    const r = ledoitWolfConstantCorrelation(columns(x));
    expect(r.shrinkage).toBeCloseTo(delta, 12);
    expect(r.shrinkage).toBeGreaterThan(0);
    expect(r.shrinkage).toBeLessThan(1);
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) {
        expect(r.sample.get(i, j)).toBeCloseTo(s(i, j), 15);
        expect(r.target.get(i, j)).toBeCloseTo(f(i, j), 15);
        expect(r.sigma.get(i, j)).toBeCloseTo(delta * f(i, j) + (1 - delta) * s(i, j), 15);
      }
  });
});

describe('expected returns', () => {
  it('pulls each mean towards the cross-sectional mean (James–Stein, at least the setting) and caps it', () => {
    const means = [0.001, 0.002, 0.003, 0.006];
    const variances = [0.0004, 0.0004, 0.0004, 0.0004];
    // k = (N − 3) · mean(s²/T) / Σ(m − m̄)² = 1 · 0.0004/100 / 14e-6 = 0.2857…
    const js = shrinkMeans(means, variances, 100, 0.1, 10);
    expect(js.intensity).toBeCloseTo(0.004 / 14e-3, 12);
    const grand = 0.003;
    js.annual.forEach((a, i) => expect(a).toBeCloseTo((grand + (1 - js.intensity) * (means[i]! - grand)) * 365, 12));
    // the setting is the least pull
    expect(shrinkMeans(means, variances, 100, 0.5, 10).intensity).toBe(0.5);
    // the cap, both signs
    expect(shrinkMeans([-0.01, 0.01], [0, 0], 100, 0, 1).annual).toEqual([-1, 1]);
  });
});

describe('risk parity (diagnostic)', () => {
  it('two uncorrelated assets: weights inversely proportional to volatility', () => {
    const w = riskParityWeights(cov2(0.4, 0.8, 0), 0.6);
    expect(w[0]).toBeCloseTo(0.6 * (2 / 3), 10);
    expect(w[1]).toBeCloseTo(0.6 * (1 / 3), 10);
  });

  it('three correlated assets: each adds the same share of the variance', () => {
    const sigma = [
      [0.36, 0.12, 0.09],
      [0.12, 0.64, 0.2],
      [0.09, 0.2, 0.49],
    ];
    const w = riskParityWeights(sigma, 1);
    const contributions = w.map((wi, i) => wi * sigma[i]!.reduce((s, v, j) => s + v * w[j]!, 0));
    for (const c of contributions) expect(c).toBeCloseTo(contributions[0]!, 12);
    expect(w.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(volatilityOf(sigma, w)).toBeGreaterThan(0);
  });
});

describe('back-test', () => {
  it('buys at the first closes and holds; bitcoin from its first close; tether flat; each starts at 1', () => {
    const days = ['2026-01-01', '2026-01-02', '2026-01-03'];
    const prices = [Float64Array.from([10, 12, 9]), Float64Array.from([2, 2, 3])];
    const points = backtest(days, prices, [0.3, 0.2], 0.5, [null, 100, 150]);
    expect(points).toEqual([
      { day: '2026-01-01', basket: 1, bitcoin: null, tether: 1 },
      { day: '2026-01-02', basket: expect.closeTo(0.5 + 0.3 * 1.2 + 0.2, 12) as number, bitcoin: 1, tether: 1 },
      { day: '2026-01-03', basket: expect.closeTo(0.5 + 0.3 * 0.9 + 0.2 * 1.5, 12) as number, bitcoin: 1.5, tether: 1 },
    ]);
  });
});
