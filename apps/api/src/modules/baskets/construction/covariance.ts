import { Matrix } from 'ml-matrix';

export interface ShrunkCovariance {
  /** Daily covariance, N × N, shrunk. */
  sigma: Matrix;
  /** The sample covariance (divided by T, as Ledoit and Wolf). */
  sample: Matrix;
  /** The constant-correlation target. */
  target: Matrix;
  /** Ledoit–Wolf intensity, 0..1. */
  shrinkage: number;
  /** Each asset's mean daily return. */
  means: number[];
}

/**
 * The sample covariance of the returns (N columns of T days) shrunk towards the constant-correlation target
 * with Ledoit and Wolf's intensity ("Honey, I shrunk the sample covariance matrix", 2004; their `covCor`):
 *
 *   S = XᵀX / T on the demeaned returns; F_ii = S_ii, F_ij = r̄ √(S_ii S_jj), r̄ the mean correlation;
 *   π = Σ_ij (1/T) Σ_t (x_ti x_tj − S_ij)²;
 *   ρ = Σ_i π_ii + r̄ Σ_{i≠j} √(S_jj / S_ii) θ_ij,  θ_ij = (1/T) Σ_t (x_ti² − S_ii)(x_ti x_tj − S_ij);
 *   γ = ‖F − S‖²_F;  δ = max(0, min(1, (π − ρ) / γ / T));  Σ = δF + (1 − δ)S.
 *
 * The sums over days are three Gram products, taken together in one pass over each pair of assets; the
 * matrices are ml-matrix's.
 */
export function ledoitWolfConstantCorrelation(returns: ArrayLike<number>[]): ShrunkCovariance {
  const n = returns.length;
  const t = returns[0]?.length ?? 0;
  if (t < 2 || n === 0) throw new Error('ledoitWolf: needs at least two days and one asset');
  // demeaned columns and their cubes: the three sums over days are taken in one pass per pair
  const means = new Array<number>(n);
  const cols: Float64Array[] = [];
  const cubes: Float64Array[] = [];
  for (let i = 0; i < n; i++) {
    const src = returns[i]!;
    let m = 0;
    for (let k = 0; k < t; k++) m += src[k]!;
    m /= t;
    means[i] = m;
    const col = new Float64Array(t);
    const cube = new Float64Array(t);
    for (let k = 0; k < t; k++) {
      const v = src[k]! - m;
      col[k] = v;
      cube[k] = v * v * v;
    }
    cols.push(col);
    cubes.push(cube);
  }
  const sample = new Matrix(n, n);
  const y = new Matrix(n, n); // (1/T) Σ_t x_ti² x_tj²
  const term1 = new Matrix(n, n); // (1/T) Σ_t x_ti³ x_tj
  const put = (i: number, j: number, sxx: number, syy: number, sij: number, sji: number) => {
    sample.set(i, j, sxx / t);
    sample.set(j, i, sxx / t);
    y.set(i, j, syy / t);
    y.set(j, i, syy / t);
    term1.set(i, j, sij / t);
    term1.set(j, i, sji / t);
  };
  for (let i = 0; i < n; i++) {
    const xi = cols[i]!;
    const ci = cubes[i]!;
    // two columns j at a time: asset i's day is loaded once for both
    let j = i;
    for (; j + 1 < n; j += 2) {
      const xj = cols[j]!;
      const cj = cubes[j]!;
      const xl = cols[j + 1]!;
      const cl = cubes[j + 1]!;
      let sxx = 0;
      let syy = 0;
      let sij = 0;
      let sji = 0;
      let lxx = 0;
      let lyy = 0;
      let lij = 0;
      let lji = 0;
      for (let k = 0; k < t; k++) {
        const a = xi[k]!;
        const c = ci[k]!;
        const b = xj[k]!;
        const d = xl[k]!;
        const ab = a * b;
        const ad = a * d;
        sxx += ab;
        syy += ab * ab;
        sij += c * b;
        sji += cj[k]! * a;
        lxx += ad;
        lyy += ad * ad;
        lij += c * d;
        lji += cl[k]! * a;
      }
      put(i, j, sxx, syy, sij, sji);
      put(i, j + 1, lxx, lyy, lij, lji);
    }
    if (j < n) {
      const xj = cols[j]!;
      const cj = cubes[j]!;
      let sxx = 0;
      let syy = 0;
      let sij = 0;
      let sji = 0;
      for (let k = 0; k < t; k++) {
        const a = xi[k]!;
        const b = xj[k]!;
        const ab = a * b;
        sxx += ab;
        syy += ab * ab;
        sij += ci[k]! * b;
        sji += cj[k]! * a;
      }
      put(i, j, sxx, syy, sij, sji);
    }
  }

  const variance = new Array<number>(n);
  const sd = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    variance[i] = sample.get(i, i);
    sd[i] = Math.sqrt(variance[i]!);
  }
  let corrSum = 0;
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++)
      if (i !== j) corrSum += sd[i]! > 0 && sd[j]! > 0 ? sample.get(i, j) / (sd[i]! * sd[j]!) : 0;
  const rBar = n > 1 ? corrSum / (n * (n - 1)) : 0;

  const target = new Matrix(n, n);
  let pi = 0;
  let rhoDiag = 0;
  let rhoOff = 0;
  let gamma = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const s = sample.get(i, j);
      const f = i === j ? variance[i]! : rBar * sd[i]! * sd[j]!;
      target.set(i, j, f);
      const phi = y.get(i, j) - s * s;
      pi += phi;
      if (i === j) rhoDiag += phi;
      else if (sd[i]! > 0) rhoOff += (sd[j]! / sd[i]!) * (term1.get(i, j) - variance[i]! * s);
      gamma += (f - s) * (f - s);
    }
  }
  const rho = rhoDiag + rBar * rhoOff;
  const kappa = gamma > 0 ? (pi - rho) / gamma : 0;
  const shrinkage = gamma > 0 ? Math.max(0, Math.min(1, kappa / t)) : 1;
  const sigma = Matrix.add(Matrix.mul(target, shrinkage), Matrix.mul(sample, 1 - shrinkage));
  return { sigma, sample, target, shrinkage, means };
}
