import { DAYS_PER_YEAR } from './series';

export interface ShrunkMeans {
  /** Annualised expected returns, shrunk and capped. */
  annual: number[];
  /** The pull towards the cross-sectional mean that was applied, 0..1. */
  intensity: number;
}

/**
 * Each asset's mean daily return pulled towards the cross-sectional mean (James–Stein): with N assets,
 * T days, sample means m_i and variances s_i², the data's own intensity is
 *   k = (N − 3) · mean(s_i² / T) / Σ (m_i − m̄)²,
 * clamped to 0..1 and never below `least` (the settings' meanShrinkage). The shrunk means are annualised
 * over 365 days and capped at ±maxAnnual, so that a few good years of one coin do not decide a basket.
 */
export function shrinkMeans(
  means: number[],
  variances: number[],
  days: number,
  least: number,
  maxAnnual: number,
): ShrunkMeans {
  const n = means.length;
  const grand = means.reduce((a, b) => a + b, 0) / Math.max(1, n);
  let spread = 0;
  for (const m of means) spread += (m - grand) ** 2;
  const noise = variances.reduce((a, b) => a + b / days, 0) / Math.max(1, n);
  const jamesStein = n > 3 && spread > 0 ? ((n - 3) * noise) / spread : 0;
  const intensity = Math.max(0, Math.min(1, Math.max(least, jamesStein)));
  const cap = Math.max(0, maxAnnual);
  const annual = means.map((m) => {
    const a = (grand + (1 - intensity) * (m - grand)) * DAYS_PER_YEAR;
    return Math.max(-cap, Math.min(cap, a));
  });
  return { annual, intensity };
}
