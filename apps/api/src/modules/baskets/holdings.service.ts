/**
 * Holding a basket (issue 20, decision 045): its holdings valued at the latest prices, its value history,
 * its operations; rebalancing back to the target weights and closing it back to tether.
 *
 * A basket's value is Σ over its ledger accounts `B:<basket>:<SYMBOL>` of the balance × the latest price
 * (tether: 1), each term rounded down to a tether minor unit: the ledger is the only record of what it holds.
 *
 * rebalance and close: [tx: idempotency claim → the basket under its row lock, held, no operation pending →
 * the operation with its planned trades] → the trades through the trading port (sells first) →
 * [tx: the swaps on the ledger; a close also moves every holding back to basket_assets and pays the
 * tether (the sales, the basket's tether, and what is left below an exchange's step at the latest price)
 * from basket_custody to the investor's wallet]. An exchange that does not answer leaves the operation
 * pending: a retry with the same key, or the worker, finishes it.
 */
import { and, asc, desc, eq, inArray, like, sql } from 'drizzle-orm';
import type {
  BasketDetail,
  BasketHolding,
  BasketOperation,
  BasketRebalancePreview,
  BasketSummary,
} from '@portal/contract/baskets/orders';
import { AppError } from '@portal/contract/core/errors';
import { fromMinor } from '@portal/contract/core/money';
import { queryRows, type Db, type DbOrTx } from '../../db/client';
import { basketOperations, basketOrders, ledgerAccounts, type StoredBasketTrade } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { withIdempotency } from '../../lib/idempotency';
import { runMoneyTransaction } from '../../lib/money-tx';
import { systemAccountId } from '../ledger/ledger.repository';
import { postJournal, userAccountId } from '../ledger/ledger.service';
import { dailyCloses, getAssets, latestPrices, type AssetInfo } from '../market/market.service';
import { lockUser } from '../users/users.repository';
import {
  addUtcDays,
  clientOrderIdOf,
  ESTIMATED_FEE_BPS,
  LEASE_MS,
  minorToDecimal,
  nowOf,
  notFound,
  quantityFor,
  USDT,
  USDT_SCALE,
  usdtToMinor,
  utcDay,
  valueMinor,
  type BasketDeps,
} from './common';
import { feesOf, moveHolding, PostingSet, placeTrades, swapPostings, tradeAmounts } from './execution';
import { findUserOrder } from './orders.service';
import { toOperationView, toOrderView, type OperationRow, type OrderRow } from './views';

// ————— valuation —————

/** The investor's balances of a basket's holdings, by symbol (minor units of each asset's scale). */
export async function basketBalances(db: DbOrTx, userId: string, basketId: string): Promise<Map<string, bigint>> {
  return (await balancesByBasket(db, userId, [basketId])).get(basketId) ?? new Map<string, bigint>();
}

/** The investor's balances of several baskets' holdings, by basket then symbol: one read. */
async function balancesByBasket(
  db: DbOrTx,
  userId: string,
  basketIds: readonly string[],
): Promise<Map<string, Map<string, bigint>>> {
  // One basket: its own accounts; several: every basket account of the investor (they are few).
  const pattern = basketIds.length === 1 ? `B:${basketIds[0]}:%` : 'B:%';
  const rows = await db
    .select({ currency: ledgerAccounts.currency, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.userId, userId),
        eq(ledgerAccounts.code, 'available'),
        like(ledgerAccounts.currency, pattern),
      ),
    );
  const out = new Map<string, Map<string, bigint>>();
  for (const r of rows) {
    const [, basketId, symbol] = (r.currency as string).split(':');
    const balances = out.get(basketId!) ?? new Map<string, bigint>();
    balances.set(symbol!, r.balance);
    out.set(basketId!, balances);
  }
  return out;
}

export interface ValuedHolding {
  symbol: string;
  name: string;
  scale: number;
  quantity: bigint;
  price: string | null;
  priceAt: Date | null;
  value: bigint | null;
  demo: boolean;
}

