/**
 * The investor's portfolio (issue 19, decision 041): what they hold now, valued at the latest NAV and the
 * tether price, and their profit over 1, 7, 30 days and all time from daily snapshots the ledger rebuilds.
 *
 * A request reads two statements: the state (`readState`) and the user's snapshots. Days that have no
 * snapshot yet (a new user, a day the job has not reached) are rebuilt from the ledger on the spot and
 * stored, so the figures are right without waiting for the job.
 */
import {
  PNL_WINDOWS,
  PORTFOLIO_KINDS,
  type PnlFigure,
  type PnlWindow,
  type PortfolioHistory,
  type PortfolioHolding,
  type PortfolioKind,
  type PortfolioState,
  type ValuationCurrency,
} from '@portal/contract/account/portfolio';
import { fromMinor, type Currency } from '@portal/contract/core/money';
import { tehranDateOf } from '@portal/contract/funds/orders';
import type { DbOrTx } from '../../db/client';
import { heldBasketValues } from '../baskets/holdings.service';
import { dailyCloses, getAssets } from '../market/market.service';
import { valueMinor } from '../baskets/common';
import {
  readDayPrices,
  readLedgerDays,
  readNavs,
  readSnapshots,
  readState,
  upsertSnapshots,
  usersBehind,
  type SnapshotRow,
  type StateRow,
} from './portfolio.repository';
import {
  addDays,
  addSides,
  cashToSide,
  dayStart,
  daysBetween,
  moneyWeightedReturn,
  ratio,
  SCALE,
  timeWeightedReturn,
  toDecimal,
  unitsValue,
  valueIn,
  ZERO_SIDES,
  type DayPoint,
  type Sides,
} from './valuation';

export interface PortfolioDeps {
  db: DbOrTx;
  now?: () => Date;
}

const CASH = new Set<string>(['IRT', 'IRR', 'USD', 'USDT']);
const WINDOW_DAYS: Record<Exclude<PnlWindow, 'all'>, number> = { '1d': 1, '7d': 7, '30d': 30 };
/** How long after a day's end its snapshot may be stored (transactions begun before midnight have committed). */
const SETTLE_MS = 10 * 60_000;
/** The first day a snapshot may name (the table's CHECK). */
const EPOCH = '2000-01-02';

// ——— Rebuilding days from the ledger ———

/**
 * A user's snapshots of Tehran days `from`..`to` (each before today), from the ledger (balances at the end of
 * the day from the postings' times, money in from the boundary accounts), the NAVs and the day candles of
 * the tether price. Four statements whatever the number of days.
 */
