import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminFund } from '@portal/contract/admin/funds';
import { fundPurchases } from '../../src/db/schema';
import { approvedByAnother, makeInvestor, makeOperator, secondOperator, type TestUser } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/app';
import {
  auditCount,
  auditOf,
  call,
  createFund,
  errorOf,
  fundBody,
  fundRow,
  issuesOf,
  putNavs,
  txt,
} from './fund-helpers';

/**
 * The operators' fund desk (issue 6): creating and editing funds with every field in three languages,
 * the rules of a fund's figures, the currency fixed once the fund has NAVs or orders, every write audited,
 * and only operators with the permission. Fees, limits and pauses change by a proposal a second operator
 * approves (issue 15, decision 028).
 */
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeOperator(t, 'admin');
});
afterAll(async () => {
  await t.close();
});

describe('creating a fund', () => {
  it('creates a fund with every field (Persian digits normalised), unpublished by default, audited', async () => {
    const body = fundBody({
      code: 'Gold-Desk-1',
      fees: { purchaseFixedFee: '۵,۰۰۰', managementFeeBps: 200, redeemFixedFee: '0', performanceFeeBps: 1000 },
      limits: { minPurchase: '۱۰۰٬۰۰۰', maxPurchase: null, minRedeemUnits: '۰٫۵'.replace('٫', '.') },
      assetAllocation: [{ label: txt('Bullion'), percent: '62.5' }],
      licences: [{ title: txt('Licence'), number: 'L-1', issuer: txt('SEO'), issuedOn: '2023-05-14' }],
      documents: [{ title: txt('Prospectus'), url: 'https://example.org/prospectus.pdf' }],
    });
    delete body.published;
    const res = await call(t, admin.cookie, 'POST', '/admin/funds', body);
    expect(res.statusCode, res.body).toBe(201);
    const f = res.json<AdminFund>();
    expect(f).toEqual({
      id: expect.any(String),
      code: 'gold-desk-1',
      kind: 'gold',
      preset: 'gold',
      fundType: 1,
      category: 'gold_silver',
      risk: 35,
      currency: 'IRT',
      name: body.name,
      summary: body.summary,
      about: body.about,
      latestNav: null,
      yields: { sixMonths: null, twelveMonths: null, allTime: null },
      buyingPaused: false,
      redeemingPaused: false,
      minPurchase: '100000',
      isDemo: false,
      fees: {
        purchaseFixedFee: '5000',
        managementFeeBps: 200,
        redeemFixedFee: '0',
        performanceFeeBps: 1000,
        earlyExit: expect.any(Array),
      },
      limits: { minPurchase: '100000', maxPurchase: null, minRedeemUnits: '0.5' },
      assetAllocation: [{ label: txt('Bullion'), percent: '62.50' }],
      licences: body.licences,
      documents: body.documents,
      published: false,
      sortOrder: 0,
      hasOrders: false,
      currencyLocked: false,
      navToday: false,
      openConsultations: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const row = await fundRow(t.database.db, f.id);
    expect(row).toMatchObject({
      purchaseFixedFee: 5_000n,
      minPurchase: 100_000n,
      minRedeemUnits: 5_000n,
      maxPurchase: null,
    });
    expect(await auditOf(t.database.db, 'fund.created', f.id)).toEqual([
      expect.objectContaining({
        actorUserId: admin.userId,
        subjectType: 'fund',
        data: expect.objectContaining({
          code: 'gold-desk-1',
          currency: 'IRT',
          minPurchase: '100000',
          published: false,
        }),
      }),
    ]);
    // the console lists it, investors do not see it yet
    const list = (await call(t, admin.cookie, 'GET', '/admin/funds')).json<{ items: AdminFund[] }>().items;
    expect(list.map((x) => x.id)).toContain(f.id);
    const investor = await makeInvestor(t);
    expect(errorOf(await call(t, investor.cookie, 'GET', `/funds/${f.id}`))).toEqual([404, 'NOT_FOUND']);
  });

  it('a taken code is refused and nothing is written', async () => {
    const f = await createFund(t, admin.cookie);
    const before = await auditCount(t.database.db);
    const res = await call(t, admin.cookie, 'POST', '/admin/funds', fundBody({ code: f.code.toUpperCase() }));
    expect(errorOf(res)).toEqual([409, 'FUND_CODE_TAKEN']);
    expect(await auditCount(t.database.db)).toBe(before);
  });

  it.each([
    [{ code: 'a' }, ['body.code fundCode']],
    [
      {
        fees: { purchaseFixedFee: '12a', managementFeeBps: 0, redeemFixedFee: '0', performanceFeeBps: 0 },
        limits: { minPurchase: 'x', maxPurchase: null, minRedeemUnits: 'y' },
        assetAllocation: [{ label: txt('A'), percent: 'half' }],
      },
      [
        'body.assetAllocation.0.percent percent',
        'body.fees.purchaseFixedFee amountInvalid',
        'body.limits.minPurchase amountInvalid',
        'body.limits.minRedeemUnits decimal',
      ],
    ],
    [{ kind: 'stocks', risk: 50, fundType: 4 }, ['body.fundType invalid', 'body.kind select', 'body.risk invalid']],
    [{ name: { fa: 'نام', ar: '', en: 'Name' } }, ['body.name.ar required']],
    [
      { fees: { purchaseFixedFee: '5000.5', managementFeeBps: 10_001, redeemFixedFee: '-1', performanceFeeBps: 1.5 } },
      [
        'body.fees.managementFeeBps max',
        'body.fees.performanceFeeBps integer',
        'body.fees.redeemFixedFee amountInvalid',
      ],
    ],
    [
      { fees: { purchaseFixedFee: '5000.5', managementFeeBps: 0, redeemFixedFee: '0', performanceFeeBps: 0 } },
      ['body.fees.purchaseFixedFee amountDecimals'],
    ],
    [
      { limits: { minPurchase: '100000', maxPurchase: '99999', minRedeemUnits: '0' } },
      ['body.limits.maxPurchase maxBelowMin', 'body.limits.minRedeemUnits unitsPositive'],
    ],
    [
      { limits: { minPurchase: '5000', maxPurchase: null, minRedeemUnits: '1' } },
      ['body.limits.minPurchase feeNotBelowMin'],
    ],
    [
      { limits: { minPurchase: '0', maxPurchase: null, minRedeemUnits: '1.00001' } },
      ['body.limits.minPurchase amountPositive', 'body.limits.minRedeemUnits decimal'],
    ],
    [
      { limits: { minPurchase: '0', maxPurchase: null, minRedeemUnits: '1' } },
      ['body.limits.minPurchase amountPositive'],
    ],
    [
      {
        assetAllocation: [
          { label: txt('A'), percent: '60' },
          { label: txt('B'), percent: '40.01' },
        ],
      },
      ['body.assetAllocation allocationOverHundred'],
    ],
    [{ assetAllocation: [{ label: txt('A'), percent: '0' }] }, ['body.assetAllocation.0.percent percent']],
    [{ documents: [{ title: txt('Doc'), url: 'ftp://example.org/x' }] }, ['body.documents.0.url url']],
    [
      { licences: [{ title: txt('L'), number: '', issuer: txt('I'), issuedOn: '2023-02-30' }] },
      ['body.licences.0.issuedOn date', 'body.licences.0.number required'],
    ],
  ])('refuses %j with its rules, writing nothing', async (overrides, issues) => {
    const before = await auditCount(t.database.db);
    const res = await call(t, admin.cookie, 'POST', '/admin/funds', fundBody(overrides as never));
    expect(errorOf(res)).toEqual([400, 'VALIDATION_FAILED']);
    expect(issuesOf(res).sort()).toEqual(issues);
    expect(await auditCount(t.database.db)).toBe(before);
  });

  it('a USDT fund takes six decimals, not seven', async () => {
    const ok = await createFund(t, admin.cookie, {
      currency: 'USDT',
      fees: { purchaseFixedFee: '0.123456', managementFeeBps: 0, redeemFixedFee: '0', performanceFeeBps: 0 },
      limits: { minPurchase: '10', maxPurchase: null, minRedeemUnits: '0.0001' },
    });
    expect(ok.fees.purchaseFixedFee).toBe('0.123456');
    const res = await call(
      t,
      admin.cookie,
      'POST',
      '/admin/funds',
      fundBody({
        currency: 'USDT',
        fees: { purchaseFixedFee: '0.1234567', managementFeeBps: 0, redeemFixedFee: '0', performanceFeeBps: 0 },
        limits: { minPurchase: '10', maxPurchase: null, minRedeemUnits: '1' },
      }),
    );
    expect(issuesOf(res)).toEqual(['body.fees.purchaseFixedFee amountDecimals']);
  });
});

describe('editing a fund', () => {
  it('edits texts and publication; fees and pauses go through a proposal; the audit keeps old and new values', async () => {
    const f = await createFund(t, admin.cookie);
    const res = await call(t, admin.cookie, 'PATCH', `/admin/funds/${f.id}`, {
      name: txt('Renamed'),
      risk: 60,
      published: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    const terms = await call(t, admin.cookie, 'POST', `/admin/funds/${f.id}/terms`, {
      fees: { purchaseFixedFee: '7000', managementFeeBps: 250, redeemFixedFee: '2000', performanceFeeBps: 1000 },
      buyingPaused: true,
    });
    const approved = await approvedByAnother(t, terms);
    const got = (await call(t, admin.cookie, 'GET', `/admin/funds/${f.id}`)).json<AdminFund>();
    expect(got).toMatchObject({
      name: txt('Renamed'),
      risk: 60,
      fees: { purchaseFixedFee: '7000', managementFeeBps: 250 },
      buyingPaused: true,
      redeemingPaused: false,
      published: false,
      limits: f.limits,
    });
    const [edit, approval] = await auditOf(t.database.db, 'fund.updated', f.id);
    expect(edit).toMatchObject({ actorUserId: admin.userId });
    expect((edit!.data as { changed: string[] }).changed.sort()).toEqual(['name', 'published', 'risk'].sort());
    expect((edit!.data as { changes: unknown }).changes).toEqual({
      published: { from: true, to: false },
      risk: { from: 35, to: 60 },
    });
    expect(approval).toMatchObject({
      actorUserId: (await secondOperator(t)).userId,
      data: { proposalId: approved.id, proposedBy: admin.userId },
    });
    expect((approval!.data as { changed: string[] }).changed.sort()).toEqual(
      ['buyingPaused', 'managementFeeBps', 'purchaseFixedFee'].sort(),
    );
    expect((approval!.data as { changes: unknown }).changes).toEqual({
      buyingPaused: { from: false, to: true },
      managementFeeBps: { from: 200, to: 250 },
      purchaseFixedFee: { from: '5000', to: '7000' },
    });
  });

  it('an edit cannot change fees, limits or the pauses (termsByProposal); nothing changes', async () => {
    const f = await createFund(t, admin.cookie);
    const row = await fundRow(t.database.db, f.id);
    const before = await auditCount(t.database.db);
    const res = await call(t, admin.cookie, 'PATCH', `/admin/funds/${f.id}`, {
      risk: 60,
      fees: { purchaseFixedFee: '7000', managementFeeBps: 250, redeemFixedFee: '2000', performanceFeeBps: 1000 },
      limits: { minPurchase: '200000', maxPurchase: null, minRedeemUnits: '1' },
      buyingPaused: true,
      redeemingPaused: true,
    });
    expect(errorOf(res)).toEqual([400, 'VALIDATION_FAILED']);
    expect(issuesOf(res).sort()).toEqual(
      [
        'body.fees termsByProposal',
        'body.limits termsByProposal',
        'body.buyingPaused termsByProposal',
        'body.redeemingPaused termsByProposal',
      ].sort(),
    );
    // fees with the currency the fund already has are no change of currency
    const same = await call(t, admin.cookie, 'PATCH', `/admin/funds/${f.id}`, {
      currency: 'IRT',
      fees: { purchaseFixedFee: '0', managementFeeBps: 0, redeemFixedFee: '0', performanceFeeBps: 0 },
    });
    expect(issuesOf(same)).toEqual(['body.fees termsByProposal']);
    expect(await fundRow(t.database.db, f.id)).toEqual(row);
    expect(await auditCount(t.database.db)).toBe(before);
  });

  it('an edit that changes nothing writes no audit record', async () => {
    const f = await createFund(t, admin.cookie);
    const before = await auditCount(t.database.db);
    const res = await call(t, admin.cookie, 'PATCH', `/admin/funds/${f.id}`, { risk: f.risk, published: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(await auditCount(t.database.db)).toBe(before);
  });

  it('checks the fund as it would be: a new fee at or above the kept minimum is refused, nothing changes', async () => {
    const f = await createFund(t, admin.cookie);
    const row = await fundRow(t.database.db, f.id);
    const before = await auditCount(t.database.db);
    const res = await call(t, admin.cookie, 'POST', `/admin/funds/${f.id}/terms`, {
      buyingPaused: true,
      fees: { purchaseFixedFee: '100000', managementFeeBps: 0, redeemFixedFee: '0', performanceFeeBps: 0 },
    });
    expect(errorOf(res)).toEqual([400, 'VALIDATION_FAILED']);
    expect(issuesOf(res)).toEqual(['body.limits.minPurchase feeNotBelowMin']);
    expect(await fundRow(t.database.db, f.id)).toEqual(row);
    expect(await auditCount(t.database.db)).toBe(before);
    const empty = await call(t, admin.cookie, 'PATCH', `/admin/funds/${f.id}`, {});
    expect(issuesOf(empty)).toEqual(['body required']);
    const noTerms = await call(t, admin.cookie, 'POST', `/admin/funds/${f.id}/terms`, {});
    expect(issuesOf(noTerms)).toEqual(['body required']);
  });

  it("a code taken by another fund is refused; the fund's own code is fine", async () => {
    const a = await createFund(t, admin.cookie);
    const b = await createFund(t, admin.cookie);
    expect(errorOf(await call(t, admin.cookie, 'PATCH', `/admin/funds/${b.id}`, { code: a.code }))).toEqual([
      409,
      'FUND_CODE_TAKEN',
    ]);
    expect((await call(t, admin.cookie, 'PATCH', `/admin/funds/${b.id}`, { code: b.code })).statusCode).toBe(200);
  });

  it('the currency changes only without NAVs or orders, and with fees and limits in the new currency', async () => {
    const f = await createFund(t, admin.cookie);
    const alone = await call(t, admin.cookie, 'PATCH', `/admin/funds/${f.id}`, { currency: 'USDT' });
    expect(issuesOf(alone).sort()).toEqual(['body.fees required', 'body.limits required']);
    const moved = await call(t, admin.cookie, 'PATCH', `/admin/funds/${f.id}`, {
      currency: 'USDT',
      fees: { purchaseFixedFee: '0.5', managementFeeBps: 100, redeemFixedFee: '0.5', performanceFeeBps: 0 },
      limits: { minPurchase: '10', maxPurchase: '1000', minRedeemUnits: '0.01' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<AdminFund>()).toMatchObject({ currency: 'USDT', minPurchase: '10', currencyLocked: false });
    expect(await fundRow(t.database.db, f.id)).toMatchObject({ minPurchase: 10_000_000n, purchaseFixedFee: 500_000n });

    await putNavs(t, f.id, [['2025-01-01', 1_000_000n]]);
    expect((await call(t, admin.cookie, 'GET', `/admin/funds/${f.id}`)).json<AdminFund>()).toMatchObject({
      currencyLocked: true,
      hasOrders: false,
    });
    const locked = await call(t, admin.cookie, 'PATCH', `/admin/funds/${f.id}`, {
      currency: 'IRT',
      fees: { purchaseFixedFee: '0', managementFeeBps: 0, redeemFixedFee: '0', performanceFeeBps: 0 },
      limits: { minPurchase: '100000', maxPurchase: null, minRedeemUnits: '1' },
    });
    expect(errorOf(locked)).toEqual([409, 'FUND_CURRENCY_LOCKED']);
    expect((await fundRow(t.database.db, f.id))!.currency).toBe('USDT');
  });

  it('a fund with an order reports it and keeps its currency', async () => {
    const f = await createFund(t, admin.cookie);
    const investor = await makeInvestor(t);
    await t.database.db.insert(fundPurchases).values({
      userId: investor.userId,
      fundId: f.id,
      method: 'wallet',
      status: 'Canceled',
      currency: 'IRT',
      amount: 200_000n,
      fixedFee: 5_000n,
      navDate: '2025-01-01',
    });
    const got = (await call(t, admin.cookie, 'GET', `/admin/funds/${f.id}`)).json<AdminFund>();
    expect(got).toMatchObject({ hasOrders: true, currencyLocked: true });
    const listed = (await call(t, admin.cookie, 'GET', '/admin/funds')).json<{ items: AdminFund[] }>().items;
    expect(listed.find((x) => x.id === f.id)).toMatchObject({ hasOrders: true, currencyLocked: true });
    const res = await call(t, admin.cookie, 'PATCH', `/admin/funds/${f.id}`, {
      currency: 'USDT',
      fees: { purchaseFixedFee: '0', managementFeeBps: 0, redeemFixedFee: '0', performanceFeeBps: 0 },
      limits: { minPurchase: '10', maxPurchase: null, minRedeemUnits: '1' },
    });
    expect(errorOf(res)).toEqual([409, 'FUND_CURRENCY_LOCKED']);
  });

  it('an unknown fund is 404', async () => {
    expect(errorOf(await call(t, admin.cookie, 'PATCH', `/admin/funds/${randomUUID()}`, { risk: 10 }))).toEqual([
      404,
      'NOT_FOUND',
    ]);
    expect(errorOf(await call(t, admin.cookie, 'GET', `/admin/funds/${randomUUID()}`))).toEqual([404, 'NOT_FOUND']);
  });
});

describe('who may', () => {
  it('investors get 403 on every desk route; a plain operator reads but cannot write', async () => {
    const f = await createFund(t, admin.cookie);
    const investor = await makeInvestor(t);
    const operator = await makeOperator(t, 'operator');
    const writes: ['POST' | 'PATCH', string, unknown][] = [
      ['POST', '/admin/funds', fundBody()],
      ['PATCH', `/admin/funds/${f.id}`, { risk: 10 }],
      ['POST', `/admin/funds/${f.id}/navs`, { navDate: '2025-01-01', nav: '1000' }],
      ['POST', `/admin/funds/${f.id}/navs/corrections`, { navDate: '2025-01-01', nav: '1000', reason: 'typo fix' }],
      ['POST', `/admin/funds/${f.id}/terms`, { buyingPaused: true }],
      ['POST', `/admin/funds/${f.id}/announcements`, { kind: 'report', title: txt('T'), body: txt('B') }],
    ];
    const before = await auditCount(t.database.db);
    for (const [method, url, body] of writes) {
      expect(errorOf(await call(t, investor.cookie, method, url, body)), url).toEqual([403, 'FORBIDDEN']);
      expect(errorOf(await call(t, operator.cookie, method, url, body)), url).toEqual([403, 'FORBIDDEN']);
    }
    for (const url of ['/admin/funds', `/admin/funds/${f.id}`, `/admin/funds/${f.id}/navs`]) {
      expect(errorOf(await call(t, investor.cookie, 'GET', url)), url).toEqual([403, 'FORBIDDEN']);
      expect((await call(t, operator.cookie, 'GET', url)).statusCode, url).toBe(200);
    }
    expect(await auditCount(t.database.db)).toBe(before);
    expect(await fundRow(t.database.db, f.id)).toMatchObject({ risk: 35 });
  });

  it('a senior operator manages funds', async () => {
    const senior = await makeOperator(t, 'senior_operator');
    const f = await createFund(t, senior.cookie);
    expect((await call(t, senior.cookie, 'PATCH', `/admin/funds/${f.id}`, { risk: 60 })).statusCode).toBe(200);
    await approvedByAnother(
      t,
      await call(t, senior.cookie, 'POST', `/admin/funds/${f.id}/terms`, { redeemingPaused: true }),
    );
    expect(await fundRow(t.database.db, f.id)).toMatchObject({ risk: 60, redeemingPaused: true });
  });
});