export interface Valuation {
  holdings: ValuedHolding[];
  /** Σ values, tether minor; null when a holding has no price. */
  value: bigint | null;
  demo: boolean;
  assets: Map<string, AssetInfo>;
}

/** The assets and latest prices of `symbols` (tether's price is 1; it is not an asset row). */
async function pricesOf(db: DbOrTx, symbols: readonly string[], now: Date) {
  const [assets, prices] = await Promise.all([
    getAssets(
      db,
      symbols.filter((s) => s !== USDT),
    ),
    latestPrices(db, symbols, now),
  ]);
  return { assets, prices };
}

/** A basket's holdings at the latest prices (tether last). */
export async function valueBasket(db: DbOrTx, userId: string, basketId: string, now: Date): Promise<Valuation> {
  return (await valueBaskets(db, userId, [basketId], now)).get(basketId)!;
}

/**
 * Several of the investor's baskets at the latest prices: their accounts in one read, the prices of every
 * symbol held in one more, whatever the number of baskets.
 */
async function valueBaskets(
  db: DbOrTx,
  userId: string,
  basketIds: readonly string[],
  now: Date,
): Promise<Map<string, Valuation>> {
  const out = new Map<string, Valuation>();
  if (basketIds.length === 0) return out;
  const byBasket = await balancesByBasket(db, userId, basketIds);
  const balancesOf = (id: string) => byBasket.get(id) ?? new Map<string, bigint>();
  const symbols = new Set(basketIds.flatMap((id) => [...balancesOf(id).keys()]));
  const priced = await pricesOf(db, [...symbols], now);
  for (const id of basketIds) out.set(id, valuationOf(balancesOf(id), priced));
  return out;
}

/** Balances valued at the given prices: each holding, and their sum (null when one has no price). */
function valuationOf(
  balances: Map<string, bigint>,
  { assets, prices }: Awaited<ReturnType<typeof pricesOf>>,
): Valuation {
  const holdings: ValuedHolding[] = [];
  for (const [symbol, quantity] of balances) {
    if (quantity === 0n) continue;
    const info = assets.get(symbol);
    const scale = symbol === USDT ? USDT_SCALE : (info?.quantityScale ?? 8);
    const p = prices.get(symbol);
    holdings.push({
      symbol,
      name: symbol === USDT ? 'Tether' : (info?.name ?? symbol),
      scale,
      quantity,
      price: p?.price ?? null,
      priceAt: p?.at ?? null,
      value: p ? valueMinor(quantity, scale, p.price) : null,
      demo: p?.demo ?? false,
    });
  }
  holdings.sort((a, b) => (a.symbol === USDT ? 1 : b.symbol === USDT ? -1 : a.symbol < b.symbol ? -1 : 1));
  const value = holdings.every((h) => h.value !== null) ? holdings.reduce((s, h) => s + h.value!, 0n) : null;
  return { holdings, value, demo: holdings.some((h) => h.demo), assets };
}

/** The construction's target weight of each symbol (tether's included). */
function targetsOf(order: OrderRow): Map<string, number> {
  const out = new Map<string, number>();
  if (!order.construction) return out;
  for (const w of order.construction.weights) out.set(w.symbol, w.weight);
  out.set(USDT, order.construction.tetherWeight);
  return out;
}

const ratio = (a: bigint, b: bigint) => (b === 0n ? 0 : Number((a * 1_000_000n) / b) / 1_000_000);

/** Half the sum of |weight − target| over every symbol held or targeted. */
function driftOf(values: Map<string, bigint>, total: bigint, targets: Map<string, number>): number {
  if (total <= 0n) return 0;
  let sum = 0;
  for (const s of new Set([...values.keys(), ...targets.keys()])) {
    sum += Math.abs(ratio(values.get(s) ?? 0n, total) - (targets.get(s) ?? 0));
  }
  return Math.round((sum / 2) * 1e6) / 1e6;
}