export async function rebuildDays(db: DbOrTx, userId: string, from: string, to: string): Promise<SnapshotRow[]> {
  if (from > to) return [];
  const [ledger, prices] = await Promise.all([readLedgerDays(db, userId, from, to), readDayPrices(db, from, to)]);
  const balances = new Map<string, bigint>();
  const moves = new Map<string, { currency: string; amount: bigint }[]>();
  const flows = new Map<string, { currency: string; amount: bigint }[]>();
  const fundIds = new Set<string>();
  /** Assets held in baskets (issue 20): valued at each day's close. */
  const basketSymbols = new Set<string>();
  for (const r of ledger) {
    const amount = BigInt(r.amount);
    if (r.currency.startsWith('U:')) fundIds.add(r.currency.slice(2));
    else if (r.currency.startsWith('B:')) basketSymbols.add(r.currency.split(':')[2]!);
    if (r.kind === 'open') balances.set(r.currency, (balances.get(r.currency) ?? 0n) + amount);
    else {
      const into = r.kind === 'move' ? moves : flows;
      into.set(r.day!, [...(into.get(r.day!) ?? []), { currency: r.currency, amount }]);
    }
  }
  const navRows = await readNavs(db, [...fundIds], from, to);
  const navs = new Map<string, { currency: 'IRT' | 'USDT'; points: { day: string; nav: bigint }[] }>();
  for (const n of navRows) {
    const f = navs.get(n.fund_id) ?? { currency: n.currency, points: [] };
    f.points.push({ day: n.nav_date, nav: BigInt(n.nav) });
    navs.set(n.fund_id, f);
  }
  /** The NAV on or before `day` (else the fund's first one: units are never older than their first NAV). */
  const navOn = (fundId: string, day: string): { currency: 'IRT' | 'USDT'; nav: bigint } | null => {
    const f = navs.get(fundId);
    if (!f || f.points.length === 0) return null;
    let pick = f.points[0]!;
    for (const p of f.points) if (p.day <= day) pick = p;
    return { currency: f.currency, nav: pick.nav };
  };
  const cryptoSymbols = [...basketSymbols].filter((x) => x !== 'USDT');
  const [closes, assets] = await Promise.all([
    dailyCloses(db, cryptoSymbols, addDays(from, -10), to),
    getAssets(db, cryptoSymbols),
  ]);
  /** A basket holding's tether value (minor units) at the close of `day` or the last before it. */
  const basketValueOn = (currency: string, balance: bigint, day: string): bigint | null => {
    const symbol = currency.split(':')[2]!;
    if (symbol === 'USDT') return balance;
    let close: number | null = null;
    for (const c of closes.get(symbol) ?? []) if (c.day <= day) close = c.close;
    if (close === null) return null;
    return valueMinor(balance, assets.get(symbol)?.quantityScale ?? 8, close.toFixed(12));
  };
  const priceOn = (day: string): bigint | null => {
    let pick: bigint | null = null;
    for (const p of prices) if (p.day <= day) pick = BigInt(p.close);
    return pick;
  };

  const out: SnapshotRow[] = [];
  for (const day of daysBetween(from, to)) {
    for (const m of moves.get(day) ?? []) balances.set(m.currency, (balances.get(m.currency) ?? 0n) + m.amount);
    let sides: Sides = ZERO_SIDES;
    let holding = false;
    for (const [currency, balance] of balances) {
      if (balance === 0n) continue;
      holding = true;
      if (CASH.has(currency)) sides = addSides(sides, cashToSide(currency as Currency, balance));
      else if (currency.startsWith('B:')) {
        const v = basketValueOn(currency, balance, day);
        if (v !== null) sides = addSides(sides, cashToSide('USDT', v));
      } else {
        const n = navOn(currency.slice(2), day);
        if (!n) continue;
        const v = unitsValue(balance, n.nav);
        sides = addSides(sides, n.currency === 'IRT' ? { irt: v, usdt: 0n } : { irt: 0n, usdt: v });
      }
    }
    let flow: Sides = ZERO_SIDES;
    for (const f of flows.get(day) ?? []) {
      if (CASH.has(f.currency)) flow = addSides(flow, cashToSide(f.currency as Currency, f.amount));
    }
    const mid = priceOn(day);
    const str = (x: bigint | null) => (x === null ? null : x.toString());
    out.push({
      day,
      value_irt: str(valueIn(sides, 'IRT', mid)),
      value_usdt: str(valueIn(sides, 'USDT', mid)),
      flow_irt: str(valueIn(flow, 'IRT', mid)),
      flow_usdt: str(valueIn(flow, 'USDT', mid)),
      holding,
    });
  }
  return out;
}

/**
 * The snapshots of `firstDay`..`yesterday`: those stored, and the missing ones rebuilt and stored (a day
 * already written by someone else is kept).
 */
async function completeSnapshots(
  db: DbOrTx,
  userId: string,
  stored: SnapshotRow[],
  firstDay: string,
  yesterday: string,
  now: Date,
): Promise<Map<string, SnapshotRow>> {
  const byDay = new Map(stored.map((s) => [s.day, s]));
  if (firstDay > yesterday) return byDay;
  let missingFrom: string | null = null;
  for (const d of daysBetween(firstDay, yesterday)) {
    if (!byDay.has(d)) {
      missingFrom = d;
      break;
    }
  }
  if (missingFrom === null) return byDay;
  const rows = (await rebuildDays(db, userId, missingFrom, yesterday)).filter((r) => !byDay.has(r.day));
  // A day that ended moments ago is answered but not stored: a money transaction that began before midnight
  // may still be committing its postings, stamped with that day.
  const settled = now.getTime() - dayStart(addDays(yesterday, 1)).getTime() >= SETTLE_MS;
  await upsertSnapshots(
    db,
    userId,
    rows.filter((r) => settled || r.day < yesterday),
    { replace: false, now },
  );
  for (const r of rows) byDay.set(r.day, r);
  return byDay;
}

// ——— The state ———

