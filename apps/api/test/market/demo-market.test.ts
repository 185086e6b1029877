import { describe, expect, it } from 'vitest';
import { createDemoMarketData } from '../../src/adapters/market/demo-market';
import { DEMO_ASSETS, demoCloses, toDecimalString } from '../../src/adapters/market/demo-universe';
import { canonical, divDec, floorToStep, fromDec, mulDec, roundDec, toDec } from '../../src/adapters/market/decimal';

describe('the demo market', () => {
  const btc = DEMO_ASSETS.find((a) => a.symbol === 'BTC')!;

  it('gives the same closes for a past day whenever it is asked (the history only grows)', () => {
    const early = demoCloses(btc, '2025-01-01', '2025-01-10', new Date('2025-06-01T00:00:00Z'));
    const late = demoCloses(btc, '2024-12-25', '2025-01-10', new Date('2026-11-27T12:00:00Z'));
    expect(late.slice(-10)).toEqual(early);
    expect(new Set(early.map((c) => c.close)).size).toBe(10);
  });

  it("moves today's price through the day, from yesterday's close", () => {
    const morning = demoCloses(btc, '2026-11-27', '2026-11-27', new Date('2026-11-27T00:00:01Z'))[0]!.close;
    const yesterday = demoCloses(btc, '2026-11-26', '2026-11-26', new Date('2026-11-27T00:00:01Z'))[0]!.close;
    expect(Math.abs(morning / yesterday - 1)).toBeLessThan(0.01);
    const noon = demoCloses(btc, '2026-11-27', '2026-11-27', new Date('2026-11-27T12:00:00Z'))[0]!.close;
    expect(noon).not.toBe(morning);
    expect(demoCloses(btc, '2026-11-28', '2026-11-30', new Date('2026-11-27T12:00:00Z'))).toEqual([]);
  });

  it('moves assets together, as crypto does (positive correlation of daily returns with bitcoin)', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    const returns = (symbol: string) => {
      const closes = demoCloses(
        DEMO_ASSETS.find((a) => a.symbol === symbol)!,
        '2024-01-01',
        '2026-11-26',
        now,
      );
      return closes.slice(1).map((c, i) => Math.log(c.close / closes[i]!.close));
    };
    const corr = (a: number[], b: number[]) => {
      const ma = a.reduce((s, x) => s + x, 0) / a.length;
      const mb = b.reduce((s, x) => s + x, 0) / b.length;
      let ab = 0;
      let aa = 0;
      let bb = 0;
      for (let i = 0; i < a.length; i++) {
        ab += (a[i]! - ma) * (b[i]! - mb);
        aa += (a[i]! - ma) ** 2;
        bb += (b[i]! - mb) ** 2;
      }
      return ab / Math.sqrt(aa * bb);
    };
    const c = corr(returns('BTC'), returns('ETH'));
    expect(c).toBeGreaterThan(0.6);
    expect(c).toBeLessThan(0.95);
    // Annualised volatility near the asset's own.
    const r = returns('BTC');
    const vol = Math.sqrt((r.reduce((s, x) => s + x * x, 0) / r.length) * 365);
    expect(vol).toBeGreaterThan(0.4);
    expect(vol).toBeLessThan(0.6);
  });

  it('lists forty assets on each exchange under its own pair names, every price a plain decimal', async () => {
    const now = () => new Date('2026-11-27T12:00:00Z');
    const binance = createDemoMarketData('binance', { now });
    const kucoin = createDemoMarketData('kucoin', { now });
    const b = await binance.listings();
    const k = await kucoin.listings();
    expect(b).toHaveLength(40);
    expect(b.find((l) => l.symbol === 'PEPE')).toMatchObject({ pair: 'PEPEUSDT', quantityStep: '1' });
    expect(k.find((l) => l.symbol === 'BTC')).toMatchObject({ pair: 'BTC-USDT', quantityStep: '0.0000001' });
    const prices = await binance.lastPrices();
    expect(prices.get('PEPEUSDT')).toMatch(/^0\.0000\d+$/);
    expect((await kucoin.lastPrices()).get('PEPE-USDT')).toBe(prices.get('PEPEUSDT'));
    expect(await binance.dailyCloses('BTCUSDT', '2026-11-25', '2026-11-27')).toHaveLength(3);
    await expect(binance.dailyCloses('BTC-USDT', '2026-11-25', '2026-11-27')).rejects.toThrow(/unknown pair/);
  });
});

describe('market decimals', () => {
  it('parse, print and round without a float', () => {
    expect(canonical('0.00001000')).toBe('0.00001');
    expect(canonical('12')).toBe('12');
    expect(toDecimalString(0.0000213456789)).toBe('0.000021345679');
    expect(toDecimalString(94123.456789)).toBe('94123.457');
    expect(fromDec(mulDec(toDec('0.1'), toDec('0.2'), 'down'))).toBe('0.02');
    expect(fromDec(divDec(toDec('1'), toDec('3'), 'down'))).toBe('0.333333333333333333');
    expect(fromDec(roundDec(toDec('1.0000001'), 6, 'up'))).toBe('1.000001');
    expect(fromDec(floorToStep(toDec('0.123456'), toDec('0.001')))).toBe('0.123');
    expect(() => toDec('1e-7')).toThrow(/not a decimal/);
  });
});