/** What closing each of `orderIds` paid back (orders not closed are absent). */
async function closeProceeds(db: DbOrTx, orderIds: readonly string[]): Promise<Map<string, bigint>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: basketOperations.orderId, proceeds: basketOperations.proceeds })
    .from(basketOperations)
    .where(
      and(
        inArray(basketOperations.orderId, [...orderIds]),
        eq(basketOperations.kind, 'close'),
        eq(basketOperations.status, 'completed'),
      ),
    );
  return new Map(rows.flatMap((r) => (r.proceeds === null ? [] : [[r.orderId, r.proceeds] as const])));
}

/** The valuations of the held baskets among `orders` and the close proceeds of the closed ones: a read each. */
async function valuesOf(db: DbOrTx, userId: string, orders: readonly OrderRow[], now: Date) {
  const built = orders.filter((o) => o.status === 'Analysed');
  const ids = (holding: OrderRow['holding']) => built.filter((o) => o.holding === holding).map((o) => o.id);
  const [valuations, proceeds] = await Promise.all([
    valueBaskets(db, userId, ids('held'), now),
    closeProceeds(db, ids('closed')),
  ]);
  return { valuations, proceeds };
}

/** An order's summary from its valuation (held) or its close proceeds (closed), read beforehand. */
function summaryOf(order: OrderRow, valuation: Valuation | null, proceeds: bigint | null): BasketSummary {
  const built = order.status === 'Analysed';
  let value: bigint | null = null;
  let gain: bigint | null = null;
  let drift: number | null = null;
  if (valuation) {
    value = valuation.value;
    if (value !== null) {
      gain = value - order.amount;
      drift = driftOf(new Map(valuation.holdings.map((h) => [h.symbol, h.value ?? 0n])), value, targetsOf(order));
    }
  } else if (built && order.holding === 'closed') {
    value = 0n;
    gain = proceeds === null ? null : proceeds - order.amount;
  }
  return {
    id: order.id,
    status: order.status,
    holding: order.holding,
    risk: order.risk,
    exchanges: order.exchanges,
    marketType: order.marketType,
    invested: fromMinor(order.amount, 'USDT'),
    value: value === null ? null : fromMinor(value, 'USDT'),
    gain: gain === null ? null : fromMinor(gain, 'USDT'),
    gainRatio: gain === null ? null : ratio(gain, order.amount),
    drift,
    demo: valuation?.demo ?? false,
    createdAt: order.createdAt.toISOString(),
    builtAt: order.builtAt?.toISOString() ?? null,
    closedAt: order.closedAt?.toISOString() ?? null,
  };
}

export async function listBaskets(deps: BasketDeps, userId: string) {
  const now = nowOf(deps);
  const orders = await deps.db
    .select()
    .from(basketOrders)
    .where(and(eq(basketOrders.userId, userId), eq(basketOrders.status, 'Analysed')))
    .orderBy(desc(basketOrders.builtAt), desc(basketOrders.id));
  const { valuations, proceeds } = await valuesOf(deps.db, userId, orders, now);
  const items = orders.map((o) => summaryOf(o, valuations.get(o.id) ?? null, proceeds.get(o.id) ?? null));
  items.sort((a, b) => (a.holding === b.holding ? 0 : a.holding === 'held' ? -1 : 1));
  const held = items.filter((i) => i.holding === 'held');
  const totalValue = held.every((i) => i.value !== null)
    ? fromMinor(
        held.reduce((s, i) => s + usdtToMinor(i.value!, 'down'), 0n),
        'USDT',
      )
    : null;
  return { items, totalValue };
}

