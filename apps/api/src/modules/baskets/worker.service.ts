/**
 * The basket worker (issue 20, decision 045): builds paid orders, and finishes rebalances and closes an
 * exchange left unanswered.
 *
 * An order: NotStarted → [claim: InProgress, attempts + 1, under SKIP LOCKED so instances share the work] →
 * the construction over the universe of the order's exchanges and market type (closes up to today, the
 * settings in force), stored on the order before anything is bought (a retry buys the same target) → the
 * build operation with its planned buys (each asset on the first of the order's exchanges that lists it;
 * a buy under the listing's minimum stays tether) → the buys through the trading port →
 * [tx: the investor's held tether → basket_custody (and the fee → fees); each quantity bought and the tether
 * left basket_assets → the investor's `B:<order>:<SYMBOL>`; Analysed, held].
 *
 * Cannot construct (the construction's reason, or no universe) → GenerationFailed and the refund (held →
 * available), in one transaction. A buy refused → what was bought is sold back (the house bears the
 * difference: the investor gets the whole amount back), then GenerationFailed and the refund. An exchange
 * that does not answer → the order stays InProgress and is taken again after `LEASE_MS`; after
 * `MAX_ATTEMPTS` it fails (`execution_error`) the same way.
 */
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { BasketConstruction, BasketFailReason } from '@portal/contract/baskets/orders';
import { fromMinor } from '@portal/contract/core/money';
import type { Db } from '../../db/client';
import { basketOperations, basketOrders, type StoredBasketTrade } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { runMoneyTransaction } from '../../lib/money-tx';
import { systemAccountId } from '../ledger/ledger.repository';
import { moveBetweenBuckets, postJournal, userAccountId } from '../ledger/ledger.service';
import { dailyCloses, listUniverse, type UniverseAsset } from '../market/market.service';
import {
  addUtcDays,
  clientOrderIdOf,
  LEASE_MS,
  MAX_ATTEMPTS,
  minorToDecimal,
  nowOf,
  USDT,
  USDT_SCALE,
  usdtToMinor,
  utcDay,
  type BasketDeps,
} from './common';
import { constructBasket, type ConstructionFailure } from './construction';
import { feesOf, moveHolding, PostingSet, placeTrades, tradeAmounts } from './execution';
import { resumeOperations } from './holdings.service';
import { constructionSettingsOf, readBasketSettings } from './settings.service';
import type { OperationRow, OrderRow } from './views';

/** Days of closes the construction reads (three years and a little). */
const HISTORY_DAYS = 3 * 365 + 5;

const FAILURE_REASON: Record<ConstructionFailure, BasketFailReason> = {
  INSUFFICIENT_HISTORY: 'insufficient_history',
  TOO_FEW_ASSETS: 'too_few_assets',
  VOLATILITY_TARGET_UNREACHABLE: 'volatility_target_unreachable',
  INFEASIBLE: 'infeasible',
};

