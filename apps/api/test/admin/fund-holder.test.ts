/**
 * An operator with a stake in a fund can neither propose nor approve its NAV, dividend or terms (issue 15,
 * finding 3; decision 028): units held (available, or promised to a waiting redemption) or a purchase
 * still waiting for the NAV that would price it.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatUnits } from '@portal/contract/funds/pricing';
import { queryRows } from '../../src/db/client';
import { createTestApp, type TestApp } from '../helpers/app';
import { adminCall, makeOperator, promoteToOperator, type TestUser } from '../helpers/admin';
import { buy, buyer, createFund, errorOf, publishNav, redeem, today, unitsOf } from '../fund-orders/fund-order-helpers';

let t: TestApp;
let colleague: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  colleague = await makeOperator(t, 'admin');
});
afterAll(async () => {
  await t.close();
});

const NAV = 1_000_000n;
const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** What a fund's holder may not do to its price or payout, each with the request that would do it. */
function pricing(fundId: string) {
  return {
    publish: (cookie: string) =>
      adminCall(t, cookie, 'POST', `/admin/funds/${fundId}/navs`, { navDate: dayBefore(today(t)), nav: '990000' }),
    correct: (cookie: string) =>
      adminCall(t, cookie, 'POST', `/admin/funds/${fundId}/navs/corrections`, {
        navDate: today(t),
        nav: '100000000',
        reason: 'قیمت اشتباه ثبت شده بود',
      }),
    dividend: (cookie: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/funds/${fundId}/dividends`,
        headers: { cookie, 'idempotency-key': randomUUID() },
        payload: { perUnit: '1000' },
      }),
  };
}

async function navsOf(fundId: string) {
  return queryRows<{ nav_date: string; nav: string }>(
    t.database.db,
    sql`SELECT nav_date::text, nav::text FROM fund_navs WHERE fund_id = ${fundId} ORDER BY nav_date`,
  );
}

describe('an operator holding units of a fund', () => {
  it('can neither publish nor correct its NAV nor pay its dividend (FUND_HOLDER_OPERATOR); a colleague can', async () => {
    const fund = await createFund(t);
    await publishNav(t, fund.id, NAV);
    const holder = await buyer(t, 5_000_000n);
    await buy(t, holder, fund.id, '3000000');
    expect(await unitsOf(t.database.db, holder.userId, fund.id)).toBeGreaterThan(0n);
    const op = await promoteToOperator(t, holder, 'admin');
    const navs = await navsOf(fund.id);

    const price = pricing(fund.id);
    for (const [what, call] of Object.entries(price)) {
      expect(errorOf(await call(op.cookie)), what).toEqual([403, 'FUND_HOLDER_OPERATOR']);
    }
    expect(await navsOf(fund.id)).toEqual(navs);
    const [dividends] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM fund_dividends WHERE fund_id = ${fund.id}`,
    );
    expect(dividends!.n).toBe(0);

    // Units promised to a redemption waiting for tomorrow's NAV are still held: a stake in that NAV.
    t.clock.advance(86_400);
    await redeem(t, op, fund.id, { units: formatUnits(await unitsOf(t.database.db, op.userId, fund.id)) });
    expect(await unitsOf(t.database.db, op.userId, fund.id)).toBe(0n);
    expect(await unitsOf(t.database.db, op.userId, fund.id, 'held')).toBeGreaterThan(0n);
    expect(errorOf(await price.publish(op.cookie))).toEqual([403, 'FUND_HOLDER_OPERATOR']);

    // Whoever holds nothing of it may (today's NAV, which prices the waiting redemption).
    const byColleague = await adminCall(t, colleague.cookie, 'POST', `/admin/funds/${fund.id}/navs`, {
      navDate: today(t),
      nav: '1010000',
    });
    expect(byColleague.statusCode, byColleague.body).toBeLessThan(300);
  });

  it('a purchase waiting for the NAV that would price it counts as a stake', async () => {
    const fund = await createFund(t);
    const u = await buyer(t, 5_000_000n);
    const waiting = await buy(t, u, fund.id, '2000000');
    expect(waiting.status).toBe('InProgress');
    const op = await promoteToOperator(t, u, 'admin');
    const res = await adminCall(t, op.cookie, 'POST', `/admin/funds/${fund.id}/navs`, {
      navDate: today(t),
      nav: '10',
    });
    expect(errorOf(res)).toEqual([403, 'FUND_HOLDER_OPERATOR']);
    expect(await navsOf(fund.id)).toEqual([]);
  });

  it('its texts and announcements are no stake: an operator holding units may still edit them', async () => {
    const fund = await createFund(t);
    await publishNav(t, fund.id, NAV);
    const holder = await buyer(t, 5_000_000n);
    await buy(t, holder, fund.id, '3000000');
    const op = await promoteToOperator(t, holder, 'admin');
    const res = await adminCall(t, op.cookie, 'POST', `/admin/funds/${fund.id}/announcements`, {
      kind: 'announcement',
      title: { fa: 'ساعت کاری', ar: 'ساعات العمل', en: 'Office hours' },
      body: { fa: 'دفتر پنجشنبه زودتر بسته است', ar: 'يغلق المكتب مبكرا', en: 'The office closes early' },
      requiresAgreement: false,
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});
