import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminFund, AdminFundAnnouncement } from '@portal/contract/admin/funds';
import type { FundAnnouncement, FundDetail } from '@portal/contract/funds/catalogue';
import { fundAnnouncementReads, fundAnnouncements } from '../../src/db/schema';
import { makeInvestor, makeOperator, type TestUser } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/app';
import { auditCount, auditOf, call, createFund, errorOf, issuesOf, txt } from './fund-helpers';

/**
 * Announcements and reports (SPEC §2): operators publish them in three languages; investors read them,
 * mark them seen once, and must tick "I agree" on those that need it. Operators can withdraw one.
 */
let t: TestApp;
let operator: TestUser;
let fund: AdminFund;

beforeAll(async () => {
  t = await createTestApp();
  operator = await makeOperator(t, 'admin');
  fund = await createFund(t, operator.cookie);
});
afterAll(async () => {
  await t.close();
});

async function publish(body: Record<string, unknown>, fundId = fund.id): Promise<AdminFundAnnouncement> {
  const res = await call(t, operator.cookie, 'POST', `/admin/funds/${fundId}/announcements`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AdminFundAnnouncement>();
}

const seen = (cookie: string, a: { id: string; fundId: string }, body: Record<string, unknown>) =>
  call(t, cookie, 'POST', `/funds/${a.fundId}/announcements/${a.id}/seen`, body);

const readsOf = (announcementId: string) =>
  t.database.db.select().from(fundAnnouncementReads).where(eq(fundAnnouncementReads.announcementId, announcementId));

describe('publishing', () => {
  it('an operator publishes an announcement and a report, audited', async () => {
    const f = await createFund(t, operator.cookie);
    const a = await publish(
      { kind: 'announcement', title: txt('Fee change'), body: txt('The fee changes'), requiresAgreement: true },
      f.id,
    );
    expect(a).toMatchObject({
      fundId: f.id,
      kind: 'announcement',
      title: txt('Fee change'),
      body: txt('The fee changes'),
      requiresAgreement: true,
      documentUrl: null,
      createdBy: operator.userId,
      seenCount: 0,
      agreedCount: 0,
    });
    const r = await publish(
      {
        kind: 'report',
        title: txt('Q1 report'),
        body: txt('The quarter'),
        documentUrl: 'https://example.org/q1.pdf',
      },
      f.id,
    );
    expect(r).toMatchObject({ kind: 'report', requiresAgreement: false, documentUrl: 'https://example.org/q1.pdf' });
    expect(await auditOf(t.database.db, 'fund.announcement_published', f.id)).toEqual([
      expect.objectContaining({ actorUserId: operator.userId, subjectType: 'fund' }),
      expect.objectContaining({ actorUserId: operator.userId }),
    ]);
    const list = await call(t, operator.cookie, 'GET', `/admin/funds/${f.id}/announcements?kind=report`);
    expect(list.json<{ items: AdminFundAnnouncement[]; total: number }>()).toMatchObject({
      total: 1,
      items: [{ id: r.id }],
    });
  });

  it('refuses a text missing a language, an unknown kind and a bad address, and writes nothing', async () => {
    const before = await auditCount(t.database.db);
    const res = await call(t, operator.cookie, 'POST', `/admin/funds/${fund.id}/announcements`, {
      kind: 'memo',
      title: { fa: 'عنوان', ar: 'عنوان', en: '  ' },
      body: txt('Body'),
      documentUrl: 'javascript:alert(1)',
    });
    expect(errorOf(res)).toEqual([400, 'VALIDATION_FAILED']);
    expect(issuesOf(res).sort()).toEqual(['body.documentUrl url', 'body.kind select', 'body.title.en required']);
    expect(await auditCount(t.database.db)).toBe(before);
    const unknown = await call(t, operator.cookie, 'POST', `/admin/funds/${randomUUID()}/announcements`, {
      kind: 'report',
      title: txt('T'),
      body: txt('B'),
    });
    expect(errorOf(unknown)).toEqual([404, 'NOT_FOUND']);
  });

  it('investors cannot publish', async () => {
    const investor = await makeInvestor(t);
    const res = await call(t, investor.cookie, 'POST', `/admin/funds/${fund.id}/announcements`, {
      kind: 'report',
      title: txt('T'),
      body: txt('B'),
    });
    expect(errorOf(res)).toEqual([403, 'FORBIDDEN']);
  });
});

describe('reading', () => {
  it('lists newest first with my marks, by kind, paged', async () => {
    const f = await createFund(t, operator.cookie);
    const first = await publish({ kind: 'report', title: txt('First'), body: txt('1') }, f.id);
    t.clock.advance(60);
    const second = await publish({ kind: 'announcement', title: txt('Second'), body: txt('2') }, f.id);
    const investor = await makeInvestor(t);
    const res = await call(t, investor.cookie, 'GET', `/funds/${f.id}/announcements`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      items: [
        {
          id: second.id,
          fundId: f.id,
          kind: 'announcement',
          title: txt('Second'),
          body: txt('2'),
          requiresAgreement: false,
          documentUrl: null,
          publishedAt: second.publishedAt,
          seenAt: null,
          agreedAt: null,
        },
        expect.objectContaining({ id: first.id, kind: 'report' }),
      ],
      total: 2,
      page: 1,
      pageSize: 10,
    });
    const reports = (await call(t, investor.cookie, 'GET', `/funds/${f.id}/announcements?kind=report`)).json<{
      items: FundAnnouncement[];
    }>();
    expect(reports.items.map((a) => a.id)).toEqual([first.id]);
    const page2 = (await call(t, investor.cookie, 'GET', `/funds/${f.id}/announcements?page=2`)).json<{
      items: FundAnnouncement[];
      total: number;
    }>();
    expect(page2).toMatchObject({ items: [], total: 2 });
    const bad = await call(t, investor.cookie, 'GET', `/funds/${f.id}/announcements?kind=news&page=0`);
    expect(issuesOf(bad).sort()).toEqual(['querystring.kind select', 'querystring.page min']);
  });
});

