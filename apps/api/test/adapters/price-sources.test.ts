import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPriceSources } from '../../src/adapters/price/create-price-sources';
import { createDemoPriceSource } from '../../src/adapters/price/demo-price';
import { createNobitexPriceSource } from '../../src/adapters/price/nobitex-price';
import { midOf, PriceSourceError, type PriceSourcePort } from '../../src/adapters/price/price.port';
import { createWallexPriceSource } from '../../src/adapters/price/wallex-price';
import { startNobitexDouble, startWallexDouble, type ExchangeDouble } from '../helpers/exchange-doubles';

/** A second, like the price service's own limit but short: the doubles answer at once unless told to be slow. */
const limit = () => AbortSignal.timeout(1_000);

/** Rejects with a `PriceSourceError` of `source` whose message matches `pattern`. */
async function expectRefusal(source: PriceSourcePort, pattern: RegExp, signal = limit()) {
  const err = await source.fetchBook(signal).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PriceSourceError);
  expect((err as PriceSourceError).source).toBe(source.name);
  expect((err as PriceSourceError).message).toMatch(pattern);
}

/** How long a refusal took, in milliseconds. */
async function timeRefusal(source: PriceSourcePort, signal: AbortSignal) {
  const t0 = performance.now();
  await expectRefusal(source, /no answer within the time limit/, signal);
  return performance.now() - t0;
}

