import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { seedDemoUniverse } from '../helpers/market-doubles';
import { latestPrices } from '../../src/modules/market/market.service';

/**
 * The demo market's dev route (issue 20): an asset's latest price moved by a factor, at once, for the baskets'
 * valuation and the sandbox exchange; bad input changes nothing.
 */
describe('POST /dev/demo-market/move', () => {
  let t: TestApp;
  const now = new Date('2026-11-27T08:00:00Z');
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = now;
    await seedDemoUniverse(t.database.db, now);
  });
  afterAll(async () => {
    await t.close();
  });

  const move = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/dev/demo-market/move', payload });
  const priceOf = async (symbol: string) => (await latestPrices(t.database.db, [symbol])).get(symbol)!.price;

  it('moves the latest price by the factor, exactly', async () => {
    const before = await priceOf('ETH');
    const res = await move({ symbol: 'ETH', factor: 1.5 });
    expect(res.statusCode, res.body).toBe(200);
    const after = await priceOf('ETH');
    expect(res.json()).toMatchObject({ symbol: 'ETH', price: after });
    // 1.5 × the price, in decimal arithmetic (the prices have at most 18 decimals).
    const scale = 10n ** 18n;
    const minor = (p: string) => {
      const [i, f = ''] = p.split('.');
      return BigInt(i!) * scale + BigInt(f.padEnd(18, '0'));
    };
    expect(minor(after) * 2n).toBe(minor(before) * 3n);
  });

  it('refuses an unknown asset, a factor out of bounds and a bad symbol, and changes nothing', async () => {
    const before = await priceOf('BTC');
    expect((await move({ symbol: 'NOPE', factor: 2 })).statusCode).toBe(404);
    expect((await move({ symbol: 'BTC', factor: 0 })).json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await move({ symbol: 'BTC', factor: 11 })).statusCode).toBe(400);
    expect((await move({ symbol: 'btc!', factor: 2 })).statusCode).toBe(400);
    expect(await priceOf('BTC')).toBe(before);
  });
});
