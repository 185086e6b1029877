import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TetherMarket, TetherPrice, TetherQuote, TetherTrade } from '@portal/contract/tether/market';
import { toMinor } from '@portal/contract/core/money';
import { queryRows } from '../../src/db/client';
import { createTestApp, type TestApp } from '../helpers/app';
import { balanceOf, expectLedgerSound, ledgerCounts } from '../helpers/ledger';
import { makeInvestor, type TestUser } from '../helpers/admin';
import { buyer, credit, errorOf, get, issuesOf, post, systemBalance } from '../fund-orders/fund-order-helpers';
import { setMarket, settableSource } from './tether-helpers';

/**
 * Issue 17: quotes and trades of tether against toman and rial, through the API. The market starts with the
 * migration's settings (0.5 % spread, 0.25 % fee, 20-second quotes, 100,000 toman at least) and a price of
 * exactly 1,000,000 rials per tether from two sources.
 */
const nobitex = settableSource('nobitex', 1_000_000n);
const wallex = settableSource('wallex', 1_000_000n);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ adapters: { priceSources: [nobitex, wallex] } });
});
afterAll(async () => {
  await expectLedgerSound(t.database.db);
  await t.close();
});
beforeEach(async () => {
  nobitex.set(1_000_000n);
  wallex.set(1_000_000n);
  await setMarket(t, {
    paused: false,
    dailyLimitToman: { '1': '200000000', '2': '2000000000' },
    minTradeToman: 100_000n,
  });
  await t.app.tetherPrices.takePrice(t.clock.now);
});

const quote = (u: TestUser, body: Record<string, unknown>) => post(t, u.cookie, '/tether/quotes', body, null);
const execute = (u: TestUser, quoteId: string, key: string | null = randomUUID()) =>
  post(t, u.cookie, `/tether/quotes/${quoteId}/execute`, {}, key);
