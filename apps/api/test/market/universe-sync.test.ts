import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../src/db/client';
import { dailyCloses, getAssets, latestPrices, listUniverse } from '../../src/modules/market/market.service';
import { HISTORY_DAYS } from '../../src/modules/market/universe.job';
import { openTestDatabase } from '../helpers/app';
import { seedDemoUniverse } from '../helpers/market-doubles';

describe('the demo universe at the first embedded start', () => {
  let database: Database;
  const now = new Date('2026-11-27T10:30:00Z');
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('writes forty assets, both listings and three years of closes quickly', async () => {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const report = await seedDemoUniverse(database.db, now);
    const ms = performance.now() - started;
    const { user, system } = process.cpuUsage(cpu);
    const cpuMs = (user + system) / 1000;
    console.log(`first sync: ${Math.round(ms)} ms, ${Math.round(cpuMs)} ms of CPU, ${report.closesWritten} closes`);
    expect(report.exchanges.every((e) => e.ok)).toBe(true);
    expect(report.assets).toBe(40);
    expect(report.closesWritten).toBe(40 * HISTORY_DAYS);
    // About 1.5 s on an idle machine, in process (PGlite runs on this thread): the CPU it takes, not the wall
    // clock that other suites stretch, is bounded; the bound only catches a row-by-row insert.
    expect(cpuMs).toBeLessThan(8_000);
    const [count] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM crypto_daily_closes`,
    );
    expect(count!.n).toBe(40 * HISTORY_DAYS);
  });

  it('a second run adds only today again', async () => {
    const report = await seedDemoUniverse(database.db, new Date(now.getTime() + 60_000));
    expect(report.closesWritten).toBe(40);
  });

  it('answers the universe, closes and prices', async () => {
    const all = await listUniverse(database.db, { exchanges: ['binance', 'kucoin'], marketType: 'all' });
    expect(all).toHaveLength(40);
    const btc = all.find((a) => a.symbol === 'BTC')!;
    expect(btc.name).toBe('Bitcoin');
    expect(btc.listings.map((l) => l.pair)).toEqual(['BTCUSDT', 'BTC-USDT']);
    const margin = await listUniverse(database.db, { exchanges: ['binance'], marketType: 'margin' });
    expect(margin.length).toBeLessThan(40);
    expect(margin.every((a) => a.listings.every((l) => l.margin && l.exchange === 'binance'))).toBe(true);
    const closes = await dailyCloses(database.db, ['BTC', 'NOPE'], '2026-11-01', '2026-11-27');
    expect(closes.get('BTC')).toHaveLength(27);
    expect(closes.get('NOPE')).toEqual([]);
    const prices = await latestPrices(database.db, ['BTC', 'USDT', 'NOPE']);
    expect(prices.get('USDT')!.price).toBe('1');
    expect(prices.get('BTC')!.demo).toBe(true);
    expect(prices.has('NOPE')).toBe(false);
    const assets = await getAssets(database.db, ['PEPE']);
    expect(assets.get('PEPE')!.quantityScale).toBeLessThanOrEqual(8);
  });
});
