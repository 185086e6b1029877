import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FundDetail, FundSummary } from '@portal/contract/funds/catalogue';
import { FUND_CATEGORIES } from '@portal/contract/funds/funds';
import { fundAnnouncements, fundNavs, funds } from '../../src/db/schema';
import {
  DEMO_FUNDS,
  DEMO_NAV_HISTORY_DAYS,
  demoNextNav,
  demoStepPpm,
  publishMissingDemoNavs,
  seedDemoFunds,
  startDemoNavJob,
} from '../../src/seed/demo-funds';
import { makeInvestor, makeOperator, type TestUser } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/app';
import { auditOf, call, createFund, navsOf, putNavs } from './fund-helpers';

/**
 * The embedded demo's fund catalogue (issue 6, decision 021): several demo funds over the three invest
 * tabs with a year of daily NAV up to today, seeded once; and the job that keeps publishing the demo
 * funds' NAV when the demo runs across days, continuing the walk, for demo funds only.
 */
let t: TestApp;
let investor: TestUser;
// 2025-06-15 in Tehran
const NOW = new Date('2025-06-15T06:00:00Z');
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = NOW;
  investor = await makeInvestor(t);
  await seedDemoFunds(t.database.db, { now: NOW });
});
afterAll(async () => {
  await t.close();
});

const demoFunds = () =>
  t.database.db
    .select()
    .from(funds)
    .where(
      inArray(
        funds.code,
        DEMO_FUNDS.map((d) => d.values.code),
      ),
    );

