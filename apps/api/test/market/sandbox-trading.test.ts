import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../src/db/client';
import { createSandboxTrading } from '../../src/adapters/trading/sandbox-trading';
import { latestPrices } from '../../src/modules/market/market.service';
import { openTestDatabase } from '../helpers/app';
import { seedDemoUniverse } from '../helpers/market-doubles';

/**
 * The sandbox exchange: fills at the universe's latest price, the listing's step and minimum, a commission
 * in the asset (buys) or in tether (sells), deterministic ids, and the first fill answered again.
 */
describe('the sandbox exchange', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedDemoUniverse(database.db, new Date('2026-11-27T10:30:00Z'));
    // A round price makes every figure below exact.
    await database.db.execute(sql`UPDATE crypto_assets SET last_price = 50000 WHERE symbol = 'BTC'`);
  });
  afterAll(async () => {
    await database.close();
  });

  it('buys for at most the tether given, on the step, with the commission taken in the asset', async () => {
    const binance = createSandboxTrading('binance', { db: database.db, feeBps: 10 });
    // Binance's demo step for BTC is 0.00001: 1000 USDT buys 0.02 BTC exactly.
    const fill = await binance.marketOrder({ pair: 'BTCUSDT', side: 'buy', quoteAmount: '1000', clientOrderId: 'b-1' });
    expect(fill).toEqual({
      exchangeOrderId: expect.stringMatching(/^SBX-binance-[0-9a-f]{16}$/),
      clientOrderId: 'b-1',
      status: 'filled',
      quantity: '0.01998', // 0.02 less 10 bps
      quoteAmount: '1000',
      feeUsdt: '1',
      averagePrice: '50000',
    });
    // 999.99 cannot buy a whole 0.02: 0.01999 (999.5 USDT) on the step.
    const odd = await binance.marketOrder({
      pair: 'BTCUSDT',
      side: 'buy',
      quoteAmount: '999.99',
      clientOrderId: 'b-2',
    });
    expect(odd.quoteAmount).toBe('999.5');
    expect(odd.quantity).toBe('0.01997001');
  });

  it('answers the first fill again under the same client order id, and finds it', async () => {
    const binance = createSandboxTrading('binance', { db: database.db, feeBps: 10 });
    const first = await binance.findOrder('BTCUSDT', 'b-1');
    await database.db.execute(sql`UPDATE crypto_assets SET last_price = 60000 WHERE symbol = 'BTC'`);
    const again = await binance.marketOrder({
      pair: 'BTCUSDT',
      side: 'buy',
      quoteAmount: '5000',
      clientOrderId: 'b-1',
    });
    expect(again).toEqual(first);
    expect(again.averagePrice).toBe('50000');
    expect(await binance.findOrder('BTCUSDT', 'nope')).toBeNull();
    // Another exchange's ids are its own.
    const kucoin = createSandboxTrading('kucoin', { db: database.db, feeBps: 10 });
    expect(await kucoin.findOrder('BTC-USDT', 'b-1')).toBeNull();
    await database.db.execute(sql`UPDATE crypto_assets SET last_price = 50000 WHERE symbol = 'BTC'`);
  });

  it('sells the quantity rounded down to the step, the commission out of the tether', async () => {
    const kucoin = createSandboxTrading('kucoin', { db: database.db, feeBps: 10 });
    // KuCoin's demo step for BTC is 0.0000001.
    const fill = await kucoin.marketOrder({
      pair: 'BTC-USDT',
      side: 'sell',
      quantity: '0.019980009',
      clientOrderId: 's-1',
    });
    expect(fill).toMatchObject({ status: 'filled', quantity: '0.01998', quoteAmount: '998.001', feeUsdt: '0.999' });
  });

  it('refuses what an exchange refuses, keeping nothing', async () => {
    const binance = createSandboxTrading('binance', { db: database.db, feeBps: 10 });
    const cases = [
      [{ pair: 'BTCUSDT', side: 'buy', quoteAmount: '4', clientOrderId: 'r-1' }, 'MIN_NOTIONAL'],
      [{ pair: 'BTCUSDT', side: 'buy', quoteAmount: '0.1', clientOrderId: 'r-2' }, 'QUANTITY_TOO_SMALL'],
      [{ pair: 'NOPEUSDT', side: 'buy', quoteAmount: '100', clientOrderId: 'r-3' }, 'UNKNOWN_PAIR'],
      [{ pair: 'BTCUSDT', side: 'sell', quantity: '0.00005', clientOrderId: 'r-4' }, 'MIN_NOTIONAL'],
      [{ pair: 'BTCUSDT', side: 'buy', quoteAmount: '-5', clientOrderId: 'r-5' }, 'INVALID_AMOUNT'],
      [{ pair: 'BTCUSDT', side: 'buy', quoteAmount: '100', clientOrderId: 'has space' }, 'INVALID_CLIENT_ORDER_ID'],
    ] as const;
    for (const [order, reason] of cases) {
      const fill = await binance.marketOrder(order);
      expect(fill, reason).toMatchObject({ status: 'rejected', reason, quantity: '0', quoteAmount: '0' });
      expect(await binance.findOrder(order.pair, order.clientOrderId)).toBeNull();
    }
    await database.db.execute(sql`UPDATE crypto_assets SET last_price = NULL WHERE symbol = 'ETH'`);
    const noPrice = await binance.marketOrder({
      pair: 'ETHUSDT',
      side: 'buy',
      quoteAmount: '100',
      clientOrderId: 'r-6',
    });
    expect(noPrice.reason).toBe('NO_PRICE');
    expect((await latestPrices(database.db, ['ETH'])).has('ETH')).toBe(false);
  });

  it('two attempts at once under one id fill once', async () => {
    const binance = createSandboxTrading('binance', { db: database.db, feeBps: 10 });
    const order = { pair: 'BTCUSDT', side: 'buy', quoteAmount: '100', clientOrderId: 'c-1' } as const;
    const [a, b] = await Promise.all([binance.marketOrder(order), binance.marketOrder(order)]);
    expect(a).toEqual(b);
    const rows = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM sandbox_trading_orders WHERE client_order_id = 'c-1'`,
    );
    expect(rows[0]!.n).toBe(1);
  });
});
