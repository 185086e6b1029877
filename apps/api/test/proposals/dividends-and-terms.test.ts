import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminFund } from '@portal/contract/admin/funds';
import type { Proposal } from '@portal/contract/admin/proposals';
import { unitCurrency } from '@portal/contract/funds/funds';
import { queryRows } from '../../src/db/client';
import { fundLots } from '../../src/db/schema';
import { runMoneyTransaction } from '../../src/lib/money-tx';
import { systemAccountId } from '../../src/modules/ledger/ledger.repository';
import { postJournal, userAccountId } from '../../src/modules/ledger/ledger.service';
import { makeOperator, type TestUser } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/app';
import { balanceOf, expectLedgerSound } from '../helpers/ledger';
import { createFund, expectUnitsConsistent, publishNav, systemBalance } from '../fund-orders/fund-order-helpers';
import {
  approve,
  auditsOf,
  call,
  counts,
  errorOf,
  grantUnits,
  holdingOperator,
  propose,
  proposed,
  quietInvestors,
  readProposal,
  reject,
} from './proposal-helpers';

/**
 * Dividends and a fund's terms (fees, limits, pauses) are proposed by one operator and made when a second
 * approves (issue 15, decision 028): never by the proposer, never by an operator who holds the fund's
 * units, and checked again when approved (a change that no longer fits answers its error and stays
 * pending).
 */
let t: TestApp;
let proposer: TestUser;
let approver: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  proposer = await makeOperator(t, 'senior_operator');
  approver = await makeOperator(t, 'senior_operator');
});
afterAll(async () => {
  await expectLedgerSound(t.database.db);
  await expectUnitsConsistent(t.database.db);
  await t.close();
});

/** Takes a holder's units back into the fund (as a priced redemption would), lots included. */
async function takeBackUnits(userId: string, fundId: string, units: bigint) {
  const currency = unitCurrency(fundId);
  await runMoneyTransaction(t.database.db, async (tx) => {
    await postJournal(tx, {
      refType: 'FundShareRedeem',
      refId: randomUUID(),
      postings: [
        { accountId: await userAccountId(tx, userId, currency, 'available'), currency, amount: -units },
        { accountId: await systemAccountId(tx, 'fund_units', currency), currency, amount: units },
      ],
    });
    await tx
      .update(fundLots)
      .set({ unitsRemaining: 0n })
      .where(and(eq(fundLots.userId, userId), eq(fundLots.fundId, fundId)));
  });
}

const adminFund = async (fundId: string) =>
  (await call(t, approver.cookie, 'GET', `/admin/funds/${fundId}`)).json<AdminFund>();

