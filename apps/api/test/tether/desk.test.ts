import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Proposal } from '@portal/contract/admin/proposals';
import type { AdminTetherTrade, TetherDesk, TetherSettings } from '@portal/contract/admin/tether';
import type { TetherMarket, TetherPrice } from '@portal/contract/tether/market';
import { queryRows } from '../../src/db/client';
import { tetherMarketSettings } from '../../src/db/schema';
import { createTestApp, e164, type TestApp } from '../helpers/app';
import { adminCall, approveProposal, makeInvestor, makeOperator, type TestUser } from '../helpers/admin';
import { expectLedgerSound } from '../helpers/ledger';
import { buyer, credit, errorOf, get, issuesOf, post, systemBalance } from '../fund-orders/fund-order-helpers';
import { setMarket, settableSource } from './tether-helpers';

/**
 * Issue 17: the operators' tether desk. What it shows (the price and its sources, the house's position,
 * today's trades, every trade), the settings changed only when a second operator approves the proposal,
 * bad settings refused field by field with nothing written, and the pause that stops quotes until resumed.
 * The market starts at the migration's settings and a price of exactly 1,000,000 rials per tether.
 */
const nobitex = settableSource('nobitex', 1_000_000n);
const wallex = settableSource('wallex', 1_000_000n);
let t: TestApp;
let proposer: TestUser;
let approver: TestUser;

const FIRST_SETTINGS = {
  spreadBps: 50,
  feeBps: 25,
  quoteTtlSeconds: 20,
  minTradeToman: 100_000n,
  dailyLimitToman: { '1': '200000000', '2': '2000000000' },
  paused: false,
  pausedReason: null,
  updatedBy: null,
};

const NEW_SETTINGS = {
  spreadBps: 100,
  feeBps: 40,
  quoteTtlSeconds: 30,
  minTradeToman: '۲۰۰٬۰۰۰',
  dailyLimitToman: { '1': '300,000,000', '2': '3000000000' },
};

beforeAll(async () => {
  t = await createTestApp({ adapters: { priceSources: [nobitex, wallex] } });
  proposer = await makeOperator(t, 'senior_operator', { firstName: 'پیشنهاد', lastName: 'دهنده' });
  approver = await makeOperator(t, 'senior_operator', { firstName: 'تأیید', lastName: 'کننده' });
});
afterAll(async () => {
  await expectLedgerSound(t.database.db);
  await t.close();
});
beforeEach(async () => {
  nobitex.set(1_000_000n);
  wallex.set(1_000_000n);
  await setMarket(t, FIRST_SETTINGS);
  await t.app.tetherPrices.takePrice(t.clock.now);
});

const desk = async (u: TestUser = proposer) => {
  const res = await adminCall(t, u.cookie, 'GET', '/admin/tether');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TetherDesk>();
};
const quote = (u: TestUser, body: Record<string, unknown>) => post(t, u.cookie, '/tether/quotes', body, null);

async function trade(u: TestUser, body: Record<string, unknown>) {
  const q = await quote(u, body);
  expect(q.statusCode, q.body).toBe(201);
  const done = await post(t, u.cookie, `/tether/quotes/${q.json<{ id: string }>().id}/execute`, {});
  expect(done.statusCode, done.body).toBe(201);
}

const settingsRow = async () => (await t.database.db.select().from(tetherMarketSettings))[0]!;
const count = async (table: string) =>
  (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0]!.n;
const auditOf = async (action: string) =>
  queryRows<{ actor_user_id: string; data: Record<string, unknown> }>(
    t.database.db,
    sql`SELECT actor_user_id, data FROM audit_log WHERE action = ${action} ORDER BY at`,
  );

