import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountResponse } from '@portal/contract/account/account';
import { divRound, fromMinor } from '@portal/contract/core/money';
import { tehranDateOf } from '@portal/contract/funds/orders';
import { queryRows } from '../../src/db/client';
import { fundLots, fundNavs, fundPurchases, funds, users } from '../../src/db/schema';
import { DEMO_MOBILE } from '../../src/seed/demo';
import { seedDemoFunds } from '../../src/seed/demo-funds';
import { DEMO_HOLDING, seedDemoHoldings } from '../../src/seed/demo-holdings';
import { createTestApp, signIn, type TestApp } from '../helpers/app';
import { expectLedgerSound } from '../helpers/ledger';
import { settableSource } from '../tether/tether-helpers';
import { buyer, createFund, credit, errorOf, issuesOf, unitsOf } from '../fund-orders/fund-order-helpers';
import { declared } from '../offline-deposits/offline-helpers';
import { pnl, state } from './portfolio-helpers';

/**
 * `GET /account/portfolio/state` (issue 19, decision 041): the demo investor's gold lot valued by hand from
 * the ledger and the NAV history, in toman and in tether; the empty state; bad input.
 */
let t: TestApp;
/** 1,000,000 rials (100,000 toman) per tether: the source's book is 999,500 / 1,000,500. */
const source = settableSource('nobitex', 1_000_000n);

beforeAll(async () => {
  t = await createTestApp({ adapters: { priceSources: [source] } });
});
afterAll(async () => {
  await expectLedgerSound(t.database.db);
  await t.close();
});

const account = async (cookie: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AccountResponse>();
};

describe('the demo investor', () => {
  it('sees the gold lot valued at the latest NAV, and its gain since purchase, in toman and in tether', async () => {
    const now = t.clock.now;
    await seedDemoFunds(t.database.db, { now });
    await t.database.db.insert(users).values({
      mobile: DEMO_MOBILE,
      firstName: 'کاربر',
      lastName: 'نمایشی',
      referralCode: 'DEMO0000',
      showFillUserInfoPage: false,
      isDemo: true,
    });
    await seedDemoHoldings(t.database.db, now);
    await t.app.tetherPrices.takePrice(now);
    const { cookie } = await signIn(t, '09120000000');

    // By hand, from the ledger and the NAV history.
    const [investor] = await t.database.db.select().from(users).where(eq(users.mobile, DEMO_MOBILE));
    const [fund] = await t.database.db.select().from(funds).where(eq(funds.code, DEMO_HOLDING.fundCode));
    expect(fund!.category).toBe('gold_silver');
    const units =
      (await unitsOf(t.database.db, investor!.id, fund!.id)) +
      (await unitsOf(t.database.db, investor!.id, fund!.id, 'held'));
    const [latest] = await t.database.db
      .select()
      .from(fundNavs)
      .where(and(eq(fundNavs.fundId, fund!.id), sql`${fundNavs.navDate} <= ${tehranDateOf(now)}`))
      .orderBy(sql`${fundNavs.navDate} DESC`)
      .limit(1);
    const [purchase] = await t.database.db.select().from(fundPurchases).where(eq(fundPurchases.userId, investor!.id));
    const [boughtNav] = await t.database.db
      .select()
      .from(fundNavs)
      .where(and(eq(fundNavs.fundId, fund!.id), eq(fundNavs.navDate, purchase!.navDate)));
    const [lot] = await t.database.db.select().from(fundLots).where(eq(fundLots.userId, investor!.id));
    // The lot: every unit bought, at the NAV of the purchase's day as the history has it.
    expect(lot!.unitsRemaining).toBe(units);
    expect(lot!.nav).toBe(boughtNav!.nav);
    const [wallet] = await queryRows<{ balance: string }>(
      t.database.db,
      sql`SELECT sum(balance)::text AS balance FROM ledger_accounts WHERE user_id = ${investor!.id} AND currency = 'IRT'`,
    );
    const change = BigInt(wallet!.balance); // what a whole unit could not take stays in the wallet

    // Toman: units (4 decimals) × NAV (toman), rounded half-even to the toman.
    const valueX4 = units * latest!.nav; // toman × 10⁴
    const costX4 = units * boughtNav!.nav;
    const valueIrt = divRound(valueX4, 10_000n, 'half-even');
    const costIrt = divRound(costX4, 10_000n, 'half-even');
    const gainIrt = divRound(valueX4 - costX4, 10_000n, 'half-even');
    // Tether: toman × 10 rials ÷ 1,000,000 rials per tether, to the micro-tether (half-even).
    const mid = 1_000_000n;
    const toUsdt = (tomanX4: bigint) =>
      fromMinor(divRound(tomanX4 * 10n * 1_000_000n, mid * 10_000n, 'half-even'), 'USDT');

    const irt = await state(t, cookie, 'IRT');
    const gold = irt.holdings.find((h) => h.fundId === fund!.id)!;
    expect(gold).toMatchObject({
      key: `fund:${fund!.id}`,
      kind: 'metals',
      currency: 'IRT',
      quantity: (Number(units) / 1e4).toFixed(4),
      nav: latest!.nav.toString(),
      navDate: latest!.navDate,
      nativeValue: valueIrt.toString(),
      value: valueIrt.toString(),
      costBasis: costIrt.toString(),
      gain: gainIrt.toString(),
      approximate: false,
    });
    expect(Number(gold.value)).toBeGreaterThan(3_000_000);
    expect(gold.gainRatio).toBeCloseTo(Number(valueX4 - costX4) / Number(costX4), 6);
    expect(irt.heldKinds).toEqual(change > 0n ? ['metals', 'wallet'] : ['metals']);
    expect(irt.byKind.metals).toBe(valueIrt.toString());
    expect(irt.total).toBe(divRound(valueX4 + change * 10_000n, 10_000n, 'half-even').toString());
    expect(irt.isEmptyState).toBe(false);
    expect(irt.tetherPrice).toEqual({ mid: '100000', at: now.toISOString() });
    // All time: the 3,000,000 toman of the demo adjustment came in from outside; the rest is gain.
    expect(pnl(irt, 'all')).toMatchObject({
      netFlow: '3000000',
      profit: divRound(valueX4 + change * 10_000n - 3_000_000n * 10_000n, 10_000n, 'half-even').toString(),
    });

    const usdt = await state(t, cookie, 'USDT');
    const goldUsdt = usdt.holdings.find((h) => h.fundId === fund!.id)!;
    expect(goldUsdt).toMatchObject({
      nativeValue: valueIrt.toString(),
      value: toUsdt(valueX4),
      costBasis: toUsdt(costX4),
      gain: toUsdt(valueX4 - costX4),
    });
    expect(usdt.currency).toBe('USDT');
    expect((await account(cookie)).isEmptyState).toBe(false);
  });
});

