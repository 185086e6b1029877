/**
 * Equal risk contribution (risk parity) weights summing to `total`: each asset adds the same share of the
 * basket's variance. Solved as Spinu's convex programme, min ½ xᵀΣx − Σ (1/N) ln x_i, by cyclical
 * coordinate descent (each step is the positive root of a quadratic), then scaled to the total.
 */
export function riskParityWeights(sigma: ArrayLike<number>[], total: number, maxSweeps = 10_000): number[] {
  const n = sigma.length;
  if (n === 0) return [];
  const b = 1 / n;
  const x = new Array<number>(n);
  for (let i = 0; i < n; i++) x[i] = 1 / Math.sqrt(sigma[i]![i]!) / n;
  for (let sweep = 0; sweep < maxSweeps; sweep++) {
    let change = 0;
    for (let i = 0; i < n; i++) {
      const row = sigma[i]!;
      let a = 0;
      for (let j = 0; j < n; j++) if (j !== i) a += row[j]! * x[j]!;
      const sii = row[i]!;
      const next = (-a + Math.sqrt(a * a + 4 * sii * b)) / (2 * sii);
      change = Math.max(change, Math.abs(next - x[i]!) / next);
      x[i] = next;
    }
    if (change < 1e-12) break;
  }
  const sum = x.reduce((s, v) => s + v, 0);
  return x.map((v) => (v / sum) * total);
}
