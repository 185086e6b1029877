import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FundPurchase, PurchaseQuoteView } from '@portal/contract/funds/orders';
import type { Wallet } from '@portal/contract/wallet/wallets';
import { priceWaitingOrders } from '../../src/modules/fund-orders/pricing.service';
import { createTestApp, type TestApp } from '../helpers/app';
import { balanceOf, expectLedgerSound } from '../helpers/ledger';
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
  purchase,
  snapshot,
  systemBalance,
  today,
  unitsOf,
} from './fund-order-helpers';

/**
 * Buying fund units with the wallet balance (SPEC §2 "Fund purchase", issue 6, decision 022): the fixed fee
 * first, units rounded down to 1/10⁴, the cost rounded up, the remainder back in the wallet; priced at once
 * when today's NAV is out, else waiting for it; idempotent; every bad input refused and nothing changed.
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

const wallet = { method: 'wallet', acceptTerms: true } as const;

describe('a wallet purchase when today’s NAV is published', () => {
  it('issues ⌊(amount − fee) × 10⁴ ÷ NAV⌋ units, charges their cost rounded up plus the fee, returns the rest', async () => {
    const fund = await createFund(t, { purchaseFixedFee: 5_000n, managementFeeBps: 150 });
    await publishNav(t, fund.id, 123_457n);
    const u = await buyer(t, 3_000_000n);

    const quote = await post(t, u.cookie, `/funds/${fund.id}/purchase-quote`, { amount: '1,000,000' }, null);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json<PurchaseQuoteView>()).toMatchObject({
      currency: 'IRT',
      amount: '1000000',
      fixedFee: '5000',
      managementFeeBps: 150,
      navDate: today(t),
      nav: '123457',
      waiting: false,
      // (1,000,000 − 5,000) × 10⁴ ÷ 123,457 = 80,594.8… → 80,594 unit-minors = 8.0594 units
      units: '8.0594',
      // 80,594 × 123,457 ÷ 10⁴ = 994,989.3… → 994,990 (up)
      cost: '994990',
      charged: '999990',
      remainder: '10',
      walletAvailable: '3000000',
      buyingPaused: false,
      methods: ['wallet', 'card'],
    });

    const p = await buy(t, u, fund.id, '۱٬۰۰۰٬۰۰۰');
    expect(p).toMatchObject({
      method: 'wallet',
      state: 'Successful',
      status: 'Successful',
      outcome: 'success',
      amount: '1000000',
      fixedFee: '5000',
      navDate: today(t),
      nav: '123457',
      units: '8.0594',
      cost: '994990',
      charged: '999990',
      remainder: '10',
      failReason: null,
      redirectUrl: null,
    });
    expect(p.pricedAt).not.toBeNull();

    const db = t.database.db;
    expect(await balanceOf(db, u.userId, 'IRT')).toBe(2_000_010n);
    expect(await balanceOf(db, u.userId, 'IRT', 'held')).toBe(0n);
    expect(await unitsOf(db, u.userId, fund.id)).toBe(80_594n);
    expect(await systemBalance(db, 'fund_units', `U:${fund.id}`)).toBe(-80_594n);
    expect(await systemBalance(db, 'fund_custody', 'IRT')).toBe(994_990n);
    expect(await postingsOf(db, 'FundSharePurchase', p.id)).toEqual([
      [
        ['user.available', 'IRT', '-1000000'],
        ['user.held', 'IRT', '1000000'],
      ],
      [
        ['user.held', 'IRT', '-1000000'],
        ['user.available', 'IRT', '10'],
        ['fees', 'IRT', '5000'],
        ['fund_custody', 'IRT', '994990'],
        ['fund_units', 'units', '-80594'],
        ['user.available', 'units', '80594'],
      ],
    ]);
    const lots = await lotsOf(db, u.userId, fund.id);
    expect(lots.map((l) => [l.units_issued, l.units_remaining, l.nav])).toEqual([['80594', '80594', '123457']]);

    const again = await get(t, u.cookie, `/fund-purchases/${p.id}`);
    expect(again.json<FundPurchase>()).toMatchObject({ id: p.id, units: '8.0594', outcome: 'success' });
  });

  it('the wallet views list the four currencies only: the units are in “my funds”', async () => {
    const fund = await createFund(t);
    await publishNav(t, fund.id, 10_000n);
    const u = await buyer(t, 500_000n);
    await buy(t, u, fund.id, '200000');
    const wallets = await get(t, u.cookie, '/wallets');
    expect(wallets.statusCode, wallets.body).toBe(200);
    expect(wallets.json<{ items: Wallet[] }>().items.map((w) => [w.currency, w.available, w.held])).toEqual([
      ['IRR', '0', '0'],
      ['IRT', '300000', '0'],
      ['USD', '0', '0'],
      ['USDT', '0', '0'],
    ]);
    const history = await get(t, u.cookie, '/transactions');
    expect(history.statusCode, history.body).toBe(200);
    const items = history.json<{ items: { currency: string; refType: string; amount: string }[] }>().items;
    expect(items.every((i) => i.currency === 'IRT')).toBe(true);
    expect(items.map((i) => [i.refType, i.amount])).toEqual([
      ['FundSharePurchase', '200000'],
      ['Payment', '500000'],
    ]);
    const holdings = await get(t, u.cookie, '/funds/holdings');
    expect(holdings.json<{ items: { fundId: string; totalUnits: string; value: string }[] }>().items).toEqual([
      expect.objectContaining({ fundId: fund.id, totalUnits: '20', value: '200000', costBasis: '200000', profit: '0' }),
    ]);
  });
});

describe('a wallet purchase before today’s NAV is out', () => {
  it('holds the whole amount and waits; publishing the NAV prices it once', async () => {
    const fund = await createFund(t, { purchaseFixedFee: 1_000n });
    await publishNav(t, fund.id, 50_000n, '2020-01-01');
    const u = await buyer(t, 1_000_000n);

    const quote = await post(t, u.cookie, `/funds/${fund.id}/purchase-quote`, { amount: '301000' }, null);
    expect(quote.json<PurchaseQuoteView>()).toMatchObject({
      waiting: true,
      nav: null,
      units: null,
      charged: null,
      latestNav: { navDate: '2020-01-01', nav: '50000' },
      estimatedUnits: '6',
    });

    const p = await buy(t, u, fund.id, '301000');
    expect(p).toMatchObject({ state: 'Waiting', status: 'InProgress', outcome: 'waiting', nav: null, units: null });
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(699_000n);
    expect(await balanceOf(t.database.db, u.userId, 'IRT', 'held')).toBe(301_000n);
    expect(await priceWaitingOrders(t.database.db, { fundId: fund.id, navDate: today(t) })).toEqual({
      purchases: 0,
      redemptions: 0,
    });

    await publishNav(t, fund.id, 60_000n);
    expect(await priceWaitingOrders(t.database.db, { fundId: fund.id, navDate: today(t) })).toEqual({
      purchases: 1,
      redemptions: 0,
    });
    expect(await priceWaitingOrders(t.database.db, { fundId: fund.id, navDate: today(t) })).toEqual({
      purchases: 0,
      redemptions: 0,
    });
    const priced = (await get(t, u.cookie, `/fund-purchases/${p.id}`)).json<FundPurchase>();
    // (301,000 − 1,000) × 10⁴ ÷ 60,000 = 50,000 unit-minors exactly: no remainder
    expect(priced).toMatchObject({
      state: 'Successful',
      nav: '60000',
      units: '5',
      cost: '300000',
      charged: '301000',
      remainder: '0',
    });
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(699_000n);
    expect(await balanceOf(t.database.db, u.userId, 'IRT', 'held')).toBe(0n);
    expect(await unitsOf(t.database.db, u.userId, fund.id)).toBe(50_000n);
    expect(await postingsOf(t.database.db, 'FundSharePurchase', p.id)).toHaveLength(2);
  });

  it('an amount the published NAV makes too small for a unit fails, and the hold comes back', async () => {
    const fund = await createFund(t, { purchaseFixedFee: 99_000n, minPurchase: 100_000n });
    const u = await buyer(t, 200_000n);
    const p = await buy(t, u, fund.id, '100000');
    expect(p.state).toBe('Waiting');
    // 1,000 toman after the fee buys nothing at a NAV of ten million and one per unit (less than 1/10⁴ unit)
    await publishNav(t, fund.id, 10_000_001n);
    await priceWaitingOrders(t.database.db, { fundId: fund.id, navDate: today(t) });
    const failed = (await get(t, u.cookie, `/fund-purchases/${p.id}`)).json<FundPurchase>();
    expect(failed).toMatchObject({ state: 'Failed', outcome: 'failed', failReason: 'too_small_at_nav', units: null });
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(200_000n);
    expect(await balanceOf(t.database.db, u.userId, 'IRT', 'held')).toBe(0n);
  });
});

describe('idempotency', () => {
  it('a retry with the same key answers the first purchase; the same key with another body is refused', async () => {
    const fund = await createFund(t);
    await publishNav(t, fund.id, 20_000n);
    const u = await buyer(t, 1_000_000n);
    const key = randomUUID();
    const first = await purchase(t, u, fund.id, { amount: '300000', ...wallet }, key);
    expect(first.statusCode).toBe(201);
    const again = await purchase(t, u, fund.id, { amount: '300,000', ...wallet }, key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(700_000n);

    const before = await snapshot(t, u.userId, fund.id);
    const other = await purchase(t, u, fund.id, { amount: '400000', ...wallet }, key);
    expect(errorOf(other)).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    const missing = await purchase(t, u, fund.id, { amount: '400000', ...wallet }, null);
    expect(errorOf(missing)).toEqual([400, 'VALIDATION_FAILED']);
    expect(await snapshot(t, u.userId, fund.id)).toEqual(before);
  });
});

describe('bad inputs: each refused with its code, nothing changed', () => {
  it('an amount under the fund’s minimum or over its maximum', async () => {
    const fund = await createFund(t, { minPurchase: 100_000n, maxPurchase: 5_000_000n });
    await publishNav(t, fund.id, 10_000n);
    const u = await buyer(t, 10_000_000n);
    const before = await snapshot(t, u.userId, fund.id);
    const low = await purchase(t, u, fund.id, { amount: '99999', ...wallet });
    expect(errorOf(low)).toEqual([400, 'VALIDATION_FAILED']);
    expect(issuesOf(low)).toEqual([{ path: 'body.amount', rule: 'amountMin', params: { min: '100000' } }]);
    const high = await purchase(t, u, fund.id, { amount: '5000001', ...wallet });
    expect(issuesOf(high)).toEqual([{ path: 'body.amount', rule: 'amountMax', params: { max: '5000000' } }]);
    const decimals = await purchase(t, u, fund.id, { amount: '150000.5', ...wallet });
    expect(issuesOf(decimals)).toEqual([{ path: 'body.amount', rule: 'amountDecimals', params: { scale: '0' } }]);
    const garbage = await purchase(t, u, fund.id, { amount: 'abc', ...wallet });
    expect(issuesOf(garbage)).toEqual([{ path: 'body.amount', rule: 'amountInvalid' }]);
    const quoteLow = await post(t, u.cookie, `/funds/${fund.id}/purchase-quote`, { amount: '1000' }, null);
    expect(issuesOf(quoteLow)?.[0]?.rule).toBe('amountMin');
    expect(await snapshot(t, u.userId, fund.id)).toEqual(before);
  });

  it('an amount over the wallet balance', async () => {
    const fund = await createFund(t);
    await publishNav(t, fund.id, 10_000n);
    const u = await buyer(t, 150_000n);
    const before = await snapshot(t, u.userId, fund.id);
    const res = await purchase(t, u, fund.id, { amount: '150001', ...wallet });
    expect(errorOf(res)).toEqual([422, 'INSUFFICIENT_BALANCE']);
    expect(await snapshot(t, u.userId, fund.id)).toEqual(before);
  });

  it('a fund whose buying is paused (SPEC §8 “buying or redeeming shares currently not possible”)', async () => {
    const fund = await createFund(t, { buyingPaused: true });
    await publishNav(t, fund.id, 10_000n);
    const u = await buyer(t, 1_000_000n);
    const before = await snapshot(t, u.userId, fund.id);
    const res = await purchase(t, u, fund.id, { amount: '200000', ...wallet });
    expect(errorOf(res)).toEqual([409, 'FUND_TRADING_PAUSED']);
    const card = await purchase(t, u, fund.id, { amount: '200000', method: 'card', acceptTerms: true });
    expect(errorOf(card)).toEqual([409, 'FUND_TRADING_PAUSED']);
    const quote = await post(t, u.cookie, `/funds/${fund.id}/purchase-quote`, { amount: '200000' }, null);
    expect(quote.json<PurchaseQuoteView>().buyingPaused).toBe(true);
    expect(await snapshot(t, u.userId, fund.id)).toEqual(before);
  });

  it('an investor without KYC level one', async () => {
    const fund = await createFund(t);
    await publishNav(t, fund.id, 10_000n);
    const u = await buyer(t, 1_000_000n, { kycLevel: 0 });
    const before = await snapshot(t, u.userId, fund.id);
    const res = await purchase(t, u, fund.id, { amount: '200000', ...wallet });
    expect(errorOf(res)).toEqual([403, 'KYC_REQUIRED']);
    expect(res.json<{ details: { requiredLevel: number } }>().details.requiredLevel).toBe(1);
    expect(await snapshot(t, u.userId, fund.id)).toEqual(before);
  });

  it('the terms checkbox not ticked, or no method chosen', async () => {
    const fund = await createFund(t);
    await publishNav(t, fund.id, 10_000n);
    const u = await buyer(t, 1_000_000n);
    const before = await snapshot(t, u.userId, fund.id);
    const missing = await purchase(t, u, fund.id, { amount: '200000', method: 'wallet' });
    expect(errorOf(missing)).toEqual([400, 'VALIDATION_FAILED']);
    expect(issuesOf(missing)).toEqual([{ path: 'body.acceptTerms', rule: 'accept' }]);
    const unticked = await purchase(t, u, fund.id, { amount: '200000', method: 'wallet', acceptTerms: false });
    expect(issuesOf(unticked)).toEqual([{ path: 'body.acceptTerms', rule: 'accept' }]);
    const noMethod = await purchase(t, u, fund.id, { amount: '200000', acceptTerms: true });
    expect(issuesOf(noMethod)).toEqual([{ path: 'body.method', rule: 'select' }]);
    expect(await snapshot(t, u.userId, fund.id)).toEqual(before);
  });

  it('another user’s purchase id, an unknown fund, an unlisted fund', async () => {
    const fund = await createFund(t);
    await publishNav(t, fund.id, 10_000n);
    const alice = await buyer(t, 1_000_000n);
    const bob = await buyer(t, 1_000_000n);
    const p = await buy(t, alice, fund.id, '200000');
    expect(errorOf(await get(t, bob.cookie, `/fund-purchases/${p.id}`))).toEqual([404, 'NOT_FOUND']);
    expect(errorOf(await get(t, bob.cookie, `/fund-purchases/${randomUUID()}`))).toEqual([404, 'NOT_FOUND']);
    const verify = await post(t, bob.cookie, `/fund-purchases/${p.id}/verify`, { authority: 'x', status: 'OK' }, null);
    expect(errorOf(verify)).toEqual([404, 'NOT_FOUND']);
    expect((await get(t, bob.cookie, `/fund-purchases?fundId=${fund.id}`)).json<{ items: unknown[] }>().items).toEqual(
      [],
    );

    const hidden = await createFund(t, { published: false });
    await publishNav(t, hidden.id, 10_000n);
    const before = await snapshot(t, bob.userId, hidden.id);
    expect(errorOf(await purchase(t, bob, hidden.id, { amount: '200000', ...wallet }))).toEqual([404, 'NOT_FOUND']);
    expect(errorOf(await purchase(t, bob, randomUUID(), { amount: '200000', ...wallet }))).toEqual([404, 'NOT_FOUND']);
    expect(await snapshot(t, bob.userId, hidden.id)).toEqual(before);
  });

  it('an amount that buys no unit, and a card for a fund not in toman', async () => {
    const fund = await createFund(t, { purchaseFixedFee: 100_000n, minPurchase: 100_000n });
    await publishNav(t, fund.id, 10_000n);
    const u = await buyer(t, 1_000_000n);
    const before = await snapshot(t, u.userId, fund.id);
    // The whole amount is the fee.
    expect(errorOf(await purchase(t, u, fund.id, { amount: '100000', ...wallet }))).toEqual([
      422,
      'FUND_ORDER_TOO_SMALL',
    ]);
    expect(await snapshot(t, u.userId, fund.id)).toEqual(before);

    const tether = await createFund(t, { currency: 'USDT', minPurchase: 10_000_000n });
    await publishNav(t, tether.id, 1_000_000n);
    const card = await purchase(t, u, tether.id, { amount: '20', method: 'card', acceptTerms: true });
    expect(errorOf(card)).toEqual([409, 'PAYMENT_METHOD_DISABLED']);
    expect(await snapshot(t, u.userId, tether.id)).toMatchObject({ purchases: 0, deposits: 0 });
  });
});

describe('a fund in tether', () => {
  it('is bought from the USDT wallet at six decimals', async () => {
    const fund = await createFund(t, { currency: 'USDT', minPurchase: 10_000_000n, purchaseFixedFee: 500_000n });
    // 1.234567 USDT per unit
    await publishNav(t, fund.id, 1_234_567n);
    const u = await buyer(t, 0n);
    const { credit } = await import('./fund-order-helpers');
    await credit(t, u.userId, 100_000_000n, 'USDT');
    const p = await buy(t, u, fund.id, '25.5');
    // (25,500,000 − 500,000) × 10⁴ ÷ 1,234,567 = 202,500.1… → 20.25 units; cost ⌈202,500 × 1,234,567 ÷ 10⁴⌉
    expect(p).toMatchObject({ currency: 'USDT', units: '20.25', cost: '24.999982', charged: '25.499982' });
    expect(await balanceOf(t.database.db, u.userId, 'USDT')).toBe(100_000_000n - 25_499_982n);
  });
});
