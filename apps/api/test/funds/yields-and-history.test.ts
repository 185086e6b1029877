import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FundDetail, FundSummary, NavPoint } from '@portal/contract/funds/catalogue';
import { makeInvestor, makeOperator, type TestUser } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, createFund, dailyNavs, errorOf, issuesOf, putNavs } from './fund-helpers';

/**
 * Yields (decision 021): the latest NAV against the last NAV on or before the window's start (6 and 12
 * calendar months back from the latest NAV's date, the day clamped to the month's end), all time against
 * the first NAV; two decimals, half-even; null when the history is too short. And the share value chart's
 * ranges, oldest first.
 */
let t: TestApp;
let operator: TestUser;
let investor: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2025-09-01T08:00:00Z');
  operator = await makeOperator(t, 'admin');
  investor = await makeInvestor(t);
});
afterAll(async () => {
  await t.close();
});

const yieldsOf = async (fundId: string) =>
  (await call(t, investor.cookie, 'GET', `/funds/${fundId}`)).json<FundDetail>().yields;

const history = async (fundId: string, range?: string) => {
  const res = await call(t, investor.cookie, 'GET', `/funds/${fundId}/navs${range ? `?range=${range}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ range: string; points: NavPoint[] }>();
};

describe('yields', () => {
  it('compares the latest NAV with the last NAV on or before each window start', async () => {
    const f = await createFund(t, operator.cookie);
    await putNavs(t, f.id, [
      ['2024-01-10', 1_000n],
      ['2024-06-14', 1_100n], // the last on or before 2024-06-15: twelve months
      ['2024-06-16', 1_150n],
      ['2024-12-15', 1_200n], // exactly six months before
      ['2025-03-01', 1_300n],
      ['2025-06-15', 1_234n], // the latest
    ]);
    // 6 months: 1234 / 1200 − 1 = 2.8333 %; 12 months: 1234 / 1100 − 1 = 12.1818 %; all: 23.40 %
    expect(await yieldsOf(f.id)).toEqual({ sixMonths: '2.83', twelveMonths: '12.18', allTime: '23.40' });
    const listed = (await call(t, investor.cookie, 'GET', '/funds')).json<{ items: FundSummary[] }>().items;
    expect(listed.find((x) => x.id === f.id)).toMatchObject({
      latestNav: { navDate: '2025-06-15', nav: '1234' },
      yields: { sixMonths: '2.83', twelveMonths: '12.18', allTime: '23.40' },
    });
  });

  it("counts months back from the month's end, clamped (31 August − 6 months = 28 February)", async () => {
    const f = await createFund(t, operator.cookie);
    await putNavs(t, f.id, [
      ['2025-02-28', 500n],
      ['2025-03-01', 999n],
      ['2025-08-31', 525n],
    ]);
    // 6 months: 525 / 500 − 1 = 5 %; 12 months: nothing on or before 2024-08-31
    expect(await yieldsOf(f.id)).toEqual({ sixMonths: '5.00', twelveMonths: null, allTime: '5.00' });
  });

  it('a fall is a negative yield, rounded half-even to two decimals', async () => {
    const f = await createFund(t, operator.cookie);
    // 80001 / 80000 − 1 = 0.00125 % → 0.00 (half-even); 792 / 800 − 1 = −1 %
    await putNavs(t, f.id, [
      ['2025-01-01', 80_000n],
      ['2025-08-01', 80_001n],
    ]);
    expect(await yieldsOf(f.id)).toEqual({ sixMonths: '0.00', twelveMonths: null, allTime: '0.00' });
    const g = await createFund(t, operator.cookie);
    await putNavs(t, g.id, [
      ['2025-05-01', 800n],
      ['2025-08-01', 792n],
    ]);
    expect(await yieldsOf(g.id)).toEqual({ sixMonths: null, twelveMonths: null, allTime: '-1.00' });
  });

  it('a single NAV or none gives no yield', async () => {
    const one = await createFund(t, operator.cookie);
    await putNavs(t, one.id, [['2025-08-01', 1_000n]]);
    expect(await yieldsOf(one.id)).toEqual({ sixMonths: null, twelveMonths: null, allTime: null });
    const none = await createFund(t, operator.cookie);
    expect(await yieldsOf(none.id)).toEqual({ sixMonths: null, twelveMonths: null, allTime: null });
  });

  it('a USDT fund answers NAVs with six decimals at most', async () => {
    const f = await createFund(t, operator.cookie, {
      currency: 'USDT',
      fees: { purchaseFixedFee: '0', managementFeeBps: 0, redeemFixedFee: '0', performanceFeeBps: 0 },
      limits: { minPurchase: '10', maxPurchase: null, minRedeemUnits: '1' },
    });
    await putNavs(t, f.id, [
      ['2025-02-01', 1_000_000n],
      ['2025-08-01', 1_234_567n],
    ]);
    const detail = (await call(t, investor.cookie, 'GET', `/funds/${f.id}`)).json<FundDetail>();
    expect(detail.latestNav).toEqual({ navDate: '2025-08-01', nav: '1.234567' });
    expect(detail.yields).toEqual({ sixMonths: '23.46', twelveMonths: null, allTime: '23.46' });
  });
});

