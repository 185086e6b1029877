/**
 * Trades at the exchanges and their record on the ledger (issue 20, decision 045), shared by the build,
 * rebalances and closes.
 *
 * An operation's trades are planned first (stored on its row, `planned`), then placed one by one through
 * the exchange's trading port under a client order id derived from the operation, the asset and the side
 * (`clientOrderIdOf`): placing again after a crash answers the order already placed, never a second one.
 * Each answer is stored on the row as it comes (`filled` or `rejected`). An exchange that does not answer
 * leaves the trade `planned` (the outcome is unknown): the operation stays pending and the next attempt
 * asks again. Only once every trade has its answer does the ledger move, in one transaction.
 *
 * A trade inside a basket is a swap of its holdings: a sell moves quantity from the investor's
 * `B:<basket>:<SYMBOL>` to `basket_assets` and the tether received from `basket_assets` to the investor's
 * `B:<basket>:USDT`; a buy the other way round. The house's `basket_custody` tether does not move: it is the
 * tether at the exchanges, whichever asset it is in.
 */
import { eq } from 'drizzle-orm';
import { TradingError } from '../../adapters/trading/trading.port';
import type { DbOrTx } from '../../db/client';
import { basketOperations, type StoredBasketTrade } from '../../db/schema';
import { systemAccountId } from '../ledger/ledger.repository';
import { userAccountId, type LedgerCurrency, type PostingInput } from '../ledger/ledger.service';
import {
  assetCurrency,
  minorToDecimal,
  quantityToMinor,
  usdtToMinor,
  USDT,
  USDT_SCALE,
  type BasketDeps,
} from './common';
import type { OperationRow } from './views';

/** Postings summed per account (a journal names each account once). */
export class PostingSet {
  private readonly byAccount = new Map<string, { currency: LedgerCurrency; amount: bigint }>();
  add(accountId: string, currency: LedgerCurrency, amount: bigint): void {
    if (amount === 0n) return;
    const cur = this.byAccount.get(accountId);
    this.byAccount.set(accountId, { currency, amount: (cur?.amount ?? 0n) + amount });
  }
  list(): PostingInput[] {
    return [...this.byAccount]
      .filter(([, p]) => p.amount !== 0n)
      .map(([accountId, p]) => ({ accountId, currency: p.currency, amount: p.amount }));
  }
}

/** Moves `quantity` of a basket's holding between the investor and `basket_assets` (positive: to the investor). */
export async function moveHolding(
  tx: DbOrTx,
  set: PostingSet,
  o: { userId: string; basketId: string; symbol: string; amount: bigint },
): Promise<void> {
  if (o.amount === 0n) return;
  const currency = assetCurrency(o.basketId, o.symbol);
  set.add(await userAccountId(tx, o.userId, currency, 'available'), currency, o.amount);
  set.add(await systemAccountId(tx, 'basket_assets', currency), currency, -o.amount);
}

/** The ledger amounts of a filled trade: the asset's quantity and the tether (spent: rounded up; received: down). */
export function tradeAmounts(t: StoredBasketTrade): { quantity: bigint; usdt: bigint } {
  return {
    quantity: quantityToMinor(t.quantity, t.scale),
    usdt: usdtToMinor(t.quoteAmount, t.side === 'buy' ? 'up' : 'down'),
  };
}

/** The swaps of filled trades into `set` (see the file's comment). */
export async function swapPostings(
  tx: DbOrTx,
  set: PostingSet,
  o: { userId: string; basketId: string; trades: readonly StoredBasketTrade[] },
): Promise<void> {
  for (const t of o.trades) {
    if (t.status !== 'filled') continue;
    const { quantity, usdt } = tradeAmounts(t);
    const sign = t.side === 'buy' ? 1n : -1n;
    await moveHolding(tx, set, { ...o, symbol: t.symbol, amount: sign * quantity });
    await moveHolding(tx, set, { ...o, symbol: USDT, amount: -sign * usdt });
  }
}

export async function saveTrades(db: DbOrTx, opId: string, trades: StoredBasketTrade[]): Promise<void> {
  await db.update(basketOperations).set({ trades }).where(eq(basketOperations.id, opId));
}

/**
 * Places the operation's planned trades in their order (sells before buys), storing each answer. Buys
 * spend at most `tetherAvailable` plus what the sells before them received. Answers the trades and whether
 * an exchange left an outcome unknown (`unknown`: try again later) or refused a trade (`rejected`).
 */
export async function placeTrades(
  deps: BasketDeps,
  op: OperationRow,
  opts: { tetherAvailable?: bigint; stopOnReject?: boolean } = {},
): Promise<{ trades: StoredBasketTrade[]; unknown: string | null; rejected: boolean }> {
  const trades = op.trades.map((t) => ({ ...t }));
  let budget = opts.tetherAvailable ?? null;
  for (const t of trades) {
    if (t.status === 'filled') {
      if (budget !== null) budget += t.side === 'sell' ? tradeAmounts(t).usdt : -tradeAmounts(t).usdt;
    }
  }
  let rejected = trades.some((t) => t.status === 'rejected');
  for (const t of trades) {
    if (t.status !== 'planned') continue;
    if (rejected && opts.stopOnReject) break;
    const port = deps.trading[t.exchange];
    if (!port) {
      Object.assign(t, { status: 'rejected', reason: 'exchange_unavailable' });
      rejected = true;
      await saveTrades(deps.db, op.id, trades);
      continue;
    }
    let quoteAmount = t.quoteAmount;
    if (t.side === 'buy' && budget !== null) {
      const want = usdtToMinor(t.quoteAmount, 'down');
      const can = want < budget ? want : budget;
      if (can <= 0n) {
        Object.assign(t, { status: 'rejected', reason: 'no_tether' });
        rejected = true;
        await saveTrades(deps.db, op.id, trades);
        continue;
      }
      quoteAmount = minorToDecimal(can, USDT_SCALE);
    }
    let fill;
    try {
      fill = await port.marketOrder({
        pair: t.pair,
        side: t.side,
        ...(t.side === 'buy' ? { quoteAmount } : { quantity: t.quantity }),
        clientOrderId: t.clientOrderId,
      });
    } catch (err) {
      if (!(err instanceof TradingError)) throw err;
      try {
        fill = await port.findOrder(t.pair, t.clientOrderId);
      } catch {
        fill = null;
      }
      if (!fill) return { trades, unknown: err.message, rejected };
    }
    if (fill.status === 'filled') {
      Object.assign(t, {
        status: 'filled',
        quantity: fill.quantity,
        quoteAmount: fill.quoteAmount,
        fee: fill.feeUsdt,
        price: fill.averagePrice,
      });
      if (budget !== null) budget += t.side === 'sell' ? tradeAmounts(t).usdt : -tradeAmounts(t).usdt;
    } else {
      Object.assign(t, { status: 'rejected', reason: fill.reason ?? 'rejected' });
      rejected = true;
    }
    await saveTrades(deps.db, op.id, trades);
  }
  return { trades, unknown: null, rejected };
}

/** Σ of the filled trades' exchange fees, tether minor units (rounded up). */
export const feesOf = (trades: readonly StoredBasketTrade[]) =>
  trades.filter((t) => t.status === 'filled').reduce((s, t) => s + usdtToMinor(t.fee || '0', 'up'), 0n);
