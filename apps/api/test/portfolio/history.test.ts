import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitCurrency } from '@portal/contract/funds/funds';
import { tehranDateOf } from '@portal/contract/funds/orders';
import { queryRows } from '../../src/db/client';
import { fundLots, fundNavs, tetherCandles } from '../../src/db/schema';
import { rebuildDays, runPortfolioSnapshotJob } from '../../src/modules/portfolio/portfolio.service';
import { addDays, dayStart } from '../../src/modules/portfolio/valuation';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectLedgerSound } from '../helpers/ledger';
import { settableSource } from '../tether/tether-helpers';
import { buy, buyer, createFund, credit, publishNav } from '../fund-orders/fund-order-helpers';
import { history, pnl, postAt, state, tehranTime } from './portfolio-helpers';

/**
 * Profit over windows and day by day (issue 19, decision 041), from a history written at past instants:
 * a deposit 35 days ago, a purchase of 20 units 20 days ago (10,000 toman of it a fee), a withdrawal 3 days
 * ago, a deposit today; the fund's NAV rises 100 toman a day. By hand (k days ago):
 *   value(k) = 0 (k > 35); 1,000,000 (20 < k ≤ 35); 1,000,000 − 2,000k (3 < k ≤ 20); 900,000 − 2,000k (0 < k ≤ 3);
 *   today 350,000 cash + 20 × 30,000 = 950,000.
 * So every day since the purchase gains 2,000; the purchase day lost 40,000 (the fee and the 30,000 the
 * units were worth less than paid for at that day's NAV of 28,000, as the history says).
 */
let t: TestApp;
const source = settableSource('nobitex', 1_000_000n);

beforeAll(async () => {
  t = await createTestApp({ adapters: { priceSources: [source] } });
});
afterAll(async () => {
  await expectLedgerSound(t.database.db);
  await t.close();
});

const navOf = (k: number) => BigInt(30_000 - 100 * k);

