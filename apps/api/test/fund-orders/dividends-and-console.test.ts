import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminFundPurchase, AdminFundRedemption, FundDividend } from '@portal/contract/admin/fund-orders';
import type { Proposal } from '@portal/contract/admin/proposals';
import { queryRows } from '../../src/db/client';
import { runFundOrderJobs } from '../../src/modules/fund-orders/pricing.service';
import { approvedByAnother, makeOperator, secondOperator, type TestUser } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/app';
import { balanceOf, expectLedgerSound } from '../helpers/ledger';
import {
  buy,
  buyer,
  createFund,
  errorOf,
  expectUnitsConsistent,
  get,
  post,
  postingsOf,
  publishNav,
  redeem,
  systemBalance,
} from './fund-order-helpers';

/**
 * The operators' side (issue 6 "Operators"): dividends (`FundHolderDividendDistribution`) to every holder,
 * rounded down per holder, proposed by one operator and paid when a second approves (decision 028); a fund's purchases and redemptions in the console; and the catch-up job that
 * prices waiting orders whose NAV is out.
 */
let t: TestApp;
let manager: TestUser;
let reader: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  manager = await makeOperator(t, 'senior_operator');
  reader = await makeOperator(t, 'operator');
});
afterAll(async () => {
  await expectLedgerSound(t.database.db);
  await expectUnitsConsistent(t.database.db);
  await t.close();
});

describe('dividends', () => {
  it('pays each holder ⌊units × per-unit ÷ 10⁴⌋ from the fund’s custody, one journal each, proposed once per key', async () => {
    const fund = await createFund(t, { purchaseFixedFee: 5_000n });
    await publishNav(t, fund.id, 123_457n);
    const alice = await buyer(t, 1_000_000n);
    const bob = await buyer(t, 1_000_000n);
    const carol = await buyer(t, 1_000_000n);
    await buy(t, alice, fund.id, '1000000'); // 8.0594 units
    await buy(t, bob, fund.id, '500000'); // (495,000 × 10⁴ ÷ 123,457) = 40,094 → 4.0094 units
    await buy(t, carol, fund.id, '200000');
    // Carol asks to redeem all her units before the NAV of tomorrow: still a holder (held units).
    t.clock.advance(86_400);
    await redeem(t, carol, fund.id, { units: '1.5794' });
    const custody0 = await systemBalance(t.database.db, 'fund_custody', 'IRT');
    const wallets0 = await Promise.all([alice, bob, carol].map((u) => balanceOf(t.database.db, u.userId, 'IRT')));

    const key = randomUUID();
    const res = await post(t, manager.cookie, `/admin/funds/${fund.id}/dividends`, { perUnit: '1,250' }, key);
    // Proposed: nothing is paid until a second operator approves (decision 028).
    expect(res.statusCode, res.body).toBe(202);
    const proposal = res.json<Proposal>();
    expect(proposal.payload).toEqual({ kind: 'dividend', perUnit: '1250' });
    expect(await systemBalance(t.database.db, 'fund_custody', 'IRT')).toBe(custody0);
    // The same request again: the same proposal, no second one; another body under the key is refused.
    const twice = await post(t, manager.cookie, `/admin/funds/${fund.id}/dividends`, { perUnit: '1250' }, key);
    expect([twice.statusCode, twice.json<Proposal>().id]).toEqual([202, proposal.id]);
    expect(errorOf(await post(t, manager.cookie, `/admin/funds/${fund.id}/dividends`, { perUnit: '1' }, key))).toEqual([
      422,
      'IDEMPOTENCY_KEY_REUSED',
    ]);

    const approved = await approvedByAnother(t, res);
    const d = (await get(t, reader.cookie, `/admin/funds/${fund.id}/dividends`)).json<{ items: FundDividend[] }>()
      .items[0]!;
    expect(approved.resultId).toBe(d.id);
    // Alice ⌊80,594 × 1,250 ÷ 10⁴⌋ = 10,074; Bob ⌊40,094 × 1,250 ÷ 10⁴⌋ = 5,011; Carol ⌊15,794 × 1,250 ÷ 10⁴⌋ = 1,974
    expect(d).toMatchObject({
      fundId: fund.id,
      currency: 'IRT',
      perUnit: '1250',
      total: '17059',
      holders: 3,
      createdBy: (await secondOperator(t)).userId,
    });
    const wallets1 = await Promise.all([alice, bob, carol].map((u) => balanceOf(t.database.db, u.userId, 'IRT')));
    expect(wallets1.map((w, i) => w - wallets0[i]!)).toEqual([10_074n, 5_011n, 1_974n]);
    expect(await systemBalance(t.database.db, 'fund_custody', 'IRT')).toBe(custody0 - 17_059n);
    const journals = await postingsOf(t.database.db, 'FundHolderDividendDistribution', d.id);
    expect(journals).toHaveLength(3);
    const payments = await queryRows<{ user_id: string; units: string; amount: string }>(
      t.database.db,
      sql`SELECT user_id, units::text AS units, amount::text AS amount FROM fund_dividend_payments WHERE dividend_id = ${d.id}`,
    );
    expect(new Map(payments.map((p) => [p.user_id, [p.units, p.amount]]))).toEqual(
      new Map([
        [alice.userId, ['80594', '10074']],
        [bob.userId, ['40094', '5011']],
        [carol.userId, ['15794', '1974']],
      ]),
    );
    const [audit] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'fund.dividend.distributed' AND subject_id = ${fund.id}`,
    );
    expect(audit!.n).toBe(1);

    // The same request once more after the approval: the same (approved) proposal, nothing paid twice.
    const again = await post(t, manager.cookie, `/admin/funds/${fund.id}/dividends`, { perUnit: '1250' }, key);
    expect(again.json<Proposal>()).toMatchObject({ id: proposal.id, status: 'Approved', resultId: d.id });
    expect(await systemBalance(t.database.db, 'fund_custody', 'IRT')).toBe(custody0 - 17_059n);

    const list = await get(t, reader.cookie, `/admin/funds/${fund.id}/dividends`);
    expect(list.json<{ items: FundDividend[]; total: number }>()).toMatchObject({ total: 1, items: [d] });
  });

  it('refuses investors, operators without funds.manage, unknown funds, bad amounts and funds without holders', async () => {
    const fund = await createFund(t);
    const investor = await buyer(t, 0n);
    const url = `/admin/funds/${fund.id}/dividends`;
    expect(errorOf(await post(t, investor.cookie, url, { perUnit: '10' }))).toEqual([403, 'FORBIDDEN']);
    expect(errorOf(await post(t, reader.cookie, url, { perUnit: '10' }))).toEqual([403, 'FORBIDDEN']);
    expect(errorOf(await post(t, manager.cookie, `/admin/funds/${randomUUID()}/dividends`, { perUnit: '10' }))).toEqual(
      [404, 'NOT_FOUND'],
    );
    expect(errorOf(await post(t, manager.cookie, url, { perUnit: '0' }))).toEqual([400, 'VALIDATION_FAILED']);
    expect(errorOf(await post(t, manager.cookie, url, { perUnit: '1.5' }))).toEqual([400, 'VALIDATION_FAILED']);
    expect(errorOf(await post(t, manager.cookie, url, { perUnit: '10' }))).toEqual([409, 'CONFLICT']);
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM fund_dividends WHERE fund_id = ${fund.id}`,
    );
    expect(row!.n).toBe(0);
  });
});