/** The basket's value at each UTC day's end since it was built (the quantities then × that day's close). */
async function historyOf(db: DbOrTx, order: OrderRow, now: Date, valuation: Valuation | null) {
  if (order.status !== 'Analysed' || !order.builtAt) return [];
  const today = utcDay(now);
  const end = order.closedAt ? utcDay(order.closedAt) : today;
  let first = utcDay(order.builtAt);
  if (first < addUtcDays(end, -365)) first = addUtcDays(end, -365);
  const rows = await queryRows<{ currency: string; amount: string; day: string }>(
    db,
    sql`SELECT a.currency, p.amount::text AS amount, to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day
        FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
        WHERE a.user_id = ${order.userId}::uuid AND a.code = 'available' AND a.currency LIKE ${`B:${order.id}:%`}
        ORDER BY p.id`,
  );
  const prefix = `B:${order.id}:`;
  const symbols = [...new Set(rows.map((r) => r.currency.slice(prefix.length)))];
  const assets = await getAssets(
    db,
    symbols.filter((s) => s !== USDT),
  );
  const closes = await dailyCloses(
    db,
    symbols.filter((s) => s !== USDT),
    addUtcDays(first, -10),
    end,
  );
  const qty = new Map<string, bigint>();
  let i = 0;
  const out: { day: string; value: string }[] = [];
  for (let day = first; day <= end; day = addUtcDays(day, 1)) {
    while (i < rows.length && rows[i]!.day <= day) {
      const r = rows[i]!;
      const s = r.currency.slice(prefix.length);
      qty.set(s, (qty.get(s) ?? 0n) + BigInt(r.amount));
      i += 1;
    }
    if (day === today && valuation?.value != null) {
      out.push({ day, value: fromMinor(valuation.value, 'USDT') });
      continue;
    }
    let total = 0n;
    for (const [s, q] of qty) {
      if (q === 0n) continue;
      if (s === USDT) {
        total += q;
        continue;
      }
      const series = closes.get(s) ?? [];
      let close: number | null = null;
      for (const c of series) if (c.day <= day) close = c.close;
      if (close === null) continue;
      total += valueMinor(q, assets.get(s)?.quantityScale ?? 8, close.toFixed(12));
    }
    out.push({ day, value: fromMinor(total, 'USDT') });
  }
  return out;
}

export async function operationsOf(db: DbOrTx, orderId: string): Promise<OperationRow[]> {
  return db
    .select()
    .from(basketOperations)
    .where(eq(basketOperations.orderId, orderId))
    .orderBy(desc(basketOperations.createdAt), desc(basketOperations.id));
}

export async function getBasket(deps: BasketDeps, userId: string, basketId: string): Promise<BasketDetail> {
  const order = await findUserOrder(deps.db, userId, basketId);
  if (!order) throw notFound();
  const now = nowOf(deps);
  const { valuations, proceeds } = await valuesOf(deps.db, userId, [order], now);
  const valuation = valuations.get(order.id) ?? null;
  const summary = summaryOf(order, valuation, proceeds.get(order.id) ?? null);
  const targets = targetsOf(order);
  const holdings: BasketHolding[] = (valuation?.holdings ?? []).map((h) => ({
    symbol: h.symbol,
    name: h.name,
    quantity: minorToDecimal(h.quantity, h.scale),
    price: h.price,
    priceAt: h.priceAt?.toISOString() ?? null,
    value: h.value === null ? null : fromMinor(h.value, 'USDT'),
    weight: h.value === null || !valuation?.value ? null : ratio(h.value, valuation.value),
    targetWeight: targets.get(h.symbol) ?? 0,
    demo: h.demo,
  }));
  return {
    ...summary,
    order: toOrderView(order),
    holdings,
    construction: order.construction,
    history: await historyOf(deps.db, order, now, valuation),
    operations: (await operationsOf(deps.db, order.id)).map(toOperationView),
  };
}

// ————— rebalance and close —————