describe('seeding', () => {
  it('creates the demo funds, labelled demo, over the three tabs, each with a year and a day of NAV to today', async () => {
    const rows = await demoFunds();
    expect(rows).toHaveLength(DEMO_FUNDS.length);
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(new Set(rows.map((f) => f.category))).toEqual(new Set(FUND_CATEGORIES));
    expect(new Set(rows.map((f) => f.currency))).toEqual(new Set(['IRT', 'USDT']));
    expect(new Set(rows.map((f) => f.kind)).size).toBeGreaterThanOrEqual(5);
    for (const f of rows) {
      expect(f).toMatchObject({ isDemo: true, published: true });
      expect(f.name.en).toContain('demo');
      const navs = await navsOf(t.database.db, f.id);
      expect(navs).toHaveLength(DEMO_NAV_HISTORY_DAYS);
      expect(navs[0]!.navDate).toBe('2024-06-15');
      expect(navs.at(-1)!.navDate).toBe('2025-06-15');
      expect(navs.every((n) => n.nav > 0n)).toBe(true);
      const announcements = await t.database.db
        .select()
        .from(fundAnnouncements)
        .where(eq(fundAnnouncements.fundId, f.id));
      expect(announcements.filter((a) => a.kind === 'report')).toHaveLength(1);
      expect(announcements.filter((a) => a.kind === 'announcement').length).toBeGreaterThanOrEqual(1);
      expect(await auditOf(t.database.db, 'fund.demo_seeded', f.id)).toHaveLength(1);
    }
    const all = await t.database.db.select().from(fundAnnouncements);
    expect(all.some((a) => a.requiresAgreement)).toBe(true);
  });

  it('walks each NAV from the day before by the seeded step (deterministic by code and date)', async () => {
    const d = DEMO_FUNDS[0]!;
    const [f] = await t.database.db.select().from(funds).where(eq(funds.code, d.values.code));
    const navs = await navsOf(t.database.db, f!.id);
    expect(navs[0]!.nav).toBe(d.startNav);
    for (let i = 1; i < navs.length; i++) {
      const step = demoStepPpm(d.values.code, navs[i]!.navDate, d.driftPpm, d.volatilityPpm);
      expect(navs[i]!.nav).toBe(demoNextNav(navs[i - 1]!.nav, step));
    }
    expect(demoStepPpm('x', '2025-01-01', 100, 1000)).toBe(demoStepPpm('x', '2025-01-01', 100, 1000));
  });

  it('investors see every demo fund with yields for every window, each fund its own', async () => {
    const items = (await call(t, investor.cookie, 'GET', '/funds')).json<{ items: FundSummary[] }>().items;
    expect(items).toHaveLength(DEMO_FUNDS.length);
    for (const f of items) {
      expect(f.isDemo).toBe(true);
      expect(f.latestNav?.navDate).toBe('2025-06-15');
      expect(f.yields.sixMonths).not.toBeNull();
      expect(f.yields.twelveMonths).not.toBeNull();
      expect(f.yields.allTime).toBe(f.yields.twelveMonths);
    }
    expect(new Set(items.map((f) => f.yields.twelveMonths)).size).toBe(items.length);
    const page = (await call(t, investor.cookie, 'GET', `/funds/${items[0]!.id}`)).json<FundDetail>();
    expect(page).toMatchObject({ navToday: true });
    expect(page.assetAllocation.length).toBeLessThanOrEqual(5);
    expect(page.licences.length).toBeGreaterThanOrEqual(1);
    expect(page.documents[0]!.url).toMatch(/^https:\/\/example\.org\/demo\//);
  });

  it('a second seeding changes nothing', async () => {
    const count = async () => (await t.database.db.select().from(fundNavs)).length;
    const before = { navs: await count(), funds: (await demoFunds()).map((f) => f.updatedAt.toISOString()) };
    await seedDemoFunds(t.database.db, { now: new Date(NOW.getTime() + 2 * DAY) });
    expect({ navs: await count(), funds: (await demoFunds()).map((f) => f.updatedAt.toISOString()) }).toEqual(before);
  });
});

describe('the demo NAV job', () => {
  it("publishes each missing date up to today for demo funds only, continuing the walk; then nothing's missing", async () => {
    const operator = await makeOperator(t, 'admin');
    const real = await createFund(t, operator.cookie);
    await putNavs(t, real.id, [['2025-06-15', 1_000n]]);
    const later = new Date(NOW.getTime() + 3 * DAY);
    const published = await publishMissingDemoNavs(t.database.db, later);
    expect(published).toHaveLength(3 * DEMO_FUNDS.length);
    for (const d of DEMO_FUNDS) {
      const [f] = await t.database.db.select().from(funds).where(eq(funds.code, d.values.code));
      const navs = await navsOf(t.database.db, f!.id);
      expect(navs.slice(-4).map((n) => n.navDate)).toEqual(['2025-06-15', '2025-06-16', '2025-06-17', '2025-06-18']);
      for (let i = navs.length - 3; i < navs.length; i++) {
        const step = demoStepPpm(d.values.code, navs[i]!.navDate, d.driftPpm, d.volatilityPpm);
        expect(navs[i]!.nav).toBe(demoNextNav(navs[i - 1]!.nav, step));
      }
      expect(published.filter((p) => p.fundId === f!.id).map((p) => p.navDate)).toEqual([
        '2025-06-16',
        '2025-06-17',
        '2025-06-18',
      ]);
    }
    expect(await navsOf(t.database.db, real.id)).toHaveLength(1);
    expect(await publishMissingDemoNavs(t.database.db, later)).toEqual([]);
  });

  it('runs at start, hands each published date to the pricing hook, and stops', async () => {
    const calls: [string, string][] = [];
    const later = new Date(NOW.getTime() + 4 * DAY);
    const stop = startDemoNavJob({
      db: t.database.db,
      log: { error: () => undefined, info: () => undefined },
      now: () => later,
      onNavPublished: async (fundId, navDate) => {
        calls.push([fundId, navDate]);
      },
    });
    await expect.poll(() => calls.length, { timeout: 10_000 }).toBe(DEMO_FUNDS.length);
    stop();
    expect(new Set(calls.map(([, d]) => d))).toEqual(new Set(['2025-06-19']));
  });
});
