import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FundPurchase, FundRedemption } from '@portal/contract/funds/orders';
import { createTestApp, type TestApp } from '../helpers/app';
import { balanceOf, expectLedgerSound } from '../helpers/ledger';
import {
  buyer,
  createFund,
  errorOf,
  expectUnitsConsistent,
  publishNav,
  purchase,
  redemption,
  unitsOf,
} from './fund-order-helpers';

/**
 * Issue 6 "Done when": buying then redeeming at the same NAV never returns more than was paid, through the
 * whole API (the request, the journals, the lots), for random NAVs, fees and amounts, redeemed whole or in
 * two parts. Every rounding favours the fund.
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

describe('buy, then redeem at the same NAV', () => {
  it('never returns more than was paid', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          nav: fc.bigInt({ min: 1n, max: 50_000_000n }),
          purchaseFee: fc.bigInt({ min: 0n, max: 20_000n }),
          redeemFee: fc.bigInt({ min: 0n, max: 20_000n }),
          performanceFeeBps: fc.integer({ min: 0, max: 3000 }),
          amount: fc.bigInt({ min: 1n, max: 5_000_000n }),
          /** Redeem in two parts: the first part's share of the units, in per mille (0: whole). */
          split: fc.integer({ min: 0, max: 999 }),
        }),
        async (c) => {
          const fund = await createFund(t, {
            purchaseFixedFee: c.purchaseFee,
            redeemFixedFee: c.redeemFee,
            performanceFeeBps: c.performanceFeeBps,
            minPurchase: 1n,
          });
          await publishNav(t, fund.id, c.nav);
          const u = await buyer(t, c.amount);
          const bought = await purchase(t, u, fund.id, {
            amount: c.amount.toString(),
            method: 'wallet',
            acceptTerms: true,
          });
          if (bought.statusCode !== 201) {
            expect(errorOf(bought)).toEqual([422, 'FUND_ORDER_TOO_SMALL']);
            return;
          }
          const p = bought.json<FundPurchase>();
          expect(BigInt(p.charged!) <= c.amount).toBe(true);
          const units = await unitsOf(t.database.db, u.userId, fund.id);
          const first = c.split === 0 ? units : (units * BigInt(c.split)) / 1000n;
          const parts = [first, units - first].filter((x) => x > 0n);
          let proceeds = 0n;
          for (const part of parts) {
            const res = await redemption(t, u, fund.id, { units: (Number(part) / 10_000).toFixed(4) });
            if (res.statusCode === 201) proceeds += BigInt(res.json<FundRedemption>().proceeds!);
            else expect(errorOf(res)).toEqual([422, 'FUND_ORDER_TOO_SMALL']);
          }
          expect(proceeds <= BigInt(p.charged!)).toBe(true);
          expect((await balanceOf(t.database.db, u.userId, 'IRT')) <= c.amount).toBe(true);
        },
      ),
      { numRuns: 25 },
    );
  });
});