describe('the desk', () => {
  it('shows the price, its sources, the house’s position and today’s trades after some trades', async () => {
    const before = await desk();
    expect(before.today).toMatchObject({ trades: 0, volumeToman: '0' });
    expect(before.price).toMatchObject({ status: 'live', mid: '1000000', buy: '1005000', sell: '995000' });
    expect(before.priceRules).toEqual({ timeoutMs: 4000, bandBps: 300, staleAfterSeconds: 60 });
    expect(before.settings).toMatchObject({
      spreadBps: 50,
      feeBps: 25,
      quoteTtlSeconds: 20,
      minTradeToman: '100000',
      dailyLimitToman: { '1': '200000000', '2': '2000000000' },
      paused: false,
      pausedBy: null,
      updatedBy: null,
    });
    expect(before.sources).toEqual([
      expect.objectContaining({
        source: 'nobitex',
        demo: false,
        lastMid: '1000000',
        usedInLast: true,
        lastError: null,
      }),
      expect.objectContaining({ source: 'wallex', demo: false, lastMid: '1000000', usedInLast: true, lastError: null }),
    ]);

    // A buy of 500,000 toman: fee 1,250, 4.962686 tether at 1,005,000 rials. A sell of 2 tether for rials:
    // 1,990,000 rials at 995,000, fee 4,975, the user receives 1,985,025 (decision 039's rounding).
    const b = await buyer(t, 1_000_000n);
    const s = await buyer(t, 0n);
    await credit(t, s.userId, 2_000_000n, 'USDT');
    await trade(b, { side: 'buy', fiat: 'IRT', amountOf: 'pay', amount: '500000' });
    await trade(s, { side: 'sell', fiat: 'IRR', amountOf: 'pay', amount: '2' });

    const after = await desk();
    expect(after.today).toMatchObject({ trades: 2, volumeToman: String(500_000 + 199_000) });
    expect(after.house).toEqual({
      exchange: { USDT: '-2.962686', IRT: '498750', IRR: '-1990000' },
      fees: { IRT: '1250', IRR: '4975' },
      inventoryUsdt: '-2.962686',
      // −2.962686 tether × 1,000,000 rials ÷ 10 = −296,268.6 toman, toward zero.
      exposureToman: '-296268',
    });
    // The figures are the ledger's own balances.
    expect(await systemBalance(t.database.db, 'exchange', 'USDT')).toBe(-2_962_686n);
    expect(await systemBalance(t.database.db, 'fees', 'IRR')).toBe(4_975n);

    // A source that fails is shown with its error, and not used by the next price.
    wallex.fail('timeout');
    await t.app.tetherPrices.takePrice(t.clock.now);
    const failing = (await desk()).sources.find((x) => x.source === 'wallex')!;
    expect(failing).toMatchObject({ usedInLast: false, lastError: 'wallex: timeout', lastMid: '1000000' });
    expect(failing.lastErrorAt).toBe(t.clock.now.toISOString());
  });

  it('lists every trade with its user and quote, newest first, a page at a time, by side', async () => {
    const u = await buyer(t, 10_000_000n, {});
    await t.database.db.execute(sql`UPDATE users SET first_name = 'زهرا', last_name = 'احمدی' WHERE id = ${u.userId}`);
    await trade(u, { side: 'buy', fiat: 'IRT', amountOf: 'pay', amount: '300000' });
    const res = await adminCall(t, proposer.cookie, 'GET', `/admin/tether/trades?userId=${u.userId}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{ items: AdminTetherTrade[]; total: number; page: number; pageSize: number }>();
    expect(page).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(page.items[0]).toMatchObject({
      user: { id: u.userId, mobile: e164(u.mobile), firstName: 'زهرا', lastName: 'احمدی' },
      side: 'buy',
      fiat: 'IRT',
      price: '1005000',
      fiatAmount: '300000',
      fee: '750',
      valueToman: '300000',
      quote: { amountOf: 'pay', spreadBps: 50, feeBps: 25 },
    });
    const q = page.items[0]!.quote;
    expect(Date.parse(q.expiresAt) - Date.parse(q.createdAt)).toBe(20_000);
    expect(q.priceSeq).toBeGreaterThan(0);

    const all = (await adminCall(t, proposer.cookie, 'GET', '/admin/tether/trades')).json<{ total: number }>();
    const sells = (await adminCall(t, proposer.cookie, 'GET', '/admin/tether/trades?side=sell')).json<{
      items: AdminTetherTrade[];
      total: number;
    }>();
    expect(sells.items.every((x) => x.side === 'sell')).toBe(true);
    expect(sells.total).toBeLessThan(all.total);
    const far = await adminCall(t, proposer.cookie, 'GET', '/admin/tether/trades?page=99');
    expect(far.json<{ items: unknown[]; total: number }>()).toMatchObject({ items: [], total: all.total });
  });

  it('refuses investors everything, and an operator without tether.manage its writes', async () => {
    const investor = await makeInvestor(t);
    const calls: [method: 'GET' | 'POST', url: string, body?: Record<string, unknown>][] = [
      ['GET', '/admin/tether'],
      ['GET', '/admin/tether/trades'],
      ['POST', '/admin/tether/settings', NEW_SETTINGS],
      ['POST', '/admin/tether/pause', { reason: 'not mine to pause' }],
      ['POST', '/admin/tether/resume'],
    ];
    for (const [method, url, body] of calls) {
      const res = await adminCall(t, investor.cookie, method, url, body);
      expect(errorOf(res), `${method} ${url}`).toEqual([403, 'FORBIDDEN']);
    }
    const junior = await makeOperator(t, 'operator');
    expect((await adminCall(t, junior.cookie, 'GET', '/admin/tether')).statusCode).toBe(200);
    for (const [method, url, body] of calls.slice(2)) {
      expect(errorOf(await adminCall(t, junior.cookie, method, url, body)), url).toEqual([403, 'FORBIDDEN']);
    }
    expect((await settingsRow()).paused).toBe(false);
  });
});

describe('the settings change by proposal', () => {
  it('takes effect only when another operator approves; the proposer cannot (SAME_OPERATOR)', async () => {
    const proposed = await adminCall(t, proposer.cookie, 'POST', '/admin/tether/settings', NEW_SETTINGS);
    expect(proposed.statusCode, proposed.body).toBe(202);
    const p = proposed.json<Proposal>();
    const canonical = {
      spreadBps: 100,
      feeBps: 40,
      quoteTtlSeconds: 30,
      minTradeToman: '200000',
      dailyLimitToman: { '1': '300000000', '2': '3000000000' },
    };
    expect(p).toMatchObject({ kind: 'tether_settings', status: 'Pending', fund: null, payload: canonical });
    expect(p.effect).toEqual({
      kind: 'tether_settings',
      before: {
        spreadBps: 50,
        feeBps: 25,
        quoteTtlSeconds: 20,
        minTradeToman: '100000',
        dailyLimitToman: { '1': '200000000', '2': '2000000000' },
      },
      after: canonical,
      paused: false,
    });

    // Nothing changed yet, and the proposer cannot make it take effect.
    expect(errorOf(await approveProposal(t, proposer.cookie, p.id))).toEqual([403, 'SAME_OPERATOR']);
    const investor = await buyer(t, 0n);
    expect((await get(t, investor.cookie, '/tether/market')).json<TetherMarket>()).toMatchObject({
      feeBps: 25,
      quoteTtlSeconds: 20,
    });
    expect(await settingsRow()).toMatchObject({ spreadBps: 50, updatedBy: null });

    t.clock.advance(60);
    await t.app.tetherPrices.takePrice(t.clock.now);
    const approved = await approveProposal(t, approver.cookie, p.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<Proposal>()).toMatchObject({ status: 'Approved', decidedBy: { id: approver.userId } });

    expect(await settingsRow()).toMatchObject({
      spreadBps: 100,
      feeBps: 40,
      quoteTtlSeconds: 30,
      minTradeToman: 200_000n,
      dailyLimitToman: { '1': '300000000', '2': '3000000000' },
      updatedBy: approver.userId,
      updatedAt: t.clock.now,
    });
    const view = await desk();
    expect(view.settings).toMatchObject({
      ...canonical,
      updatedBy: { id: approver.userId, firstName: 'تأیید', lastName: 'کننده' },
      updatedAt: t.clock.now.toISOString(),
    });
    // Every page prices with them now: 1 % each side of the middle.
    const price = (await t.app.inject({ method: 'GET', url: '/api/tether/price' })).json<TetherPrice>();
    expect(price).toMatchObject({ buy: '1010000', sell: '990000' });
    expect((await get(t, investor.cookie, '/tether/market')).json<TetherMarket>()).toMatchObject({
      feeBps: 40,
      quoteTtlSeconds: 30,
      minTradeToman: '200000',
      dailyLimitToman: '300000000',
    });
    const [changed] = await auditOf('tether.settings.changed');
    expect(changed).toMatchObject({
      actor_user_id: approver.userId,
      data: {
        proposalId: p.id,
        proposedBy: proposer.userId,
        changed: ['spreadBps', 'feeBps', 'quoteTtlSeconds', 'minTradeToman', 'dailyLimitToman.1', 'dailyLimitToman.2'],
      },
    });
  });

  it('refuses bad settings with each field’s rule, writing nothing', async () => {
    const proposals = await count('proposals');
    const audits = await count('audit_log');
    const cases: [Record<string, unknown>, { path: string; rule: string }[]][] = [
      [
        { ...NEW_SETTINGS, spreadBps: 2001, feeBps: -1, quoteTtlSeconds: 4 },
        [
          { path: 'body.spreadBps', rule: 'bpsRange' },
          { path: 'body.feeBps', rule: 'bpsRange' },
          { path: 'body.quoteTtlSeconds', rule: 'ttlRange' },
        ],
      ],
      [
        { ...NEW_SETTINGS, quoteTtlSeconds: 301, feeBps: 2.5 },
        [
          { path: 'body.feeBps', rule: 'integer' },
          { path: 'body.quoteTtlSeconds', rule: 'ttlRange' },
        ],
      ],
      [
        { ...NEW_SETTINGS, minTradeToman: '0', dailyLimitToman: { '1': 'ده', '2': '0' } },
        [
          { path: 'body.minTradeToman', rule: 'amountPositive' },
          { path: 'body.dailyLimitToman.1', rule: 'amountInvalid' },
          { path: 'body.dailyLimitToman.2', rule: 'amountPositive' },
        ],
      ],
      [
        { ...NEW_SETTINGS, dailyLimitToman: { '1': '300000000', '2': '299999999' } },
        [{ path: 'body.dailyLimitToman.2', rule: 'limitBelowLowerLevel' }],
      ],
      [{ ...NEW_SETTINGS, minTradeToman: '300000001' }, [{ path: 'body.minTradeToman', rule: 'minAboveLimit' }]],
    ];
    for (const [body, issues] of cases) {
      const res = await adminCall(t, proposer.cookie, 'POST', '/admin/tether/settings', body);
      expect(errorOf(res), res.body).toEqual([400, 'VALIDATION_FAILED']);
      expect(issuesOf(res)).toEqual(expect.arrayContaining(issues.map((i) => expect.objectContaining(i))));
    }
    expect(await count('proposals')).toBe(proposals);
    expect(await count('audit_log')).toBe(audits);
    expect(await settingsRow()).toMatchObject({ spreadBps: 50, feeBps: 25 });
  });

  it('checks a proposal again when approved: settings no longer valid stay pending, nothing changed', async () => {
    const p = (await adminCall(t, proposer.cookie, 'POST', '/admin/tether/settings', NEW_SETTINGS)).json<Proposal>();
    // As if the rules had tightened since it was proposed.
    await t.database.db.execute(
      sql`UPDATE proposals SET payload = jsonb_set(payload, '{spreadBps}', '5000') WHERE id = ${p.id}`,
    );
    const res = await approveProposal(t, approver.cookie, p.id);
    expect(errorOf(res)).toEqual([400, 'VALIDATION_FAILED']);
    expect(issuesOf(res)).toEqual([expect.objectContaining({ path: 'body.spreadBps', rule: 'bpsRange' })]);
    expect((await adminCall(t, approver.cookie, 'GET', `/admin/proposals/${p.id}`)).json<Proposal>().status).toBe(
      'Pending',
    );
    expect(await settingsRow()).toMatchObject({ spreadBps: 50, updatedBy: null });
  });
});

describe('pausing trading', () => {
  it('needs a reason, stops quotes (TETHER_TRADING_PAUSED) until resumed, and is audited', async () => {
    const u = await buyer(t, 1_000_000n);
    const body = { side: 'buy', fiat: 'IRT', amountOf: 'pay', amount: '200000' };

    const noReason = await adminCall(t, proposer.cookie, 'POST', '/admin/tether/pause', { reason: ' ' });
    expect(errorOf(noReason)).toEqual([400, 'VALIDATION_FAILED']);
    expect(issuesOf(noReason)).toEqual([expect.objectContaining({ path: 'body.reason', rule: 'min' })]);
    expect((await settingsRow()).paused).toBe(false);

    const paused = await adminCall(t, proposer.cookie, 'POST', '/admin/tether/pause', {
      reason: 'قیمت منابع با بازار نمی‌خواند',
    });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json<TetherSettings>()).toMatchObject({
      paused: true,
      pausedReason: 'قیمت منابع با بازار نمی‌خواند',
      pausedBy: { id: proposer.userId },
      pausedAt: expect.any(String),
    });
    expect(errorOf(await quote(u, body))).toEqual([409, 'TETHER_TRADING_PAUSED']);
    expect((await t.app.inject({ method: 'GET', url: '/api/tether/price' })).json<TetherPrice>()).toMatchObject({
      status: 'paused',
      buy: null,
    });
    expect((await desk(approver)).settings).toMatchObject({ paused: true, pausedBy: { id: proposer.userId } });
    // Paused already: the first pause and its reason stay.
    const again = await adminCall(t, approver.cookie, 'POST', '/admin/tether/pause', { reason: 'a second pause' });
    expect(errorOf(again)).toEqual([409, 'TETHER_TRADING_PAUSED']);

    const resumed = await adminCall(t, approver.cookie, 'POST', '/admin/tether/resume');
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json<TetherSettings>()).toMatchObject({ paused: false, pausedReason: null, pausedBy: null });
    expect((await quote(u, body)).statusCode).toBe(201);
    expect(errorOf(await adminCall(t, approver.cookie, 'POST', '/admin/tether/resume'))).toEqual([409, 'CONFLICT']);

    expect(await auditOf('tether.trading.paused')).toEqual([
      expect.objectContaining({ actor_user_id: proposer.userId, data: { reason: 'قیمت منابع با بازار نمی‌خواند' } }),
    ]);
    expect(await auditOf('tether.trading.resumed')).toEqual([
      expect.objectContaining({
        actor_user_id: approver.userId,
        data: { pausedReason: 'قیمت منابع با بازار نمی‌خواند' },
      }),
    ]);
  });
});
