import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { divRound, toMinor } from '@portal/contract/core/money';
import { queryRows } from '../../src/db/client';
import { runMoneyTransaction } from '../../src/lib/money-tx';
import { systemAccountId } from '../../src/modules/ledger/ledger.repository';
import { transfer, userAccountId } from '../../src/modules/ledger/ledger.service';
import { createTestApp, type TestApp } from '../helpers/app';
import { balanceOf, expectLedgerSound } from '../helpers/ledger';
import { settableSource } from '../tether/tether-helpers';
import {
  buyer,
  createFund,
  credit,
  expectUnitsConsistent,
  publishNav,
  purchase,
  redemption,
  today,
  unitsOf,
} from '../fund-orders/fund-order-helpers';
import { pnl, state } from './portfolio-helpers';

/**
 * Profit never counts money in as gain (issue 19, decision 041). Random deposits, withdrawals, purchases,
 * redemptions, NAV moves and tether price moves, each through the code that does it for real; after each
 * step the all-time profit must equal a model that knows only what the step changes:
 * - a deposit or a withdrawal: nothing (it is money in or out);
 * - a purchase: the units at the NAV minus what was paid (the fee and the rounding in the fund's favour);
 * - a redemption: the proceeds minus the units at the NAV (the fees and the rounding);
 * - a NAV move: the units held × the move;
 * - a tether price move: nothing in toman.
 * So with the NAV flat the profit is exactly minus the fees (and the sub-toman roundings). In tether the
 * profit is the toman profit at the live price (to the micro-tether). The ledger stays sound throughout.
 */
let t: TestApp;
const source = settableSource('nobitex', 1_000_000n);

beforeAll(async () => {
  t = await createTestApp({ adapters: { priceSources: [source] } });
  await t.app.tetherPrices.takePrice(t.clock.now);
});
afterAll(async () => {
  await t.close();
});

