/**
 * The embedded mode's crypto market (labelled demo wherever it is shown): forty well-known assets whose
 * daily closes are one seeded, deterministic, correlated random walk, the same on both exchanges.
 *
 * Each asset's daily log return is `μ/365 + σ/√365 · (ρ·m + √(1−ρ²)·e)`, with `m` the day's market draw
 * (shared by every asset, so assets move together as crypto does) and `e` the asset's own; each draw is a
 * hash of the day (and the symbol), so any day's close is the same whenever and wherever it is computed,
 * and the history grows by one day a day without changing the past. Prices are anchored at `ANCHOR_DAY`
 * (the walk runs forwards and backwards from it). Today's close is a price so far: it moves through the day
 * on a bridge from yesterday's close to the day's own.
 */

/** An asset of the demo universe. */
export interface DemoAsset {
  symbol: string;
  name: string;
  /** Tether per unit on `ANCHOR_DAY`. */
  anchor: number;
  /** Annualised volatility and drift of the log price. */
  vol: number;
  drift: number;
  /** Correlation with the market's draw. */
  rho: number;
  /** Whether each exchange lists it on its margin market. */
  margin: { binance: boolean; kucoin: boolean };
}

const m = (binance: boolean, kucoin: boolean) => ({ binance, kucoin });

