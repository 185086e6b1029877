import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createBinanceMarketData } from '../../src/adapters/market/binance-market';
import { createKucoinMarketData } from '../../src/adapters/market/kucoin-market';
import { MarketDataError } from '../../src/adapters/market/market-data.port';
import { createBinanceTrading } from '../../src/adapters/trading/binance-trading';
import { createKucoinTrading } from '../../src/adapters/trading/kucoin-trading';
import { TradingError } from '../../src/adapters/trading/trading.port';
import { queryRows, type Database } from '../../src/db/client';
import { dailyCloses, latestPrices, listUniverse } from '../../src/modules/market/market.service';
import { syncUniverse } from '../../src/modules/market/universe.job';
import { openTestDatabase } from '../helpers/app';
import {
  seedDemoUniverse,
  startBinanceDouble,
  startKucoinDouble,
  type DoubleAsset,
  type MarketExchangeDouble,
} from '../helpers/market-doubles';

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const NOW = new Date('2026-11-27T10:00:00Z');
/** 1,200 days of BTC closes up to today: more than one Binance page (1,000). */
const btcCloses = Array.from({ length: 1200 }, (_, i) => ({
  day: dayOf(NOW.getTime() - (1199 - i) * 86_400_000),
  close: (40_000 + i * 10).toFixed(2),
}));
const ASSETS: DoubleAsset[] = [
  { base: 'BTC', price: '52000', step: '0.00001', minNotional: '5', margin: true, closes: btcCloses },
  {
    base: 'ETH',
    price: '3000.5',
    step: '0.0001',
    minNotional: '5',
    margin: false,
    closes: [
      { day: '2026-11-26', close: '2990.1' },
      { day: '2026-11-27', close: '3000.5' },
    ],
  },
  { base: 'LUNA', price: '0.5', step: '0.01', minNotional: '5', margin: false, trading: false },
  { base: 'ZZZ', price: '1', step: '1', minNotional: '1', margin: false, closes: [{ day: '2026-11-27', close: '1' }] },
];
const BINANCE_KEYS = { apiKey: 'binance-key', apiSecret: 'binance-secret-0123456789' };
const KUCOIN_KEYS = { apiKey: 'kucoin-key', apiSecret: 'kucoin-secret-0123456789', passphrase: 'kucoin-pass' };

