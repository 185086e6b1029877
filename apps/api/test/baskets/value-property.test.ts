import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BasketDetail } from '@portal/contract/baskets/orders';
import { toMinor } from '@portal/contract/core/money';
import { queryRows } from '../../src/db/client';
import type { BasketDeps } from '../../src/modules/baskets/common';
import { processBasketOrders } from '../../src/modules/baskets/worker.service';
import { createTestApp, type TestApp } from '../helpers/app';
import { balanceOf, expectLedgerSound } from '../helpers/ledger';
import { seedDemoUniverse } from '../helpers/market-doubles';
import { get, post } from '../fund-orders/fund-order-helpers';
import { fakeTrading, paidOrder, setPrice, tetherHolder, USDT } from './basket-helpers';

/**
 * Issue 20 "Done when": a property test that a basket's value always equals its holdings at the latest
 * prices and the ledger balances. Random baskets (weights over the demo universe, amounts, tether share),
 * random price moves, rebalances and closes; after each step the value the API answers is recomputed from
 * the ledger's `B:<basket>:<SYMBOL>` balances and the latest prices alone, and the ledger's invariants are
 * checked (every currency sums to zero, balances equal their postings, no user balance below zero).
 */
let t: TestApp;
let symbols: string[];
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoUniverse(t.database.db, t.clock.now);
  symbols = (
    await queryRows<{ symbol: string }>(
      t.database.db,
      sql`SELECT symbol FROM crypto_assets WHERE last_price IS NOT NULL ORDER BY symbol LIMIT 12`,
    )
  ).map((r) => r.symbol);
});
afterAll(async () => {
  await t.close();
});

/** The value from the ledger and the latest prices only: Σ ⌊balance × price ÷ 10^scale⌋ in tether minor units. */
async function ledgerValue(userId: string, basketId: string): Promise<bigint> {
  const rows = await queryRows<{ symbol: string; balance: string; price: string | null; scale: number | null }>(
    t.database.db,
    sql`SELECT split_part(a.currency, ':', 3) AS symbol, a.balance::text AS balance,
               c.last_price::text AS price, c.quantity_scale AS scale
        FROM ledger_accounts a LEFT JOIN crypto_assets c ON c.symbol = split_part(a.currency, ':', 3)
        WHERE a.user_id = ${userId} AND a.code = 'available' AND a.currency LIKE ${`B:${basketId}:%`}`,
  );
  let total = 0n;
  for (const r of rows) {
    const q = BigInt(r.balance);
    if (r.symbol === 'USDT') {
      total += q;
      continue;
    }
    // price × 10^18 exactly, then ⌊q × price ÷ 10^scale⌋ at six decimals.
    const [int, frac = ''] = r.price!.split('.');
    const p = BigInt(int! + frac.padEnd(18, '0').slice(0, 18));
    total += (q * p) / 10n ** BigInt(r.scale! + 12);
  }
  return total;
}

const weightsArb = fc
  .tuple(
    fc.uniqueArray(fc.integer({ min: 0, max: 11 }), { minLength: 2, maxLength: 6 }),
    fc.integer({ min: 0, max: 60 }),
  )
  .map(([idx, tether]) => ({ idx, tether: tether / 100 }));

const stepArb = fc.oneof(
  fc.record({ kind: fc.constant('price' as const), which: fc.nat(11), factor: fc.integer({ min: 20, max: 400 }) }),
  fc.record({ kind: fc.constant('rebalance' as const) }),
  fc.record({ kind: fc.constant('close' as const) }),
);

describe('a basket’s value is its holdings at the latest prices, and the ledger balances', () => {
  it('holds through random baskets, price moves, rebalances and closes', async () => {
    await fc.assert(
      fc.asyncProperty(
        weightsArb,
        fc.integer({ min: 1000, max: 40_000 }),
        fc.array(stepArb, { minLength: 1, maxLength: 5 }),
        async (w, amount, steps) => {
          const chosen = w.idx.map((i) => symbols[i % symbols.length]!);
          const share = (1 - w.tether) / chosen.length;
          const binance = fakeTrading(t, 'binance');
          const deps: BasketDeps = {
            ...t.app.baskets,
            trading: { binance },
            construct: () => ({
              ok: true,
              weights: chosen.map((symbol) => ({ symbol, weight: share })),
              tetherWeight: w.tether,
              expectedVolatility: 0.4,
              expectedReturn: 0.1,
              riskParityVolatility: 0.4,
              shrinkage: 0.3,
              backtest: [],
              asOf: '2026-01-01',
              assetsConsidered: chosen.length,
            }),
          };
          const u = await tetherHolder(t, USDT(amount));
          const o = await paidOrder(t, u, { amount: String(amount), exchanges: ['binance'] });
          await processBasketOrders(deps);
          const check = async () => {
            const basket = (await get(t, u.cookie, `/baskets/${o.id}`)).json<BasketDetail>();
            if (basket.holding === 'held') {
              expect(toMinor(basket.value!, 'USDT')).toBe(await ledgerValue(u.userId, o.id));
              const sum = basket.holdings.reduce((s, h) => s + toMinor(h.value!, 'USDT'), 0n);
              expect(sum).toBe(toMinor(basket.value!, 'USDT'));
            } else if (basket.holding === 'closed') {
              expect(await ledgerValue(u.userId, o.id)).toBe(0n);
            }
            await expectLedgerSound(t.database.db);
            return basket;
          };
          const built = await check();
          expect(built.status).toBe('Analysed');
          for (const s of steps) {
            if (s.kind === 'price') {
              const symbol = chosen[s.which % chosen.length]!;
              const [row] = await queryRows<{ p: string }>(
                t.database.db,
                sql`SELECT last_price::text AS p FROM crypto_assets WHERE symbol = ${symbol}`,
              );
              const next = ((Number(row!.p) * s.factor) / 100).toPrecision(10);
              await setPrice(t.database.db, symbol, next, t.clock.now);
            } else if (s.kind === 'rebalance') {
              const res = await post(t, u.cookie, `/baskets/${o.id}/rebalance`, {}, randomUUID());
              expect([201, 409]).toContain(res.statusCode);
            } else {
              const before = await balanceOf(t.database.db, u.userId, 'USDT');
              const value = await ledgerValue(u.userId, o.id);
              const res = await post(t, u.cookie, `/baskets/${o.id}/close`, {}, randomUUID());
              if (res.statusCode === 201) {
                const proceeds = (await balanceOf(t.database.db, u.userId, 'USDT')) - before;
                expect(toMinor(res.json<{ proceeds: string }>().proceeds, 'USDT')).toBe(proceeds);
                // Sales lose at most the exchange's fee (and rounding) against the value at the latest prices.
                expect(proceeds).toBeLessThanOrEqual(value);
                expect(proceeds * 1000n).toBeGreaterThanOrEqual(value * 997n - 1000n);
              } else expect(res.json<{ code: string }>().code).toBe('BASKET_CLOSED');
            }
            await check();
          }
        },
      ),
      { numRuns: 8 },
    );
  }, 300_000);
});