/** Forty assets, by size; every one listed on both exchanges against tether. */
export const DEMO_ASSETS: readonly DemoAsset[] = [
  { symbol: 'BTC', name: 'Bitcoin', anchor: 94_000, vol: 0.5, drift: 0.18, rho: 0.92, margin: m(true, true) },
  { symbol: 'ETH', name: 'Ethereum', anchor: 3_300, vol: 0.65, drift: 0.15, rho: 0.88, margin: m(true, true) },
  { symbol: 'BNB', name: 'BNB', anchor: 640, vol: 0.55, drift: 0.14, rho: 0.78, margin: m(true, true) },
  { symbol: 'SOL', name: 'Solana', anchor: 185, vol: 0.85, drift: 0.2, rho: 0.8, margin: m(true, true) },
  { symbol: 'XRP', name: 'XRP', anchor: 2.2, vol: 0.8, drift: 0.12, rho: 0.7, margin: m(true, true) },
  { symbol: 'ADA', name: 'Cardano', anchor: 0.85, vol: 0.8, drift: 0.05, rho: 0.78, margin: m(true, true) },
  { symbol: 'DOGE', name: 'Dogecoin', anchor: 0.32, vol: 0.95, drift: 0.08, rho: 0.72, margin: m(true, true) },
  { symbol: 'TRX', name: 'TRON', anchor: 0.24, vol: 0.55, drift: 0.12, rho: 0.55, margin: m(true, true) },
  { symbol: 'AVAX', name: 'Avalanche', anchor: 36, vol: 0.9, drift: 0.04, rho: 0.8, margin: m(true, true) },
  { symbol: 'DOT', name: 'Polkadot', anchor: 6.8, vol: 0.8, drift: 0.0, rho: 0.8, margin: m(true, true) },
  { symbol: 'LINK', name: 'Chainlink', anchor: 21, vol: 0.85, drift: 0.1, rho: 0.78, margin: m(true, true) },
  { symbol: 'TON', name: 'Toncoin', anchor: 5.4, vol: 0.75, drift: 0.08, rho: 0.55, margin: m(true, true) },
  { symbol: 'LTC', name: 'Litecoin', anchor: 105, vol: 0.7, drift: 0.03, rho: 0.8, margin: m(true, true) },
  { symbol: 'BCH', name: 'Bitcoin Cash', anchor: 440, vol: 0.75, drift: 0.05, rho: 0.78, margin: m(true, true) },
  { symbol: 'SHIB', name: 'Shiba Inu', anchor: 0.000021, vol: 1.0, drift: 0.0, rho: 0.7, margin: m(true, true) },
  { symbol: 'ATOM', name: 'Cosmos', anchor: 7.9, vol: 0.8, drift: -0.02, rho: 0.78, margin: m(true, true) },
  { symbol: 'XLM', name: 'Stellar', anchor: 0.38, vol: 0.75, drift: 0.06, rho: 0.7, margin: m(true, true) },
  { symbol: 'UNI', name: 'Uniswap', anchor: 12.5, vol: 0.9, drift: 0.05, rho: 0.75, margin: m(true, true) },
  { symbol: 'NEAR', name: 'NEAR Protocol', anchor: 5.1, vol: 0.95, drift: 0.04, rho: 0.78, margin: m(true, true) },
  { symbol: 'APT', name: 'Aptos', anchor: 9.2, vol: 0.95, drift: 0.02, rho: 0.75, margin: m(true, true) },
  { symbol: 'ICP', name: 'Internet Computer', anchor: 10.4, vol: 0.95, drift: -0.03, rho: 0.7, margin: m(true, false) },
  { symbol: 'ETC', name: 'Ethereum Classic', anchor: 27, vol: 0.75, drift: 0.02, rho: 0.75, margin: m(true, true) },
  { symbol: 'FIL', name: 'Filecoin', anchor: 5.2, vol: 0.9, drift: -0.04, rho: 0.75, margin: m(true, true) },
  { symbol: 'HBAR', name: 'Hedera', anchor: 0.27, vol: 0.9, drift: 0.08, rho: 0.7, margin: m(true, true) },
  { symbol: 'ARB', name: 'Arbitrum', anchor: 0.78, vol: 0.95, drift: 0.0, rho: 0.78, margin: m(true, true) },
  { symbol: 'OP', name: 'Optimism', anchor: 1.9, vol: 0.95, drift: 0.0, rho: 0.78, margin: m(true, true) },
  { symbol: 'SUI', name: 'Sui', anchor: 3.9, vol: 1.05, drift: 0.15, rho: 0.7, margin: m(true, true) },
  { symbol: 'AAVE', name: 'Aave', anchor: 310, vol: 0.85, drift: 0.12, rho: 0.72, margin: m(true, true) },
  { symbol: 'INJ', name: 'Injective', anchor: 24, vol: 1.0, drift: 0.05, rho: 0.72, margin: m(true, false) },
  { symbol: 'ALGO', name: 'Algorand', anchor: 0.36, vol: 0.85, drift: 0.0, rho: 0.75, margin: m(true, true) },
  { symbol: 'VET', name: 'VeChain', anchor: 0.045, vol: 0.85, drift: 0.02, rho: 0.72, margin: m(true, false) },
  { symbol: 'MKR', name: 'Maker', anchor: 1_650, vol: 0.8, drift: 0.04, rho: 0.62, margin: m(true, false) },
  { symbol: 'GRT', name: 'The Graph', anchor: 0.21, vol: 0.95, drift: -0.02, rho: 0.75, margin: m(true, false) },
  { symbol: 'RUNE', name: 'THORChain', anchor: 4.3, vol: 1.05, drift: 0.0, rho: 0.7, margin: m(false, true) },
  { symbol: 'SAND', name: 'The Sandbox', anchor: 0.55, vol: 1.0, drift: -0.05, rho: 0.75, margin: m(true, false) },
  { symbol: 'MANA', name: 'Decentraland', anchor: 0.5, vol: 1.0, drift: -0.05, rho: 0.75, margin: m(true, false) },
  { symbol: 'AXS', name: 'Axie Infinity', anchor: 6.1, vol: 1.0, drift: -0.06, rho: 0.72, margin: m(false, false) },
  { symbol: 'XTZ', name: 'Tezos', anchor: 1.15, vol: 0.8, drift: -0.02, rho: 0.7, margin: m(false, false) },
  { symbol: 'PEPE', name: 'Pepe', anchor: 0.000018, vol: 1.2, drift: 0.1, rho: 0.62, margin: m(true, false) },
  { symbol: 'CRV', name: 'Curve DAO', anchor: 0.92, vol: 1.0, drift: -0.04, rho: 0.72, margin: m(false, true) },
];

/** The well-known assets' names (the exchanges' listings name pairs, not assets). */
export const KNOWN_ASSET_NAMES: ReadonlyMap<string, string> = new Map(DEMO_ASSETS.map((a) => [a.symbol, a.name]));

/** The day the walk's prices are anchored at (UTC). */
export const ANCHOR_DAY = '2026-10-01';
const DAY_MS = 86_400_000;

export const dayNumber = (day: string): number => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
export const dayOfNumber = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);
export const utcDayOf = (at: Date): string => at.toISOString().slice(0, 10);

