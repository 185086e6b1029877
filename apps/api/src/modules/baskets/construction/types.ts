/** The risk numbers a basket is built for: the FundRisk bands (packages/contract baskets/risk.ts). */
export type RiskBand = 10 | 25 | 35 | 60 | 100;

/** One band's target: the whole basket's annualised volatility and the share kept in tether. */
export interface BandSettings {
  /** Annualised volatility of the whole basket (tether included, at zero), e.g. 0.35. */
  volatilityTarget: number;
  /** Tether's share of the basket, 0..1. */
  tetherShare: number;
}

export interface ConstructionSettings {
  bands: Record<RiskBand, BandSettings>;
  /** Per crypto asset, share of the whole basket (e.g. 0.35). */
  maxWeight: number;
  /** Floor: an asset below it is dropped (e.g. 0.02); a held asset never weighs less. */
  minWeight: number;
  /** Crypto assets held at least, tether excluded (e.g. 4). */
  minAssets: number;
  /** Crypto assets held at most (e.g. 12). */
  maxAssets: number;
  /** Days of closes an asset needs to be considered (e.g. 365). */
  minHistoryDays: number;
  /** 0..1: the least pull of each asset's mean return towards the cross-sectional mean (James–Stein may pull more). */
  meanShrinkage: number;
  /** Cap on an asset's annualised expected return, both signs (e.g. 1 = 100 % a year). */
  maxAnnualReturn: number;
}

/** Daily closes in USDT, oldest first. */
export interface AssetSeries {
  symbol: string;
  closes: { day: string /* YYYY-MM-DD */; close: number }[];
}

export type ConstructionFailure =
  'INSUFFICIENT_HISTORY' | 'TOO_FEW_ASSETS' | 'VOLATILITY_TARGET_UNREACHABLE' | 'INFEASIBLE';

export interface BacktestPoint {
  day: string;
  basket: number;
  bitcoin: number | null;
  tether: number;
}

export type ConstructionResult =
  | {
      ok: true;
      /** Crypto assets only, heaviest first; with tetherWeight they sum to 1. */
      weights: { symbol: string; weight: number }[];
      tetherWeight: number;
      /** Annualised, the whole basket (tether at zero volatility). */
      expectedVolatility: number;
      /** Annualised expected log return of the whole basket, from the shrunk and capped means. */
      expectedReturn: number;
      /** Diagnostic: the equal-risk-contribution mix of the same assets, same tether share. */
      riskParityVolatility: number;
      /** Ledoit–Wolf intensity of the covariance's shrinkage towards constant correlation, 0..1. */
      shrinkage: number;
      /** Buy and hold over the estimation window, each line starting at 1 (in sample). */
      backtest: BacktestPoint[];
      /** The last day of closes used. */
      asOf: string;
      /** Crypto assets with enough history that entered the optimisation. */
      assetsConsidered: number;
    }
  | { ok: false; reason: ConstructionFailure };