interface Loaded {
  now: Date;
  today: string;
  state: StateRow;
  mid: bigint | null;
  /** Everything held, by side (funds at their NAV). */
  sides: Sides;
  /** Held baskets valued now (issue 20), tether minor units. */
  baskets: Awaited<ReturnType<typeof heldBasketValues>>;
  todayFlow: Sides;
  firstDay: string;
  snapshots: Map<string, SnapshotRow>;
}

async function load(deps: PortfolioDeps, userId: string): Promise<Loaded> {
  const now = deps.now?.() ?? new Date();
  const today = tehranDateOf(now);
  const [state, stored, baskets] = await Promise.all([
    readState(deps.db, userId, today),
    readSnapshots(deps.db, userId, EPOCH),
    heldBasketValues(deps.db, userId, now),
  ]);
  const mid = state.price_mid === null ? null : BigInt(state.price_mid);
  let sides: Sides = ZERO_SIDES;
  for (const c of state.cash ?? []) sides = addSides(sides, cashToSide(c.currency as Currency, BigInt(c.balance)));
  for (const f of state.funds ?? []) {
    if (f.nav === null) continue;
    const v = unitsValue(BigInt(f.units), BigInt(f.nav));
    sides = addSides(sides, f.currency === 'IRT' ? { irt: v, usdt: 0n } : { irt: 0n, usdt: v });
  }
  for (const b of baskets) if (b.value !== null) sides = addSides(sides, cashToSide('USDT', b.value));
  let todayFlow: Sides = ZERO_SIDES;
  for (const c of state.flows_today ?? []) {
    if (CASH.has(c.currency)) todayFlow = addSides(todayFlow, cashToSide(c.currency as Currency, BigInt(c.balance)));
  }
  const first = state.first_at === null ? today : tehranDateOf(new Date(Number(state.first_at)));
  const firstDay = first < today ? first : today;
  const snapshots = await completeSnapshots(deps.db, userId, stored, firstDay, addDays(today, -1), now);
  return { now, today, state, mid, sides, baskets, todayFlow, firstDay, snapshots };
}

/**
 * The series of one valuation currency from the day before `from` to today: the value at each day's end
 * (today: now) and the day's money in; a day before the first posting is zero. Parsed once per request.
 */
function seriesOf(l: Loaded, currency: ValuationCurrency, from: string) {
  const irt = currency === 'IRT';
  const nowValue = valueIn(l.sides, currency, l.mid) ?? 0n;
  const nowFlow = valueIn(l.todayFlow, currency, l.mid) ?? 0n;
  const days = daysBetween(addDays(from, -1), l.today);
  const points: DayPoint[] = days.map((day) => {
    if (day === l.today) return { day, value: nowValue, flow: nowFlow };
    const s = l.snapshots.get(day);
    if (!s || day < l.firstDay) return { day, value: 0n, flow: 0n };
    const v = irt ? s.value_irt : s.value_usdt;
    const f = irt ? s.flow_irt : s.flow_usdt;
    return { day, value: v === null ? 0n : BigInt(v), flow: f === null ? 0n : BigInt(f) };
  });
  /** The points of `first`..today, and the value at the end of the day before `first`. */
  const window = (first: string) => {
    const i = Math.max(
      1,
      points.findIndex((p) => p.day === first),
    );
    return { start: points[i - 1]!.value, days: points.slice(i) };
  };
  return { nowValue, window };
}

function pnlOf(l: Loaded, currency: ValuationCurrency): PnlFigure[] {
  const fromOf = (w: PnlWindow) => (w === 'all' ? l.firstDay : addDays(l.today, -(WINDOW_DAYS[w] - 1)));
  const earliest = PNL_WINDOWS.map(fromOf).sort()[0]!;
  const { nowValue, window: slice } = seriesOf(l, currency, earliest);
  return PNL_WINDOWS.map((window) => {
    const from = fromOf(window);
    const { start, days } = slice(from);
    const netFlow = days.reduce((s, d) => s + d.flow, 0n);
    return {
      window,
      from,
      profit: toDecimal(nowValue - start - netFlow, currency),
      netFlow: toDecimal(netFlow, currency),
      twr: timeWeightedReturn(start, days),
      xirr: moneyWeightedReturn({ at: dayStart(from), value: start }, days, { at: l.now, value: nowValue }),
    };
  });
}

