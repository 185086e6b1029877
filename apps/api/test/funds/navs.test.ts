import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminFund, AdminFundNav } from '@portal/contract/admin/funds';
import type { Proposal } from '@portal/contract/admin/proposals';
import { AppError } from '@portal/contract/core/errors';
import { createCsvStatementParser } from '../../src/adapters/settlement/csv-statement';
import { fundNavs } from '../../src/db/schema';
import * as proposals from '../../src/modules/proposals/proposals.service';
import { approvedByAnother, approveProposal, makeOperator, secondOperator, type TestUser } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/app';
import { auditCount, auditOf, call, createFund, errorOf, issuesOf, navsOf } from './fund-helpers';

/**
 * Publishing and correcting the daily NAV (decision 022): one NAV per fund and Tehran date, never a future
 * date, in the fund currency's scale; a correction is audited with the old and new value and the reason.
 * Each is proposed by one operator and made when a second approves (decision 028). An approved publication
 * calls the pricing hook after its transaction commits; a correction does not.
 */
let t: TestApp;
let admin: TestUser;
let approver: TestUser;
let irt: AdminFund;
let usdt: AdminFund;

/** Tehran 2025-06-15 01:00 is still 2025-06-14 in UTC. */
const NOW = new Date('2025-06-14T21:30:00Z');

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = NOW;
  admin = await makeOperator(t, 'admin');
  approver = await secondOperator(t);
  irt = await createFund(t, admin.cookie);
  usdt = await createFund(t, admin.cookie, {
    currency: 'USDT',
    fees: { purchaseFixedFee: '0', managementFeeBps: 0, redeemFixedFee: '0', performanceFeeBps: 0 },
    limits: { minPurchase: '10', maxPurchase: null, minRedeemUnits: '1' },
  });
});
afterAll(async () => {
  await t.close();
});

/** Proposes a NAV (answered 202 with the proposal, or refused). */
const publish = (fundId: string, body: Record<string, unknown>) =>
  call(t, admin.cookie, 'POST', `/admin/funds/${fundId}/navs`, body);
const correct = (fundId: string, body: Record<string, unknown>) =>
  call(t, admin.cookie, 'POST', `/admin/funds/${fundId}/navs/corrections`, body);

/** A fund's NAV of a date as the console lists it. */
async function navOf(fundId: string, navDate: string): Promise<AdminFundNav | undefined> {
  const res = await call(t, admin.cookie, 'GET', `/admin/funds/${fundId}/navs`);
  return res.json<{ items: AdminFundNav[] }>().items.find((n) => n.navDate === navDate);
}