describe('marking seen', () => {
  it('marks a plain announcement seen once: a repeat keeps the first time', async () => {
    const a = await publish({ kind: 'announcement', title: txt('Plain'), body: txt('Plain') });
    const investor = await makeInvestor(t);
    const unread = (await call(t, investor.cookie, 'GET', `/funds/${fund.id}`)).json<FundDetail>().unreadAnnouncements;
    const first = await seen(investor.cookie, a, {});
    expect(first.statusCode, first.body).toBe(200);
    const firstSeen = first.json<FundAnnouncement>();
    expect(firstSeen).toMatchObject({ id: a.id, seenAt: t.clock.now.toISOString(), agreedAt: null });
    t.clock.advance(3600);
    const again = await seen(investor.cookie, a, { agree: false });
    expect(again.json<FundAnnouncement>().seenAt).toBe(firstSeen.seenAt);
    expect(await readsOf(a.id)).toHaveLength(1);
    expect((await call(t, investor.cookie, 'GET', `/funds/${fund.id}`)).json<FundDetail>().unreadAnnouncements).toBe(
      unread - 1,
    );
  });

  it('one that needs agreement is refused without "I agree" and nothing is written', async () => {
    const a = await publish({ kind: 'announcement', title: txt('Agree'), body: txt('Agree'), requiresAgreement: true });
    const investor = await makeInvestor(t);
    const detail = (await call(t, investor.cookie, 'GET', `/funds/${fund.id}`)).json<FundDetail>();
    expect(detail.agreementsPending).toBeGreaterThanOrEqual(1);
    for (const body of [{}, { agree: false }]) {
      const res = await seen(investor.cookie, a, body);
      expect(errorOf(res)).toEqual([400, 'ANNOUNCEMENT_AGREEMENT_REQUIRED']);
    }
    expect(await readsOf(a.id)).toEqual([]);
    const bad = await seen(investor.cookie, a, { agree: 'yes' });
    expect(errorOf(bad)).toEqual([400, 'VALIDATION_FAILED']);
    expect(issuesOf(bad)).toEqual(['body.agree invalidType']);

    const ok = await seen(investor.cookie, a, { agree: true });
    expect(ok.statusCode, ok.body).toBe(200);
    const marked = ok.json<FundAnnouncement>();
    expect(marked).toMatchObject({ seenAt: t.clock.now.toISOString(), agreedAt: t.clock.now.toISOString() });
    t.clock.advance(60);
    expect((await seen(investor.cookie, a, { agree: true })).json<FundAnnouncement>()).toEqual(marked);
    expect((await call(t, investor.cookie, 'GET', `/funds/${fund.id}`)).json<FundDetail>().agreementsPending).toBe(
      detail.agreementsPending - 1,
    );
    const counts = (await call(t, operator.cookie, 'GET', `/admin/funds/${fund.id}/announcements`))
      .json<{ items: AdminFundAnnouncement[] }>()
      .items.find((x) => x.id === a.id);
    expect(counts).toMatchObject({ seenCount: 1, agreedCount: 1 });
  });

  it("each investor's marks are their own", async () => {
    const a = await publish({ kind: 'report', title: txt('Own'), body: txt('Own') });
    const one = await makeInvestor(t);
    const two = await makeInvestor(t);
    expect((await seen(one.cookie, a, {})).statusCode).toBe(200);
    const list = (await call(t, two.cookie, 'GET', `/funds/${fund.id}/announcements?kind=report`)).json<{
      items: FundAnnouncement[];
    }>();
    expect(list.items.find((x) => x.id === a.id)).toMatchObject({ seenAt: null, agreedAt: null });
  });

  it('an announcement of another fund, or an unknown one, is 404', async () => {
    const other = await createFund(t, operator.cookie);
    const a = await publish({ kind: 'report', title: txt('Other'), body: txt('Other') }, other.id);
    const investor = await makeInvestor(t);
    expect(errorOf(await seen(investor.cookie, { id: a.id, fundId: fund.id }, {}))).toEqual([404, 'NOT_FOUND']);
    expect(errorOf(await seen(investor.cookie, { id: randomUUID(), fundId: fund.id }, {}))).toEqual([404, 'NOT_FOUND']);
    expect(await readsOf(a.id)).toEqual([]);
  });
});