const tradesOf = async (userId: string) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM tether_trades WHERE user_id = ${userId}`,
    )
  )[0]!.n;

describe('the price', () => {
  it('is the median with the house spread, live, public, and in the market view with the limits', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tether/price' });
    expect(res.statusCode).toBe(200);
    const price = res.json<TetherPrice>();
    expect(price).toMatchObject({ status: 'live', mid: '1000000', buy: '1005000', sell: '995000', demo: false });
    const u = await buyer(t, 0n);
    const market = (await get(t, u.cookie, '/tether/market')).json<TetherMarket>();
    expect(market).toMatchObject({
      feeBps: 25,
      quoteTtlSeconds: 20,
      minTradeToman: '100000',
      dailyLimitToman: '200000000',
      dailyRemainingToman: '200000000',
      requiredKycLevel: 1,
      kycLevel: 1,
    });
  });
});

describe('buying and selling', () => {
  it('buys tether with toman at the quote: exact amounts on both wallets, the house and the fee', async () => {
    const u = await buyer(t, 1_000_000n);
    const houseIrt = await systemBalance(t.database.db, 'exchange', 'IRT');
    const houseUsdt = await systemBalance(t.database.db, 'exchange', 'USDT');
    const fees = await systemBalance(t.database.db, 'fees', 'IRT');
    const q = await quote(u, { side: 'buy', fiat: 'IRT', amountOf: 'pay', amount: '۵۰۰٬۰۰۰' });
    expect(q.statusCode, q.body).toBe(201);
    // fee ⌈500,000 × 0.25 %⌉ = 1,250; (498,750 toman = 4,987,500 rials) ÷ 1,005,000 = 4.962686 tether, rounded down.
    expect(q.json<TetherQuote>()).toMatchObject({
      side: 'buy',
      fiat: 'IRT',
      price: '1005000',
      fiatAmount: '500000',
      usdtAmount: '4.962686',
      fee: '1250',
      tradeId: null,
    });
    const { id, expiresAt, createdAt } = q.json<TetherQuote>();
    expect(Date.parse(expiresAt) - Date.parse(createdAt)).toBe(20_000);
    const key = randomUUID();
    const res = await execute(u, id, key);
    expect(res.statusCode, res.body).toBe(201);
    const trade = res.json<TetherTrade>();
    expect(trade).toMatchObject({ quoteId: id, fiatAmount: '500000', usdtAmount: '4.962686', fee: '1250' });
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(500_000n);
    expect(await balanceOf(t.database.db, u.userId, 'USDT')).toBe(4_962_686n);
    expect((await systemBalance(t.database.db, 'exchange', 'IRT')) - houseIrt).toBe(498_750n);
    expect((await systemBalance(t.database.db, 'fees', 'IRT')) - fees).toBe(1_250n);
    expect((await systemBalance(t.database.db, 'exchange', 'USDT')) - houseUsdt).toBe(-4_962_686n);

    // The same request again: the first answer, one trade. Another key: refused, nothing moves.
    const again = await execute(u, id, key);
    expect([again.statusCode, again.json<TetherTrade>().id]).toEqual([201, trade.id]);
    const before = await ledgerCounts(t.database.db);
    expect(errorOf(await execute(u, id))).toEqual([409, 'QUOTE_ALREADY_EXECUTED']);
    expect(await ledgerCounts(t.database.db)).toEqual(before);
    expect(await tradesOf(u.userId)).toBe(1);
    const got = await get(t, u.cookie, `/tether/quotes/${id}`);
    expect(got.json<TetherQuote>().tradeId).toBe(trade.id);
    const list = await get(t, u.cookie, '/tether/trades');
    expect(list.json<{ items: TetherTrade[]; total: number }>()).toMatchObject({ total: 1, items: [{ id: trade.id }] });
    const market = (await get(t, u.cookie, '/tether/market')).json<TetherMarket>();
    expect(market.dailyRemainingToman).toBe(String(200_000_000 - 500_000));
  });

  it('buys an exact tether amount with rial, and sells tether for toman naming what to receive', async () => {
    const u = await buyer(t, 0n);
    await credit(t, u.userId, 20_000_000n, 'IRR');
    const q = await quote(u, { side: 'buy', fiat: 'IRR', amountOf: 'receive', amount: '10' });
    // cost ⌈10 × 1,005,000⌉ = 10,050,000 rials; fee ⌈25,125⌉ → 10,075,125.
    expect(q.json<TetherQuote>()).toMatchObject({ fiatAmount: '10075125', usdtAmount: '10', fee: '25125' });
    expect((await execute(u, q.json<TetherQuote>().id)).statusCode).toBe(201);
    expect(await balanceOf(t.database.db, u.userId, 'IRR')).toBe(20_000_000n - 10_075_125n);

    const s = await quote(u, { side: 'sell', fiat: 'IRT', amountOf: 'receive', amount: '500000' });
    expect(s.statusCode, s.body).toBe(201);
    const sell = s.json<TetherQuote>();
    expect(sell.price).toBe('995000');
    // At least 500,000 toman after the fee, from the least tether that gives it.
    expect(BigInt(sell.fiatAmount) >= 500_000n).toBe(true);
    expect(BigInt(sell.fiatAmount) - 500_000n <= 2n).toBe(true);
    const res = await execute(u, sell.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(BigInt(sell.fiatAmount));
    expect(await balanceOf(t.database.db, u.userId, 'USDT')).toBe(10_000_000n - toMinor(sell.usdtAmount, 'USDT'));
  });
});

describe('an expired quote', () => {
  it('is refused with a fresh quote for the same amount, and nothing moves', async () => {
    const u = await buyer(t, 1_000_000n);
    const q = (await quote(u, { side: 'buy', fiat: 'IRT', amountOf: 'pay', amount: '200000' })).json<TetherQuote>();
    t.clock.advance(21);
    // The market moved meanwhile: the fresh quote has the new price, the old one is never filled at either.
    nobitex.set(1_100_000n);
    wallex.set(1_100_000n);
    await t.app.tetherPrices.takePrice(t.clock.now);
    const before = await ledgerCounts(t.database.db);
    const res = await execute(u, q.id);
    expect(errorOf(res)).toEqual([409, 'QUOTE_EXPIRED']);
    const freshId = res.json<{ details: { quoteId: string } }>().details.quoteId;
    expect(freshId).not.toBe(q.id);
    expect(await ledgerCounts(t.database.db)).toEqual(before);
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(1_000_000n);
    const fresh = (await get(t, u.cookie, `/tether/quotes/${freshId}`)).json<TetherQuote>();
    expect(fresh).toMatchObject({ fiatAmount: '200000', price: '1105500', tradeId: null });
    expect((await execute(u, freshId)).statusCode).toBe(201);
  });
});

describe('bad input: a translated error and nothing changed', () => {
  it('refuses amounts that are zero, negative, not numbers or too precise', async () => {
    const u = await buyer(t, 1_000_000n);
    const before = await ledgerCounts(t.database.db);
    const cases: [Record<string, unknown>, string][] = [
      [{ side: 'buy', fiat: 'IRT', amountOf: 'pay', amount: '0' }, 'amountPositive'],
      [{ side: 'buy', fiat: 'IRT', amountOf: 'pay', amount: '-5' }, 'amountInvalid'],
      [{ side: 'buy', fiat: 'IRT', amountOf: 'pay', amount: 'abc' }, 'amountInvalid'],
      [{ side: 'buy', fiat: 'IRT', amountOf: 'pay', amount: '' }, 'amountInvalid'],
      [{ side: 'buy', fiat: 'IRT', amountOf: 'pay', amount: '150000.5' }, 'amountDecimals'],
      [{ side: 'buy', fiat: 'IRT', amountOf: 'receive', amount: '1.1234567' }, 'amountDecimals'],
    ];
    for (const [body, rule] of cases) {
      const res = await quote(u, body);
      expect(errorOf(res), JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED']);
      expect(issuesOf(res)?.[0], JSON.stringify(body)).toMatchObject({ path: 'body.amount', rule });
    }
    expect(errorOf(await quote(u, { side: 'hold', fiat: 'IRT', amountOf: 'pay', amount: '1' }))).toEqual([
      400,
      'VALIDATION_FAILED',
    ]);
    expect(await ledgerCounts(t.database.db)).toEqual(before);
  });

  it('refuses over the balance, under the minimum, over the daily limit, below KYC one, paused, stale, foreign', async () => {
    const u = await buyer(t, 300_000n);
    const before = await ledgerCounts(t.database.db);
    expect(errorOf(await quote(u, { side: 'buy', fiat: 'IRT', amountOf: 'pay', amount: '300001' }))).toEqual([
      422,
      'INSUFFICIENT_BALANCE',
    ]);
    expect(errorOf(await quote(u, { side: 'sell', fiat: 'IRT', amountOf: 'pay', amount: '2' }))).toEqual([
      422,
      'INSUFFICIENT_BALANCE',
    ]);
    const small = await quote(u, { side: 'buy', fiat: 'IRT', amountOf: 'pay', amount: '99999' });
    expect(errorOf(small)).toEqual([422, 'TRADE_BELOW_MINIMUM']);
    expect(small.json<{ details: { min: string } }>().details.min).toBe('100000');

    await setMarket(t, { dailyLimitToman: { '1': '250000', '2': '2000000000' } });
    const ok = (await quote(u, { side: 'buy', fiat: 'IRT', amountOf: 'pay', amount: '150000' })).json<TetherQuote>();
    const over = (await quote(u, { side: 'buy', fiat: 'IRT', amountOf: 'pay', amount: '150000' })).json<TetherQuote>();
    expect((await execute(u, ok.id)).statusCode).toBe(201);
    // Quoted while there was room; refused at execution, when the first trade has used it.
    const refused = await execute(u, over.id);
    expect(errorOf(refused)).toEqual([422, 'TRADE_DAILY_LIMIT']);
    expect(refused.json<{ details: { remaining: string } }>().details.remaining).toBe('100000');
    const afterOne = await ledgerCounts(t.database.db);
    expect(afterOne.journals).toBe(before.journals + 1);

    const newcomer = await makeInvestor(t, { kycLevel: 0 });
    await credit(t, newcomer.userId, 1_000_000n);
    const rich = await buyer(t, 1_000_000n);
    const settled = await ledgerCounts(t.database.db);
    const kyc = await quote(newcomer, { side: 'buy', fiat: 'IRT', amountOf: 'pay', amount: '200000' });
    expect(errorOf(kyc)).toEqual([403, 'KYC_REQUIRED']);

    const other = await buyer(t, 0n);
    expect(errorOf(await execute(other, over.id))).toEqual([404, 'NOT_FOUND']);
    expect(errorOf(await get(t, other.cookie, `/tether/quotes/${over.id}`))).toEqual([404, 'NOT_FOUND']);

    const pending = (
      await quote(rich, { side: 'buy', fiat: 'IRT', amountOf: 'pay', amount: '200000' })
    ).json<TetherQuote>();
    await setMarket(t, { paused: true });
    expect(errorOf(await quote(rich, { side: 'buy', fiat: 'IRT', amountOf: 'pay', amount: '200000' }))).toEqual([
      409,
      'TETHER_TRADING_PAUSED',
    ]);
    expect(errorOf(await execute(rich, pending.id))).toEqual([409, 'TETHER_TRADING_PAUSED']);
    expect((await t.app.inject({ method: 'GET', url: '/api/tether/price' })).json<TetherPrice>()).toMatchObject({
      status: 'paused',
      buy: null,
    });
    await setMarket(t, { paused: false });

    // No source answers for longer than the stale age: no quote, and the price says so.
    nobitex.fail();
    wallex.fail();
    t.clock.advance(61);
    expect(await t.app.tetherPrices.takePrice(t.clock.now)).toBeNull();
    expect(errorOf(await quote(rich, { side: 'buy', fiat: 'IRT', amountOf: 'pay', amount: '200000' }))).toEqual([
      409,
      'TETHER_PRICE_STALE',
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/tether/price' })).json<TetherPrice>().status).toBe('stale');
    expect(await ledgerCounts(t.database.db)).toEqual(settled);
  });
});

describe('the price history', () => {
  it('keeps minute and day candles of the middle', async () => {
    // A minute of its own (the tests before moved the price within theirs).
    t.clock.advance(120);
    nobitex.set(1_010_000n);
    wallex.set(1_010_000n);
    await t.app.tetherPrices.takePrice(t.clock.now);
    nobitex.set(990_000n);
    wallex.set(990_000n);
    await t.app.tetherPrices.takePrice(t.clock.now);
    const to = new Date(t.clock.now.getTime() + 60_000).toISOString();
    const minutes = await t.app.inject({
      method: 'GET',
      url: `/api/tether/candles?interval=1m&to=${encodeURIComponent(to)}`,
    });
    expect(minutes.statusCode, minutes.body).toBe(200);
    const last = minutes.json<{ items: { high: string; low: string; close: string }[] }>().items.at(-1)!;
    expect(last).toMatchObject({ high: '1010000', low: '990000', close: '990000' });
    const days = await t.app.inject({
      method: 'GET',
      url: `/api/tether/candles?interval=1d&to=${encodeURIComponent(to)}`,
    });
    expect(days.json<{ items: unknown[] }>().items.length).toBeGreaterThan(0);
    const bad = await t.app.inject({ method: 'GET', url: '/api/tether/candles?interval=1h' });
    expect(errorOf(bad)).toEqual([400, 'VALIDATION_FAILED']);
  });
});