describe('dividends', () => {
  it('proposed by one operator, paid when a second approves; holders neither propose nor approve', async () => {
    const fund = await createFund(t);
    await publishNav(t, fund.id, 10_000n);
    const [x, y] = await quietInvestors(t, 2);
    await grantUnits(t, x!, fund.id, 123_456n); // 12.3456 units
    await grantUnits(t, y!, fund.id, 9n); // 0.0009 units: ⌊9 × 100 ÷ 10⁴⌋ = 0, not paid
    const holder = await holdingOperator(t, 'admin', fund.id, 20_000n);
    expect(errorOf(await propose.dividend(t, holder.cookie, fund.id, '100'))).toEqual([403, 'FUND_HOLDER_OPERATOR']);

    const custody0 = await systemBalance(t.database.db, 'fund_custody', 'IRT');
    const before = await counts(t);
    const p = proposed(await propose.dividend(t, proposer.cookie, fund.id, '100'));
    expect(p).toMatchObject({ kind: 'dividend', payload: { kind: 'dividend', perUnit: '100' } });
    expect(await counts(t)).toEqual(before);
    expect(errorOf(await approve(t, proposer.cookie, p.id))).toEqual([403, 'SAME_OPERATOR']);
    expect(errorOf(await approve(t, holder.cookie, p.id))).toEqual([403, 'FUND_HOLDER_OPERATOR']);
    expect(await counts(t)).toEqual(before);

    const res = await approve(t, approver.cookie, p.id);
    expect(res.statusCode, res.body).toBe(200);
    // x: ⌊123,456 × 100 ÷ 10⁴⌋ = 1,234; the operator ⌊20,000 × 100 ÷ 10⁴⌋ = 200; y: 0.
    expect(await balanceOf(t.database.db, x!, 'IRT')).toBe(1_234n);
    expect(await balanceOf(t.database.db, y!, 'IRT')).toBe(0n);
    expect(await balanceOf(t.database.db, holder.userId, 'IRT')).toBe(200n);
    expect(await systemBalance(t.database.db, 'fund_custody', 'IRT')).toBe(custody0 - 1_434n);
    const [paid] = (await auditsOf(t, 'fund.dividend.distributed')).filter((a) => a.subject_id === fund.id);
    expect(paid).toMatchObject({
      actor_user_id: approver.userId,
      data: { dividendId: res.json<Proposal>().resultId, total: '1434', holders: 2, proposedBy: proposer.userId },
    });
  });

  it('a retry with the same key answers the same proposal, before and after it is decided', async () => {
    const fund = await createFund(t);
    const [x] = await quietInvestors(t, 1);
    await grantUnits(t, x!, fund.id, 10_000n);
    const key = randomUUID();
    const first = proposed(await propose.dividend(t, proposer.cookie, fund.id, '۵۰', key));
    const retry = proposed(await propose.dividend(t, proposer.cookie, fund.id, '50', key));
    expect(retry.id).toBe(first.id);
    expect(errorOf(await propose.dividend(t, proposer.cookie, fund.id, '51', key))).toEqual([
      422,
      'IDEMPOTENCY_KEY_REUSED',
    ]);
    expect((await approve(t, approver.cookie, first.id)).statusCode).toBe(200);
    const late = proposed(await propose.dividend(t, proposer.cookie, fund.id, '50', key));
    expect(late).toMatchObject({ id: first.id, status: 'Approved' });
    expect(await balanceOf(t.database.db, x!, 'IRT')).toBe(50n);
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM proposals WHERE fund_id = ${fund.id}`,
    );
    expect(row!.n).toBe(1);
  });

  it('no holder at all is refused up front; none left at approval is CONFLICT and the proposal stays pending', async () => {
    const fund = await createFund(t);
    expect(errorOf(await propose.dividend(t, proposer.cookie, fund.id, '10'))).toEqual([409, 'CONFLICT']);
    const [x] = await quietInvestors(t, 1);
    await grantUnits(t, x!, fund.id, 10_000n);
    const p = proposed(await propose.dividend(t, proposer.cookie, fund.id, '10'));
    await takeBackUnits(x!, fund.id, 10_000n);
    const before = await counts(t);
    expect(errorOf(await approve(t, approver.cookie, p.id))).toEqual([409, 'CONFLICT']);
    expect(await counts(t)).toEqual(before);
    expect(await readProposal(t, approver.cookie, p.id)).toMatchObject({
      status: 'Pending',
      effect: { kind: 'dividend', holdersCount: 0, total: '0', holders: [] },
    });
  });
});

describe('fund terms', () => {
  it('fees and pauses: proposed by one operator, made by a second; the proposer and holders cannot approve', async () => {
    const fund = await createFund(t, { purchaseFixedFee: 1_000n, minPurchase: 100_000n });
    const holder = await holdingOperator(t, 'admin', fund.id);
    const body = {
      fees: { purchaseFixedFee: '2,000', managementFeeBps: 150, redeemFixedFee: '0', performanceFeeBps: 0 },
      buyingPaused: true,
    };
    expect(errorOf(await propose.terms(t, holder.cookie, fund.id, body))).toEqual([403, 'FUND_HOLDER_OPERATOR']);
    const p = proposed(await propose.terms(t, proposer.cookie, fund.id, body));
    const fees = { purchaseFixedFee: '2000', managementFeeBps: 150, redeemFixedFee: '0', performanceFeeBps: 0 };
    expect(p).toMatchObject({
      kind: 'fund_terms',
      payload: { kind: 'fund_terms', fees, buyingPaused: true },
      effect: {
        kind: 'fund_terms',
        before: {
          fees: { purchaseFixedFee: '1000', managementFeeBps: 0, redeemFixedFee: '0', performanceFeeBps: 0 },
          buyingPaused: false,
        },
        after: { fees, buyingPaused: true },
        holdersCount: 1,
      },
    });
    expect(await adminFund(fund.id)).toMatchObject({ buyingPaused: false, fees: { purchaseFixedFee: '1000' } });
    expect(errorOf(await approve(t, proposer.cookie, p.id))).toEqual([403, 'SAME_OPERATOR']);
    expect(errorOf(await approve(t, holder.cookie, p.id))).toEqual([403, 'FUND_HOLDER_OPERATOR']);
    expect(await adminFund(fund.id)).toMatchObject({ buyingPaused: false });

    expect((await approve(t, approver.cookie, p.id)).statusCode).toBe(200);
    expect(await adminFund(fund.id)).toMatchObject({
      buyingPaused: true,
      redeemingPaused: false,
      fees: { purchaseFixedFee: '2000', managementFeeBps: 150 },
    });
    const [updated] = (await auditsOf(t, 'fund.updated')).filter((a) => a.subject_id === fund.id);
    expect(updated).toMatchObject({
      actor_user_id: approver.userId,
      data: {
        changes: {
          purchaseFixedFee: { from: '1000', to: '2000' },
          managementFeeBps: { from: 0, to: 150 },
          buyingPaused: { from: false, to: true },
        },
        proposalId: p.id,
        proposedBy: proposer.userId,
      },
    });

    // Pausing redemptions the same way.
    const pause = proposed(await propose.terms(t, proposer.cookie, fund.id, { redeemingPaused: true }));
    expect(pause.effect).toMatchObject({ before: { redeemingPaused: false }, after: { redeemingPaused: true } });
    expect(errorOf(await approve(t, proposer.cookie, pause.id))).toEqual([403, 'SAME_OPERATOR']);
    expect((await approve(t, approver.cookie, pause.id)).statusCode).toBe(200);
    expect(await adminFund(fund.id)).toMatchObject({ redeemingPaused: true });
  });

  it('checked against the fund’s rules when proposed and again when approved', async () => {
    const fund = await createFund(t, { purchaseFixedFee: 0n, minPurchase: 100_000n });
    const bad = await propose.terms(t, proposer.cookie, fund.id, {
      limits: { minPurchase: '100000', maxPurchase: '50000', minRedeemUnits: '1' },
    });
    expect(errorOf(bad)).toEqual([400, 'VALIDATION_FAILED']);
    expect(bad.json().details.issues).toEqual([{ path: 'body.limits.maxPurchase', rule: 'maxBelowMin' }]);

    // Each fits the fund as it is; together they do not (the fee would reach the new minimum).
    const fee = proposed(
      await propose.terms(t, proposer.cookie, fund.id, {
        fees: { purchaseFixedFee: '80000', managementFeeBps: 0, redeemFixedFee: '0', performanceFeeBps: 0 },
      }),
    );
    const min = proposed(
      await propose.terms(t, proposer.cookie, fund.id, {
        limits: { minPurchase: '70000', maxPurchase: null, minRedeemUnits: '1' },
      }),
    );
    expect((await approve(t, approver.cookie, min.id)).statusCode).toBe(200);
    const before = await counts(t);
    const refused = await approve(t, approver.cookie, fee.id);
    expect(errorOf(refused)).toEqual([400, 'VALIDATION_FAILED']);
    expect(refused.json().details.issues).toEqual([{ path: 'body.limits.minPurchase', rule: 'feeNotBelowMin' }]);
    expect(await counts(t)).toEqual(before);
    expect(await adminFund(fund.id)).toMatchObject({
      fees: { purchaseFixedFee: '0' },
      limits: { minPurchase: '70000' },
    });
    expect(await readProposal(t, approver.cookie, fee.id)).toMatchObject({
      status: 'Pending',
      effect: { before: { fees: { purchaseFixedFee: '0' } }, after: { fees: { purchaseFixedFee: '80000' } } },
    });
    expect((await reject(t, approver.cookie, fee.id, 'the fee would reach the minimum')).statusCode).toBe(200);
  });

  it('a pending proposal fixes the fund’s currency until it is decided', async () => {
    const fund = await createFund(t);
    const moveToUsdt = {
      currency: 'USDT',
      fees: { purchaseFixedFee: '0', managementFeeBps: 0, redeemFixedFee: '0', performanceFeeBps: 0 },
      limits: { minPurchase: '10', maxPurchase: null, minRedeemUnits: '1' },
    };
    const p = proposed(await propose.terms(t, proposer.cookie, fund.id, { buyingPaused: true }));
    expect(errorOf(await call(t, proposer.cookie, 'PATCH', `/admin/funds/${fund.id}`, moveToUsdt))).toEqual([
      409,
      'FUND_CURRENCY_LOCKED',
    ]);
    expect((await reject(t, proposer.cookie, p.id, 'withdrawn: the currency changes first')).statusCode).toBe(200);
    const moved = await call(t, proposer.cookie, 'PATCH', `/admin/funds/${fund.id}`, moveToUsdt);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<AdminFund>()).toMatchObject({ currency: 'USDT', minPurchase: '10' });
  });
});
