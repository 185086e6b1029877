import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TetherQuote, TetherTrade } from '@portal/contract/tether/market';
import { queryRows } from '../../src/db/client';
import { createSecondInstance, createTestApp, type TestApp } from '../helpers/app';
import { balanceOf, expectLedgerSound } from '../helpers/ledger';
import { buyer, post } from '../fund-orders/fund-order-helpers';
import { settableSource } from './tether-helpers';

/**
 * Issue 17 "Done when": one quote executed many times at once, on two instances, trades once (PostgreSQL
 * only: PGlite runs one statement at a time).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    adapters: { priceSources: [settableSource('nobitex', 1_000_000n), settableSource('wallex', 1_000_000n)] },
  });
  await t.app.tetherPrices.takePrice(t.clock.now);
});
afterAll(async () => {
  await expectLedgerSound(t.database.db);
  await t.close();
});

const tradesOfQuote = async (quoteId: string) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM tether_trades WHERE quote_id = ${quoteId}`,
    )
  )[0]!.n;

describe('one quote executed at once (PostgreSQL)', () => {
  it('with different keys on two instances: one trade, the others QUOTE_ALREADY_EXECUTED', async () => {
    const second = await createSecondInstance(t);
    try {
      const u = await buyer(t, 1_000_000n);
      const q = (
        await post(t, u.cookie, '/tether/quotes', { side: 'buy', fiat: 'IRT', amountOf: 'pay', amount: '400000' }, null)
      ).json<TetherQuote>();
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          post(t, u.cookie, `/tether/quotes/${q.id}/execute`, {}, randomUUID(), i % 2 ? second.app : t.app),
        ),
      );
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      for (const r of results.filter((r) => r.statusCode !== 201)) {
        expect(r.json<{ code: string }>().code).toBe('QUOTE_ALREADY_EXECUTED');
      }
      expect(await tradesOfQuote(q.id)).toBe(1);
      expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(600_000n);
    } finally {
      await second.close();
    }
  });

  it('with one key: one trade and the same answer to every request', async () => {
    const u = await buyer(t, 1_000_000n);
    const q = (
      await post(t, u.cookie, '/tether/quotes', { side: 'buy', fiat: 'IRT', amountOf: 'pay', amount: '300000' }, null)
    ).json<TetherQuote>();
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => post(t, u.cookie, `/tether/quotes/${q.id}/execute`, {}, key)),
    );
    const ids = new Set(results.map((r) => (r.statusCode === 201 ? r.json<TetherTrade>().id : r.statusCode)));
    expect([...ids]).toHaveLength(1);
    expect(await tradesOfQuote(q.id)).toBe(1);
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(700_000n);
  });

  it('two quotes of one user at once never pass the daily limit together', async () => {
    const u = await buyer(t, 1_000_000n);
    await t.database.db.execute(
      sql`UPDATE tether_market_settings SET daily_limit_toman = '{"1":"500000","2":"2000000000"}'::jsonb WHERE id = 1`,
    );
    try {
      const body = { side: 'buy', fiat: 'IRT', amountOf: 'pay', amount: '300000' };
      const [a, b] = await Promise.all([
        post(t, u.cookie, '/tether/quotes', body, null),
        post(t, u.cookie, '/tether/quotes', body, null),
      ]);
      const results = await Promise.all(
        [a, b].map((q) => post(t, u.cookie, `/tether/quotes/${q.json<TetherQuote>().id}/execute`, {}, randomUUID())),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
      expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(700_000n);
    } finally {
      await t.database.db.execute(
        sql`UPDATE tether_market_settings SET daily_limit_toman = '{"1":"200000000","2":"2000000000"}'::jsonb WHERE id = 1`,
      );
    }
  });
});