describe('publishing', () => {
  it("publishes today's Tehran date (Persian digits accepted), audited, and investors see it", async () => {
    const proposed = await publish(irt.id, { navDate: '۲۰۲۵-۰۶-۱۵', nav: '152,300' });
    expect(proposed.json<Proposal>().payload).toEqual({ kind: 'nav_publish', navDate: '2025-06-15', nav: '152300' });
    expect(await navsOf(t.database.db, irt.id)).toEqual([]);
    const approved = await approvedByAnother(t, proposed);
    expect(approved.resultId).toBe('2025-06-15');
    expect(await navOf(irt.id, '2025-06-15')).toEqual({
      navDate: '2025-06-15',
      nav: '152300',
      publishedAt: NOW.toISOString(),
      publishedBy: approver.userId,
      correctedAt: null,
    });
    expect(await auditOf(t.database.db, 'fund.nav_published', irt.id)).toEqual([
      expect.objectContaining({
        actorUserId: approver.userId,
        data: expect.objectContaining({
          navDate: '2025-06-15',
          nav: '152300',
          currency: 'IRT',
          proposalId: approved.id,
          proposedBy: admin.userId,
        }),
      }),
    ]);
    const fund = (await call(t, admin.cookie, 'GET', `/admin/funds/${irt.id}`)).json<AdminFund>();
    expect(fund).toMatchObject({ navToday: true, latestNav: { navDate: '2025-06-15', nav: '152300' } });
  });

  it('a USDT NAV takes up to six decimals', async () => {
    await approvedByAnother(t, await publish(usdt.id, { navDate: '2025-06-10', nav: '1.234567' }));
    expect((await navsOf(t.database.db, usdt.id)).map((n) => n.nav)).toEqual([1_234_567n]);
  });

  it('refuses a second NAV for the same date, leaving the first', async () => {
    const before = await auditCount(t.database.db);
    const res = await publish(irt.id, { navDate: '2025-06-15', nav: '999' });
    expect(errorOf(res)).toEqual([409, 'FUND_NAV_EXISTS']);
    expect((await navsOf(t.database.db, irt.id)).map((n) => [n.navDate, n.nav])).toEqual([['2025-06-15', 152_300n]]);
    expect(await auditCount(t.database.db)).toBe(before);
  });

  it('a date published while its proposal waited: the approval is refused and the proposal stays pending', async () => {
    const f = await createFund(t, admin.cookie);
    const first = await publish(f.id, { navDate: '2025-06-09', nav: '1000' });
    const second = await publish(f.id, { navDate: '2025-06-09', nav: '1001' });
    await approvedByAnother(t, first);
    const before = await auditCount(t.database.db);
    const res = await approveProposal(t, approver.cookie, second.json<Proposal>().id);
    expect(errorOf(res)).toEqual([409, 'FUND_NAV_EXISTS']);
    expect((await navsOf(t.database.db, f.id)).map((n) => n.nav)).toEqual([1_000n]);
    expect(await auditCount(t.database.db)).toBe(before);
    const again = await call(t, admin.cookie, 'GET', `/admin/proposals/${second.json<Proposal>().id}`);
    expect(again.json<Proposal>()).toMatchObject({ status: 'Pending', decidedBy: null });
  });

  it.each([
    [{ navDate: '2025-06-16', nav: '1000' }, 'IRT', ['body.navDate navDateFuture']],
    [{ navDate: '2025-02-30', nav: '1000' }, 'IRT', ['body.navDate date']],
    [{ navDate: '2025-06-01', nav: '0' }, 'IRT', ['body.nav amountPositive']],
    [{ navDate: '2025-06-01', nav: '-5' }, 'IRT', ['body.nav amountInvalid']],
    [{ navDate: '2025-06-01', nav: '1000.5' }, 'IRT', ['body.nav amountDecimals']],
    [{ navDate: '2025-06-01', nav: '1.0000001' }, 'USDT', ['body.nav amountDecimals']],
    [{ navDate: '2025-06-01', nav: '1000000000000001' }, 'IRT', ['body.nav amountTooLarge']],
    [{ nav: '1000' }, 'IRT', ['body.navDate required']],
  ])('refuses %j (%s) with its rule and writes nothing', async (body, currency, issues) => {
    const fund = currency === 'IRT' ? irt : usdt;
    const navs = await navsOf(t.database.db, fund.id);
    const before = await auditCount(t.database.db);
    const res = await publish(fund.id, body);
    expect(errorOf(res)).toEqual([400, 'VALIDATION_FAILED']);
    expect(issuesOf(res)).toEqual(issues);
    expect(await navsOf(t.database.db, fund.id)).toEqual(navs);
    expect(await auditCount(t.database.db)).toBe(before);
  });

  it('an unknown fund is 404', async () => {
    expect(errorOf(await publish(randomUUID(), { navDate: '2025-06-01', nav: '1000' }))).toEqual([404, 'NOT_FOUND']);
  });

  it('lists NAVs newest first, paged by 30', async () => {
    const f = await createFund(t, admin.cookie);
    for (let d = 1; d <= 31; d++) {
      await approvedByAnother(
        t,
        await publish(f.id, { navDate: `2025-05-${String(d).padStart(2, '0')}`, nav: String(1000 + d) }),
      );
    }
    const page1 = (await call(t, admin.cookie, 'GET', `/admin/funds/${f.id}/navs`)).json<{
      items: AdminFundNav[];
      total: number;
      pageSize: number;
    }>();
    expect(page1).toMatchObject({ total: 31, pageSize: 30 });
    expect(page1.items[0]).toMatchObject({ navDate: '2025-05-31', nav: '1031' });
    const page2 = (await call(t, admin.cookie, 'GET', `/admin/funds/${f.id}/navs?page=2`)).json<{
      items: AdminFundNav[];
    }>();
    expect(page2.items.map((n) => n.navDate)).toEqual(['2025-05-01']);
  });
});