export async function getPortfolioState(
  deps: PortfolioDeps,
  userId: string,
  currency: ValuationCurrency,
): Promise<PortfolioState> {
  const l = await load(deps, userId);
  const { state, mid } = l;
  const holdings: (PortfolioHolding & { exact: bigint | null })[] = [];
  for (const c of state.cash ?? []) {
    const cur = c.currency as Currency;
    const exact = valueIn(cashToSide(cur, BigInt(c.balance)), currency, mid);
    holdings.push({
      key: `wallet:${cur}`,
      kind: 'wallet',
      fundId: null,
      fundCode: null,
      name: null,
      currency: cur,
      quantity: fromMinor(BigInt(c.balance), cur),
      nav: null,
      navDate: null,
      nativeValue: fromMinor(BigInt(c.balance), cur),
      value: exact === null ? null : toDecimal(exact, currency),
      share: null,
      costBasis: null,
      gain: null,
      gainRatio: null,
      approximate: cur === 'USD' && currency === 'USDT',
      exact,
    });
  }
  for (const f of state.funds ?? []) {
    const native = f.nav === null ? null : unitsValue(BigInt(f.units), BigInt(f.nav));
    const side = (x: bigint): Sides => (f.currency === 'IRT' ? { irt: x, usdt: 0n } : { irt: 0n, usdt: x });
    const exact = native === null ? null : valueIn(side(native), currency, mid);
    const costNative = f.cost === null ? null : (BigInt(f.cost) * SCALE) / 10_000n;
    const cost = costNative === null ? null : valueIn(side(costNative), currency, mid);
    const gain = exact !== null && cost !== null ? exact - cost : null;
    holdings.push({
      key: `fund:${f.fund_id}`,
      kind: f.category === 'gold_silver' ? 'metals' : 'funds',
      fundId: f.fund_id,
      fundCode: f.code,
      name: f.name,
      currency: f.currency,
      quantity: unitsString(BigInt(f.units)),
      nav: f.nav === null ? null : fromMinor(BigInt(f.nav), f.currency),
      navDate: f.nav_date,
      nativeValue: native === null ? null : toDecimal(native, f.currency),
      value: exact === null ? null : toDecimal(exact, currency),
      share: null,
      costBasis: cost === null ? null : toDecimal(cost, currency),
      gain: gain === null ? null : toDecimal(gain, currency),
      gainRatio: gain === null || cost === null ? null : ratio(gain, cost),
      approximate: false,
      exact,
    });
  }
  for (const b of l.baskets) {
    // A basket (issue 20): its holdings at the latest prices, in tether; its cost is the tether paid.
    const exact = b.value === null ? null : valueIn(cashToSide('USDT', b.value), currency, mid);
    const cost = valueIn(cashToSide('USDT', b.invested), currency, mid);
    const gain = exact !== null && cost !== null ? exact - cost : null;
    holdings.push({
      key: `basket:${b.id}`,
      kind: 'baskets',
      fundId: null,
      fundCode: null,
      name: null,
      currency: 'USDT',
      quantity: b.value === null ? '0' : fromMinor(b.value, 'USDT'),
      nav: null,
      navDate: null,
      nativeValue: b.value === null ? null : fromMinor(b.value, 'USDT'),
      value: exact === null ? null : toDecimal(exact, currency),
      share: null,
      costBasis: cost === null ? null : toDecimal(cost, currency),
      gain: gain === null ? null : toDecimal(gain, currency),
      gainRatio: gain === null || cost === null ? null : ratio(gain, cost),
      approximate: false,
      exact,
    });
  }
  const known = holdings.every((h) => h.exact !== null);
  const total = holdings.reduce((s, h) => s + (h.exact ?? 0n), 0n);
  const byKind: Record<PortfolioKind, bigint> = { funds: 0n, metals: 0n, baskets: 0n, wallet: 0n };
  for (const h of holdings) byKind[h.kind] += h.exact ?? 0n;
  const held = new Set(holdings.map((h) => h.kind));
  holdings.sort((a, b) =>
    a.exact === b.exact ? 0 : a.exact === null ? 1 : b.exact === null ? -1 : a.exact > b.exact ? -1 : 1,
  );
  return {
    currency,
    asOf: l.now.toISOString(),
    tetherPrice:
      state.price_mid === null || state.price_at === null
        ? null
        : { mid: tomanPerTether(BigInt(state.price_mid)), at: new Date(Number(state.price_at)).toISOString() },
    total: known ? toDecimal(total, currency) : null,
    byKind: {
      funds: toDecimal(byKind.funds, currency),
      metals: toDecimal(byKind.metals, currency),
      baskets: toDecimal(byKind.baskets, currency),
      wallet: toDecimal(byKind.wallet, currency),
    },
    heldKinds: PORTFOLIO_KINDS.filter((k) => held.has(k)),
    holdings: holdings.map(({ exact, ...h }) => ({
      ...h,
      share: known && exact !== null ? ratio(exact, total) : null,
    })),
    pendingRequests: state.pending,
    isEmptyState: holdings.length === 0 && state.pending === 0,
    pnl: pnlOf(l, currency),
  };
}