type Step =
  | { kind: 'deposit'; amount: number }
  | { kind: 'withdraw'; share: number }
  | { kind: 'buy'; share: number }
  | { kind: 'redeem'; share: number }
  | { kind: 'nav'; ppm: number }
  | { kind: 'price'; rials: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), amount: fc.integer({ min: 1, max: 5_000_000 }) }),
  fc.record({ kind: fc.constant('withdraw' as const), share: fc.double({ min: 0.01, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant('buy' as const), share: fc.double({ min: 0.05, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant('redeem' as const), share: fc.double({ min: 0.05, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant('nav' as const), ppm: fc.integer({ min: -80_000, max: 80_000 }) }),
  fc.record({ kind: fc.constant('price' as const), rials: fc.integer({ min: 500_000, max: 2_000_000 }) }),
);

const frac = (x: bigint, share: number) => (x * BigInt(Math.floor(share * 1_000_000))) / 1_000_000n;

describe('profit and loss over random money movements', () => {
  it('never counts money in as gain, and is minus the fees when prices stand still', async () => {
    let runs = 0;
    /** What the runs did (a step that found nothing to move is skipped). */
    const did: Record<Step['kind'], number> = { deposit: 0, withdraw: 0, buy: 0, redeem: 0, nav: 0, price: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 3, maxLength: 9 }),
        fc.integer({ min: 9_000, max: 90_000 }),
        async (steps, startNav) => {
          runs += 1;
          const u = await buyer(t, 0n);
          await credit(t, u.userId, 2_000_000n);
          const fund = await createFund(t, {
            category: 'crypto',
            purchaseFixedFee: 5_000n,
            redeemFixedFee: 2_000n,
            minPurchase: 50_000n,
            minRedeemUnits: 1n,
          });
          let nav = BigInt(startNav);
          await publishNav(t, fund.id, nav);
          // The live price in rials (the state names it in toman, with a tenth when the rials ask for one).
          let mid = BigInt(Math.round(Number((await state(t, u.cookie)).tetherPrice!.mid) * 10));
          /** The expected all-time profit, toman × 10⁴ (exact). */
          let model = 0n;
          let fees = 0n;

          for (const s of steps) {
            const cash = await balanceOf(t.database.db, u.userId, 'IRT');
            const units = await unitsOf(t.database.db, u.userId, fund.id);
            if (s.kind === 'deposit') {
              await credit(t, u.userId, BigInt(s.amount));
            } else if (s.kind === 'withdraw') {
              const amount = frac(cash, s.share);
              if (amount <= 0n) continue;
              // A payout to the bank, as a paid withdrawal ends.
              await runMoneyTransaction(t.database.db, async (tx) =>
                transfer(tx, {
                  fromAccountId: await userAccountId(tx, u.userId, 'IRT'),
                  toAccountId: await systemAccountId(tx, 'bank_settlement', 'IRT'),
                  currency: 'IRT',
                  amount,
                  refType: 'Withdrawal',
                  refId: randomUUID(),
                }),
              );
            } else if (s.kind === 'buy') {
              const amount = frac(cash, s.share);
              if (amount < 50_000n || amount - 5_000n < nav) continue;
              const res = await purchase(t, u, fund.id, {
                amount: amount.toString(),
                method: 'wallet',
                acceptTerms: true,
              });
              expect(res.statusCode, res.body).toBe(201);
              const [p] = await queryRows<{ units: string; nav: string; cost: string; fixed_fee: string }>(
                t.database.db,
                sql`SELECT units::text, nav::text, cost::text, fixed_fee::text FROM fund_purchases WHERE id = ${res.json<{ id: string }>().id}`,
              );
              expect(p!.nav).toBe(nav.toString());
              model += BigInt(p!.units) * nav - (BigInt(p!.cost) + BigInt(p!.fixed_fee)) * 10_000n;
              fees += BigInt(p!.fixed_fee);
            } else if (s.kind === 'redeem') {
              const take = frac(units, s.share);
              if (take <= 0n) continue;
              const res = await redemption(t, u, fund.id, { units: (Number(take) / 1e4).toFixed(4) });
              if (res.statusCode !== 201) {
                // Proceeds that would not cover the fees are refused: nothing moved.
                expect(res.json<{ code: string }>().code, res.body).toBe('FUND_ORDER_TOO_SMALL');
                continue;
              }
              const [r] = await queryRows<{ units: string; proceeds: string; fees: string }>(
                t.database.db,
                sql`SELECT units::text, proceeds::text,
                         (fixed_fee + early_exit_fee + performance_fee)::text AS fees
                  FROM fund_redemptions WHERE id = ${res.json<{ id: string }>().id}`,
              );
              model += BigInt(r!.proceeds) * 10_000n - BigInt(r!.units) * nav;
              fees += BigInt(r!.fees);
            } else if (s.kind === 'nav') {
              const next = divRound(nav * BigInt(1_000_000 + s.ppm), 1_000_000n, 'half-even');
              if (next <= 0n) continue;
              // A corrected NAV of today: the holdings are valued at it from now on.
              await t.database.db.execute(
                sql`UPDATE fund_navs SET nav = ${next.toString()}::bigint WHERE fund_id = ${fund.id} AND nav_date = ${today(t)}`,
              );
              const held = units + (await unitsOf(t.database.db, u.userId, fund.id, 'held'));
              model += held * (next - nav);
              nav = next;
            } else {
              source.set(BigInt(s.rials));
              t.clock.advance(1);
              await t.app.tetherPrices.takePrice(t.clock.now);
              mid = BigInt(s.rials);
            }

            did[s.kind] += 1;
            const irt = await state(t, u.cookie, 'IRT');
            const all = pnl(irt, 'all');
            expect(all.profit, JSON.stringify({ steps, s })).toBe(divRound(model, 10_000n, 'half-even').toString());
            // Money in is counted as money in: the net flow is what the deposits and withdrawals moved.
            const [flow] = await queryRows<{ net: string }>(
              t.database.db,
              sql`SELECT coalesce(-sum(p.amount), 0)::text AS net FROM ledger_postings p
                JOIN ledger_accounts a ON a.id = p.account_id
                WHERE a.code = 'bank_settlement' AND a.user_id IS NULL
                  AND p.journal_id IN (SELECT p2.journal_id FROM ledger_postings p2 JOIN ledger_accounts a2 ON a2.id = p2.account_id WHERE a2.user_id = ${u.userId})`,
            );
            expect(all.netFlow).toBe(flow!.net);
            // In tether: the same profit at the live price, to the micro-tether.
            const usdt = pnl(await state(t, u.cookie, 'USDT'), 'all');
            const expected = divRound(model * 10n * 1_000_000n, mid * 10_000n, 'half-even');
            const got = toMinor(usdt.profit, 'USDT');
            expect(got - expected <= 1n && expected - got <= 1n, `${usdt.profit} vs ${expected}`).toBe(true);
          }
          // With no NAV move the profit is minus the fees and the roundings, never more than the fees lost.
          if (!steps.some((s) => s.kind === 'nav')) {
            expect(model <= -fees * 10_000n).toBe(true);
            // Each lot rounds by less than a toman per purchase and per lot a redemption takes.
            expect(model > -(fees + BigInt(steps.length * steps.length)) * 10_000n).toBe(true);
          }
          await expectLedgerSound(t.database.db);
          await expectUnitsConsistent(t.database.db);
        },
      ),
      {
        numRuns: 15,
        // One program of every kind first: the random ones alone sometimes never reach a redemption
        // (it needs a purchase before it in the same run), and the check below would then fail by chance.
        examples: [
          [
            [
              { kind: 'deposit', amount: 3_000_000 },
              { kind: 'buy', share: 0.5 },
              { kind: 'price', rials: 1_200_000 },
              { kind: 'redeem', share: 0.5 },
              { kind: 'nav', ppm: 10_000 },
              { kind: 'withdraw', share: 0.3 },
              { kind: 'redeem', share: 0.5 },
            ],
            20_000,
          ],
        ],
      },
    );
    expect(runs).toBeGreaterThanOrEqual(15);
    // Every kind of step really ran (a purchase needs a deposit before it, a redemption a purchase).
    expect(
      Object.values(did).every((n) => n > 0),
      JSON.stringify(did),
    ).toBe(true);
  });
});