describe('the pricing hook', () => {
  /** The desk's services with a hook of the test's own. */
  const deskWith = (onNavPublished: (fundId: string, navDate: string) => Promise<void>) => ({
    db: t.database.db,
    parser: createCsvStatementParser(),
    now: () => NOW,
    onNavPublished,
  });
  const by = (u: TestUser) => ({ operatorId: u.userId, ip: '127.0.0.1' });

  it('is called once the approved NAV is committed, with the fund and the date', async () => {
    const f = await createFund(t, admin.cookie);
    const seen: [string, string, bigint[]][] = [];
    const deps = deskWith(async (fundId, navDate) => {
      // read outside the approving transaction: the NAV is already there
      seen.push([fundId, navDate, (await navsOf(t.database.db, fundId)).map((n) => n.nav)]);
    });
    const log = { error: () => undefined };
    const proposed = await proposals.proposeNavPublication(deps, {
      ...by(admin),
      fundId: f.id,
      body: { navDate: '2025-06-14', nav: '1200' },
    });
    // proposing calls nothing: there is no NAV yet
    expect(seen).toEqual([]);
    await proposals.approveProposal(deps, { ...by(approver), proposalId: proposed.id, log });
    expect(seen).toEqual([[f.id, '2025-06-14', [1_200n]]]);

    // a refused publication does not call it (refused when proposed, and when approved)
    const late = await proposals.proposeNavPublication(deps, {
      ...by(admin),
      fundId: f.id,
      body: { navDate: '2025-06-12', nav: '1300' },
    });
    await expect(
      proposals.proposeNavPublication(deps, {
        ...by(admin),
        fundId: f.id,
        body: { navDate: '2025-06-14', nav: '1300' },
      }),
    ).rejects.toMatchObject({ code: 'FUND_NAV_EXISTS' });
    await t.database.db.insert(fundNavs).values({ fundId: f.id, navDate: '2025-06-12', nav: 1_290n });
    await expect(proposals.approveProposal(deps, { ...by(approver), proposalId: late.id, log })).rejects.toMatchObject({
      code: 'FUND_NAV_EXISTS',
    });
    expect(seen).toHaveLength(1);
    await t.database.db.delete(fundNavs).where(and(eq(fundNavs.fundId, f.id), eq(fundNavs.navDate, '2025-06-12')));
    // nor does a correction (decision 022: orders priced before keep their price)
    const correction = await proposals.proposeNavCorrection(deps, {
      ...by(admin),
      fundId: f.id,
      body: { navDate: '2025-06-14', nav: '1250', reason: 'typo in the figure' },
    });
    await proposals.approveProposal(deps, { ...by(approver), proposalId: correction.id, log });
    expect((await navsOf(t.database.db, f.id)).map((n) => n.nav)).toEqual([1_250n]);
    expect(seen).toHaveLength(1);
  });

  it('a failing hook is logged and the NAV stands', async () => {
    const f = await createFund(t, admin.cookie);
    const errors: unknown[] = [];
    const deps = deskWith(() => Promise.reject(new AppError('INTERNAL', 'pricing down')));
    const proposed = await proposals.proposeNavPublication(deps, {
      ...by(admin),
      fundId: f.id,
      body: { navDate: '2025-06-13', nav: '1000' },
    });
    const approved = await proposals.approveProposal(deps, {
      ...by(approver),
      proposalId: proposed.id,
      log: { error: (obj: unknown) => errors.push(obj) },
    });
    expect(approved).toMatchObject({ status: 'Approved', resultId: '2025-06-13' });
    expect(errors).toHaveLength(1);
    expect((await navsOf(t.database.db, f.id)).map((n) => n.nav)).toEqual([1_000n]);
  });
});

describe('correcting', () => {
  it('corrects a published NAV: audited with the old and new value and the reason; correctedAt set', async () => {
    const f = await createFund(t, admin.cookie);
    await approvedByAnother(t, await publish(f.id, { navDate: '2025-06-12', nav: '1000' }));
    t.clock.advance(600);
    const proposed = await correct(f.id, { navDate: '2025-06-12', nav: '1010', reason: 'wrong gold price used' });
    // nothing changes until a second operator approves
    expect((await navOf(f.id, '2025-06-12'))?.nav).toBe('1000');
    const approved = await approvedByAnother(t, proposed);
    expect(await navOf(f.id, '2025-06-12')).toMatchObject({
      navDate: '2025-06-12',
      nav: '1010',
      publishedAt: NOW.toISOString(),
      correctedAt: t.clock.now.toISOString(),
    });
    expect(await auditOf(t.database.db, 'fund.nav_corrected', f.id)).toEqual([
      expect.objectContaining({
        actorUserId: approver.userId,
        data: expect.objectContaining({
          navDate: '2025-06-12',
          from: '1000',
          to: '1010',
          reason: 'wrong gold price used',
          proposalId: approved.id,
          proposedBy: admin.userId,
        }),
      }),
    ]);
    t.clock.now = NOW;
  });

  it('refuses a date without a NAV, the same value, a short reason, and writes nothing', async () => {
    const f = await createFund(t, admin.cookie);
    await approvedByAnother(t, await publish(f.id, { navDate: '2025-06-11', nav: '1000' }));
    const navs = await navsOf(t.database.db, f.id);
    const before = await auditCount(t.database.db);
    expect(errorOf(await correct(f.id, { navDate: '2025-06-10', nav: '1000', reason: 'no such date' }))).toEqual([
      404,
      'NOT_FOUND',
    ]);
    const same = await correct(f.id, { navDate: '2025-06-11', nav: '1,000', reason: 'the same figure' });
    expect(issuesOf(same)).toEqual(['body.nav navUnchanged']);
    const short = await correct(f.id, { navDate: '2025-06-11', nav: '1001', reason: 'x' });
    expect(issuesOf(short)).toEqual(['body.reason min']);
    const decimals = await correct(f.id, { navDate: '2025-06-11', nav: '1001.5', reason: 'more decimals' });
    expect(issuesOf(decimals)).toEqual(['body.nav amountDecimals']);
    expect(await navsOf(t.database.db, f.id)).toEqual(navs);
    expect(await auditCount(t.database.db)).toBe(before);
  });
});