describe('profit over 1, 7, 30 days and all time', () => {
  it('is the change in value less the money in, in toman and in tether, with the day-by-day history', async () => {
    const T = tehranDateOf(t.clock.now);
    const day = (k: number) => addDays(T, -k);
    const fund = await createFund(t, { category: 'crypto' });
    await t.database.db
      .insert(fundNavs)
      .values(Array.from({ length: 41 }, (_, k) => ({ fundId: fund.id, navDate: day(k), nav: navOf(k) })));
    // The tether price: 1,000,000 rials every day (day candles), so a toman is 0.00001 tether.
    await t.database.db.insert(tetherCandles).values(
      Array.from({ length: 41 }, (_, k) => {
        const start = dayStart(day(k));
        return {
          interval: '1d' as const,
          start,
          open: 1_000_000n,
          high: 1_000_000n,
          low: 1_000_000n,
          close: 1_000_000n,
        };
      }),
    );
    const u = await buyer(t, 0n);
    const U = unitCurrency(fund.id);
    await postAt(t, tehranTime(day(35)), 'Payment', [
      { system: 'bank_settlement', currency: 'IRT', amount: -1_000_000n },
      { user: u.userId, currency: 'IRT', amount: 1_000_000n },
    ]);
    const boughtAt = tehranTime(day(20));
    await postAt(t, boughtAt, 'BuyFund', [
      { user: u.userId, currency: 'IRT', amount: -600_000n },
      { system: 'fund_custody', currency: 'IRT', amount: 590_000n },
      { system: 'fees', currency: 'IRT', amount: 10_000n },
      { system: 'fund_units', currency: U, amount: -200_000n },
      { user: u.userId, currency: U, amount: 200_000n },
    ]);
    await t.database.db.insert(fundLots).values({
      userId: u.userId,
      fundId: fund.id,
      unitsIssued: 200_000n,
      unitsRemaining: 200_000n,
      nav: 29_500n,
      issuedAt: boughtAt,
    });
    await postAt(t, tehranTime(day(3)), 'WithdrawalFromTomanWallet', [
      { user: u.userId, currency: 'IRT', amount: -100_000n },
      { system: 'bank_settlement', currency: 'IRT', amount: 100_000n },
    ]);
    await credit(t, u.userId, 50_000n);

    const s = await state(t, u.cookie);
    expect(s.total).toBe('950000');
    expect(s.holdings.find((h) => h.fundId === fund.id)).toMatchObject({
      quantity: '20.0000',
      value: '600000',
      costBasis: '590000',
      gain: '10000',
      kind: 'funds',
    });
    expect(s.pnl.map(({ window, from, profit, netFlow }) => ({ window, from, profit, netFlow }))).toEqual([
      { window: '1d', from: T, profit: '2000', netFlow: '50000' },
      { window: '7d', from: day(6), profit: '14000', netFlow: '-50000' },
      { window: '30d', from: day(29), profit: '0', netFlow: '-50000' },
      { window: 'all', from: day(35), profit: '0', netFlow: '950000' },
    ]);

    // Time-weighted: each day's gain over what was invested in it (the money of the day counted from its start).
    const value = (k: number) =>
      k === 0 ? 950_000 : k > 35 ? 0 : k > 20 ? 1_000_000 : k > 3 ? 1_000_000 - 2_000 * k : 900_000 - 2_000 * k;
    const flow = (k: number) => (k === 35 ? 1_000_000 : k === 3 ? -100_000 : k === 0 ? 50_000 : 0);
    const twr = (from: number) => {
      let g = 1;
      for (let k = from; k >= 0; k -= 1) {
        const base = value(k + 1) + flow(k) > 0 ? value(k + 1) + flow(k) : value(k + 1);
        if (base > 0) g *= 1 + (value(k) - value(k + 1) - flow(k)) / base;
      }
      return g - 1;
    };
    expect(pnl(s, '1d').twr).toBeCloseTo(2_000 / 948_000, 8);
    expect(pnl(s, '7d').twr).toBeCloseTo(twr(6), 8);
    expect(pnl(s, '30d').twr).toBeCloseTo(twr(29), 8);
    expect(pnl(s, 'all').twr).toBeCloseTo(twr(35), 8);
    // Money-weighted: 1,000,000 in 35 days ago, 100,000 out 3 days ago, 50,000 in today, 950,000 held now:
    // nothing gained over the whole time, so the rate is 0.
    expect(pnl(s, 'all').xirr).toBeCloseTo(0, 6);
    // Over 7 days: 986,000 at the start, 100,000 out, 50,000 in, 950,000 now: a gain of 14,000 in a week.
    expect(pnl(s, '7d').xirr).toBeGreaterThan(0.5);
    expect(pnl(s, '1d').xirr).toBeNull();

    const week = await history(t, u.cookie, 'IRT', 7);
    expect(week.days).toEqual(
      [6, 5, 4, 3, 2, 1, 0].map((k) => ({
        date: day(k),
        value: String(value(k)),
        netFlow: String(flow(k)),
        profit: '2000',
      })),
    );
    expect(week.profit).toBe('14000');
    expect(week.profitRatio).toBeCloseTo(14_000 / 986_000, 8);
    const month = await history(t, u.cookie, 'IRT', 30);
    expect(month.days).toHaveLength(30);
    expect(month.profit).toBe('0');
    const year = await history(t, u.cookie, 'IRT', 365);
    expect(year.days).toHaveLength(365);
    expect(year.days.slice(0, 329).every((d) => d.value === '0' && d.profit === '0')).toBe(true);
    expect(year.days[329]).toEqual({ date: day(35), value: '1000000', netFlow: '1000000', profit: '0' });
    expect(year.days[344]).toEqual({ date: day(20), value: '960000', netFlow: '0', profit: '-40000' });

    // In tether at 100,000 toman a tether, every day of the history: 14,000 toman = 0.14 tether.
    await t.app.tetherPrices.takePrice(t.clock.now);
    const usdt = await state(t, u.cookie, 'USDT');
    expect(usdt.total).toBe('9.5');
    expect(pnl(usdt, '7d')).toMatchObject({ profit: '0.14', netFlow: '-0.5' });
    expect((await history(t, u.cookie, 'USDT', 7)).days.map((d) => d.profit)).toEqual(Array(7).fill('0.02'));

    // The days were rebuilt once and stored: 35 days before today (yesterday not yet in the first ten minutes
    // of a day, while a transaction begun before midnight may still be committing).
    const settled = t.clock.now.getTime() - dayStart(T).getTime() >= 10 * 60_000;
    const [stored] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM portfolio_snapshots WHERE user_id = ${u.userId}`,
    );
    expect(stored!.n).toBe(settled ? 35 : 34);
  });
});

describe('the daily snapshot', () => {
  it('rebuilds a past day to exactly what the live state said that day, by the job and on demand', async () => {
    const D = tehranDateOf(t.clock.now);
    source.set(1_234_567n);
    await t.app.tetherPrices.takePrice(t.clock.now);
    const fund = await createFund(t, { category: 'gold_silver', purchaseFixedFee: 3_000n });
    await publishNav(t, fund.id, 12_345n);
    const u = await buyer(t, 2_000_000n);
    await credit(t, u.userId, 7_000_000n, 'USDT'); // 7 tether
    await buy(t, u, fund.id, '777777');
    const live = { IRT: await state(t, u.cookie, 'IRT'), USDT: await state(t, u.cookie, 'USDT') };
    expect(live.IRT.heldKinds).toEqual(['metals', 'wallet']);

    // The next day: a new NAV, a new price, a deposit; the day that ended is rebuilt from the history.
    t.clock.advance(24 * 3600);
    const next = tehranDateOf(t.clock.now);
    expect(next).toBe(addDays(D, 1));
    await publishNav(t, fund.id, 13_000n, next);
    source.set(1_500_000n);
    await t.app.tetherPrices.takePrice(t.clock.now);

    const [rebuilt] = await rebuildDays(t.database.db, u.userId, D, D);
    expect(rebuilt).toMatchObject({ day: D, holding: true });
    const round = (x: string, scale: number) => {
      const v = BigInt(x);
      const unit = 10n ** 12n;
      const q = v / unit;
      const r = v % unit;
      const minor = r * 2n > unit || (r * 2n === unit && q % 2n === 1n) ? q + 1n : q;
      return scale === 0 ? minor.toString() : (Number(minor) / 10 ** scale).toFixed(scale).replace(/\.?0+$/, '');
    };
    expect(round(rebuilt!.value_irt!, 0)).toBe(live.IRT.total);
    expect(round(rebuilt!.value_usdt!, 6)).toBe(live.USDT.total);

    // The job writes it; the state of the next day starts its 1-day window from it.
    expect(await runPortfolioSnapshotJob(t.database.db, t.clock.now)).toBeGreaterThanOrEqual(1);
    const [row] = await queryRows<{ value_irt: string; value_usdt: string }>(
      t.database.db,
      sql`SELECT value_irt::text AS value_irt, value_usdt::text AS value_usdt FROM portfolio_snapshots
          WHERE user_id = ${u.userId} AND day = ${D}::date`,
    );
    expect(row).toEqual({ value_irt: rebuilt!.value_irt, value_usdt: rebuilt!.value_usdt });
    // A second run has nothing left to do for this user.
    const again = await runPortfolioSnapshotJob(t.database.db, t.clock.now);
    const [count] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM portfolio_snapshots WHERE user_id = ${u.userId}`,
    );
    expect(count!.n).toBe(1);
    expect(again).toBe(0);

    const nextDay = await state(t, u.cookie, 'IRT');
    // The 1-day profit starts from the snapshot (the live value of the day before): nothing came in since,
    // so it is the change of the total (the NAV's move on the units, the price's on the tether), to the toman.
    expect(pnl(nextDay, '1d')).toMatchObject({ from: next, netFlow: '0' });
    const moved = Number(nextDay.total) - Number(live.IRT.total);
    expect(moved).toBeGreaterThan(0);
    expect(Math.abs(Number(pnl(nextDay, '1d').profit) - moved)).toBeLessThanOrEqual(1);

    // A NAV corrected for that day forgets its holders' snapshots from it on (a trigger); the next request
    // rebuilds the day at the corrected NAV, and the day's value follows it.
    await t.database.db.execute(
      sql`UPDATE fund_navs SET nav = 12000 WHERE fund_id = ${fund.id} AND nav_date = ${D}::date`,
    );
    const [gone] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM portfolio_snapshots WHERE user_id = ${u.userId}`,
    );
    expect(gone!.n).toBe(0);
    const week = await history(t, u.cookie, 'IRT', 7);
    const [corrected] = await rebuildDays(t.database.db, u.userId, D, D);
    expect(corrected!.value_irt).not.toBe(rebuilt!.value_irt);
    expect(week.days.at(-2)).toMatchObject({ date: D, value: round(corrected!.value_irt!, 0) });
  });
});