/** Units (unit-minors, 4 decimals) as a decimal string with its 4 decimals. */
function unitsString(units: bigint): string {
  const neg = units < 0n;
  const abs = (neg ? -units : units).toString().padStart(5, '0');
  return `${neg ? '-' : ''}${abs.slice(0, -4)}.${abs.slice(-4)}`;
}

/** Rials per tether → toman per tether (one decimal when the rials do not divide by ten). */
function tomanPerTether(rials: bigint): string {
  const whole = rials / 10n;
  const tenth = rials % 10n;
  return tenth === 0n ? whole.toString() : `${whole}.${tenth}`;
}

export async function getPortfolioHistory(
  deps: PortfolioDeps,
  userId: string,
  currency: ValuationCurrency,
  n: number,
): Promise<PortfolioHistory> {
  const l = await load(deps, userId);
  const from = addDays(l.today, -(n - 1));
  const { start, days } = seriesOf(l, currency, from).window(from);
  let previous = start;
  let flows = 0n;
  const out = days.map((p) => {
    const profit = p.value - previous - p.flow;
    previous = p.value;
    flows += p.flow;
    return {
      date: p.day,
      value: toDecimal(p.value, currency),
      netFlow: toDecimal(p.flow, currency),
      profit: toDecimal(profit, currency),
    };
  });
  const profit = previous - start - flows;
  return { currency, days: out, profit: toDecimal(profit, currency), profitRatio: ratio(profit, start) ?? 0 };
}

// ——— The job ———

/**
 * Brings every user's snapshots up to yesterday (Tehran): the days missing, and the last three again (a NAV
 * published late, after midnight, is then counted). At most `maxUsers` users per run; answers how many.
 */
export async function runPortfolioSnapshotJob(
  db: DbOrTx,
  now: Date,
  opts: { maxUsers?: number; batch?: number } = {},
): Promise<number> {
  const today = tehranDateOf(now);
  // The day that ended is taken once it has settled (see `SETTLE_MS`); until then the day before it.
  const yesterday = addDays(today, now.getTime() - dayStart(today).getTime() >= SETTLE_MS ? -1 : -2);
  const maxUsers = opts.maxUsers ?? 2000;
  const batch = opts.batch ?? 200;
  let done = 0;
  while (done < maxUsers) {
    const behind = await usersBehind(db, yesterday, Math.min(batch, maxUsers - done));
    if (behind.length === 0) break;
    for (const u of behind) {
      const next = u.last_day === null ? u.first_day : addDays(u.last_day, 1);
      const recheck = addDays(yesterday, -2);
      const from = [next, recheck < u.first_day ? u.first_day : recheck].sort()[0]!;
      const rows = await rebuildDays(db, u.user_id, from < EPOCH ? EPOCH : from, yesterday);
      await upsertSnapshots(db, u.user_id, rows, { replace: true, now });
      done += 1;
    }
    if (behind.length < batch) break;
  }
  return done;
}

/**
 * Runs the snapshot job at once (the days missing since the server was last up) and then every
 * `intervalMs`: the first run after Tehran midnight takes the day that ended. Answers the stop function.
 */
export function startPortfolioSnapshotJob(
  db: DbOrTx,
  opts: { intervalMs: number; maxUsers?: number; onError: (err: unknown) => void; now?: () => Date },
): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    runPortfolioSnapshotJob(db, opts.now?.() ?? new Date(), { ...(opts.maxUsers ? { maxUsers: opts.maxUsers } : {}) })
      .catch(opts.onError)
      .finally(() => {
        running = false;
      });
  };
  tick();
  const timer = setInterval(tick, opts.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
