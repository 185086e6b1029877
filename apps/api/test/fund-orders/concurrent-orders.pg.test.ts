import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FundPurchase, FundRedemption } from '@portal/contract/funds/orders';
import { parseUnits } from '@portal/contract/funds/pricing';
import { openDatabase } from '../../src/db/client';
import { priceWaitingOrders } from '../../src/modules/fund-orders/pricing.service';
import { createSecondInstance, createTestApp, type TestApp } from '../helpers/app';
import { balanceOf, expectLedgerSound } from '../helpers/ledger';
import {
  buy,
  buyer,
  createFund,
  expectUnitsConsistent,
  get,
  lotsOf,
  publishNav,
  purchase,
  redemption,
  today,
  unitsOf,
} from './fund-order-helpers';

/**
 * Fund orders under real concurrency (PostgreSQL only; issue 6 "Done when"): one investor's purchases and
 * redemptions fired at once on two instances never overdraw the wallet or redeem more units than held;
 * the ledger balances per currency and every holder's lots equal their unit accounts; waiting orders priced
 * by several runs at once are each priced once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const codeOf = (res: { json: () => unknown }) => (res.json() as { code: string }).code;
const wallet = { method: 'wallet', acceptTerms: true } as const;

describe('one investor’s purchases and redemptions at once (PostgreSQL)', () => {
  it('never overdraws the wallet nor over-redeems; money and units are conserved', async () => {
    const second = await createSecondInstance(t);
    try {
      const fund = await createFund(t, { purchaseFixedFee: 1_000n, redeemFixedFee: 500n });
      await publishNav(t, fund.id, 10_000n);
      const u = await buyer(t, 1_000_000n);
      await buy(t, u, fund.id, '300000'); // 29.9 units
      const db = t.database.db;
      const wallet0 = await balanceOf(db, u.userId, 'IRT');
      const units0 = await unitsOf(db, u.userId, fund.id);
      expect([wallet0, units0]).toEqual([700_000n, 299_000n]);

      const apps = [t.app, second.app];
      const calls: Promise<{ kind: 'purchase' | 'redemption'; res: Awaited<ReturnType<typeof purchase>> }>[] = [];
      for (let i = 0; i < 24; i++) {
        const app = apps[i % 2]!;
        calls.push(
          purchase(t, u, fund.id, { amount: '100000', ...wallet }, randomUUID(), app).then((res) => ({
            kind: 'purchase' as const,
            res,
          })),
        );
        calls.push(
          redemption(t, u, fund.id, { units: '5' }, randomUUID(), app).then((res) => ({
            kind: 'redemption' as const,
            res,
          })),
        );
        if (i % 4 === 0) {
          calls.push(
            redemption(t, u, fund.id, { units: '1000' }, randomUUID(), app).then((res) => ({
              kind: 'redemption' as const,
              res,
            })),
          );
        }
      }
      const results = await Promise.all(calls);
      let charged = 0n;
      let proceeds = 0n;
      let issued = 0n;
      let redeemed = 0n;
      for (const { kind, res } of results) {
        if (res.statusCode === 201) {
          if (kind === 'purchase') {
            const p = res.json<FundPurchase>();
            expect(p.state).toBe('Successful');
            charged += BigInt(p.charged!);
            issued += parseUnits(p.units!);
          } else {
            const r = res.json<FundRedemption>();
            expect([r.state, r.units]).toEqual(['Successful', '5']);
            proceeds += BigInt(r.proceeds!);
            redeemed += parseUnits(r.units);
          }
        } else {
          expect([res.statusCode, codeOf(res)], res.body).toEqual([
            422,
            kind === 'purchase' ? 'INSUFFICIENT_BALANCE' : 'FUND_UNITS_INSUFFICIENT',
          ]);
        }
      }
      const statuses = results.map((r) => `${r.kind[0]}${r.res.statusCode}`).join(' ');
      // Some of each went through, some purchases found the wallet empty, every 1,000-unit redemption was refused.
      expect(charged > 0n && redeemed > 0n, statuses).toBe(true);
      expect(statuses).toContain('p422');
      expect(results.filter((r) => r.kind === 'redemption' && r.res.statusCode === 422).length).toBeGreaterThanOrEqual(
        6,
      );
      expect(redeemed).toBeLessThanOrEqual(units0 + issued);

      const walletNow = await balanceOf(db, u.userId, 'IRT');
      const unitsNow = await unitsOf(db, u.userId, fund.id);
      expect(walletNow).toBe(wallet0 - charged + proceeds);
      expect(walletNow >= 0n).toBe(true);
      expect(unitsNow).toBe(units0 + issued - redeemed);
      expect(await balanceOf(db, u.userId, 'IRT', 'held')).toBe(0n);
      expect(await unitsOf(db, u.userId, fund.id, 'held')).toBe(0n);
      const lots = await lotsOf(db, u.userId, fund.id);
      expect(lots.reduce((s, l) => s + BigInt(l.units_remaining), 0n)).toBe(unitsNow);
      await expectLedgerSound(db);
      await expectUnitsConsistent(db);
    } finally {
      await second.close();
    }
  });

  it('the same request sent at once under one key: one purchase, held once', async () => {
    const fund = await createFund(t);
    await publishNav(t, fund.id, 10_000n);
    const u = await buyer(t, 1_000_000n);
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => purchase(t, u, fund.id, { amount: '250000', ...wallet }, key)),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.json<FundPurchase>().id)).size).toBe(1);
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(750_000n);
    expect(await unitsOf(t.database.db, u.userId, fund.id)).toBe(250_000n);
  });
});

describe('waiting orders priced by several runs at once (PostgreSQL)', () => {
  it('each order is priced once, redemptions in the order they were placed', async () => {
    const fund = await createFund(t, { redeemFixedFee: 100n });
    await publishNav(t, fund.id, 10_000n);
    const investors = await Promise.all([1, 2, 3].map(() => buyer(t, 2_000_000n)));
    for (const u of investors) await buy(t, u, fund.id, '500000'); // 50 units each
    t.clock.advance(86_400);
    const orders: { userId: string; kind: 'p' | 'r'; id: string }[] = [];
    for (const u of investors) {
      for (let i = 0; i < 4; i++) {
        const p = await purchase(t, u, fund.id, { amount: '100000', ...wallet });
        expect(p.statusCode, p.body).toBe(201);
        orders.push({ userId: u.userId, kind: 'p', id: p.json<FundPurchase>().id });
        const r = await redemption(t, u, fund.id, { units: '10' });
        expect(r.statusCode, r.body).toBe(201);
        orders.push({ userId: u.userId, kind: 'r', id: r.json<FundRedemption>().id });
      }
    }
    await publishNav(t, fund.id, 12_500n);
    const other = await openDatabase({ driver: 'postgres', url: t.database.url!, poolSize: 5 });
    try {
      const navDate = today(t);
      const runs = await Promise.all([
        priceWaitingOrders(t.database.db, { fundId: fund.id, navDate }),
        priceWaitingOrders(other.db, { fundId: fund.id, navDate }),
        priceWaitingOrders(t.database.db, { fundId: fund.id, navDate }),
        priceWaitingOrders(other.db, { fundId: fund.id, navDate }),
      ]);
      // A redemption a run found behind an older one still waiting is left to the others or to a later run.
      const again = await priceWaitingOrders(t.database.db, { fundId: fund.id, navDate });
      const total = [...runs, again].reduce(
        (s, c) => ({ purchases: s.purchases + c.purchases, redemptions: s.redemptions + c.redemptions }),
        { purchases: 0, redemptions: 0 },
      );
      expect(total).toEqual({ purchases: 12, redemptions: 12 });
    } finally {
      await other.close();
    }
    for (const u of investors) {
      const cookieless = orders.filter((o) => o.userId === u.userId);
      expect(cookieless).toHaveLength(8);
      // 50 + 4 × 8 (100,000 ÷ 12,500) − 4 × 10
      expect(await unitsOf(t.database.db, u.userId, fund.id)).toBe(420_000n);
      expect(await unitsOf(t.database.db, u.userId, fund.id, 'held')).toBe(0n);
      // 2,000,000 − 500,000 − 400,000 + 4 × (125,000 − 3,750 early exit − 100)
      expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(1_100_000n + 4n * 121_150n);
    }
    await expectLedgerSound(t.database.db);
    await expectUnitsConsistent(t.database.db);
    const first = investors[0]!;
    const res = await get(t, first.cookie, `/fund-orders?fundId=${fund.id}`);
    expect(res.json<{ total: number }>().total).toBe(9);
  });
});