/** The basket of a rebalance or close: built and held, else the reason why not. */
function assertHeld(order: OrderRow | undefined): asserts order is OrderRow {
  if (!order) throw notFound();
  if (order.status !== 'Analysed') throw new AppError('BASKET_NOT_READY', 'The basket is still being built');
  if (order.holding === 'closed') throw new AppError('BASKET_CLOSED', 'The basket is closed');
}

interface Plan {
  value: bigint;
  trades: StoredBasketTrade[];
  estimatedFees: bigint;
  driftBefore: number;
  driftAfter: number;
}

/** The trades that bring a basket back to its target weights at the latest prices (sells first). */
async function planRebalance(db: DbOrTx, order: OrderRow, opId: string, now: Date): Promise<Plan> {
  const valuation = await valueBasket(db, order.userId, order.id, now);
  if (valuation.value === null) throw new AppError('BASKET_EXECUTION_FAILED', 'A price of the basket is missing');
  const total = valuation.value;
  const targets = targetsOf(order);
  const values = new Map(valuation.holdings.map((h) => [h.symbol, h.value ?? 0n]));
  const symbols = [...new Set([...values.keys(), ...targets.keys()])].filter((s) => s !== USDT);
  const assets = await getAssets(db, symbols);
  const prices = await latestPrices(db, symbols, now);
  const sells: StoredBasketTrade[] = [];
  const buys: StoredBasketTrade[] = [];
  const after = new Map(values);
  for (const symbol of symbols) {
    const info = assets.get(symbol);
    const price = prices.get(symbol)?.price;
    if (!info || !price) continue;
    const listing = order.exchanges
      .map((e) => info.listings.find((l) => l.exchange === e && (order.marketType === 'all' || l.margin)))
      .find((l) => l !== undefined);
    if (!listing) continue;
    const target = BigInt(Math.floor(Number(total) * (targets.get(symbol) ?? 0)));
    const current = values.get(symbol) ?? 0n;
    const diff = target - current;
    const min = usdtToMinor(listing.minNotional, 'up');
    const abs = diff < 0n ? -diff : diff;
    if (abs === 0n || abs < min || abs * 10_000n < total * 10n) continue; // under the minimum or 0.1 % of the basket
    const base = {
      symbol,
      exchange: listing.exchange,
      pair: listing.pair,
      fee: minorToDecimal((abs * BigInt(ESTIMATED_FEE_BPS)) / 10_000n, USDT_SCALE),
      price,
      scale: info.quantityScale,
      status: 'planned' as const,
    };
    if (diff < 0n) {
      const held = valuation.holdings.find((h) => h.symbol === symbol)?.quantity ?? 0n;
      let q = quantityFor(abs, price, info.quantityScale);
      if (q > held || target === 0n) q = held;
      if (q <= 0n) continue;
      sells.push({
        ...base,
        side: 'sell',
        quantity: minorToDecimal(q, info.quantityScale),
        quoteAmount: minorToDecimal(abs, USDT_SCALE),
        clientOrderId: clientOrderIdOf(opId, symbol, 'sell'),
      });
    } else {
      buys.push({
        ...base,
        side: 'buy',
        quantity: minorToDecimal(quantityFor(abs, price, info.quantityScale), info.quantityScale),
        quoteAmount: minorToDecimal(abs, USDT_SCALE),
        clientOrderId: clientOrderIdOf(opId, symbol, 'buy'),
      });
    }
    after.set(symbol, target);
  }
  const trades = [...sells, ...buys];
  const estimatedFees = trades.reduce((s, t) => s + usdtToMinor(t.fee, 'up'), 0n);
  const tetherAfter = total - [...after].filter(([s]) => s !== USDT).reduce((s, [, v]) => s + v, 0n);
  after.set(USDT, tetherAfter);
  return {
    value: total,
    trades,
    estimatedFees,
    driftBefore: driftOf(values, total, targets),
    driftAfter: driftOf(after, total, targets),
  };
}

