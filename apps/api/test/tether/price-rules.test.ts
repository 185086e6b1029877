import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TetherPrice } from '@portal/contract/tether/market';
import { createNobitexPriceSource } from '../../src/adapters/price/nobitex-price';
import { createWallexPriceSource } from '../../src/adapters/price/wallex-price';
import type { PriceSourcePort } from '../../src/adapters/price/price.port';
import { createTestApp, type TestApp } from '../helpers/app';
import {
  startNobitexDouble,
  startWallexDouble,
  type DoubleBook,
  type ExchangeDouble,
} from '../helpers/exchange-doubles';

/**
 * Issue 17 "Done when": the median and stale rules against local servers that speak the exchanges'
 * protocols: three sources (Nobitex's protocol twice, Wallex's once); one down, one slow, one wrong.
 */
const book = (bid: number, ask: number): DoubleBook => ({ bids: [[String(bid), '10']], asks: [[String(ask), '10']] });
const rialBook = (mid: number) => book(mid - 1000, mid + 1000);
/** Wallex quotes toman. */
const tomanBook = (midRials: number) => book((midRials - 1000) / 10, (midRials + 1000) / 10);

let a: ExchangeDouble;
let b: ExchangeDouble;
let c: ExchangeDouble;
let t: TestApp;

beforeAll(async () => {
  [a, b, c] = await Promise.all([startNobitexDouble(), startWallexDouble(), startNobitexDouble()]);
  const third: PriceSourcePort = { ...createNobitexPriceSource({ baseUrl: c.baseUrl }), name: 'demo' };
  t = await createTestApp({
    adapters: {
      priceSources: [
        createNobitexPriceSource({ baseUrl: a.baseUrl }),
        createWallexPriceSource({ baseUrl: b.baseUrl }),
        third,
      ],
    },
    // Each source has 150 ms; the stale age is a minute (the configuration's default).
    envVars: { TETHER_PRICE_TIMEOUT_MS: '150', TETHER_PRICE_BAND_BPS: '300' },
  });
});
afterAll(async () => {
  await t.close();
  await Promise.all([a.close(), b.close(), c.close()]);
});
beforeEach(async () => {
  await Promise.all([a.setMode('ok'), b.setMode('ok'), c.setMode('ok')]);
  a.setBook(rialBook(1_000_000));
  b.setBook(tomanBook(1_010_000));
  c.setBook(rialBook(1_020_000));
});

const price = async () => (await t.app.inject({ method: 'GET', url: '/api/tether/price' })).json<TetherPrice>();
const used = () => t.app.tetherPrices.health().map((h) => [h.source, h.usedInLast]);

describe('the price of three exchanges', () => {
  it('is the median of their middles', async () => {
    const row = await t.app.tetherPrices.takePrice(t.clock.now);
    expect(row?.mid).toBe(1_010_000n);
    expect(a.requests.at(-1)?.path).toBe('/v3/orderbook/USDTIRT');
    expect(b.requests.at(-1)?.query).toEqual({ symbol: 'USDTTMN' });
  });

  it('one down, one slow: the median of the one that answered in time', async () => {
    await a.setMode('down', { refuse: true });
    await b.setMode('slow', { delayMs: 600 });
    const started = performance.now();
    const row = await t.app.tetherPrices.takePrice(t.clock.now);
    // The slow one is not waited for beyond its time limit.
    expect(performance.now() - started).toBeLessThan(550);
    expect(row?.mid).toBe(1_020_000n);
    expect(used()).toEqual([
      ['nobitex', false],
      ['wallex', false],
      ['demo', true],
    ]);
    const health = t.app.tetherPrices.health();
    expect(health[0]!.lastError).toMatch(/nobitex/);
    expect(health[1]!.lastError).toMatch(/wallex/);
  });

  it('one wrong: dropped beyond the band, the median of the other two', async () => {
    c.setBook(rialBook(1_300_000));
    const row = await t.app.tetherPrices.takePrice(t.clock.now);
    expect(row?.mid).toBe(1_005_000n);
    expect(used()).toEqual([
      ['nobitex', true],
      ['wallex', true],
      ['demo', false],
    ]);
    expect(row?.sources.find((s) => s.source === 'demo')).toMatchObject({ mid: '1300000', used: false });
  });

  it('all down: no price; the last one holds until it is stale, then trading waits', async () => {
    t.clock.advance(120);
    await t.app.tetherPrices.takePrice(t.clock.now);
    const live = await price();
    expect(live.status).toBe('live');
    await Promise.all([a.setMode('down'), b.setMode('failed'), c.setMode('garbage')]);
    t.clock.advance(30);
    expect(await t.app.tetherPrices.takePrice(t.clock.now)).toBeNull();
    expect(await price()).toMatchObject({ status: 'live', seq: live.seq });
    t.clock.advance(31);
    expect(await t.app.tetherPrices.takePrice(t.clock.now)).toBeNull();
    expect(await price()).toMatchObject({ status: 'stale', buy: null, sell: null, seq: live.seq });
    // A source back: live again at once.
    await a.setMode('ok');
    await t.app.tetherPrices.takePrice(t.clock.now);
    expect(await price()).toMatchObject({ status: 'live', mid: '1000000', seq: live.seq + 1 });
  });
});