/** A 32-bit hash of a string (FNV-1a). */
function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Mixes two 32-bit integers into a uniform in (0, 1) (a murmur3 finaliser over a combined key). */
function uniform(a: number, b: number): number {
  let h = (Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x7f4a7c15, 0xc2b2ae35)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return ((h >>> 0) + 0.5) / 4_294_967_296;
}

/** A standard normal draw for the key (Box–Muller over two uniforms). */
function normal(key: number, n: number): number {
  const u1 = uniform(key, n * 2);
  const u2 = uniform(key ^ 0x5bd1e995, n * 2 + 1);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

const MARKET_KEY = hashString('portal demo crypto market');
const SQRT_YEAR = Math.sqrt(365);

/** The walk of one asset: its log return on day number `n` (from the close of `n − 1` to the close of `n`). */
function logReturn(asset: DemoAsset, key: number, n: number): number {
  const z = asset.rho * normal(MARKET_KEY, n) + Math.sqrt(1 - asset.rho * asset.rho) * normal(key, n);
  return asset.drift / 365 - (asset.vol * asset.vol) / 730 + (asset.vol / SQRT_YEAR) * z;
}

/**
 * The closes of `asset` from `fromDay` to `toDay` inclusive, as numbers; today's (the day of `now`) is the
 * price at `now`, and days after it are not given.
 */
export function demoCloses(
  asset: DemoAsset,
  fromDay: string,
  toDay: string,
  now: Date,
): { day: string; close: number }[] {
  const today = dayNumber(utcDayOf(now));
  const from = dayNumber(fromDay);
  const to = Math.min(dayNumber(toDay), today);
  if (to < from) return [];
  const key = hashString(asset.symbol);
  const anchor = dayNumber(ANCHOR_DAY);
  // The log price at the close of day `from − 1`, walked from the anchor.
  let x = Math.log(asset.anchor);
  if (from - 1 >= anchor) for (let n = anchor + 1; n <= from - 1; n++) x += logReturn(asset, key, n);
  else for (let n = anchor; n > from - 1; n--) x -= logReturn(asset, key, n);
  const out: { day: string; close: number }[] = [];
  for (let n = from; n <= to; n++) {
    const r = logReturn(asset, key, n);
    if (n === today) {
      out.push({ day: dayOfNumber(n), close: Math.exp(x + intraday(asset, key, n, r, now)) });
    } else {
      x += r;
      out.push({ day: dayOfNumber(n), close: Math.exp(x) });
    }
  }
  return out;
}

/**
 * How far into day `n`'s return the price is at `now`: the share of the day gone, plus a bridge's noise
 * (a draw per five minutes, nil at either end of the day), so the price moves through the day.
 */
function intraday(asset: DemoAsset, key: number, n: number, r: number, now: Date): number {
  const f = (now.getTime() - n * DAY_MS) / DAY_MS;
  const bucket = Math.floor(now.getTime() / 300_000);
  const noise = (asset.vol / SQRT_YEAR) * Math.sqrt(Math.max(0, f * (1 - f))) * normal(key ^ 0x2545f491, bucket);
  return r * f + noise;
}

/** The demo price at `now`. */
export function demoPriceAt(asset: DemoAsset, now: Date): number {
  const day = utcDayOf(now);
  return demoCloses(asset, day, day, now)[0]!.close;
}

/**
 * A positive number as a plain decimal string with `significant` significant digits (never the exponent
 * form JavaScript prints for small numbers), at most 18 decimals.
 */
export function toDecimalString(x: number, significant = 8): string {
  if (!(x > 0) || !Number.isFinite(x)) throw new RangeError(`not a positive price: ${x}`);
  const decimals = Math.min(18, Math.max(0, significant - 1 - Math.floor(Math.log10(x))));
  const text = x.toFixed(decimals);
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/**
 * An exchange's quantity step for an asset of this price: about five tether's worth rounded down to a
 * power of ten (Binance's steps; KuCoin's are a hundred times finer), at most 1, at least 10⁻⁸.
 */
export function demoQuantityStep(price: number, exchange: 'binance' | 'kucoin'): string {
  const exp = Math.max(-8, Math.min(0, Math.floor(Math.log10(5 / price)) - (exchange === 'kucoin' ? 2 : 0)));
  return exp === 0 ? '1' : `0.${'0'.repeat(-exp - 1)}1`;
}
