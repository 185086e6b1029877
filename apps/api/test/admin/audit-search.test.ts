import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAudit } from '../../src/lib/audit';
import { createTestApp, e164, type TestApp } from '../helpers/app';
import { adminCall, makeInvestor, makeOperator, type TestUser } from '../helpers/admin';

/*
 * The audit log's filters (issue 19): by a user's mobile (as typed, any digits), by one declared
 * action or a group's prefix, by a date range, paged; refused input is a 400 `VALIDATION_FAILED` whose
 * issue names the field and a rule the web translates.
 */

let t: TestApp;
let senior: TestUser;
let x: TestUser;
let y: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  senior = await makeOperator(t, 'senior_operator');
  x = await makeInvestor(t);
  y = await makeInvestor(t);
  await adminCall(t, senior.cookie, 'POST', `/admin/users/${x.userId}/notes`, { text: 'تماس گرفته شد' });
  await adminCall(t, senior.cookie, 'POST', `/admin/users/${y.userId}/notes`, { text: 'یادداشت دیگر' });
  // Two names of which one is the other's start: the filter on one must not match the other.
  await writeAudit(t.database.db, { action: 'auth.step_up', actorUserId: x.userId });
  await writeAudit(t.database.db, { action: 'auth.step_up_failed', actorUserId: x.userId });
});
afterAll(async () => {
  await t.close();
});

type Page = {
  items: { action: string; actorUserId: string | null; subjectId: string | null }[];
  total: number;
  page: number;
  pageSize: number;
};
const search = async (query: string) => {
  const res = await adminCall(t, senior.cookie, 'GET', `/admin/audit?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>();
};
const refused = async (query: string) => {
  const res = await adminCall(t, senior.cookie, 'GET', `/admin/audit?${query}`);
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json<{ code: string; details: { issues: { path: string; rule: string }[] } }>();
  expect(body.code).toBe('VALIDATION_FAILED');
  return body.details.issues;
};
const persianDigits = (s: string) => s.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);

describe('the audit log’s filters', () => {
  it('by mobile: what was done about the user and what they did, however the number is typed', async () => {
    const byLocal = await search(`mobile=${x.mobile}`);
    const actions = byLocal.items.map((e) => e.action);
    expect(actions).toContain('admin.note_added'); // the operator's act about them
    expect(actions).toContain('auth.signed_up'); // their own
    expect(byLocal.items.every((e) => e.subjectId === x.userId || e.actorUserId === x.userId)).toBe(true);
    expect(byLocal.items.some((e) => e.subjectId === y.userId)).toBe(false);

    // Persian digits and the international form find the same user.
    expect(await search(`mobile=${encodeURIComponent(persianDigits(x.mobile))}`)).toEqual(byLocal);
    expect(await search(`mobile=${encodeURIComponent(e164(x.mobile))}`)).toEqual(byLocal);

    // The operator's own number: their decisions about others.
    const bySenior = await search(`mobile=${senior.mobile}&action=admin.note_added`);
    expect(bySenior.items.map((e) => e.subjectId).sort()).toEqual([x.userId, y.userId].sort());

    // A well-formed number nobody has matches nothing.
    expect(await search('mobile=09120000999')).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
  });

  it('by action: a declared name is that event only, a group is a prefix', async () => {
    const one = await search(`mobile=${x.mobile}&action=auth.step_up`);
    expect(one.items.map((e) => e.action)).toEqual(['auth.step_up']);
    const failed = await search(`mobile=${x.mobile}&action=auth.step_up_failed`);
    expect(failed.items.map((e) => e.action)).toEqual(['auth.step_up_failed']);
    const group = await search(`mobile=${x.mobile}&action=auth.`);
    expect(group.items.map((e) => e.action)).toEqual(
      expect.arrayContaining(['auth.step_up', 'auth.step_up_failed', 'auth.signed_up']),
    );
    expect(group.items.every((e) => e.action.startsWith('auth.'))).toBe(true);
  });

  it('by date range, inclusive, with the other filters', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await search(`mobile=${x.mobile}&action=admin.&from=${today}&to=${today}`)).total).toBe(1);
    expect((await search(`mobile=${x.mobile}&from=${yesterday}&to=${yesterday}`)).total).toBe(0);
    expect((await search(`mobile=${x.mobile}&from=${today}`)).total).toBeGreaterThan(2);
  });

  it('pages the result', async () => {
    const z = await makeInvestor(t);
    for (let i = 0; i < 23; i++) await writeAudit(t.database.db, { action: 'file.viewed', actorUserId: z.userId });
    const first = await search(`mobile=${z.mobile}&action=file.viewed`);
    const second = await search(`mobile=${z.mobile}&action=file.viewed&page=2`);
    expect([first.total, first.items.length, second.total, second.items.length, second.page]).toEqual([
      23, 20, 23, 3, 2,
    ]);
  });

  it('refuses bad input with a rule the web translates, naming the field', async () => {
    expect(await refused('mobile=12345')).toContainEqual({ path: 'querystring.mobile', rule: 'mobile' });
    expect(await refused('from=yesterday')).toContainEqual({ path: 'querystring.from', rule: 'date' });
    expect(await refused('from=2025-08-10&to=2025-08-01')).toContainEqual({
      path: 'querystring.to',
      rule: 'dateOrder',
    });
    expect(await refused(`action=${'a'.repeat(65)}`)).toContainEqual({ path: 'querystring.action', rule: 'max' });
    expect(await refused('page=0')).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'querystring.page' })]),
    );
  });
});
