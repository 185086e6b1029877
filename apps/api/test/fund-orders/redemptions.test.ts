import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FundHolding, FundRedemption, RedemptionQuoteView } from '@portal/contract/funds/orders';
import type { UserRequest } from '@portal/contract/wallet/user-requests';
import { addMonths } from '@portal/contract/funds/pricing';
import { priceWaitingOrders } from '../../src/modules/fund-orders/pricing.service';
import { createTestApp, type TestApp } from '../helpers/app';
import { balanceOf, expectLedgerSound } from '../helpers/ledger';
import { setUser } from '../withdrawals/withdrawal-helpers';
import {
  buy,
  buyer,
  createFund,
  errorOf,
  expectUnitsConsistent,
  get,
  issuesOf,
  lotsOf,
  post,
  postingsOf,
  publishNav,
  redeem,
  redemption,
  setFund,
  snapshot,
  systemBalance,
  today,
  unitsOf,
} from './fund-order-helpers';

/**
 * Redeeming fund units (SPEC §2 "Fund redeem", §4; issue 6, decision 022): lots taken first in, first out,
 * each with its early-exit fee by age (3 % in the first month, falling by half a percent a month, none from
 * six months) and the performance fee on its gain; the fund's fixed fee once; the proceeds to the wallet.
 * The app's clock is moved to age the lots.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgerSound(t.database.db);
  await expectUnitsConsistent(t.database.db);
  await t.close();
});

const quote = (cookie: string, fundId: string, payload: Record<string, unknown>) =>
  post(t, cookie, `/funds/${fundId}/redemption-quote`, payload, null);

const days = (n: number) => n * 86_400;

describe('redeeming early, then after six months', () => {
  it('pays value − early-exit fee − fixed fee; after six months no early-exit fee', async () => {
    const fund = await createFund(t, { purchaseFixedFee: 5_000n, redeemFixedFee: 2_000n });
    await publishNav(t, fund.id, 123_457n);
    const u = await buyer(t, 1_000_000n);
    const bought = await buy(t, u, fund.id, '1000000');
    expect(bought.units).toBe('8.0594');
    const issuedAt = new Date(t.clock.now);
    const db = t.database.db;

    // 40 days later: the lot is in its second month, 2.5 %.
    t.clock.advance(days(40));
    await publishNav(t, fund.id, 130_000n);
    const q = await quote(u.cookie, fund.id, { units: '3' });
    expect(q.statusCode, q.body).toBe(200);
    expect(q.json<RedemptionQuoteView>()).toMatchObject({
      units: '3',
      nav: '130000',
      estimate: false,
      waiting: false,
      // 30,000 × 130,000 ÷ 10⁴
      value: '390000',
      fixedFee: '2000',
      // ⌈390,000 × 250 ÷ 10⁴⌉
      earlyExitFee: '9750',
      performanceFee: '0',
      proceeds: '378250',
      availableUnits: '8.0594',
      freeUnits: '0',
      takes: [
        expect.objectContaining({
          units: '3',
          earlyExitBps: 250,
          earlyExitFee: '9750',
          freeFrom: addMonths(issuedAt, 6).toISOString(),
        }),
      ],
    });
    const fees0 = await systemBalance(db, 'fees', 'IRT');
    const custody0 = await systemBalance(db, 'fund_custody', 'IRT');
    const r = await redeem(t, u, fund.id, { units: '۳' });
    expect(r).toMatchObject({
      state: 'Successful',
      status: 'Successful',
      outcome: 'success',
      units: '3',
      nav: '130000',
      value: '390000',
      fixedFee: '2000',
      earlyExitFee: '9750',
      performanceFee: '0',
      proceeds: '378250',
    });
    expect(await balanceOf(db, u.userId, 'IRT')).toBe(10n + 378_250n);
    expect(await unitsOf(db, u.userId, fund.id)).toBe(50_594n);
    expect(await unitsOf(db, u.userId, fund.id, 'held')).toBe(0n);
    expect(await systemBalance(db, 'fees', 'IRT')).toBe(fees0 + 11_750n);
    expect(await systemBalance(db, 'fund_custody', 'IRT')).toBe(custody0 - 390_000n);
    expect((await lotsOf(db, u.userId, fund.id)).map((l) => l.units_remaining)).toEqual(['50594']);
    expect(await postingsOf(db, 'FundShareRedeem', r.id)).toEqual([
      [
        ['user.available', 'units', '-30000'],
        ['user.held', 'units', '30000'],
      ],
      [
        ['fund_custody', 'IRT', '-390000'],
        ['fees', 'IRT', '11750'],
        ['user.available', 'IRT', '378250'],
        ['user.held', 'units', '-30000'],
        ['fund_units', 'units', '30000'],
      ],
    ]);

    // Six months and a day after the purchase: free.
    t.clock.now = new Date(addMonths(issuedAt, 6).getTime() + days(1) * 1000);
    await publishNav(t, fund.id, 140_000n);
    const holding = (await get(t, u.cookie, `/funds/${fund.id}/holding`)).json<FundHolding>();
    expect(holding).toMatchObject({ units: '5.0594', freeUnits: '5.0594', minRedeemUnits: '0.0001' });
    expect(holding.lots).toEqual([
      expect.objectContaining({ units: '5.0594', isFree: true, earlyExitBpsToday: 0, earlyExitFeeToday: '0' }),
    ]);
    const all = await redeem(t, u, fund.id, { freeOnly: true });
    // 50,594 × 140,000 ÷ 10⁴ = 708,316; no early-exit fee; the fixed fee only
    expect(all).toMatchObject({ units: '5.0594', value: '708316', earlyExitFee: '0', proceeds: '706316' });
    expect(await unitsOf(db, u.userId, fund.id)).toBe(0n);
    expect(await balanceOf(db, u.userId, 'IRT')).toBe(10n + 378_250n + 706_316n);
    expect((await lotsOf(db, u.userId, fund.id)).map((l) => l.units_remaining)).toEqual(['0']);
    expect((await get(t, u.cookie, '/funds/holdings')).json<{ items: unknown[] }>().items).toEqual([]);
  });
});

describe('first in, first out across two lots', () => {
  it('takes the old lot whole (free, performance fee on its gain) and the new one in part (3 %)', async () => {
    const fund = await createFund(t, { performanceFeeBps: 1000 });
    await publishNav(t, fund.id, 10_000n);
    const u = await buyer(t, 1_000_000n);
    await buy(t, u, fund.id, '200000');
    t.clock.advance(days(7 * 31));
    await publishNav(t, fund.id, 12_000n);
    await buy(t, u, fund.id, '120000');

    const planner = (await get(t, u.cookie, `/funds/${fund.id}/holding`)).json<FundHolding>();
    expect(planner).toMatchObject({
      units: '30',
      freeUnits: '20',
      costBasis: '320000',
      value: '360000',
      profit: '40000',
    });
    expect(planner.lots.map((l) => [l.units, l.nav, l.isFree, l.earlyExitBpsToday, l.earlyExitFeeToday])).toEqual([
      ['20', '10000', true, 0, '0'],
      // 10 units × 12,000 = 120,000; 3 % of it
      ['10', '12000', false, 300, '3600'],
    ]);

    const free = (await quote(u.cookie, fund.id, { freeOnly: true })).json<RedemptionQuoteView>();
    expect(free).toMatchObject({ units: '20', earlyExitFee: '0', performanceFee: '4000', proceeds: '236000' });
    const before = await snapshot(t, u.userId, fund.id);
    const tooMany = await redemption(t, u, fund.id, { units: '25', freeOnly: true });
    expect(errorOf(tooMany)).toEqual([422, 'FUND_UNITS_INSUFFICIENT']);
    expect(await snapshot(t, u.userId, fund.id)).toEqual(before);

    const r = await redeem(t, u, fund.id, { units: '25' });
    expect(r).toMatchObject({
      value: '300000',
      earlyExitFee: '1800',
      performanceFee: '4000',
      fixedFee: '0',
      proceeds: '294200',
    });
    expect(r.takes!.map((x) => [x.units, x.value, x.earlyExitBps, x.earlyExitFee, x.gain, x.performanceFee])).toEqual([
      ['20', '240000', 0, '0', '40000', '4000'],
      ['5', '60000', 300, '1800', '0', '0'],
    ]);
    expect((await lotsOf(t.database.db, u.userId, fund.id)).map((l) => l.units_remaining)).toEqual(['0', '50000']);
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(1_000_000n - 320_000n + 294_200n);
  });
});

describe('a redemption before today’s NAV is out', () => {
  it('holds the units and waits (quoted at the latest NAV, as an estimate); redemptions are priced in order', async () => {
    const fund = await createFund(t, { redeemFixedFee: 1_000n });
    await publishNav(t, fund.id, 10_000n);
    const u = await buyer(t, 1_000_000n);
    await buy(t, u, fund.id, '500000');
    t.clock.advance(days(1));
    const q = (await quote(u.cookie, fund.id, { units: '10' })).json<RedemptionQuoteView>();
    expect(q).toMatchObject({ estimate: true, waiting: true, nav: '10000', proceeds: '96000' });

    const first = await redeem(t, u, fund.id, { units: '10' });
    const second = await redeem(t, u, fund.id, { units: '15' });
    expect([first.state, first.outcome, second.state]).toEqual(['Waiting', 'waiting', 'Waiting']);
    expect(await unitsOf(t.database.db, u.userId, fund.id)).toBe(250_000n);
    expect(await unitsOf(t.database.db, u.userId, fund.id, 'held')).toBe(250_000n);
    const holding = (await get(t, u.cookie, `/funds/${fund.id}/holding`)).json<FundHolding>();
    expect([holding.units, holding.heldUnits, holding.totalUnits]).toEqual(['25', '25', '50']);

    // Only 25 are left available.
    const before = await snapshot(t, u.userId, fund.id);
    expect(errorOf(await redemption(t, u, fund.id, { units: '25.0001' }))).toEqual([422, 'FUND_UNITS_INSUFFICIENT']);
    expect(await snapshot(t, u.userId, fund.id)).toEqual(before);

    await publishNav(t, fund.id, 11_000n);
    expect(await priceWaitingOrders(t.database.db, { fundId: fund.id, navDate: today(t) })).toEqual({
      purchases: 0,
      redemptions: 2,
    });
    const done = await Promise.all(
      [first, second].map(async (r) => (await get(t, u.cookie, `/fund-redemptions/${r.id}`)).json<FundRedemption>()),
    );
    expect(done.map((r) => [r.state, r.nav, r.value, r.proceeds])).toEqual([
      ['Successful', '11000', '110000', '105700'],
      ['Successful', '11000', '165000', '159050'],
    ]);
    expect(await unitsOf(t.database.db, u.userId, fund.id, 'held')).toBe(0n);
    expect((await lotsOf(t.database.db, u.userId, fund.id)).map((l) => l.units_remaining)).toEqual(['250000']);
  });
});

describe('bad inputs: each refused with its code, nothing changed', () => {
  it('more units than held, none at all, a paused fund, under the minimum, fees above the value, no level one', async () => {
    const fund = await createFund(t, { redeemFixedFee: 2_000n, minRedeemUnits: 10_000n });
    await publishNav(t, fund.id, 10_000n);
    const u = await buyer(t, 1_000_000n);
    await buy(t, u, fund.id, '300000');
    const stranger = await buyer(t, 0n);
    const before = await snapshot(t, u.userId, fund.id);

    expect(errorOf(await redemption(t, u, fund.id, { units: '30.0001' }))).toEqual([422, 'FUND_UNITS_INSUFFICIENT']);
    expect(errorOf(await redemption(t, stranger, fund.id, { units: '1' }))).toEqual([422, 'FUND_UNITS_INSUFFICIENT']);
    expect(errorOf(await quote(u.cookie, fund.id, { units: '31' }))).toEqual([422, 'FUND_UNITS_INSUFFICIENT']);
    // No lot is six months old.
    expect(errorOf(await redemption(t, u, fund.id, { freeOnly: true }))).toEqual([422, 'FUND_UNITS_INSUFFICIENT']);

    const under = await redemption(t, u, fund.id, { units: '0.5' });
    expect(errorOf(under)).toEqual([400, 'VALIDATION_FAILED']);
    expect(issuesOf(under)).toEqual([{ path: 'body.units', rule: 'unitsMin', params: { min: '1' } }]);
    expect(issuesOf(await redemption(t, u, fund.id, { units: '0' }))).toEqual([
      { path: 'body.units', rule: 'unitsPositive' },
    ]);
    expect(issuesOf(await redemption(t, u, fund.id, {}))).toEqual([{ path: 'body.units', rule: 'required' }]);
    expect(issuesOf(await redemption(t, u, fund.id, { units: '1.00001' }))).toEqual([
      { path: 'body.units', rule: 'decimal' },
    ]);
    // One unit is worth 10,000; with the minimum lowered, 0.1 unit is worth 1,000, less than the 2,000 fee.
    await setFund(t, fund.id, { minRedeemUnits: 1n });
    expect(errorOf(await redemption(t, u, fund.id, { units: '0.1' }))).toEqual([422, 'FUND_ORDER_TOO_SMALL']);

    await setFund(t, fund.id, { redeemingPaused: true });
    expect(errorOf(await redemption(t, u, fund.id, { units: '5' }))).toEqual([409, 'FUND_TRADING_PAUSED']);
    const paused = (await quote(u.cookie, fund.id, { units: '5' })).json<RedemptionQuoteView>();
    expect(paused.redeemingPaused).toBe(true);
    await setFund(t, fund.id, { redeemingPaused: false });

    await setUser(t, u.userId, { kycLevel: 0 });
    expect(errorOf(await redemption(t, u, fund.id, { units: '5' }))).toEqual([403, 'KYC_REQUIRED']);
    await setUser(t, u.userId, { kycLevel: 1 });

    expect(errorOf(await redemption(t, u, randomUUID(), { units: '5' }))).toEqual([404, 'NOT_FOUND']);
    expect(await snapshot(t, u.userId, fund.id)).toEqual(before);

    // Below the minimum is allowed when it is everything that is left.
    await setFund(t, fund.id, { minRedeemUnits: 10_000n });
    await redeem(t, u, fund.id, { units: '29.5' });
    const rest = await redeem(t, u, fund.id, { units: '0.5' });
    expect(rest.state).toBe('Successful');
    expect(errorOf(await get(t, stranger.cookie, `/fund-redemptions/${rest.id}`))).toEqual([404, 'NOT_FOUND']);
  });

  it('a retry with the same key answers the first redemption; another body under it is refused', async () => {
    const fund = await createFund(t);
    await publishNav(t, fund.id, 10_000n);
    const u = await buyer(t, 1_000_000n);
    await buy(t, u, fund.id, '300000');
    const key = randomUUID();
    const first = await redemption(t, u, fund.id, { units: '3' }, key);
    expect(first.statusCode).toBe(201);
    const again = await redemption(t, u, fund.id, { units: '3.0' }, key);
    expect(again.json()).toEqual(first.json());
    const before = await snapshot(t, u.userId, fund.id);
    expect(errorOf(await redemption(t, u, fund.id, { units: '4' }, key))).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect(await snapshot(t, u.userId, fund.id)).toEqual(before);
    expect(await unitsOf(t.database.db, u.userId, fund.id)).toBe(270_000n);
  });
});

describe('the investor’s requests and history', () => {
  it('/user-requests lists BuyFund and SellFund with their statuses; /fund-orders both, newest first', async () => {
    const fund = await createFund(t, { purchaseFixedFee: 1_000n });
    await publishNav(t, fund.id, 10_000n);
    const u = await buyer(t, 1_000_000n);
    const p = await buy(t, u, fund.id, '201000');
    t.clock.advance(days(1));
    const waiting = await buy(t, u, fund.id, '101000');
    t.clock.advance(1);
    const r = await redeem(t, u, fund.id, { units: '5' });
    const res = await get(t, u.cookie, '/user-requests');
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json<{ items: UserRequest[] }>().items;
    expect(
      items.map((i) => [i.id, i.type, i.status, i.amount, i.fee, i.units, i.fundId, i.canCancel, i.reviewDeadline]),
    ).toEqual([
      [r.id, 'SellFund', 'InProgress', '0', '0', '5', fund.id, false, null],
      [waiting.id, 'BuyFund', 'InProgress', '101000', '1000', null, fund.id, false, null],
      [p.id, 'BuyFund', 'Successful', '201000', '1000', '20', fund.id, false, null],
    ]);
    const sells = (await get(t, u.cookie, '/user-requests?type=SellFund')).json<{ items: UserRequest[] }>().items;
    expect(sells.map((i) => i.id)).toEqual([r.id]);

    const history = (await get(t, u.cookie, `/fund-orders?fundId=${fund.id}`)).json<{
      items: ({ kind: 'purchase'; purchase: { id: string } } | { kind: 'redemption'; redemption: { id: string } })[];
      total: number;
    }>();
    expect(history.total).toBe(3);
    expect(history.items.map((i) => (i.kind === 'purchase' ? i.purchase.id : i.redemption.id))).toEqual([
      r.id,
      waiting.id,
      p.id,
    ]);
    const other = await buyer(t, 0n);
    expect((await get(t, other.cookie, '/fund-orders')).json<{ total: number }>().total).toBe(0);
    expect((await get(t, other.cookie, '/user-requests?type=BuyFund')).json<{ total: number }>().total).toBe(0);
  });
});