/** A small seeded generator (mulberry32): the same seed walks the same way. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('Nobitex against a local server speaking its public order book', () => {
  let double: ExchangeDouble;
  let source: PriceSourcePort;
  beforeAll(async () => {
    double = await startNobitexDouble();
    source = createNobitexPriceSource({ baseUrl: `${double.baseUrl}/` });
  });
  afterEach(async () => {
    await double.setMode('ok');
    double.setBook({
      bids: [
        ['1052000', '80'],
        ['1051900', '12'],
      ],
      asks: [
        ['1052500', '120.5'],
        ['1052600', '3'],
      ],
    });
    double.requests.length = 0;
  });
  afterAll(async () => {
    await double.close();
  });

  it('takes the best bid and ask in whole rials from GET /v3/orderbook/USDTIRT', async () => {
    expect([source.name, source.demo]).toEqual(['nobitex', false]);
    expect(await source.fetchBook(limit())).toEqual({ bid: 1_052_000n, ask: 1_052_500n });
    expect(double.requests).toEqual([{ method: 'GET', path: '/v3/orderbook/USDTIRT', query: {} }]);
  });

  it('takes the best of each side whatever the order, and rounds decimal prices to whole rials', async () => {
    double.setBook({
      bids: [
        ['1051900.0', '1'],
        ['1052000.5', '2'],
      ],
      asks: [
        ['1052600', '1'],
        ['1052500.49', '2'],
      ],
    });
    expect(await source.fetchBook(limit())).toEqual({ bid: 1_052_001n, ask: 1_052_500n });
  });

  it('passes a book far from the others through as it is: the median drops outliers, not the adapter', async () => {
    double.setBook({ bids: [['1500000', '1']], asks: [['1500100', '1']] });
    expect(midOf(await source.fetchBook(limit()))).toBe(1_500_050n);
  });

  it('refuses a failed answer, with HTTP 200 or an error status, and says its code', async () => {
    await double.setMode('failed', { code: 'InvalidSymbol', message: 'نماد نامعتبر' });
    await expectRefusal(source, /refused: InvalidSymbol/);
    await double.setMode('failed', { httpStatus: 429, code: 'TooManyRequests', message: 'slow down' });
    await expectRefusal(source, /HTTP 429 TooManyRequests/);
  });

  it('refuses a body that is not its JSON', async () => {
    await double.setMode('garbage');
    await expectRefusal(source, /without JSON/);
    await double.setMode('garbage', { body: '{"status":"ok"}', contentType: 'application/json' });
    await expectRefusal(source, /empty book side: bids/);
  });

  it('refuses an empty side, a price that is not positive and a crossed book', async () => {
    await double.setMode('empty', { side: 'asks' });
    await expectRefusal(source, /empty book side: asks/);
    await double.setMode('empty', { side: 'bids' });
    await expectRefusal(source, /empty book side: bids/);
    await double.setMode('ok');
    double.setBook({ bids: [['0', '5']], asks: [['1052500', '1']] });
    await expectRefusal(source, /not a price in bids/);
    double.setBook({ bids: [['1052000', '5']], asks: [['-1052500', '1']] });
    await expectRefusal(source, /not a price in asks/);
    double.setBook({ bids: [['1052500', '5']], asks: [['1052500', '1']] });
    await expectRefusal(source, /crossed book: bid 1052500 ≥ ask 1052500/);
  });

  it('refuses a book not updated for longer than a minute (a halted market answers its last book)', async () => {
    double.setBook({ bids: [['1052000', '5']], asks: [['1052500', '1']], lastUpdate: Date.now() - 61_000 });
    await expectRefusal(source, /nobitex: book not updated for 61 s/);
    double.setBook({ bids: [['1052000', '5']], asks: [['1052500', '1']], lastUpdate: Date.now() - 50_000 });
    expect(await source.fetchBook(limit())).toEqual({ bid: 1_052_000n, ask: 1_052_500n });
  });

  it('refuses HTTP 5xx and a server that is not listening', async () => {
    await double.setMode('down');
    await expectRefusal(source, /answered HTTP 503/);
    await double.setMode('down', { refuse: true });
    await expectRefusal(source, /unreachable/);
    await double.setMode('ok');
    expect(await source.fetchBook(limit())).toEqual({ bid: 1_052_000n, ask: 1_052_500n });
  });

  it('gives up when the caller’s time limit passes, well before the slow answer', async () => {
    await double.setMode('slow', { delayMs: 300 });
    expect(await timeRefusal(source, AbortSignal.timeout(100))).toBeLessThan(280);
    const aborted = new AbortController();
    aborted.abort();
    await expectRefusal(source, /aborted/, aborted.signal);
  });
});

describe('Wallex against a local server speaking its public depth', () => {
  let double: ExchangeDouble;
  let source: PriceSourcePort;
  beforeAll(async () => {
    double = await startWallexDouble();
    source = createWallexPriceSource({ baseUrl: double.baseUrl });
  });
  afterEach(async () => {
    await double.setMode('ok');
    double.setBook({
      bids: [
        ['105200', '80'],
        ['105190', '12'],
      ],
      asks: [
        ['105250', '120.5'],
        ['105260', '3'],
      ],
    });
    double.requests.length = 0;
  });
  afterAll(async () => {
    await double.close();
  });

  it('turns the toman book of GET /v1/depth?symbol=USDTTMN into rials', async () => {
    expect([source.name, source.demo]).toEqual(['wallex', false]);
    expect(await source.fetchBook(limit())).toEqual({ bid: 1_052_000n, ask: 1_052_500n });
    expect(double.requests).toEqual([{ method: 'GET', path: '/v1/depth', query: { symbol: 'USDTTMN' } }]);
  });

  it('reads prices as strings or numbers, with decimals, rounded to whole rials', async () => {
    double.setBook({
      bids: [
        [105200.04, 1],
        ['105190', '2'],
      ],
      asks: [
        ['105260.5', '1'],
        [105250.05, 2],
      ],
    });
    expect(await source.fetchBook(limit())).toEqual({ bid: 1_052_000n, ask: 1_052_501n });
  });

  it('refuses success: false, with HTTP 200 or an error status, and an answer without a result', async () => {
    await double.setMode('failed', { message: 'بازار یافت نشد' });
    await expectRefusal(source, /refused: Unavailable بازار یافت نشد/);
    await double.setMode('failed', { httpStatus: 422, code: '422', message: 'invalid symbol' });
    await expectRefusal(source, /HTTP 422 422 invalid symbol/);
    await double.setMode('garbage', { body: '{"success":true,"message":"ok"}', contentType: 'application/json' });
    await expectRefusal(source, /without a book/);
  });

  it('refuses a body that is not JSON, an empty side, a price that is not positive and a crossed book', async () => {
    await double.setMode('garbage');
    await expectRefusal(source, /without JSON/);
    await double.setMode('empty');
    await expectRefusal(source, /empty book side: bid/);
    await double.setMode('empty', { side: 'asks' });
    await expectRefusal(source, /empty book side: ask/);
    await double.setMode('ok');
    double.setBook({ bids: [[0, 1]], asks: [['105250', '1']] });
    await expectRefusal(source, /not a price in bid/);
    double.setBook({ bids: [['105200', '1']], asks: [['1e5', '1']] });
    await expectRefusal(source, /not a price in ask/);
    double.setBook({ bids: [['105300', '1']], asks: [['105250', '1']] });
    await expectRefusal(source, /crossed book: bid 1053000 ≥ ask 1052500/);
  });

  it('refuses HTTP 5xx and a server that is not listening', async () => {
    await double.setMode('down', { httpStatus: 502 });
    await expectRefusal(source, /answered HTTP 502/);
    await double.setMode('down', { refuse: true });
    await expectRefusal(source, /unreachable/);
  });

  it('gives up when the caller’s time limit passes, well before the slow answer', async () => {
    await double.setMode('slow', { delayMs: 300 });
    expect(await timeRefusal(source, AbortSignal.timeout(100))).toBeLessThan(280);
  });
});

describe('the demo feed of the embedded mode', () => {
  const signal = () => new AbortController().signal;

  it('is labelled demo and walks the same way for the same random numbers and clock', async () => {
    const walk = async () => {
      const feed = createDemoPriceSource({ random: seeded(42), now: () => 0 });
      const books = [];
      for (let i = 0; i < 50; i++) books.push(await feed.fetchBook(signal()));
      return { feed, books };
    };
    const a = await walk();
    const b = await walk();
    expect([a.feed.name, a.feed.demo]).toEqual(['demo', true]);
    expect(a.books).toEqual(b.books);
    // It moves: a market, not a constant.
    expect(new Set(a.books.map((x) => midOf(x))).size).toBeGreaterThan(40);
  });

  it('stays within ±10 % of its start over 1,000 steps, in small steps, with a spread of about 0.1 %', async () => {
    for (const [start, random] of [
      [1_050_000n, seeded(7)],
      [1_050_000n, () => 0.999_999],
      [1_050_000n, () => 0],
      [600_000n, seeded(8)],
    ] as const) {
      const feed = createDemoPriceSource({ start, random, now: () => 0 });
      let previous: bigint = start;
      for (let i = 0; i < 1_000; i++) {
        const book = await feed.fetchBook(signal());
        const mid = midOf(book);
        expect(book.bid).toBeLessThan(book.ask);
        expect(book.bid * 10n).toBeGreaterThanOrEqual(start * 9n);
        expect(book.ask * 10n).toBeLessThanOrEqual(start * 11n);
        // A step moves a few basis points at most (the pull adds at most 0.08 % to the 0.08 % step).
        expect(Math.abs(Number(mid - previous)) / Number(previous)).toBeLessThan(0.002);
        const spread = Number(book.ask - book.bid) / Number(mid);
        expect(spread).toBeGreaterThan(0.0007);
        expect(spread).toBeLessThan(0.0013);
        previous = mid;
      }
    }
  });

  it('walks one step per second of clock between calls, and at most 300 after a long pause', async () => {
    let draws = 0;
    let clock = 0;
    const feed = createDemoPriceSource({
      random: () => {
        draws++;
        return 0.5;
      },
      now: () => clock,
    });
    const drawsOf = async (advanceMs: number) => {
      clock += advanceMs;
      const before = draws;
      await feed.fetchBook(signal());
      return draws - before;
    };
    // Each call draws its steps and one spread.
    expect(await drawsOf(0)).toBe(2);
    expect(await drawsOf(5_000)).toBe(6);
    expect(await drawsOf(0)).toBe(2);
    expect(await drawsOf(3_600_000)).toBe(301);
  });

  it('refuses an aborted request', async () => {
    const aborted = new AbortController();
    aborted.abort();
    await expectRefusal(createDemoPriceSource(), /aborted/, aborted.signal);
  });
});

describe('createPriceSources', () => {
  let nobitex: ExchangeDouble;
  let wallex: ExchangeDouble;
  beforeAll(async () => {
    [nobitex, wallex] = await Promise.all([startNobitexDouble(), startWallexDouble()]);
  });
  afterAll(async () => {
    await Promise.all([nobitex.close(), wallex.close()]);
  });

  it('gives one source per configured name, in order, each asking its configured server', async () => {
    const sources = createPriceSources({
      TETHER_PRICE_SOURCES: ['wallex', 'demo', 'nobitex', 'wallex'],
      NOBITEX_BASE_URL: nobitex.baseUrl,
      WALLEX_BASE_URL: wallex.baseUrl,
    });
    expect(sources.map((s) => [s.name, s.demo])).toEqual([
      ['wallex', false],
      ['demo', true],
      ['nobitex', false],
    ]);
    const books = await Promise.all(sources.map((s) => s.fetchBook(limit())));
    expect(books[0]).toEqual({ bid: 1_052_000n, ask: 1_052_500n });
    expect(books[2]).toEqual({ bid: 1_052_000n, ask: 1_052_500n });
    expect(nobitex.requests.map((r) => r.path)).toEqual(['/v3/orderbook/USDTIRT']);
    expect(wallex.requests.map((r) => r.query)).toEqual([{ symbol: 'USDTTMN' }]);
    expect(createPriceSources(envOf(['demo'])).map((s) => s.name)).toEqual(['demo']);
  });
});

/** The configuration createPriceSources reads, with servers that are never asked. */
function envOf(names: ('nobitex' | 'wallex' | 'demo')[]) {
  return { TETHER_PRICE_SOURCES: names, NOBITEX_BASE_URL: 'http://127.0.0.1:9', WALLEX_BASE_URL: 'http://127.0.0.1:9' };
}