describe('the console’s order lists', () => {
  it('a fund’s purchases and redemptions, newest first, with their owners, filtered by status', async () => {
    const fund = await createFund(t);
    await publishNav(t, fund.id, 10_000n);
    const u = await buyer(t, 1_000_000n);
    const p1 = await buy(t, u, fund.id, '200000');
    t.clock.advance(60);
    const p2 = await buy(t, u, fund.id, '300000');
    const r = await redeem(t, u, fund.id, { units: '5' });

    const purchases = await get(t, reader.cookie, `/admin/funds/${fund.id}/purchases`);
    expect(purchases.statusCode, purchases.body).toBe(200);
    const page = purchases.json<{ items: AdminFundPurchase[]; total: number; pageSize: number }>();
    expect([page.total, page.pageSize, page.items.map((x) => x.id)]).toEqual([2, 20, [p2.id, p1.id]]);
    expect(page.items[0]!.user).toMatchObject({ id: u.userId, mobile: expect.stringMatching(/^\+98/) });
    const waiting = await get(t, reader.cookie, `/admin/funds/${fund.id}/purchases?status=Waiting`);
    expect(waiting.json<{ total: number }>().total).toBe(0);
    const redemptions = await get(t, reader.cookie, `/admin/funds/${fund.id}/redemptions`);
    expect(redemptions.json<{ items: AdminFundRedemption[] }>().items.map((x) => [x.id, x.state])).toEqual([
      [r.id, 'Successful'],
    ]);
    expect(errorOf(await get(t, u.cookie, `/admin/funds/${fund.id}/purchases`))).toEqual([403, 'FORBIDDEN']);
    expect(errorOf(await get(t, reader.cookie, `/admin/funds/${randomUUID()}/redemptions`))).toEqual([
      404,
      'NOT_FOUND',
    ]);
  });
});

describe('the catch-up job', () => {
  it('prices waiting orders whose NAV was published without the publication pricing them', async () => {
    const fund = await createFund(t);
    const u = await buyer(t, 1_000_000n);
    t.clock.advance(3 * 86_400);
    await publishNav(t, fund.id, 10_000n, '2020-01-01');
    const p = await buy(t, u, fund.id, '200000');
    expect(p.state).toBe('Waiting');
    expect((await runFundOrderJobs(t.database.db, t.clock.now)).purchases).toBe(0);
    await publishNav(t, fund.id, 8_000n);
    const counts = await runFundOrderJobs(t.database.db, t.clock.now);
    expect(counts.purchases).toBeGreaterThanOrEqual(1);
    const priced = await get(t, u.cookie, `/fund-purchases/${p.id}`);
    expect(priced.json()).toMatchObject({ state: 'Successful', units: '25', nav: '8000' });
  });
});