describe('the share value chart', () => {
  let daily: string;
  beforeAll(async () => {
    daily = (await createFund(t, operator.cookie)).id;
    // 2024-05-01 … 2025-06-15, NAV 10,000 + n on the nth day
    await putNavs(
      t,
      daily,
      dailyNavs('2024-05-01', '2025-06-15', (n) => 10_000n + BigInt(n)),
    );
  });

  it('1d is the last two NAVs, oldest first', async () => {
    expect(await history(daily, '1d')).toEqual({
      range: '1d',
      points: [
        { navDate: '2025-06-14', nav: '10409' },
        { navDate: '2025-06-15', nav: '10410' },
      ],
    });
  });

  it('1w, 1m and 1y run from the window start to the latest NAV', async () => {
    const w = await history(daily, '1w');
    expect(w.points.map((p) => p.navDate)).toEqual([
      '2025-06-08',
      '2025-06-09',
      '2025-06-10',
      '2025-06-11',
      '2025-06-12',
      '2025-06-13',
      '2025-06-14',
      '2025-06-15',
    ]);
    const m = await history(daily, '1m');
    expect(m.points).toHaveLength(32);
    expect(m.points[0]).toEqual({ navDate: '2025-05-15', nav: '10379' });
    const y = await history(daily, '1y');
    expect(y.points).toHaveLength(366);
    expect(y.points[0]!.navDate).toBe('2024-06-15');
    expect(y.points.at(-1)).toEqual({ navDate: '2025-06-15', nav: '10410' });
  });

  it('all is every NAV; the default range is a month', async () => {
    const all = await history(daily, 'all');
    expect(all.points).toHaveLength(411);
    expect(all.points[0]).toEqual({ navDate: '2024-05-01', nav: '10000' });
    const def = await history(daily);
    expect(def.range).toBe('1m');
    expect(def.points).toHaveLength(32);
  });

  it('starts at the last NAV on or before the window start when that day has none', async () => {
    const f = await createFund(t, operator.cookie);
    await putNavs(t, f.id, [
      ['2025-06-01', 100n],
      ['2025-06-05', 105n],
      ['2025-06-10', 110n],
      ['2025-06-15', 115n],
    ]);
    expect((await history(f.id, '1w')).points).toEqual([
      { navDate: '2025-06-05', nav: '105' },
      { navDate: '2025-06-10', nav: '110' },
      { navDate: '2025-06-15', nav: '115' },
    ]);
    // a history shorter than the window: all of it
    expect((await history(f.id, '1y')).points).toHaveLength(4);
    expect((await history(f.id, '1d')).points).toEqual([
      { navDate: '2025-06-10', nav: '110' },
      { navDate: '2025-06-15', nav: '115' },
    ]);
  });

  it('a fund without NAVs has an empty chart; an unknown range is refused', async () => {
    const f = await createFund(t, operator.cookie);
    for (const range of ['1d', '1w', '1m', '1y', 'all']) expect((await history(f.id, range)).points).toEqual([]);
    const res = await call(t, investor.cookie, 'GET', `/funds/${f.id}/navs?range=5y`);
    expect(errorOf(res)).toEqual([400, 'VALIDATION_FAILED']);
    expect(issuesOf(res)).toEqual(['querystring.range select']);
  });
});
