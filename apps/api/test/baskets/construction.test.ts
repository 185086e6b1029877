import { describe, expect, it } from 'vitest';
import {
  type AssetSeries,
  type ConstructionResult,
  type ConstructionSettings,
  constructBasket,
  DEFAULT_CONSTRUCTION_SETTINGS,
  type RiskBand,
} from '../../src/modules/baskets/construction';
import { seededRandom, syntheticUniverse } from '../../src/modules/baskets/construction/synthetic';

/**
 * constructBasket end to end (decisions 044, 045) on a seeded synthetic universe: 40 correlated assets, two
 * years and a bit of daily closes. The numerics are checked piece by piece in construction-numerics.test.ts.
 */
const BANDS: RiskBand[] = [10, 25, 35, 60, 100];
const LAST_DAY = '2026-11-27';
const universe = syntheticUniverse({ assets: 40, days: 800, lastDay: LAST_DAY, seed: 45 });
const settings = DEFAULT_CONSTRUCTION_SETTINGS;

type Built = Extract<ConstructionResult, { ok: true }>;
function build(series: AssetSeries[], risk: RiskBand, s: ConstructionSettings = settings): Built {
  const r = constructBasket({ series, risk, settings: s });
  if (!r.ok) throw new Error(`construction failed: ${r.reason}`);
  return r;
}
const built = new Map(BANDS.map((band) => [band, build(universe, band)]));

describe('constructBasket', () => {
  it.each(BANDS)('band %i: weights sum to 1 with tether, within the bounds, heaviest first', (band) => {
    const r = built.get(band)!;
    const crypto = r.weights.reduce((s, w) => s + w.weight, 0);
    expect(r.tetherWeight).toBe(settings.bands[band].tetherShare);
    expect(crypto + r.tetherWeight).toBeCloseTo(1, 12);
    expect(r.weights.length).toBeGreaterThanOrEqual(settings.minAssets);
    expect(r.weights.length).toBeLessThanOrEqual(settings.maxAssets);
    for (const w of r.weights) {
      expect(w.weight).toBeGreaterThanOrEqual(settings.minWeight - 1e-9);
      expect(w.weight).toBeLessThanOrEqual(settings.maxWeight + 1e-9);
    }
    expect(new Set(r.weights.map((w) => w.symbol)).size).toBe(r.weights.length);
    expect(r.weights.map((w) => w.weight)).toEqual([...r.weights.map((w) => w.weight)].sort((a, b) => b - a));
    expect(r.expectedVolatility).toBeLessThanOrEqual(settings.bands[band].volatilityTarget * (1 + 1e-6));
    expect(r.shrinkage).toBeGreaterThan(0);
    expect(r.shrinkage).toBeLessThan(1);
    expect(r.riskParityVolatility).toBeGreaterThan(0);
    expect(r.asOf).toBe(LAST_DAY);
    expect(r.assetsConsidered).toBe(40);
  });

  it('meets the volatility target where the frontier reaches it', () => {
    for (const band of [10, 25, 35, 60] as const)
      expect(built.get(band)!.expectedVolatility).toBeCloseTo(settings.bands[band].volatilityTarget, 6);
  });

  it('a lower risk band: lower volatility, more tether, less expected return', () => {
    for (let k = 1; k < BANDS.length; k++) {
      const lower = built.get(BANDS[k - 1]!)!;
      const higher = built.get(BANDS[k]!)!;
      expect(lower.expectedVolatility).toBeLessThan(higher.expectedVolatility);
      expect(lower.tetherWeight).toBeGreaterThan(higher.tetherWeight);
      expect(lower.expectedReturn).toBeLessThan(higher.expectedReturn);
    }
  });

  it('back-tests over the window: every line starts at 1, tether stays there, the basket is held from day one', () => {
    const r = built.get(35)!;
    expect(r.backtest).toHaveLength(800);
    expect(r.backtest[0]).toEqual({
      day: r.backtest[0]!.day,
      basket: expect.closeTo(1, 14) as number,
      bitcoin: 1,
      tether: 1,
    });
    expect(r.backtest.at(-1)!.day).toBe(LAST_DAY);
    expect(r.backtest.every((p) => p.tether === 1)).toBe(true);
    const closes = new Map(universe.map((s) => [s.symbol, s.closes]));
    const last = r.weights.reduce((v, w) => {
      const c = closes.get(w.symbol)!;
      return v + (w.weight * c.at(-1)!.close) / c[0]!.close;
    }, r.tetherWeight);
    expect(r.backtest.at(-1)!.basket).toBeCloseTo(last, 10);
    const btc = closes.get('BTC')!;
    expect(r.backtest.at(-1)!.bitcoin).toBeCloseTo(btc.at(-1)!.close / btc[0]!.close, 10);
  });

  it('gives the same basket for the same input, whatever the order of the series; tether is not an asset', () => {
    const random = seededRandom(3);
    const shuffled = universe
      .map((s) => ({ s, k: random() }))
      .sort((a, b) => a.k - b.k)
      .map((x) => x.s);
    const usdt: AssetSeries = { symbol: 'USDT', closes: universe[0]!.closes.map((c) => ({ day: c.day, close: 1 })) };
    expect(build([usdt, ...shuffled], 35)).toEqual(built.get(35));
    // a symbol given twice (two exchanges): the longer series counts, once
    const shorterCopy: AssetSeries = { symbol: 'btc', closes: universe[0]!.closes.slice(-400) };
    expect(build([shorterCopy, ...universe], 35)).toEqual(built.get(35));
    expect(build(universe, 35)).toEqual(built.get(35));
  });

  it('carries a missing day forward; leaves out an asset with too little history, no recent close, or pegged', () => {
    const young: AssetSeries = { symbol: 'NEW', closes: universe[5]!.closes.slice(-200) };
    const stale: AssetSeries = { symbol: 'OLD', closes: universe[6]!.closes.slice(0, -10) };
    const gappy = universe.map((s, i) => (i === 7 ? { ...s, closes: s.closes.filter((_, k) => k !== 400) } : s));
    // a pegged coin is cash, like tether: its near-zero volatility would otherwise fill every low band
    const peg: AssetSeries = {
      symbol: 'USDC',
      closes: universe[0]!.closes.map((c, k) => ({ day: c.day, close: 1 + 0.0005 * Math.sin(k) })),
    };
    const r = build([...gappy, young, stale, peg], 10);
    expect(r.assetsConsidered).toBe(40);
    expect(r.weights.some((w) => ['NEW', 'OLD', 'USDC'].includes(w.symbol))).toBe(false);
  });
});