describe('Binance and KuCoin market data against local exchanges', () => {
  let binance: MarketExchangeDouble;
  let kucoin: MarketExchangeDouble;
  beforeAll(async () => {
    binance = await startBinanceDouble({ assets: ASSETS, ...BINANCE_KEYS });
    kucoin = await startKucoinDouble({ assets: ASSETS, ...KUCOIN_KEYS });
  });
  afterAll(async () => {
    await binance.close();
    await kucoin.close();
  });

  it("lists each exchange's trading USDT pairs with margin, step and minimum", async () => {
    const b = await createBinanceMarketData({ baseUrl: binance.baseUrl }).listings();
    expect(b).toEqual([
      { symbol: 'BTC', pair: 'BTCUSDT', margin: true, quantityStep: '0.00001', minNotional: '5' },
      { symbol: 'ETH', pair: 'ETHUSDT', margin: false, quantityStep: '0.0001', minNotional: '5' },
      { symbol: 'ZZZ', pair: 'ZZZUSDT', margin: false, quantityStep: '1', minNotional: '1' },
    ]);
    const k = await createKucoinMarketData({ baseUrl: kucoin.baseUrl }).listings();
    expect(k.map((l) => l.pair)).toEqual(['BTC-USDT', 'ETH-USDT', 'ZZZ-USDT']);
    expect(k[0]).toEqual({ symbol: 'BTC', pair: 'BTC-USDT', margin: true, quantityStep: '0.00001', minNotional: '5' });
  });

  it('reads daily closes across pages, oldest first, in the asked window', async () => {
    const from = btcCloses[0]!.day;
    const to = btcCloses.at(-1)!.day;
    const b = await createBinanceMarketData({ baseUrl: binance.baseUrl }).dailyCloses('BTCUSDT', from, to);
    expect(b).toEqual(btcCloses);
    const klines = binance.calls.filter((c) => c.path === '/api/v3/klines');
    expect(klines).toHaveLength(2);
    expect(klines[0]!.query).toMatchObject({ symbol: 'BTCUSDT', interval: '1d', limit: '1000' });
    const k = await createKucoinMarketData({ baseUrl: kucoin.baseUrl }).dailyCloses('BTC-USDT', from, to);
    expect(k).toEqual(btcCloses);
    expect(kucoin.calls.filter((c) => c.path === '/api/v1/market/candles')[0]!.query).toMatchObject({
      type: '1day',
      symbol: 'BTC-USDT',
    });
    const window = await createKucoinMarketData({ baseUrl: kucoin.baseUrl }).dailyCloses(
      'BTC-USDT',
      '2026-11-20',
      '2026-11-22',
    );
    expect(window.map((c) => c.day)).toEqual(['2026-11-20', '2026-11-21', '2026-11-22']);
  });

  it('reads last prices by pair', async () => {
    const b = await createBinanceMarketData({ baseUrl: binance.baseUrl }).lastPrices();
    expect(b.get('ETHUSDT')).toBe('3000.5');
    const k = await createKucoinMarketData({ baseUrl: kucoin.baseUrl }).lastPrices();
    expect(k.get('ETH-USDT')).toBe('3000.5');
  });

  it('says what went wrong: an unknown pair, an exchange that is down', async () => {
    const b = createBinanceMarketData({ baseUrl: binance.baseUrl });
    await expect(b.dailyCloses('NOPEUSDT', '2026-11-01', '2026-11-02')).rejects.toThrow(/-1121 Invalid symbol/);
    const k = createKucoinMarketData({ baseUrl: kucoin.baseUrl });
    await expect(k.dailyCloses('NOPE-USDT', '2026-11-01', '2026-11-02')).rejects.toThrow(/400100/);
    binance.setMode('down');
    await expect(b.listings()).rejects.toBeInstanceOf(MarketDataError);
    await expect(b.listings()).rejects.toThrow(/HTTP 503/);
    binance.setMode('ok');
  });

  it('the universe job fills the tables from both exchanges, the universe list only', async () => {
    const database: Database = await openTestDatabase();
    try {
      // The database ran on the demo market first: its prices must not mix with the exchanges'.
      await seedDemoUniverse(database.db, NOW);
      const marketData = {
        binance: createBinanceMarketData({ baseUrl: binance.baseUrl }),
        kucoin: createKucoinMarketData({ baseUrl: kucoin.baseUrl }),
      };
      const report = await syncUniverse({
        db: database.db,
        marketData,
        symbols: new Set(['BTC', 'ETH', 'LUNA']),
        now: () => NOW,
      });
      expect(report.exchanges).toEqual([
        { exchange: 'binance', ok: true, listings: 2 },
        { exchange: 'kucoin', ok: true, listings: 2 },
      ]);
      const all = await listUniverse(database.db, { exchanges: ['binance', 'kucoin'], marketType: 'all' });
      expect(all.map((a) => [a.symbol, a.name, a.quantityScale, a.listings.length])).toEqual([
        // The ledger scale stays the one the asset was created with (the demo's finer KuCoin steps).
        ['BTC', 'Bitcoin', 7, 2],
        ['ETH', 'Ethereum', 5, 2],
      ]);
      // Three years and a day back from today: 1,096 closes of BTC's 1,200.
      const closes = await dailyCloses(database.db, ['BTC'], '2000-01-01', '2026-11-27');
      expect(closes.get('BTC')).toHaveLength(1096);
      expect((await dailyCloses(database.db, ['ETH'], '2000-01-01', '2026-11-27')).get('ETH')).toEqual([
        { day: '2026-11-26', close: 2990.1 },
        { day: '2026-11-27', close: 3000.5 },
      ]);
      const prices = await latestPrices(database.db, ['BTC', 'ETH'], NOW);
      expect(prices.get('ETH')).toMatchObject({ price: '3000.5', demo: false });

      // KuCoin down: its listings stay as they were, the error is recorded; Binance's still update.
      kucoin.setMode('down');
      const second = await syncUniverse({ db: database.db, marketData, symbols: new Set(['BTC']), now: () => NOW });
      kucoin.setMode('ok');
      expect(second.exchanges.find((e) => e.exchange === 'kucoin')).toMatchObject({ ok: false });
      const listings = await queryRows<{ exchange: string; symbol: string }>(
        database.db,
        sql`SELECT exchange, symbol FROM exchange_listings ORDER BY exchange, symbol`,
      );
      expect(listings).toEqual([
        { exchange: 'binance', symbol: 'BTC' },
        { exchange: 'kucoin', symbol: 'BTC' },
        { exchange: 'kucoin', symbol: 'ETH' },
      ]);
      const [status] = await queryRows<{ last_error: string | null; listings: number }>(
        database.db,
        sql`SELECT last_error, listings FROM market_sync_status WHERE exchange = 'kucoin'`,
      );
      expect(status!.last_error).toMatch(/HTTP 503/);
      expect(status!.listings).toBe(2);
    } finally {
      await database.close();
    }
  });
});

