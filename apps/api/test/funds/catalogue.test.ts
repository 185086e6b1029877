import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminFund } from '@portal/contract/admin/funds';
import { EARLY_EXIT_SCHEDULE, type FundDetail, type FundSummary } from '@portal/contract/funds/catalogue';
import { makeInvestor, makeOperator, type TestUser } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, createFund, errorOf, issuesOf, putNavs, txt } from './fund-helpers';

/**
 * The fund catalogue for investors (issue 6, SPEC §2 "Funds"): the list of published funds by invest
 * tab, a fund's page with its fees, limits, top five holdings, licences and documents, and unpublished
 * funds that do not exist for investors.
 */
let t: TestApp;
let operator: TestUser;
let investor: TestUser;
let gold: AdminFund;
let crypto: AdminFund;
let hidden: AdminFund;

beforeAll(async () => {
  t = await createTestApp();
  // 2025-06-15 11:30 in Tehran.
  t.clock.now = new Date('2025-06-15T08:00:00Z');
  operator = await makeOperator(t, 'admin');
  investor = await makeInvestor(t);
  gold = await createFund(t, operator.cookie, {
    sortOrder: 2,
    assetAllocation: [
      { label: txt('Cash'), percent: '2' },
      { label: txt('Bullion'), percent: '60.5' },
      { label: txt('Coins'), percent: '15' },
      { label: txt('Certificates'), percent: '12' },
      { label: txt('Bonds'), percent: '8' },
      { label: txt('Other'), percent: '2.5' },
    ],
    licences: [{ title: txt('Licence'), number: 'SEO-1', issuer: txt('SEO'), issuedOn: '۲۰۲۳-۰۵-۱۴' }],
    documents: [{ title: txt('Prospectus'), url: 'https://example.org/p.pdf' }],
  });
  crypto = await createFund(t, operator.cookie, {
    kind: 'index',
    preset: 'faraz',
    category: 'crypto',
    fundType: 1,
    risk: 60,
    currency: 'USDT',
    name: txt('Crypto index'),
    fees: { purchaseFixedFee: '0.5', managementFeeBps: 150, redeemFixedFee: '0.25', performanceFeeBps: 0 },
    limits: { minPurchase: '10', maxPurchase: null, minRedeemUnits: '0.0001' },
    sortOrder: 1,
  });
  hidden = await createFund(t, operator.cookie, { published: false, name: txt('Hidden fund') });
  await putNavs(t, gold.id, [
    ['2025-06-14', 151_000n],
    ['2025-06-15', 152_300n],
  ]);
  await putNavs(t, crypto.id, [['2025-06-14', 1_250_000n]]);
  await putNavs(t, hidden.id, [['2025-06-15', 1_000n]]);
});
afterAll(async () => {
  await t.close();
});

describe('the list', () => {
  it('lists published funds only, in their order, with the latest NAV in the fund currency', async () => {
    const res = await call(t, investor.cookie, 'GET', '/funds');
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json<{ items: FundSummary[] }>().items;
    expect(items.map((f) => f.id)).toEqual([crypto.id, gold.id]);
    expect(items[0]).toEqual({
      id: crypto.id,
      code: crypto.code,
      kind: 'index',
      preset: 'faraz',
      fundType: 1,
      category: 'crypto',
      risk: 60,
      currency: 'USDT',
      name: txt('Crypto index'),
      summary: txt('A gold fund for tests'),
      latestNav: { navDate: '2025-06-14', nav: '1.25' },
      yields: { sixMonths: null, twelveMonths: null, allTime: null },
      buyingPaused: false,
      redeemingPaused: false,
      minPurchase: '10',
      isDemo: false,
    });
    expect(items[1]).toMatchObject({ latestNav: { navDate: '2025-06-15', nav: '152300' }, minPurchase: '100000' });
  });

  it('filters by invest tab', async () => {
    const byTab = async (category: string) =>
      (await call(t, investor.cookie, 'GET', `/funds?category=${category}`))
        .json<{ items: FundSummary[] }>()
        .items.map((f) => f.id);
    expect(await byTab('gold_silver')).toEqual([gold.id]);
    expect(await byTab('crypto')).toEqual([crypto.id]);
    expect(await byTab('fixed_income')).toEqual([]);
  });

  it('refuses an unknown tab with a translated rule', async () => {
    const res = await call(t, investor.cookie, 'GET', '/funds?category=stocks');
    expect(errorOf(res)).toEqual([400, 'VALIDATION_FAILED']);
    expect(issuesOf(res)).toEqual(['querystring.category select']);
  });

  it('needs a session', async () => {
    expect(errorOf(await call(t, undefined, 'GET', '/funds'))).toEqual([401, 'UNAUTHENTICATED']);
    expect(errorOf(await call(t, undefined, 'GET', `/funds/${gold.id}`))).toEqual([401, 'UNAUTHENTICATED']);
  });
});