describe('constructBasket fails, with the reason', () => {
  it('INSUFFICIENT_HISTORY: no asset has the days required', () => {
    const short = universe.map((s) => ({ ...s, closes: s.closes.slice(-300) }));
    expect(constructBasket({ series: short, risk: 35, settings })).toEqual({
      ok: false,
      reason: 'INSUFFICIENT_HISTORY',
    });
    expect(constructBasket({ series: short.slice(0, 3), risk: 35, settings })).toEqual({
      ok: false,
      reason: 'TOO_FEW_ASSETS',
    });
  });

  it('TOO_FEW_ASSETS: the universe is smaller than the minimum', () => {
    expect(constructBasket({ series: universe.slice(0, 3), risk: 35, settings })).toEqual({
      ok: false,
      reason: 'TOO_FEW_ASSETS',
    });
    expect(constructBasket({ series: [], risk: 35, settings })).toEqual({ ok: false, reason: 'TOO_FEW_ASSETS' });
  });

  it('VOLATILITY_TARGET_UNREACHABLE: the least-variance basket is above the target', () => {
    const calm = { ...settings, bands: { ...settings.bands, 100: { volatilityTarget: 0.05, tetherShare: 0 } } };
    expect(constructBasket({ series: universe, risk: 100, settings: calm })).toEqual({
      ok: false,
      reason: 'VOLATILITY_TARGET_UNREACHABLE',
    });
  });

  it('INFEASIBLE: bounds that cannot sum to the crypto share, or settings that contradict each other', () => {
    const cases: Partial<ConstructionSettings>[] = [
      { maxWeight: 0.03 }, // band 10's 40 % of crypto needs 14 assets at 3 %; 12 at most
      { minWeight: 0.3 }, // band 10 holds 40 % of crypto: 4 assets at 30 % do not fit
      { minAssets: 13 },
      { minWeight: 0.5, maxWeight: 0.4 },
      { maxAnnualReturn: Number.NaN },
    ];
    for (const c of cases)
      expect(constructBasket({ series: universe, risk: 10, settings: { ...settings, ...c } })).toEqual({
        ok: false,
        reason: 'INFEASIBLE',
      });
    const allTether = { ...settings, bands: { ...settings.bands, 10: { volatilityTarget: 0.2, tetherShare: 1 } } };
    expect(constructBasket({ series: universe, risk: 10, settings: allTether })).toEqual({
      ok: false,
      reason: 'INFEASIBLE',
    });
  });

  it('honours a tighter cardinality: at most maxAssets, at least minAssets', () => {
    const few = build(universe, 100, { ...settings, minAssets: 6, maxAssets: 6 });
    expect(few.weights).toHaveLength(6);
    const many = build(universe, 10, { ...settings, minAssets: 2, maxAssets: 3, maxWeight: 0.2 });
    expect(many.weights.length).toBeLessThanOrEqual(3);
    expect(many.weights.length).toBeGreaterThanOrEqual(2);
  });
});
