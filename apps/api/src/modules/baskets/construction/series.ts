import type { AssetSeries } from './types';

/** Tether is the unit: it is never one of the crypto assets. */
export const TETHER_SYMBOL = 'USDT';
/** The estimation window's longest reach: three years of daily closes. */
export const MAX_LOOKBACK_DAYS = 1095;
/** An asset whose last close is older than this many days before the newest is not traded any more. */
export const STALE_DAYS = 3;
/** Crypto trades every day: daily figures are annualised over 365 days. */
export const DAYS_PER_YEAR = 365;

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a YYYY-MM-DD day (NaN when it is not one). */
export function dayNumber(day: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return Number.NaN;
  return Math.round(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY_MS);
}

export function dayString(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

interface Prepared {
  symbol: string;
  days: number[];
  closes: number[];
}

export interface Window {
  /** Calendar days of the window, oldest first (every day: crypto trades daily). */
  days: string[];
  /** The eligible assets, by symbol. */
  symbols: string[];
  /** prices[i][t]: asset i's close on day t, carried forward over a missing day. */
  prices: Float64Array[];
  /** Bitcoin over the same days (carried forward), null before its first close; null when absent. */
  bitcoin: (number | null)[] | null;
}

export type WindowResult =
  | { ok: true; window: Window; cryptoAssets: number }
  | { ok: false; reason: 'INSUFFICIENT_HISTORY'; cryptoAssets: number };

function prepare(series: AssetSeries, dayNumbers: Map<string, number>): Prepared {
  const days: number[] = [];
  const closes: number[] = [];
  let sorted = true;
  for (const c of series.closes) {
    if (!(Number.isFinite(c.close) && c.close > 0)) continue;
    let n = dayNumbers.get(c.day);
    if (n === undefined) dayNumbers.set(c.day, (n = dayNumber(c.day)));
    if (!Number.isFinite(n)) continue;
    if (days.length > 0 && n <= days[days.length - 1]!) sorted = false;
    days.push(n);
    closes.push(c.close);
  }
  const symbol = series.symbol.toUpperCase();
  if (sorted) return { symbol, days, closes };
  // out of order: sort, one close a day (the last given for a day wins)
  const order = days.map((_, i) => i).sort((a, b) => days[a]! - days[b]! || a - b);
  const out: Prepared = { symbol, days: [], closes: [] };
  for (const i of order) {
    if (out.days.length > 0 && out.days[out.days.length - 1] === days[i]) {
      out.closes[out.closes.length - 1] = closes[i]!;
      continue;
    }
    out.days.push(days[i]!);
    out.closes.push(closes[i]!);
  }
  return out;
}

/** > 0 when a's history ends later, or as late and is longer. */
const longer = (a: Prepared, b: Prepared) =>
  a.days[a.days.length - 1]! - b.days[b.days.length - 1]! || a.days.length - b.days.length;

/** Closes on each of `from..to` (day numbers), the last known close carried forward; null before the first. */
function onDays(p: Prepared, from: number, to: number): (number | null)[] {
  const out: (number | null)[] = [];
  let k = 0;
  let last: number | null = null;
  for (let d = from; d <= to; d++) {
    while (k < p.days.length && p.days[k]! <= d) last = p.closes[k++]!;
    out.push(last);
  }
  return out;
}

/**
 * The estimation window: the crypto assets that have closes for at least `minHistoryDays` days before the
 * newest close of the universe and are still traded (a close within STALE_DAYS of it) are eligible; the
 * window is their common history, at most MAX_LOOKBACK_DAYS. Symbols are sorted, so that the result does not
 * depend on the order the series come in.
 */
export function buildWindow(all: AssetSeries[], minHistoryDays: number): WindowResult {
  const dayNumbers = new Map<string, number>();
  const crypto = all
    .filter((s) => s.symbol.toUpperCase() !== TETHER_SYMBOL)
    .map((s) => prepare(s, dayNumbers))
    .filter((p) => p.days.length > 0)
    .sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0) || longer(b, a))
    // one series a symbol (the longest, the newest)
    .filter((p, i, sorted) => i === 0 || sorted[i - 1]!.symbol !== p.symbol);
  const cryptoAssets = crypto.length;
  if (cryptoAssets === 0) return { ok: false, reason: 'INSUFFICIENT_HISTORY', cryptoAssets };
  const asOf = Math.max(...crypto.map((p) => p.days[p.days.length - 1]!));
  const history = Math.max(1, Math.ceil(minHistoryDays));
  const eligible = crypto.filter(
    (p) => p.days[p.days.length - 1]! >= asOf - STALE_DAYS && p.days[0]! <= asOf - history,
  );
  if (eligible.length === 0) return { ok: false, reason: 'INSUFFICIENT_HISTORY', cryptoAssets };
  const start = Math.max(asOf - MAX_LOOKBACK_DAYS, ...eligible.map((p) => p.days[0]!));
  const days: string[] = [];
  for (let d = start; d <= asOf; d++) days.push(dayString(d));
  const prices = eligible.map((p) => {
    const out = new Float64Array(asOf - start + 1);
    let k = 0;
    let last = Number.NaN;
    for (let d = start; d <= asOf; d++) {
      while (k < p.days.length && p.days[k]! <= d) last = p.closes[k++]!;
      out[d - start] = last;
    }
    return out;
  });
  const btc = crypto.find((p) => p.symbol === 'BTC');
  return {
    ok: true,
    cryptoAssets,
    window: {
      days,
      symbols: eligible.map((p) => p.symbol),
      prices,
      bitcoin: btc ? onDays(btc, start, asOf) : null,
    },
  };
}

/** Daily log returns, one column an asset: column i, row t is asset i's return on day t + 1 of the window. */
export function logReturns(prices: Float64Array[]): Float64Array[] {
  return prices.map((p) => {
    const r = new Float64Array(Math.max(0, p.length - 1));
    for (let k = 0; k < r.length; k++) r[k] = Math.log(p[k + 1]! / p[k]!);
    return r;
  });
}