describe('Binance orders against a local exchange that checks the signature', () => {
  let binance: MarketExchangeDouble;
  const steps: Record<string, string> = { BTCUSDT: '0.00001', ETHUSDT: '0.0001' };
  const trading = (keys = BINANCE_KEYS) =>
    createBinanceTrading({
      baseUrl: binance.baseUrl,
      ...keys,
      quantityStep: (pair) => Promise.resolve(steps[pair] ?? null),
    });
  beforeAll(async () => {
    binance = await startBinanceDouble({ assets: ASSETS, ...BINANCE_KEYS });
  });
  afterAll(async () => {
    await binance.close();
  });

  it('buys for tether with a signed MARKET order, the commission out of the asset', async () => {
    const fill = await trading().marketOrder({
      pair: 'BTCUSDT',
      side: 'buy',
      quoteAmount: '1040',
      clientOrderId: 'o-1',
    });
    // 1040 / 52000 = 0.02 BTC, less 0.1 % in BTC.
    expect(fill).toEqual({
      exchangeOrderId: expect.any(String),
      clientOrderId: 'o-1',
      status: 'filled',
      quantity: '0.01998',
      quoteAmount: '1040',
      feeUsdt: '1.04',
      averagePrice: '52000',
    });
    const post = binance.calls.find((c) => c.method === 'POST')!;
    expect(post.headers['x-mbx-apikey']).toBe('binance-key');
    const params = new URLSearchParams(post.body);
    expect(Object.fromEntries(params)).toMatchObject({
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'MARKET',
      quoteOrderQty: '1040',
      newClientOrderId: 'o-1',
      recvWindow: '5000',
    });
    expect(params.get('signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('never places an order twice: the same client order id answers the first fill', async () => {
    const before = binance.orders.size;
    const again = await trading().marketOrder({
      pair: 'BTCUSDT',
      side: 'buy',
      quoteAmount: '1040',
      clientOrderId: 'o-1',
    });
    expect(binance.orders.size).toBe(before);
    expect(again).toMatchObject({ status: 'filled', quantity: '0.01998', quoteAmount: '1040', feeUsdt: '1.04' });
  });

  it('sells a quantity rounded down to the step, the commission out of the tether', async () => {
    const fill = await trading().marketOrder({
      pair: 'ETHUSDT',
      side: 'sell',
      quantity: '1.00009',
      clientOrderId: 'o-2',
    });
    expect(fill).toMatchObject({ status: 'filled', quantity: '1', quoteAmount: '2997.4995', feeUsdt: '3.0005' });
    expect(new URLSearchParams(binance.calls.filter((c) => c.method === 'POST').at(-1)!.body).get('quantity')).toBe(
      '1',
    );
  });

  it('a lost answer is an unknown outcome; findOrder then reads the fill with its commission', async () => {
    binance.setMode('lost');
    await expect(
      trading().marketOrder({ pair: 'BTCUSDT', side: 'buy', quoteAmount: '520', clientOrderId: 'o-3' }),
    ).rejects.toBeInstanceOf(TradingError);
    binance.setMode('ok');
    const found = await trading().findOrder('BTCUSDT', 'o-3');
    expect(found).toMatchObject({ status: 'filled', clientOrderId: 'o-3', quantity: '0.00999', quoteAmount: '520' });
    expect(binance.calls.at(-1)!.path).toBe('/api/v3/myTrades');
    expect(await trading().findOrder('BTCUSDT', 'never')).toBeNull();
  });

  it("an exchange's refusal is a rejected fill; a wrong key or secret never places anything", async () => {
    binance.setMode('refuse');
    const refused = await trading().marketOrder({
      pair: 'BTCUSDT',
      side: 'buy',
      quoteAmount: '100',
      clientOrderId: 'o-4',
    });
    binance.setMode('ok');
    expect(refused).toMatchObject({
      status: 'rejected',
      reason: expect.stringMatching(/-2010 Account has insufficient/),
    });
    const before = binance.orders.size;
    const wrongSecret = trading({ ...BINANCE_KEYS, apiSecret: 'not-the-secret' });
    await expect(
      wrongSecret.marketOrder({ pair: 'BTCUSDT', side: 'buy', quoteAmount: '100', clientOrderId: 'o-5' }),
    ).rejects.toThrow(/-1022 Signature for this request is not valid/);
    expect(binance.orders.size).toBe(before);
  });
});

describe('KuCoin orders against a local exchange that checks the signature', () => {
  let kucoin: MarketExchangeDouble;
  const steps: Record<string, string> = { 'BTC-USDT': '0.00001', 'ETH-USDT': '0.0001' };
  const trading = (keys = KUCOIN_KEYS) =>
    createKucoinTrading({
      baseUrl: kucoin.baseUrl,
      ...keys,
      quantityStep: (pair) => Promise.resolve(steps[pair] ?? null),
      pollMs: 10,
    });
  beforeAll(async () => {
    kucoin = await startKucoinDouble({ assets: ASSETS, ...KUCOIN_KEYS });
  });
  afterAll(async () => {
    await kucoin.close();
  });

  it('buys with funds, signed, and reads the fill back', async () => {
    const fill = await trading().marketOrder({
      pair: 'BTC-USDT',
      side: 'buy',
      quoteAmount: '1040',
      clientOrderId: 'k-1',
    });
    // 0.02 BTC for 1040 USDT, of which 1.04 is KuCoin's commission in tether.
    expect(fill).toMatchObject({ status: 'filled', quantity: '0.02', quoteAmount: '1040', feeUsdt: '1.04' });
    const post = kucoin.calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(post.body)).toEqual({
      clientOid: 'k-1',
      symbol: 'BTC-USDT',
      type: 'market',
      side: 'buy',
      funds: '1040',
    });
    expect(post.headers['kc-api-key-version']).toBe('2');
    expect(kucoin.calls.at(-1)!.path).toBe('/api/v1/hf/orders/client-order/k-1');
  });

  it('answers the first fill again, sells on the step, refusals and bad keys', async () => {
    const before = kucoin.orders.size;
    const again = await trading().marketOrder({
      pair: 'BTC-USDT',
      side: 'buy',
      quoteAmount: '9',
      clientOrderId: 'k-1',
    });
    expect(again.quantity).toBe('0.02');
    expect(kucoin.orders.size).toBe(before);
    const sold = await trading().marketOrder({
      pair: 'ETH-USDT',
      side: 'sell',
      quantity: '1.00009',
      clientOrderId: 'k-2',
    });
    expect(sold).toMatchObject({ status: 'filled', quantity: '1', quoteAmount: '2997.4995', feeUsdt: '3.0005' });
    kucoin.setMode('refuse');
    const refused = await trading().marketOrder({
      pair: 'BTC-USDT',
      side: 'buy',
      quoteAmount: '100',
      clientOrderId: 'k-3',
    });
    kucoin.setMode('ok');
    expect(refused).toMatchObject({ status: 'rejected', reason: '200004 Balance insufficient!' });
    await expect(
      trading({ ...KUCOIN_KEYS, passphrase: 'wrong' }).marketOrder({
        pair: 'BTC-USDT',
        side: 'buy',
        quoteAmount: '100',
        clientOrderId: 'k-4',
      }),
    ).rejects.toThrow(/Invalid KC-API-PASSPHRASE/);
    await expect(trading({ ...KUCOIN_KEYS, apiSecret: 'wrong-secret' }).findOrder('BTC-USDT', 'k-1')).rejects.toThrow(
      /KC-API-/,
    );
    expect(await trading().findOrder('BTC-USDT', 'never')).toBeNull();
  });

  it('a lost answer is an unknown outcome until findOrder reads it', async () => {
    kucoin.setMode('lost');
    await expect(
      trading().marketOrder({ pair: 'BTC-USDT', side: 'buy', quoteAmount: '520', clientOrderId: 'k-5' }),
    ).rejects.toBeInstanceOf(TradingError);
    kucoin.setMode('ok');
    expect(await trading().findOrder('BTC-USDT', 'k-5')).toMatchObject({ status: 'filled', quantity: '0.01' });
  });
});