export async function previewRebalance(
  deps: BasketDeps,
  userId: string,
  basketId: string,
): Promise<BasketRebalancePreview> {
  const order = await findUserOrder(deps.db, userId, basketId);
  assertHeld(order);
  const now = nowOf(deps);
  const plan = await planRebalance(deps.db, order, 'preview', now);
  return {
    basketId,
    value: fromMinor(plan.value, 'USDT'),
    trades: plan.trades.map((t) => ({
      symbol: t.symbol,
      exchange: t.exchange,
      side: t.side,
      quantity: t.quantity,
      quoteAmount: t.quoteAmount,
      fee: t.fee,
      price: t.price,
    })),
    estimatedFees: fromMinor(plan.estimatedFees, 'USDT'),
    feeBps: ESTIMATED_FEE_BPS,
    driftBefore: plan.driftBefore,
    driftAfter: plan.driftAfter,
    needed: plan.trades.length > 0,
    asOf: now.toISOString(),
  };
}

/** Starts a rebalance or close (idempotent), then runs it; answers the operation as it is then. */
async function startOperation(
  deps: BasketDeps,
  input: { userId: string; basketId: string; idempotencyKey: string; ip: string },
  kind: 'rebalance' | 'close',
): Promise<BasketOperation> {
  const call = {
    userId: input.userId,
    key: input.idempotencyKey,
    operation: kind === 'rebalance' ? 'confirmBasketRebalance' : 'closeBasket',
    request: { basketId: input.basketId },
  };
  const { response } = await runMoneyTransaction(deps.db, (tx) =>
    withIdempotency(tx, call, async () => {
      await lockUser(tx, input.userId, 'no key update');
      const order = await findUserOrder(tx, input.userId, input.basketId, { lock: true });
      assertHeld(order);
      const [pending] = await tx
        .select({ id: basketOperations.id })
        .from(basketOperations)
        .where(and(eq(basketOperations.orderId, order.id), eq(basketOperations.status, 'pending')))
        .limit(1);
      if (pending) throw new AppError('BASKET_NOT_READY', 'Another operation of this basket is under way');
      const now = nowOf(deps);
      const [op] = await tx
        .insert(basketOperations)
        .values({ orderId: order.id, kind, status: 'pending', createdBy: input.userId, claimedAt: now })
        .returning();
      const trades =
        kind === 'rebalance'
          ? (await planRebalance(tx, order, op!.id, now)).trades
          : await planClose(tx, order, op!.id, now);
      if (kind === 'rebalance' && trades.length === 0) {
        throw new AppError('BASKET_REBALANCE_NOT_NEEDED', 'The basket is on its target weights');
      }
      await tx.update(basketOperations).set({ trades }).where(eq(basketOperations.id, op!.id));
      return { operationId: op!.id };
    }),
  );
  const op = await runOperation(deps, response.operationId);
  if (op.status === 'pending') {
    throw new AppError('BASKET_EXECUTION_FAILED', 'An exchange did not answer; the operation will be finished later');
  }
  return toOperationView(op);
}

/** A close sells every crypto holding whole (the exchange rounds each down to its step). */
async function planClose(db: DbOrTx, order: OrderRow, opId: string, now: Date): Promise<StoredBasketTrade[]> {
  const valuation = await valueBasket(db, order.userId, order.id, now);
  const trades: StoredBasketTrade[] = [];
  for (const h of valuation.holdings) {
    if (h.symbol === USDT) continue;
    const info = valuation.assets.get(h.symbol);
    const listing = order.exchanges
      .map((e) => info?.listings.find((l) => l.exchange === e))
      .find((l) => l !== undefined);
    if (!listing) continue;
    trades.push({
      symbol: h.symbol,
      exchange: listing.exchange,
      pair: listing.pair,
      side: 'sell',
      quantity: minorToDecimal(h.quantity, h.scale),
      quoteAmount: h.value === null ? '0' : minorToDecimal(h.value, USDT_SCALE),
      fee: '0',
      price: h.price ?? '0',
      scale: h.scale,
      status: 'planned',
      clientOrderId: clientOrderIdOf(opId, h.symbol, 'sell'),
    });
  }
  return trades;
}

