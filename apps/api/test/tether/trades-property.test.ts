import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toMinor } from '@portal/contract/core/money';
import type { TetherQuote, TetherTrade } from '@portal/contract/tether/market';
import { queryRows } from '../../src/db/client';
import { createTestApp, type TestApp } from '../helpers/app';
import { balanceOf, expectLedgerSound } from '../helpers/ledger';
import { buyer, credit, post, systemBalance } from '../fund-orders/fund-order-helpers';
import { setMarket, settableSource } from './tether-helpers';

/**
 * Issue 17 "Done when": random quotes and trades, at random prices, spreads and fees, in both directions and
 * both fiats, keep the ledger balanced, and the house's exchange and fee accounts move by exactly the
 * opposite of what the users' wallets moved: the house's tether inventory is the sum of its postings, and
 * no rounding ever gives a user more than the quote's price.
 */
const nobitex = settableSource('nobitex', 1_000_000n);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ adapters: { priceSources: [nobitex] } });
  await setMarket(t, { dailyLimitToman: { '1': '1000000000000' }, minTradeToman: 1n });
});
afterAll(async () => {
  await expectLedgerSound(t.database.db);
  await t.close();
});

const postingsSum = async (code: string, currency: string) =>
  BigInt(
    (
      await queryRows<{ s: string }>(
        t.database.db,
        sql`SELECT COALESCE(SUM(p.amount), 0)::text AS s FROM ledger_postings p
            JOIN ledger_accounts a ON a.id = p.account_id
            WHERE a.user_id IS NULL AND a.code = ${code} AND a.currency = ${currency}`,
      )
    )[0]!.s,
  );

describe('random trades', () => {
  it('keep the ledger balanced and the house the mirror of the users', async () => {
    const u = await buyer(t, 10_000_000_000n);
    await credit(t, u.userId, 100_000_000_000n, 'IRR');
    await credit(t, u.userId, 100_000_000_000n, 'USDT');
    const start = {
      irt: await balanceOf(t.database.db, u.userId, 'IRT'),
      irr: await balanceOf(t.database.db, u.userId, 'IRR'),
      usdt: await balanceOf(t.database.db, u.userId, 'USDT'),
      house: {
        irt: await systemBalance(t.database.db, 'exchange', 'IRT'),
        irr: await systemBalance(t.database.db, 'exchange', 'IRR'),
        usdt: await systemBalance(t.database.db, 'exchange', 'USDT'),
        feesIrt: await systemBalance(t.database.db, 'fees', 'IRT'),
        feesIrr: await systemBalance(t.database.db, 'fees', 'IRR'),
      },
    };
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          mid: fc.bigInt({ min: 100_000n, max: 5_000_000n }),
          spreadBps: fc.integer({ min: 0, max: 500 }),
          feeBps: fc.integer({ min: 0, max: 300 }),
          side: fc.constantFrom('buy', 'sell'),
          fiat: fc.constantFrom('IRT', 'IRR'),
          amountOf: fc.constantFrom('pay', 'receive'),
          fiatAmount: fc.bigInt({ min: 1n, max: 50_000_000n }),
          usdtMinor: fc.bigInt({ min: 1n, max: 500_000_000n }),
        }),
        async (c) => {
          nobitex.set(c.mid, 0n);
          await setMarket(t, { spreadBps: c.spreadBps, feeBps: c.feeBps });
          await t.app.tetherPrices.takePrice(t.clock.now);
          const typedFiat = (c.side === 'buy') === (c.amountOf === 'pay');
          const amount = typedFiat ? c.fiatAmount.toString() : (Number(c.usdtMinor) / 1e6).toFixed(6);
          const q = await post(
            t,
            u.cookie,
            '/tether/quotes',
            { side: c.side, fiat: c.fiat, amountOf: c.amountOf, amount },
            null,
          );
          if (q.statusCode !== 201) {
            // Too small to price at this price is the only refusal these inputs may meet.
            expect(q.json<{ code: string }>().code).toBe('TRADE_BELOW_MINIMUM');
            return;
          }
          const quote = q.json<TetherQuote>();
          const fiatMinor = toMinor(quote.fiatAmount, c.fiat);
          const usdtMinor = toMinor(quote.usdtAmount, 'USDT');
          const price = BigInt(quote.price);
          const rials = c.fiat === 'IRT' ? 10n : 1n;
          // Never better than the quote's price for the user: every rounding is the house's.
          if (c.side === 'buy')
            expect((fiatMinor - toMinor(quote.fee, c.fiat)) * rials * 1_000_000n >= usdtMinor * price).toBe(true);
          else expect((fiatMinor + toMinor(quote.fee, c.fiat)) * rials * 1_000_000n <= usdtMinor * price).toBe(true);
          const res = await post(t, u.cookie, `/tether/quotes/${quote.id}/execute`, {}, randomUUID());
          expect(res.statusCode, res.body).toBe(201);
          expect(res.json<TetherTrade>().usdtAmount).toBe(quote.usdtAmount);
        },
      ),
      { numRuns: 60 },
    );
    const db = t.database.db;
    const moved = {
      irt: (await balanceOf(db, u.userId, 'IRT')) - start.irt,
      irr: (await balanceOf(db, u.userId, 'IRR')) - start.irr,
      usdt: (await balanceOf(db, u.userId, 'USDT')) - start.usdt,
    };
    const house = {
      irt: (await systemBalance(db, 'exchange', 'IRT')) - start.house.irt,
      irr: (await systemBalance(db, 'exchange', 'IRR')) - start.house.irr,
      usdt: (await systemBalance(db, 'exchange', 'USDT')) - start.house.usdt,
      feesIrt: (await systemBalance(db, 'fees', 'IRT')) - start.house.feesIrt,
      feesIrr: (await systemBalance(db, 'fees', 'IRR')) - start.house.feesIrr,
    };
    expect(house.usdt).toBe(-moved.usdt);
    expect(house.irt + house.feesIrt).toBe(-moved.irt);
    expect(house.irr + house.feesIrr).toBe(-moved.irr);
    // The inventory is what its postings say.
    expect(await systemBalance(db, 'exchange', 'USDT')).toBe(await postingsSum('exchange', 'USDT'));
    expect(await systemBalance(db, 'exchange', 'IRT')).toBe(await postingsSum('exchange', 'IRT'));
  });
});