/** Takes the next order to build (or one whose worker's lease ran out), InProgress, one attempt more. */
async function claimOrder(db: Db, now: Date): Promise<OrderRow | null> {
  return db.transaction(async (tx) => {
    const stale = new Date(now.getTime() - LEASE_MS);
    const [next] = await tx
      .select({ id: basketOrders.id })
      .from(basketOrders)
      .where(
        or(
          eq(basketOrders.status, 'NotStarted'),
          and(
            eq(basketOrders.status, 'InProgress'),
            or(isNull(basketOrders.claimedAt), lt(basketOrders.claimedAt, stale)),
          ),
        ),
      )
      .orderBy(asc(basketOrders.paidAt), asc(basketOrders.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!next) return null;
    const [row] = await tx
      .update(basketOrders)
      .set({ status: 'InProgress', claimedAt: now, updatedAt: now, attempts: sqlIncrement() })
      .where(eq(basketOrders.id, next.id))
      .returning();
    return row ?? null;
  });
}

const sqlIncrement = () => sql`${basketOrders.attempts} + 1`;

/** Builds the orders waiting (at most `max`); answers how many it finished (built or failed). */
export async function processBasketOrders(deps: BasketDeps, opts: { max?: number } = {}): Promise<number> {
  const max = opts.max ?? 20;
  let done = 0;
  for (let i = 0; i < max; i++) {
    const order = await claimOrder(deps.db, nowOf(deps));
    if (!order) break;
    try {
      if (await buildOrder(deps, order)) done += 1;
    } catch (err) {
      deps.log?.error({ err, orderId: order.id }, 'building a basket failed');
      await deps.db
        .update(basketOrders)
        .set({ lastError: err instanceof Error ? err.message.slice(0, 500) : String(err) })
        .where(eq(basketOrders.id, order.id));
    }
  }
  // Rebalances and closes an exchange left unanswered.
  await resumeOperations(deps);
  return done;
}

/** The construction for an order, or the reason it cannot be built. */
async function constructFor(
  deps: BasketDeps,
  order: OrderRow,
): Promise<{ ok: true; construction: BasketConstruction } | { ok: false; reason: BasketFailReason }> {
  const settings = await readBasketSettings(deps.db);
  const skip = new Set(settings.excludedSymbols);
  const universe = (await listUniverse(deps.db, { exchanges: order.exchanges, marketType: order.marketType })).filter(
    (a) => !skip.has(a.symbol) && a.symbol !== USDT,
  );
  if (universe.length === 0) return { ok: false, reason: 'no_universe' };
  const today = utcDay(nowOf(deps));
  const closes = await dailyCloses(
    deps.db,
    universe.map((a) => a.symbol),
    addUtcDays(today, -HISTORY_DAYS),
    today,
  );
  const construct = deps.construct ?? constructBasket;
  const result = construct({
    series: universe.map((a) => ({ symbol: a.symbol, closes: closes.get(a.symbol) ?? [] })),
    risk: order.risk as 10 | 25 | 35 | 60 | 100,
    settings: constructionSettingsOf(settings.construction),
  });
  if (!result.ok) return { ok: false, reason: FAILURE_REASON[result.reason] };
  const { ok: _ok, ...construction } = result;
  return { ok: true, construction };
}

/** The build's buys: each crypto weight of the invested tether, on the first of the order's exchanges listing it. */
function planBuys(
  order: OrderRow,
  opId: string,
  construction: BasketConstruction,
  universe: Map<string, UniverseAsset>,
): StoredBasketTrade[] {
  const fee = (order.amount * BigInt(order.feeBps)) / 10_000n;
  const invest = order.amount - fee;
  const trades: StoredBasketTrade[] = [];
  for (const w of construction.weights) {
    const asset = universe.get(w.symbol);
    if (!asset) continue;
    const listing = order.exchanges
      .map((e) => asset.listings.find((l) => l.exchange === e && (order.marketType === 'all' || l.margin)))
      .find((l) => l !== undefined);
    if (!listing) continue;
    const quote = BigInt(Math.floor(Number(invest) * w.weight));
    if (quote <= 0n || quote < usdtToMinor(listing.minNotional, 'up')) continue;
    trades.push({
      symbol: w.symbol,
      exchange: listing.exchange,
      pair: listing.pair,
      side: 'buy',
      quantity: '0',
      quoteAmount: minorToDecimal(quote, USDT_SCALE),
      fee: '0',
      price: '0',
      scale: asset.quantityScale,
      clientOrderId: clientOrderIdOf(opId, w.symbol, 'buy'),
      status: 'planned',
    });
  }
  return trades;
}

/** Builds one claimed order; true when it ended (Analysed or GenerationFailed), false to try again later. */
export async function buildOrder(deps: BasketDeps, order: OrderRow): Promise<boolean> {
  let construction = order.construction;
  if (!construction) {
    const built = await constructFor(deps, order);
    if (!built.ok) {
      await failOrder(deps, order.id, built.reason, null);
      return true;
    }
    construction = built.construction;
    await deps.db.update(basketOrders).set({ construction }).where(eq(basketOrders.id, order.id));
  }
  let op = await buildOperation(deps.db, order.id);
  if (!op) {
    const universe = await listUniverse(deps.db, { exchanges: order.exchanges, marketType: order.marketType });
    const [created] = await deps.db
      .insert(basketOperations)
      .values({ orderId: order.id, kind: 'build', status: 'pending', trades: [] })
      .onConflictDoNothing()
      .returning();
    op = created ?? (await buildOperation(deps.db, order.id))!;
    if (created) {
      const trades = planBuys(order, op.id, construction, new Map(universe.map((a) => [a.symbol, a])));
      await deps.db.update(basketOperations).set({ trades }).where(eq(basketOperations.id, op.id));
      op = { ...op, trades };
    }
  }
  const placed = await placeTrades(deps, op, { stopOnReject: true });
  if (placed.unknown) {
    if (order.attempts < MAX_ATTEMPTS) {
      await deps.db.update(basketOrders).set({ lastError: placed.unknown }).where(eq(basketOrders.id, order.id));
      return false;
    }
    await sellBack(deps, { ...op, trades: placed.trades });
    await failOrder(deps, order.id, 'execution_error', placed.unknown);
    return true;
  }
  if (placed.rejected) {
    await sellBack(deps, { ...op, trades: placed.trades });
    await failOrder(deps, order.id, 'buy_rejected', placed.trades.find((t) => t.status === 'rejected')?.reason ?? null);
    return true;
  }
  await completeBuild(deps, order, { ...op, trades: placed.trades });
  return true;
}

async function buildOperation(db: Db, orderId: string): Promise<OperationRow | undefined> {
  const [op] = await db
    .select()
    .from(basketOperations)
    .where(and(eq(basketOperations.orderId, orderId), eq(basketOperations.kind, 'build')))
    .limit(1);
  return op;
}

/** Sells back what a failed build bought (best effort, each sell under its own client order id). */
async function sellBack(deps: BasketDeps, op: OperationRow): Promise<void> {
  const bought = op.trades.filter((t) => t.status === 'filled' && t.side === 'buy' && !t.sellBack);
  const existing = new Set(op.trades.filter((t) => t.sellBack).map((t) => t.symbol));
  const sells: StoredBasketTrade[] = bought
    .filter((t) => !existing.has(t.symbol))
    .map((t) => ({
      ...t,
      side: 'sell',
      status: 'planned',
      sellBack: true,
      clientOrderId: clientOrderIdOf(op.id, t.symbol, 'sellback'),
    }));
  if (sells.length === 0 && !op.trades.some((t) => t.sellBack && t.status === 'planned')) return;
  const withSells = {
    ...op,
    trades: [
      ...op.trades.map((t) =>
        t.status === 'planned' ? { ...t, status: 'rejected' as const, reason: 'not_placed' } : t,
      ),
      ...sells,
    ],
  };
  await deps.db.update(basketOperations).set({ trades: withSells.trades }).where(eq(basketOperations.id, op.id));
  const placed = await placeTrades(deps, withSells);
  if (placed.unknown || placed.rejected) {
    deps.log?.error(
      { orderId: op.orderId, error: placed.unknown },
      'selling back a failed basket build was not complete',
    );
  }
}

/** GenerationFailed with its reason, and the whole amount back to the wallet (held → available), once. */
export async function failOrder(
  deps: BasketDeps,
  orderId: string,
  reason: BasketFailReason,
  error: string | null,
): Promise<void> {
  await runMoneyTransaction(deps.db, async (tx) => {
    const [order] = await tx.select().from(basketOrders).where(eq(basketOrders.id, orderId)).for('update');
    if (!order || order.status !== 'InProgress') return;
    await moveBetweenBuckets(tx, {
      userId: order.userId,
      from: 'held',
      to: 'available',
      currency: 'USDT',
      amount: order.amount,
      refType: 'BasketOrder',
      refId: order.id,
      memo: 'refund',
    });
    const now = nowOf(deps);
    await tx
      .update(basketOrders)
      .set({ status: 'GenerationFailed', failReason: reason, lastError: error, updatedAt: now, claimedAt: null })
      .where(eq(basketOrders.id, order.id));
    await tx
      .update(basketOperations)
      .set({ status: 'failed', completedAt: now })
      .where(and(eq(basketOperations.orderId, order.id), eq(basketOperations.status, 'pending')));
    await writeAudit(tx, {
      action: 'basket.order.failed',
      subjectType: 'basket_order',
      subjectId: order.id,
      data: { reason, error, refunded: fromMinor(order.amount, 'USDT') },
    });
  });
}

/**
 * The build on the ledger, in one journal: the investor's held tether → basket_custody (the invested part)
 * and fees (the basket fee); each quantity bought, and the tether not spent, basket_assets → the investor.
 */
async function completeBuild(deps: BasketDeps, claimed: OrderRow, op: OperationRow): Promise<void> {
  await runMoneyTransaction(deps.db, async (tx) => {
    const [order] = await tx.select().from(basketOrders).where(eq(basketOrders.id, claimed.id)).for('update');
    if (!order || order.status !== 'InProgress') return;
    const fee = (order.amount * BigInt(order.feeBps)) / 10_000n;
    const invest = order.amount - fee;
    const set = new PostingSet();
    set.add(await userAccountId(tx, order.userId, 'USDT', 'held'), 'USDT', -order.amount);
    set.add(await systemAccountId(tx, 'basket_custody', 'USDT'), 'USDT', invest);
    if (fee > 0n) set.add(await systemAccountId(tx, 'fees', 'USDT'), 'USDT', fee);
    let spent = 0n;
    for (const t of op.trades) {
      if (t.status !== 'filled') continue;
      const { quantity, usdt } = tradeAmounts(t);
      spent += usdt;
      await moveHolding(tx, set, { userId: order.userId, basketId: order.id, symbol: t.symbol, amount: quantity });
    }
    const left = invest - spent;
    if (left < 0n) throw new Error(`basket ${order.id} spent more than it invested`);
    await moveHolding(tx, set, { userId: order.userId, basketId: order.id, symbol: USDT, amount: left });
    await postJournal(tx, {
      refType: 'BasketOrder',
      refId: order.id,
      memo: 'build',
      postings: set.list(),
    });
    const now = nowOf(deps);
    await tx
      .update(basketOrders)
      .set({ status: 'Analysed', holding: 'held', fee, builtAt: now, updatedAt: now, claimedAt: null, lastError: null })
      .where(eq(basketOrders.id, order.id));
    await tx
      .update(basketOperations)
      .set({ status: 'completed', fees: fee + feesOf(op.trades), completedAt: now })
      .where(eq(basketOperations.id, op.id));
    await writeAudit(tx, {
      action: 'basket.order.built',
      subjectType: 'basket_order',
      subjectId: order.id,
      data: { invested: fromMinor(invest, 'USDT'), fee: fromMinor(fee, 'USDT'), tetherLeft: fromMinor(left, 'USDT') },
    });
  });
}

/**
 * Runs the worker at start and every `intervalMs` (one run at a time); `kick()` runs it now (after a
 * payment). Safe on every instance at once: orders are claimed with SKIP LOCKED.
 */
export function startBasketJob(
  deps: BasketDeps,
  opts: { intervalMs: number; onError: (err: unknown) => void },
): { stop: () => void; kick: () => void } {
  let running = false;
  let again = false;
  const tick = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    processBasketOrders(deps)
      .catch(opts.onError)
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          tick();
        }
      });
  };
  tick();
  const timer = setInterval(tick, opts.intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer), kick: tick };
}