/**
 * Places a pending operation's trades and, once every one has its answer, writes them on the ledger and
 * ends the operation (a close that sold everything also closes the basket). Answers the row as it is.
 */
export async function runOperation(deps: BasketDeps, operationId: string): Promise<OperationRow> {
  const [op] = await deps.db.select().from(basketOperations).where(eq(basketOperations.id, operationId)).limit(1);
  if (!op || op.status !== 'pending') return op!;
  const [order] = await deps.db.select().from(basketOrders).where(eq(basketOrders.id, op.orderId)).limit(1);
  const balances = await basketBalances(deps.db, order!.userId, order!.id);
  const placed = await placeTrades(deps, op, { tetherAvailable: balances.get(USDT) ?? 0n });
  if (placed.unknown) {
    const [row] = await deps.db
      .update(basketOperations)
      .set({ lastError: placed.unknown, attempts: sql`${basketOperations.attempts} + 1` })
      .where(eq(basketOperations.id, op.id))
      .returning();
    return row!;
  }
  return finishOperation(deps, { ...op, trades: placed.trades }, placed.rejected);
}

async function finishOperation(deps: BasketDeps, op: OperationRow, rejected: boolean): Promise<OperationRow> {
  return runMoneyTransaction(deps.db, async (tx) => {
    const [order] = await tx.select().from(basketOrders).where(eq(basketOrders.id, op.orderId)).for('update');
    const [current] = await tx.select().from(basketOperations).where(eq(basketOperations.id, op.id)).for('update');
    if (!order || !current || current.status !== 'pending') return current!;
    const set = new PostingSet();
    await swapPostings(tx, set, { userId: order.userId, basketId: order.id, trades: op.trades });
    const closing = op.kind === 'close' && !rejected;
    let proceeds: bigint | null = null;
    const now = nowOf(deps);
    if (closing) {
      // After the sales: every holding back to basket_assets, its worth from basket_custody to the wallet.
      const after = await basketBalances(tx, order.userId, order.id);
      for (const [symbol, d] of tradeDeltas(op.trades)) after.set(symbol, (after.get(symbol) ?? 0n) + d);
      const symbols = [...after.keys()].filter((s) => s !== USDT);
      const [assets, prices] = await Promise.all([getAssets(tx, symbols), latestPrices(tx, symbols, now)]);
      proceeds = 0n;
      for (const [symbol, q] of after) {
        if (q === 0n) continue;
        if (symbol === USDT) proceeds += q;
        else {
          const price = prices.get(symbol)?.price;
          if (price) proceeds += valueMinor(q, assets.get(symbol)?.quantityScale ?? 8, price);
        }
        await moveHolding(tx, set, { userId: order.userId, basketId: order.id, symbol, amount: -q });
      }
      if (proceeds > 0n) {
        set.add(await systemAccountId(tx, 'basket_custody', 'USDT'), 'USDT', -proceeds);
        set.add(await userAccountId(tx, order.userId, 'USDT', 'available'), 'USDT', proceeds);
      }
    }
    const postings = set.list();
    if (postings.length > 0) {
      await postJournal(tx, {
        refType: 'BasketOrder',
        refId: order.id,
        memo: op.kind,
        postings,
        createdBy: op.createdBy,
      });
    }
    const [row] = await tx
      .update(basketOperations)
      .set({
        status: rejected ? 'failed' : 'completed',
        trades: op.trades,
        fees: feesOf(op.trades),
        proceeds,
        completedAt: now,
      })
      .where(eq(basketOperations.id, op.id))
      .returning();
    if (closing) {
      await tx
        .update(basketOrders)
        .set({ holding: 'closed', closedAt: now, updatedAt: now })
        .where(eq(basketOrders.id, order.id));
    }
    await writeAudit(tx, {
      action: op.kind === 'close' ? 'basket.closed' : 'basket.rebalanced',
      actorUserId: op.createdBy,
      subjectType: 'basket_order',
      subjectId: order.id,
      data: {
        operationId: op.id,
        status: rejected ? 'failed' : 'completed',
        trades: op.trades.filter((t) => t.status === 'filled').length,
        ...(proceeds !== null ? { proceeds: fromMinor(proceeds, 'USDT') } : {}),
      },
    });
    return row!;
  });
}

