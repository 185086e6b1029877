import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUniverse } from '@portal/contract/admin/universe';
import { adminCall, makeInvestor, makeOperator, type TestUser } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/app';
import { seedDemoUniverse } from '../helpers/market-doubles';
import { HISTORY_DAYS } from '../../src/modules/market/universe.job';

/** The console's view of the universe: assets, listings, prices, history depth and each exchange's sync. */
describe('the universe desk', () => {
  let t: TestApp;
  let operator: TestUser;
  const now = new Date('2026-11-27T08:00:00Z');
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = now;
    operator = await makeOperator(t, 'operator');
  });
  afterAll(async () => {
    await t.close();
  });

  it('is empty before the first sync, and says the market is demo and the exchange a sandbox', async () => {
    const res = await adminCall(t, operator.cookie, 'GET', '/admin/universe');
    expect(res.statusCode).toBe(200);
    const desk = res.json<AdminUniverse>();
    expect(desk).toMatchObject({ demo: true, sandboxTrading: true, syncIntervalMinutes: 10, assets: [] });
    expect(desk.exchanges.map((e) => [e.exchange, e.lastOkAt])).toEqual([
      ['binance', null],
      ['kucoin', null],
    ]);
  });

  it('shows every asset with its listings, price and history after a sync; filters by exchange and margin', async () => {
    await seedDemoUniverse(t.database.db, now);
    const desk = (await adminCall(t, operator.cookie, 'GET', '/admin/universe')).json<AdminUniverse>();
    expect(desk.assets).toHaveLength(40);
    expect(desk.exchanges.every((e) => e.lastOkAt === now.toISOString() && e.listings === 40 && e.demo)).toBe(true);
    const btc = desk.assets.find((a) => a.symbol === 'BTC')!;
    expect(btc).toMatchObject({
      name: 'Bitcoin',
      enabled: true,
      demo: true,
      historyDays: HISTORY_DAYS,
      lastDay: '2026-11-27',
      lastPriceAt: now.toISOString(),
    });
    expect(btc.lastPrice).toMatch(/^\d+(\.\d+)?$/);
    expect(btc.listings.map((l) => l.pair)).toEqual(['BTCUSDT', 'BTC-USDT']);
    const margin = (
      await adminCall(t, operator.cookie, 'GET', '/admin/universe?exchange=kucoin&marketType=margin')
    ).json<AdminUniverse>();
    expect(margin.assets.length).toBeGreaterThan(0);
    expect(margin.assets.length).toBeLessThan(40);
    expect(margin.assets.every((a) => a.listings.some((l) => l.exchange === 'kucoin' && l.margin))).toBe(true);
  });

  it('one asset with every close, oldest first; an unknown one is 404, a malformed one 400', async () => {
    const res = await adminCall(t, operator.cookie, 'GET', '/admin/universe/ETH');
    expect(res.statusCode).toBe(200);
    const eth = res.json<{ closes: { day: string; close: string }[]; historyDays: number }>();
    expect(eth.closes).toHaveLength(eth.historyDays);
    expect(eth.closes[0]!.day < eth.closes.at(-1)!.day).toBe(true);
    expect((await adminCall(t, operator.cookie, 'GET', '/admin/universe/NOPE')).statusCode).toBe(404);
    const bad = await adminCall(t, operator.cookie, 'GET', '/admin/universe/btc-usdt');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
    expect((await adminCall(t, operator.cookie, 'GET', '/admin/universe?exchange=bybit')).statusCode).toBe(400);
  });

  it('is for operators only', async () => {
    const investor = await makeInvestor(t);
    const res = await adminCall(t, investor.cookie, 'GET', '/admin/universe');
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/universe' })).statusCode).toBe(401);
  });
});