describe('withdrawing', () => {
  it('an operator deletes an announcement: gone for investors, its text kept in the audit log', async () => {
    const a = await publish({ kind: 'announcement', title: txt('Oops'), body: txt('Wrong text') });
    const investor = await makeInvestor(t);
    await seen(investor.cookie, a, {});
    const res = await call(t, operator.cookie, 'DELETE', `/admin/funds/${fund.id}/announcements/${a.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(
      await t.database.db
        .select()
        .from(fundAnnouncements)
        .where(and(eq(fundAnnouncements.id, a.id))),
    ).toEqual([]);
    expect(await readsOf(a.id)).toEqual([]);
    expect(await auditOf(t.database.db, 'fund.announcement_deleted', fund.id)).toEqual([
      expect.objectContaining({
        actorUserId: operator.userId,
        data: expect.objectContaining({ announcementId: a.id, title: txt('Oops'), body: txt('Wrong text') }),
      }),
    ]);
    expect(errorOf(await seen(investor.cookie, a, {}))).toEqual([404, 'NOT_FOUND']);
    const again = await call(t, operator.cookie, 'DELETE', `/admin/funds/${fund.id}/announcements/${a.id}`);
    expect(errorOf(again)).toEqual([404, 'NOT_FOUND']);
  });

  it('an operator without funds.manage cannot delete', async () => {
    const a = await publish({ kind: 'report', title: txt('Kept'), body: txt('Kept') });
    const op = await makeOperator(t, 'operator');
    const res = await call(t, op.cookie, 'DELETE', `/admin/funds/${fund.id}/announcements/${a.id}`);
    expect(errorOf(res)).toEqual([403, 'FORBIDDEN']);
    expect(await t.database.db.select().from(fundAnnouncements).where(eq(fundAnnouncements.id, a.id))).toHaveLength(1);
  });
});