describe('the empty state', () => {
  it('is true for a new user and false once money came in', async () => {
    const u = await buyer(t, 0n);
    const before = await state(t, u.cookie);
    expect(before).toMatchObject({
      total: '0',
      holdings: [],
      heldKinds: [],
      pendingRequests: 0,
      isEmptyState: true,
      byKind: { funds: '0', metals: '0', baskets: '0', wallet: '0' },
    });
    expect(before.pnl.map((p) => [p.window, p.profit, p.netFlow])).toEqual([
      ['1d', '0', '0'],
      ['7d', '0', '0'],
      ['30d', '0', '0'],
      ['all', '0', '0'],
    ]);
    expect((await account(u.cookie)).isEmptyState).toBe(true);

    await credit(t, u.userId, 250_000n);
    const after = await state(t, u.cookie);
    expect(after).toMatchObject({ total: '250000', heldKinds: ['wallet'], isEmptyState: false });
    expect(after.holdings).toEqual([
      expect.objectContaining({ key: 'wallet:IRT', kind: 'wallet', quantity: '250000', value: '250000', share: 1 }),
    ]);
    // The deposit is money in, not profit.
    expect(pnl(after, '1d')).toMatchObject({ profit: '0', netFlow: '250000' });
    // GET /account was cached before the deposit; its empty state is read beside the cache.
    expect((await account(u.cookie)).isEmptyState).toBe(false);
  });

  it('is false while a request is open, though nothing is held yet', async () => {
    const u = await buyer(t, 0n);
    expect((await account(u.cookie)).isEmptyState).toBe(true);
    await declared(t, u.cookie);
    const s = await state(t, u.cookie);
    expect(s).toMatchObject({ holdings: [], heldKinds: [], pendingRequests: 1, isEmptyState: false });
    expect((await account(u.cookie)).isEmptyState).toBe(false);
  });

  it('counts a wallet purchase waiting for its NAV as a request, and the money held as the wallet', async () => {
    const u = await buyer(t, 1_000_000n);
    const fund = await createFund(t);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/funds/${fund.id}/purchases`,
      headers: { cookie: u.cookie, 'idempotency-key': `k-${u.userId}` },
      payload: { amount: '400000', method: 'wallet', acceptTerms: true, riskAcknowledged: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    const s = await state(t, u.cookie);
    expect(s).toMatchObject({ total: '1000000', heldKinds: ['wallet'], pendingRequests: 1, isEmptyState: false });
  });
});

describe('bad input', () => {
  it('answers VALIDATION_FAILED with the rule the web translates', async () => {
    const u = await buyer(t, 0n);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/account/portfolio/state?currency=XYZ',
      headers: { cookie: u.cookie },
    });
    expect(errorOf(bad)).toEqual([400, 'VALIDATION_FAILED']);
    expect(issuesOf(bad)).toEqual([expect.objectContaining({ path: 'querystring.currency', rule: 'select' })]);
    const days = await t.app.inject({
      method: 'GET',
      url: '/api/account/portfolio/history?currency=IRT&days=5',
      headers: { cookie: u.cookie },
    });
    expect(errorOf(days)).toEqual([400, 'VALIDATION_FAILED']);
    expect(issuesOf(days)).toEqual([expect.objectContaining({ path: 'querystring.days', rule: 'select' })]);
    const cur = await t.app.inject({
      method: 'GET',
      url: '/api/account/portfolio/history?currency=XYZ&days=7',
      headers: { cookie: u.cookie },
    });
    expect(errorOf(cur)).toEqual([400, 'VALIDATION_FAILED']);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/account/portfolio/state' });
    expect(errorOf(anonymous)).toEqual([401, 'UNAUTHENTICATED']);
  });
});