describe("a fund's page", () => {
  it('answers about, fees with the early-exit schedule, limits, the top five holdings, licences and documents', async () => {
    const res = await call(t, investor.cookie, 'GET', `/funds/${gold.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const f = res.json<FundDetail>();
    expect(f).toMatchObject({
      id: gold.id,
      about: txt('About the gold fund'),
      latestNav: { navDate: '2025-06-15', nav: '152300' },
      yields: { sixMonths: null, twelveMonths: null, allTime: '0.86' },
      fees: {
        purchaseFixedFee: '5000',
        managementFeeBps: 200,
        redeemFixedFee: '2000',
        performanceFeeBps: 1000,
        earlyExit: [
          { monthsHeld: 0, bps: 300 },
          { monthsHeld: 1, bps: 250 },
          { monthsHeld: 2, bps: 200 },
          { monthsHeld: 3, bps: 150 },
          { monthsHeld: 4, bps: 100 },
          { monthsHeld: 5, bps: 50 },
          { monthsHeld: 6, bps: 0 },
        ],
      },
      limits: { minPurchase: '100000', maxPurchase: '50000000', minRedeemUnits: '0.5' },
      licences: [{ title: txt('Licence'), number: 'SEO-1', issuer: txt('SEO'), issuedOn: '2023-05-14' }],
      documents: [{ title: txt('Prospectus'), url: 'https://example.org/p.pdf' }],
      unreadAnnouncements: 0,
      agreementsPending: 0,
      navToday: true,
      openConsultations: [],
    });
    expect(f.fees.earlyExit).toEqual(EARLY_EXIT_SCHEDULE);
    expect(f.assetAllocation).toEqual([
      { label: txt('Bullion'), percent: '60.50' },
      { label: txt('Coins'), percent: '15.00' },
      { label: txt('Certificates'), percent: '12.00' },
      { label: txt('Bonds'), percent: '8.00' },
      { label: txt('Other'), percent: '2.50' },
    ]);
  });

  it("says whether today's NAV is out (a fund priced yesterday only: orders wait)", async () => {
    const f = (await call(t, investor.cookie, 'GET', `/funds/${crypto.id}`)).json<FundDetail>();
    expect(f).toMatchObject({
      navToday: false,
      fees: { purchaseFixedFee: '0.5', redeemFixedFee: '0.25' },
      limits: { minPurchase: '10', maxPurchase: null, minRedeemUnits: '0.0001' },
    });
  });

  it('shows the pause flags as the operators set them', async () => {
    const paused = await createFund(t, operator.cookie, { buyingPaused: true });
    const f = (await call(t, investor.cookie, 'GET', `/funds/${paused.id}`)).json<FundDetail>();
    expect(f).toMatchObject({ buyingPaused: true, redeemingPaused: false, latestNav: null, navToday: false });
  });

  it('an unpublished or unknown fund is 404 on every investor route', async () => {
    for (const id of [hidden.id, randomUUID()]) {
      for (const url of [`/funds/${id}`, `/funds/${id}/navs?range=all`, `/funds/${id}/announcements`]) {
        expect(errorOf(await call(t, investor.cookie, 'GET', url)), url).toEqual([404, 'NOT_FOUND']);
      }
      const consult = await call(t, investor.cookie, 'POST', `/funds/${id}/consultations`, {
        day: 'Tomorrow',
        period: 'Noon',
        phone: '09121234567',
      });
      expect(errorOf(consult)).toEqual([404, 'NOT_FOUND']);
    }
  });

  it('a malformed fund id is a validation error', async () => {
    const res = await call(t, investor.cookie, 'GET', '/funds/not-a-uuid');
    expect(errorOf(res)).toEqual([400, 'VALIDATION_FAILED']);
    expect(issuesOf(res)).toEqual(['params.fundId format']);
  });

  it('a fund unpublished later disappears from the list and its page', async () => {
    const later = await createFund(t, operator.cookie);
    expect((await call(t, investor.cookie, 'GET', `/funds/${later.id}`)).statusCode).toBe(200);
    const res = await call(t, operator.cookie, 'PATCH', `/admin/funds/${later.id}`, { published: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(errorOf(await call(t, investor.cookie, 'GET', `/funds/${later.id}`))).toEqual([404, 'NOT_FOUND']);
    const ids = (await call(t, investor.cookie, 'GET', '/funds'))
      .json<{ items: FundSummary[] }>()
      .items.map((f) => f.id);
    expect(ids).not.toContain(later.id);
  });
});
