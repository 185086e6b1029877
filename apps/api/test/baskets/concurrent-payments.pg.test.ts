import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BasketOrder } from '@portal/contract/baskets/orders';
import { queryRows } from '../../src/db/client';
import { createSecondInstance, createTestApp, type TestApp } from '../helpers/app';
import { balanceOf, expectLedgerSound } from '../helpers/ledger';
import { seedDemoUniverse } from '../helpers/market-doubles';
import { post } from '../fund-orders/fund-order-helpers';
import { placeOrder, tetherHolder, USDT } from './basket-helpers';

/**
 * Issue 20 "Done when": concurrent payments of one basket order pay it once (PostgreSQL only: PGlite runs
 * one statement at a time).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoUniverse(t.database.db, t.clock.now);
});
afterAll(async () => {
  await expectLedgerSound(t.database.db);
  await t.close();
});

const holdJournals = async (orderId: string) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM ledger_journals WHERE ref_type = 'BasketOrder' AND ref_id = ${orderId} AND memo = 'pay'`,
    )
  )[0]!.n;

describe('one order paid many times at once (PostgreSQL)', () => {
  it('with different keys on two instances: one payment, the others BASKET_ORDER_ALREADY_PAID', async () => {
    const second = await createSecondInstance(t);
    try {
      const u = await tetherHolder(t, USDT(10_000));
      const o = await placeOrder(t, u, { amount: '2000' });
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          post(t, u.cookie, `/basket-orders/${o.id}/pay`, {}, randomUUID(), i % 2 ? second.app : t.app),
        ),
      );
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      for (const r of results.filter((r) => r.statusCode !== 200)) {
        expect(r.json<{ code: string }>().code, r.body).toBe('BASKET_ORDER_ALREADY_PAID');
      }
      expect(await holdJournals(o.id)).toBe(1);
      expect(await balanceOf(t.database.db, u.userId, 'USDT', 'held')).toBe(USDT(2000));
      expect(await balanceOf(t.database.db, u.userId, 'USDT')).toBe(USDT(8000));
    } finally {
      await second.close();
    }
  });

  it('with one key: one payment and the same answer to every request', async () => {
    const u = await tetherHolder(t, USDT(5_000));
    const o = await placeOrder(t, u, { amount: '1500' });
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => post(t, u.cookie, `/basket-orders/${o.id}/pay`, {}, key)),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    expect(new Set(results.map((r) => r.json<BasketOrder>().paidAt)).size).toBe(1);
    expect(await holdJournals(o.id)).toBe(1);
    expect(await balanceOf(t.database.db, u.userId, 'USDT', 'held')).toBe(USDT(1500));
  });

  it('two orders of one wallet that cannot both be paid: exactly one is', async () => {
    const u = await tetherHolder(t, USDT(3_000));
    const a = await placeOrder(t, u, { amount: '2000' });
    const b = await placeOrder(t, u, { amount: '2000' });
    const [ra, rb] = await Promise.all([
      post(t, u.cookie, `/basket-orders/${a.id}/pay`, {}, randomUUID()),
      post(t, u.cookie, `/basket-orders/${b.id}/pay`, {}, randomUUID()),
    ]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 422]);
    expect(await balanceOf(t.database.db, u.userId, 'USDT')).toBe(USDT(1000));
  });
});