/** What the filled trades change in the investor's holdings of a basket, by symbol. */
function tradeDeltas(trades: readonly StoredBasketTrade[]): Map<string, bigint> {
  const out = new Map<string, bigint>();
  const add = (symbol: string, d: bigint) => out.set(symbol, (out.get(symbol) ?? 0n) + d);
  for (const t of trades) {
    if (t.status !== 'filled') continue;
    const { quantity, usdt } = tradeAmounts(t);
    if (t.side === 'buy') {
      add(t.symbol, quantity);
      add(USDT, -usdt);
    } else {
      add(t.symbol, -quantity);
      add(USDT, usdt);
    }
  }
  return out;
}

export const confirmRebalance = (
  deps: BasketDeps,
  input: { userId: string; basketId: string; idempotencyKey: string; ip: string },
) => startOperation(deps, input, 'rebalance');

export const closeBasket = (
  deps: BasketDeps,
  input: { userId: string; basketId: string; idempotencyKey: string; ip: string },
) => startOperation(deps, input, 'close');

/** Pending rebalances and closes whose request did not finish them (an exchange did not answer, a crash). */
export async function resumeOperations(deps: BasketDeps): Promise<void> {
  const stale = new Date(nowOf(deps).getTime() - LEASE_MS);
  const ops = await deps.db
    .select({ id: basketOperations.id })
    .from(basketOperations)
    .where(
      and(
        eq(basketOperations.status, 'pending'),
        inArray(basketOperations.kind, ['rebalance', 'close']),
        sql`coalesce(${basketOperations.claimedAt}, ${basketOperations.createdAt}) < ${stale}`,
      ),
    )
    .orderBy(asc(basketOperations.createdAt))
    .limit(20);
  for (const { id } of ops) {
    const claimed = await deps.db
      .update(basketOperations)
      .set({ claimedAt: nowOf(deps) })
      .where(
        and(
          eq(basketOperations.id, id),
          eq(basketOperations.status, 'pending'),
          sql`coalesce(${basketOperations.claimedAt}, ${basketOperations.createdAt}) < ${stale}`,
        ),
      )
      .returning({ id: basketOperations.id });
    if (claimed.length === 0) continue;
    try {
      await runOperation(deps, id);
    } catch (err) {
      deps.log?.error({ err, operationId: id }, 'finishing a basket operation failed');
    }
  }
}

export type { Db };

/** The investor's held baskets valued now (the portfolio's `baskets` kind): tether minor units. */
export async function heldBasketValues(
  db: DbOrTx,
  userId: string,
  now: Date,
): Promise<{ id: string; risk: number; invested: bigint; value: bigint | null }[]> {
  const orders = await db
    .select({ id: basketOrders.id, risk: basketOrders.risk, amount: basketOrders.amount })
    .from(basketOrders)
    .where(and(eq(basketOrders.userId, userId), eq(basketOrders.status, 'Analysed'), eq(basketOrders.holding, 'held')))
    .orderBy(asc(basketOrders.builtAt), asc(basketOrders.id));
  const valuations = await valueBaskets(
    db,
    userId,
    orders.map((o) => o.id),
    now,
  );
  return orders.map((o) => ({ id: o.id, risk: o.risk, invested: o.amount, value: valuations.get(o.id)!.value }));
}
