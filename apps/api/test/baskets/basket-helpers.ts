import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { BasketOrder } from '@portal/contract/baskets/orders';
import type { ExchangeId } from '@portal/contract/baskets/universe';
import { queryRows, type DbOrTx } from '../../src/db/client';
import { basketOrders, cryptoAssets } from '../../src/db/schema';
import type { Fill, MarketOrder, TradingPort } from '../../src/adapters/trading/trading.port';
import { TradingError } from '../../src/adapters/trading/trading.port';
import { divDec, fromDec, toDec } from '../../src/adapters/market/decimal';
import type { TestApp } from '../helpers/app';
import type { TestUser } from '../helpers/admin';
import { buyer, credit, post } from '../fund-orders/fund-order-helpers';

/** A signed-in investor at KYC level one holding `usdt` (minor units) of tether. */
export async function tetherHolder(t: TestApp, usdt: bigint): Promise<TestUser> {
  const u = await buyer(t, 0n);
  if (usdt > 0n) await credit(t, u.userId, usdt, 'USDT');
  return u;
}

export const USDT = (whole: number) => BigInt(Math.round(whole * 1_000_000));

export const order = (t: TestApp, u: TestUser, body: Record<string, unknown>, key: string | null = randomUUID()) =>
  post(
    t,
    u.cookie,
    '/basket-orders',
    { risk: 35, exchanges: ['binance', 'kucoin'], riskAcknowledged: true, ...body },
    key,
  );

export async function placeOrder(t: TestApp, u: TestUser, body: Record<string, unknown> = {}): Promise<BasketOrder> {
  const res = await order(t, u, { amount: '2000', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<BasketOrder>();
}

export const pay = (t: TestApp, u: TestUser, orderId: string, key: string | null = randomUUID()) =>
  post(t, u.cookie, `/basket-orders/${orderId}/pay`, {}, key);

export async function paidOrder(t: TestApp, u: TestUser, body: Record<string, unknown> = {}): Promise<BasketOrder> {
  const o = await placeOrder(t, u, body);
  const res = await pay(t, u, o.id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BasketOrder>();
}

export async function orderRow(db: DbOrTx, id: string) {
  const [row] = await db.select().from(basketOrders).where(eq(basketOrders.id, id));
  return row!;
}

export async function countOrders(db: DbOrTx): Promise<number> {
  const [r] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM basket_orders`);
  return r!.n;
}

/** Every `B:<basket>:*` balance of the investor, by symbol. */
export async function basketLedger(db: DbOrTx, userId: string, basketId: string): Promise<Map<string, bigint>> {
  const rows = await queryRows<{ currency: string; balance: string }>(
    db,
    sql`SELECT currency, balance::text AS balance FROM ledger_accounts
        WHERE user_id = ${userId} AND code = 'available' AND currency LIKE ${`B:${basketId}:%`}`,
  );
  return new Map(rows.map((r) => [r.currency.split(':')[2]!, BigInt(r.balance)]));
}

export async function setPrice(db: DbOrTx, symbol: string, price: string, at: Date) {
  await db.update(cryptoAssets).set({ lastPrice: price, lastPriceAt: at }).where(eq(cryptoAssets.symbol, symbol));
}

export async function priceOf(db: DbOrTx, symbol: string): Promise<string> {
  const [r] = await db.select({ p: cryptoAssets.lastPrice }).from(cryptoAssets).where(eq(cryptoAssets.symbol, symbol));
  return r!.p!;
}

/**
 * A trading port double: fills at the universe's latest price (fee 10 bps in the asset), remembers every
 * order by client order id (placing again answers the same fill), and can be told to refuse a symbol or
 * to go silent (`TradingError`) for the next `silent` orders.
 */
export function fakeTrading(
  t: TestApp,
  exchange: ExchangeId,
  opts: { refuse?: Set<string>; silent?: number } = {},
): TradingPort & { orders: MarketOrder[]; fills: Map<string, Fill>; silent: number; refuse: Set<string> } {
  const fills = new Map<string, Fill>();
  const orders: MarketOrder[] = [];
  const port = {
    exchange,
    sandbox: true,
    orders,
    fills,
    silent: opts.silent ?? 0,
    refuse: opts.refuse ?? new Set<string>(),
    async marketOrder(o: MarketOrder): Promise<Fill> {
      const known = fills.get(o.clientOrderId);
      if (known) return known;
      if (port.silent > 0) {
        port.silent -= 1;
        throw new TradingError(exchange, 'no answer');
      }
      orders.push(o);
      const symbol = o.pair.replace(/-?USDT$/, '');
      if (port.refuse.has(symbol)) {
        const f: Fill = {
          exchangeOrderId: `x-${o.clientOrderId}`,
          clientOrderId: o.clientOrderId,
          status: 'rejected',
          quantity: '0',
          quoteAmount: '0',
          feeUsdt: '0',
          averagePrice: '0',
          reason: 'REFUSED',
        };
        fills.set(o.clientOrderId, f);
        return f;
      }
      const price = toDec(await priceOf(t.database.db, symbol));
      let f: Fill;
      if (o.side === 'buy') {
        const quote = toDec(o.quoteAmount!);
        const gross = divDec(quote, price, 'down');
        const fee = gross / 1000n;
        f = {
          exchangeOrderId: `x-${o.clientOrderId}`,
          clientOrderId: o.clientOrderId,
          status: 'filled',
          quantity: fromDec(gross - fee),
          quoteAmount: o.quoteAmount!,
          feeUsdt: fromDec((quote / 1000n / 10n ** 12n) * 10n ** 12n),
          averagePrice: fromDec(price),
        };
      } else {
        const q = toDec(o.quantity!);
        const gross = (q * price) / 10n ** 18n;
        const fee = gross / 1000n;
        const net = ((gross - fee) / 10n ** 12n) * 10n ** 12n;
        f = {
          exchangeOrderId: `x-${o.clientOrderId}`,
          clientOrderId: o.clientOrderId,
          status: 'filled',
          quantity: o.quantity!,
          quoteAmount: fromDec(net),
          feeUsdt: fromDec((fee / 10n ** 12n) * 10n ** 12n),
          averagePrice: fromDec(price),
        };
      }
      fills.set(o.clientOrderId, f);
      return f;
    },
    async findOrder(_pair: string, clientOrderId: string) {
      return fills.get(clientOrderId) ?? null;
    },
  };
  return port;
}
