import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FundHolding } from '@portal/contract/funds/orders';
import { tehranDateOf } from '@portal/contract/funds/orders';
import { addMonths, earlyExitBps, formatUnits, quotePurchase } from '@portal/contract/funds/pricing';
import { queryRows } from '../../src/db/client';
import { fundLots, fundPurchases, funds, users } from '../../src/db/schema';
import { navOn } from '../../src/modules/fund-orders/fund-orders.repository';
import { DEMO_MOBILE } from '../../src/seed/demo';
import { seedDemoFunds } from '../../src/seed/demo-funds';
import { DEMO_HOLDING, DEMO_IDENTITY, DEMO_INVESTOR_MOBILE, seedDemoHoldings } from '../../src/seed/demo-holdings';
import { createTestApp, signIn, type TestApp } from '../helpers/app';
import { balanceOf, expectLedgerSound, ledgerCounts } from '../helpers/ledger';
import { expectUnitsConsistent, unitsOf } from '../fund-orders/fund-order-helpers';

/**
 * The demo investor's holding (issue 6): units of the demo gold fund bought seven months ago at that
 * day's NAV, through the orders module with its clock set back; KYC level one and the money for it from
 * a demo adjustment. Seeded once; the lot redeems without the early-exit fee.
 */
let t: TestApp;
const NOW = new Date();

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = NOW;
  await seedDemoFunds(t.database.db, { now: NOW });
});
afterAll(async () => {
  await t.close();
});

const demoInvestor = async () => {
  const [u] = await t.database.db.select().from(users).where(eq(users.mobile, DEMO_MOBILE)).limit(1);
  return u!;
};
const demoFund = async () => {
  const [f] = await t.database.db.select().from(funds).where(eq(funds.code, DEMO_HOLDING.fundCode)).limit(1);
  return f!;
};

describe('seedDemoHoldings', () => {
  it('names the same demo investor as seedDemo', () => {
    expect(DEMO_INVESTOR_MOBILE).toBe(DEMO_MOBILE);
  });

  it('writes nothing without the demo investor', async () => {
    const before = await ledgerCounts(t.database.db);
    await seedDemoHoldings(t.database.db, NOW);
    expect(await ledgerCounts(t.database.db)).toEqual(before);
    expect(await t.database.db.select().from(fundLots)).toEqual([]);
    // The demo investor as seedDemo (demo.ts) makes it: no KYC, no money.
    await t.database.db.insert(users).values({
      mobile: DEMO_MOBILE,
      firstName: 'کاربر',
      lastName: 'نمایشی',
      referralCode: 'DEMO0000',
      showFillUserInfoPage: false,
      isDemo: true,
    });
    const u = await demoInvestor();
    expect(u.kycLevel).toBe(0);
    expect(await balanceOf(t.database.db, u.id, 'IRT')).toBe(0n);
  });

  it('buys the demo fund seven months back at that day’s NAV: one lot, free of the early-exit fee today', async () => {
    await seedDemoHoldings(t.database.db, NOW);
    const u = await demoInvestor();
    const f = await demoFund();
    expect(u).toMatchObject({ kycLevel: 1, kycTrack: 'iranian', nationalCode: DEMO_IDENTITY.nationalCode });

    const [p] = await t.database.db
      .select()
      .from(fundPurchases)
      .where(and(eq(fundPurchases.userId, u.id), eq(fundPurchases.fundId, f.id)));
    const boughtAt = new Date(`${tehranDateOf(addMonths(NOW, -DEMO_HOLDING.monthsAgo))}T06:30:00.000Z`);
    const nav = (await navOn(t.database.db, f.id, tehranDateOf(boughtAt)))!;
    const q = quotePurchase(DEMO_HOLDING.amount, nav, f.purchaseFixedFee)!;
    expect(p).toMatchObject({
      status: 'Successful',
      method: 'wallet',
      amount: DEMO_HOLDING.amount,
      navDate: tehranDateOf(boughtAt),
      nav,
      units: q.units,
      cost: q.cost,
      createdAt: boughtAt,
      pricedAt: boughtAt,
    });
    const lots = await t.database.db.select().from(fundLots).where(eq(fundLots.userId, u.id));
    expect(lots).toHaveLength(1);
    expect(lots[0]).toMatchObject({
      purchaseId: p!.id,
      unitsIssued: q.units,
      unitsRemaining: q.units,
      nav,
      issuedAt: boughtAt,
    });
    expect(earlyExitBps(boughtAt, NOW)).toBe(0n);

    // The wallet kept only the remainder; the units are the investor's.
    expect(await balanceOf(t.database.db, u.id, 'IRT')).toBe(q.remainder);
    expect(await balanceOf(t.database.db, u.id, 'IRT', 'held')).toBe(0n);
    expect(await unitsOf(t.database.db, u.id, f.id)).toBe(q.units);
    const funding = await queryRows<{ memo: string }>(
      t.database.db,
      sql`SELECT memo FROM ledger_journals WHERE ref_type = 'ManualAdjustment' AND ref_id = ${`demo-holding:${DEMO_HOLDING.fundCode}`}`,
    );
    expect(funding).toHaveLength(1);
    expect(funding[0]!.memo).toMatch(/^demo data/);
    await expectLedgerSound(t.database.db);
    await expectUnitsConsistent(t.database.db);

    // What the demo investor sees: the lot is free today, with no early-exit fee.
    const { cookie } = await signIn(t, '09120000000');
    const res = await t.app.inject({ method: 'GET', url: `/api/funds/${f.id}/holding`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const holding = res.json<FundHolding>();
    expect(holding).toMatchObject({ units: formatUnits(q.units), freeUnits: formatUnits(q.units) });
    expect(holding.lots).toEqual([
      expect.objectContaining({ isFree: true, earlyExitBpsToday: 0, earlyExitFeeToday: '0', nav: nav.toString() }),
    ]);
  });

  it('is idempotent: a second start writes nothing', async () => {
    const before = await ledgerCounts(t.database.db);
    await seedDemoHoldings(t.database.db, NOW);
    await seedDemoHoldings(t.database.db, new Date(NOW.getTime() + 86_400_000));
    expect(await ledgerCounts(t.database.db)).toEqual(before);
    const u = await demoInvestor();
    expect(await t.database.db.select().from(fundLots).where(eq(fundLots.userId, u.id))).toHaveLength(1);
  });
});
