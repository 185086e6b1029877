import { dayNumber, dayString } from './series';
import type { AssetSeries } from './types';

/**
 * A seeded, correlated universe of daily closes for the tests and the bench (never for a real basket): a
 * market factor and a few sector factors with crypto-like volatility, each asset its own beta, drift and
 * idiosyncratic noise. The same seed gives the same closes.
 */
export interface SyntheticOptions {
  assets: number;
  days: number;
  /** The last day, YYYY-MM-DD. */
  lastDay: string;
  seed: number;
  sectors?: number;
}

/** mulberry32: a small, fast, seedable generator (uniform in [0, 1)). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function gaussian(random: () => number): () => number {
  return () => {
    const u = 1 - random();
    const v = random();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  };
}

export function syntheticUniverse(o: SyntheticOptions): AssetSeries[] {
  const random = seededRandom(o.seed);
  const normal = gaussian(random);
  const sectors = o.sectors ?? 5;
  const assets = Array.from({ length: o.assets }, (_, i) => ({
    symbol: i === 0 ? 'BTC' : i === 1 ? 'ETH' : `C${String(i).padStart(3, '0')}`,
    beta: i === 0 ? 1 : 0.7 + random() * 0.8,
    sector: i % sectors,
    sectorBeta: 0.3 + random() * 0.7,
    // idiosyncratic daily volatility: 1.5 % for bitcoin, up to 6 % for small coins
    noise: i === 0 ? 0.012 : 0.015 + random() * 0.045,
    // daily drift: −40 % to +80 % a year
    drift: (-0.4 + random() * 1.2) / 365,
    price: 0.05 + random() * 500,
  }));
  const first = dayNumber(o.lastDay) - o.days + 1;
  const series: AssetSeries[] = assets.map((a) => ({ symbol: a.symbol, closes: [] }));
  for (let d = 0; d < o.days; d++) {
    const day = dayString(first + d);
    const market = 0.028 * normal();
    const sector = Array.from({ length: sectors }, () => 0.015 * normal());
    assets.forEach((a, i) => {
      if (d > 0) {
        const r = a.drift + a.beta * market + a.sectorBeta * sector[a.sector]! + a.noise * normal();
        a.price *= Math.exp(r);
      }
      series[i]!.closes.push({ day, close: a.price });
    });
  }
  return series;
}
