import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { ExchangeId } from '@portal/contract/baskets/universe';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { sandboxTradingOrders } from '../../db/schema';
import { divRound } from '@portal/contract/core/money';
import { canonical, divDec, floorToStep, fromDec, isDecimal, mulDec, roundDec, toDec } from '../market/decimal';
import type { Fill, MarketOrder, TradingPort } from './trading.port';

/** The exchanges' client order ids: at most 36 of `[A-Za-z0-9_-]` (Binance's rule; KuCoin takes the same). */
export const CLIENT_ORDER_ID = /^[A-Za-z0-9_-]{1,36}$/;
/** Tether's decimals on the exchanges' fills. */
const USDT_DECIMALS = 6;

/** A refused order: nothing moved, nothing kept (a refusal never held its client order id). */
export function rejected(clientOrderId: string, reason: string): Fill {
  return {
    exchangeOrderId: '',
    clientOrderId,
    status: 'rejected',
    quantity: '0',
    quoteAmount: '0',
    feeUsdt: '0',
    averagePrice: '0',
    reason,
  };
}

/**
 * The embedded mode's exchange (production refuses it): a market order fills at once, in full, at the
 * universe's latest price of the pair's asset (`crypto_assets.last_price`), with the exchange's rules — the
 * listing's quantity step (a buy's quantity and a sell's are rounded down to it) and minimum order worth —
 * and a commission of `feeBps`: a buy's is taken in the asset, a sell's in tether, as the exchanges do.
 * Orders are kept (`sandbox_trading_orders`) under deterministic ids, so a retry answers the first fill.
 */
export function createSandboxTrading(exchange: ExchangeId, opts: { db: Db; feeBps: number }): TradingPort {
  const { db } = opts;
  const feeBps = BigInt(opts.feeBps);
  const orderIdOf = (clientOrderId: string) =>
    `SBX-${exchange}-${createHash('sha256').update(`${exchange}:${clientOrderId}`).digest('hex').slice(0, 16)}`;

  const read = async (clientOrderId: string, pair?: string): Promise<Fill | null> => {
    const [row] = await db
      .select()
      .from(sandboxTradingOrders)
      .where(and(eq(sandboxTradingOrders.exchange, exchange), eq(sandboxTradingOrders.clientOrderId, clientOrderId)));
    if (!row || (pair !== undefined && row.pair !== pair)) return null;
    return {
      exchangeOrderId: row.exchangeOrderId,
      clientOrderId: row.clientOrderId,
      status: row.status,
      quantity: canonical(row.quantity),
      quoteAmount: canonical(row.quoteAmount),
      feeUsdt: canonical(row.feeUsdt),
      averagePrice: canonical(row.averagePrice),
      ...(row.reason ? { reason: row.reason } : {}),
    };
  };

  return {
    exchange,
    sandbox: true,
    findOrder: (pair, clientOrderId) => read(clientOrderId, pair),

    async marketOrder(order: MarketOrder): Promise<Fill> {
      const { clientOrderId } = order;
      if (!CLIENT_ORDER_ID.test(clientOrderId)) return rejected(clientOrderId, 'INVALID_CLIENT_ORDER_ID');
      const existing = await read(clientOrderId);
      if (existing) return existing;

      const [market] = await queryRows<{ price: string | null; step: string; min: string }>(
        db,
        sql`SELECT a.last_price::text AS price, l.quantity_step::text AS step, l.min_notional::text AS min
            FROM exchange_listings l JOIN crypto_assets a ON a.symbol = l.symbol
            WHERE l.exchange = ${exchange} AND l.pair = ${order.pair}`,
      );
      if (!market) return rejected(clientOrderId, 'UNKNOWN_PAIR');
      if (market.price === null) return rejected(clientOrderId, 'NO_PRICE');
      const price = toDec(market.price);
      const step = toDec(market.step);
      const minNotional = toDec(market.min);

      let fill: { quantity: bigint; quoteAmount: bigint; feeUsdt: bigint };
      if (order.side === 'buy') {
        if (order.quoteAmount === undefined || !isDecimal(order.quoteAmount) || toDec(order.quoteAmount) <= 0n) {
          return rejected(clientOrderId, 'INVALID_AMOUNT');
        }
        const budget = roundDec(toDec(order.quoteAmount), USDT_DECIMALS, 'down');
        let gross = floorToStep(divDec(budget, price, 'down'), step);
        let spent = roundDec(mulDec(gross, price, 'up'), USDT_DECIMALS, 'up');
        while (gross > 0n && spent > budget) {
          gross -= step;
          spent = roundDec(mulDec(gross, price, 'up'), USDT_DECIMALS, 'up');
        }
        if (gross <= 0n) return rejected(clientOrderId, 'QUANTITY_TOO_SMALL');
        if (spent < minNotional) return rejected(clientOrderId, 'MIN_NOTIONAL');
        const feeQty = divRound(gross * feeBps, 10_000n, 'up');
        fill = {
          quantity: gross - feeQty,
          quoteAmount: spent,
          feeUsdt: roundDec(mulDec(feeQty, price, 'up'), USDT_DECIMALS, 'up'),
        };
      } else {
        if (order.quantity === undefined || !isDecimal(order.quantity) || toDec(order.quantity) <= 0n) {
          return rejected(clientOrderId, 'INVALID_QUANTITY');
        }
        const quantity = floorToStep(toDec(order.quantity), step);
        if (quantity <= 0n) return rejected(clientOrderId, 'QUANTITY_TOO_SMALL');
        const gross = roundDec(mulDec(quantity, price, 'down'), USDT_DECIMALS, 'down');
        if (gross < minNotional) return rejected(clientOrderId, 'MIN_NOTIONAL');
        const fee = roundDec(divRound(gross * feeBps, 10_000n, 'up'), USDT_DECIMALS, 'up');
        fill = { quantity, quoteAmount: gross - fee, feeUsdt: fee };
      }

      // Two attempts at once under one id: the first row stands, both answer it.
      await db
        .insert(sandboxTradingOrders)
        .values({
          exchange,
          clientOrderId,
          exchangeOrderId: orderIdOf(clientOrderId),
          pair: order.pair,
          side: order.side,
          status: 'filled',
          quantity: fromDec(fill.quantity),
          quoteAmount: fromDec(fill.quoteAmount),
          feeUsdt: fromDec(fill.feeUsdt),
          averagePrice: fromDec(price),
        })
        .onConflictDoNothing();
      return (await read(clientOrderId))!;
    },
  };
}
