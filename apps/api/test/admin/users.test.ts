import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PAGE_SIZE } from '@portal/contract/admin/admin';
import { queryRows } from '../../src/db/client';
import { users } from '../../src/db/schema';
import { assertCanMoveMoney } from '../../src/lib/guards';
import { createTestApp, e164, signIn, type TestApp } from '../helpers/app';
import { adminCall, insertSubmission, makeInvestor, makeOperator } from '../helpers/admin';
import { account } from '../helpers/security';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const toPersian = (s: string) => s.replace(/[0-9]/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);

describe('GET /admin/me', () => {
  it('answers the role and its permissions', async () => {
    const op = await makeOperator(t, 'senior_operator', { firstName: 'مریم', lastName: 'کاظمی' });
    const res = await adminCall(t, op.cookie, 'GET', '/admin/me');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: op.userId,
      role: 'senior_operator',
      permissions: [
        'users.read',
        'users.note',
        'users.freeze',
        'kyc.read',
        'kyc.review',
        'audit.read',
        'money.read',
        'money.review',
        'money.adjust',
        'funds.read',
        'funds.consult',
        'funds.manage',
        'tether.read',
        'tether.manage',
        'proposals.read',
        'proposals.decide',
        'baskets.read',
        'baskets.manage',
        'quiz.read',
        'quiz.manage',
      ],
      firstName: 'مریم',
      lastName: 'کاظمی',
    });
  });
});

describe('user search', () => {
  it('finds a user by mobile in any spelling, by name and by national code', async () => {
    const op = await makeOperator(t, 'operator');
    const target = await makeInvestor(t, {
      firstName: 'سیاوش',
      lastName: 'قمیشی',
      nationalCode: '0084575948',
    });
    const other = await makeInvestor(t, { firstName: 'Ali', lastName: '100%_sure' });
    const find = async (q: string) => {
      const res = await adminCall(t, op.cookie, 'GET', `/admin/users?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: { id: string }[]; total: number }>();
    };
    const local = target.mobile; // 0912…
    for (const q of [local, local.slice(1), `+98${local.slice(1)}`, toPersian(local), `0098${local.slice(1)}`]) {
      const found = await find(q);
      expect(
        found.items.map((u) => u.id),
        q,
      ).toEqual([target.userId]);
      expect(found.total).toBe(1);
    }
    expect((await find('سیاوش')).items.map((u) => u.id)).toEqual([target.userId]);
    expect((await find('قمیشی')).items.map((u) => u.id)).toEqual([target.userId]);
    expect((await find('سیاوش قمیشی')).items.map((u) => u.id)).toEqual([target.userId]);
    expect((await find('0084575948')).items.map((u) => u.id)).toEqual([target.userId]);
    expect((await find(toPersian('0084575948'))).items.map((u) => u.id)).toEqual([target.userId]);
    // LIKE wildcards are literal: `%` and `_` match only themselves
    expect((await find('100%_')).items.map((u) => u.id)).toEqual([other.userId]);
    expect((await find('%')).items.map((u) => u.id)).toEqual([other.userId]);
    expect((await find('nobody-called-this')).total).toBe(0);
  });

  it('lists everyone newest first, a page at a time, with the total', async () => {
    const op = await makeOperator(t, 'operator');
    for (let i = 0; i < 3; i++) await makeInvestor(t);
    const [row] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from users`);
    const n = row!.n;
    const first = await adminCall(t, op.cookie, 'GET', '/admin/users');
    expect(first.json()).toMatchObject({ total: n, page: 1, pageSize: ADMIN_PAGE_SIZE });
    const items = first.json().items as { createdAt: string }[];
    expect(items.length).toBe(Math.min(n, ADMIN_PAGE_SIZE));
    const times = items.map((u) => u.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const beyond = await adminCall(t, op.cookie, 'GET', '/admin/users?page=999');
    expect(beyond.json()).toMatchObject({ items: [], total: n, page: 999 });
    const bad = await adminCall(t, op.cookie, 'GET', '/admin/users?page=0');
    expect(bad.statusCode).toBe(400);
  });
});

describe('a user’s page', () => {
  it('shows the profile, KYC history newest first, sessions with devices, and notes with authors', async () => {
    const op = await makeOperator(t, 'operator', { firstName: 'نگار', lastName: 'امینی' });
    const target = await makeInvestor(t, { kycLevel: 1, kycTrack: 'iranian', nationalCode: '0499370899' });
    await insertSubmission(t, target.userId, 'video', { status: 'rejected', createdAt: new Date(Date.now() - 60_000) });
    const pending = await insertSubmission(t, target.userId, 'video');
    // a second session from a phone
    const ua =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
    t.clock.advance(61); // past the resend wait of the sign-in code
    const sent = await t.app.inject({ method: 'POST', url: '/api/auth/otp', payload: { mobile: target.mobile } });
    expect(sent.statusCode).toBe(200);
    const codeRes = await t.app.inject({
      method: 'GET',
      url: `/api/dev/outbox?mobile=${encodeURIComponent(target.mobile)}`,
    });
    const phone = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp/verify',
      payload: { mobile: target.mobile, code: codeRes.json().items[0].code },
      headers: { 'user-agent': ua },
    });
    expect(phone.statusCode).toBe(200);

    const note = await adminCall(t, op.cookie, 'POST', `/admin/users/${target.userId}/notes`, {
      text: '  تماس گرفت؛ ویدیو دوباره ارسال شد  ',
    });
    expect(note.statusCode).toBe(201);
    expect(note.json()).toMatchObject({
      text: 'تماس گرفت؛ ویدیو دوباره ارسال شد',
      authorId: op.userId,
      authorName: 'نگار امینی',
    });
    const empty = await adminCall(t, op.cookie, 'POST', `/admin/users/${target.userId}/notes`, { text: '   ' });
    expect(empty.statusCode).toBe(400);

    const res = await adminCall(t, op.cookie, 'GET', `/admin/users/${target.userId}`);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.user).toMatchObject({
      id: target.userId,
      mobile: e164(target.mobile),
      kycLevel: 1,
      kycTrack: 'iranian',
      nationalCode: '0499370899',
      role: 'investor',
      isFrozen: false,
      twoFactorEnabled: false,
    });
    expect(d.kycSubmissions.map((s: { id: string }) => s.id)[0]).toBe(pending.id);
    expect(d.kycSubmissions.map((s: { status: string }) => s.status)).toEqual(['pending', 'rejected']);
    expect(d.sessions).toHaveLength(2);
    expect(d.sessions[0]).toMatchObject({
      browser: 'Chrome 126',
      os: 'Android 14',
      deviceType: 'mobile',
      revokedAt: null,
    });
    expect(d.notes).toEqual([note.json()]);

    const audit = await queryRows<{ action: string; actor_user_id: string; subject_id: string }>(
      t.database.db,
      sql`select action, actor_user_id, subject_id from audit_log where action = 'admin.note_added'`,
    );
    expect(audit).toContainEqual({ action: 'admin.note_added', actor_user_id: op.userId, subject_id: target.userId });

    const missing = await adminCall(t, op.cookie, 'GET', '/admin/users/00000000-0000-4000-8000-000000000000');
    expect(missing.json().code).toBe('NOT_FOUND');
  });
});

describe('freeze and unfreeze', () => {
  it('a frozen account logs in and looks but cannot move money; unfreezing restores it', async () => {
    const op = await makeOperator(t, 'senior_operator');
    const target = await makeInvestor(t, { kycLevel: 2 });
    const freeze = await adminCall(t, op.cookie, 'POST', `/admin/users/${target.userId}/freeze`, {
      reason: 'گزارش فعالیت مشکوک',
    });
    expect(freeze.statusCode, freeze.body).toBe(200);
    const frozenAt = t.clock.now.toISOString();

    await expect(assertCanMoveMoney(t.database.db, target.userId, 0)).rejects.toMatchObject({ code: 'ACCOUNT_FROZEN' });
    expect((await account(t, target.cookie)).json().user.isFrozen).toBe(true);
    t.clock.advance(61); // past the resend wait of the sign-in code
    const again = await signIn(t, target.mobile);
    expect((await account(t, again.cookie)).statusCode).toBe(200);

    const twice = await adminCall(t, op.cookie, 'POST', `/admin/users/${target.userId}/freeze`, { reason: 'دوباره' });
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'CONFLICT']);
    const detail = (await adminCall(t, op.cookie, 'GET', `/admin/users/${target.userId}`)).json();
    expect(detail.user).toMatchObject({ isFrozen: true, frozenReason: 'گزارش فعالیت مشکوک' });
    expect(detail.user.frozenAt).toBe(frozenAt);

    const unfreeze = await adminCall(t, op.cookie, 'POST', `/admin/users/${target.userId}/unfreeze`, {
      reason: 'مدارک بررسی شد',
    });
    expect(unfreeze.statusCode).toBe(200);
    await expect(assertCanMoveMoney(t.database.db, target.userId, 2)).resolves.toBeUndefined();
    expect((await account(t, target.cookie)).json().user.isFrozen).toBe(false);
    const notFrozen = await adminCall(t, op.cookie, 'POST', `/admin/users/${target.userId}/unfreeze`, {
      reason: 'دوباره',
    });
    expect([notFrozen.statusCode, notFrozen.json().code]).toEqual([409, 'CONFLICT']);

    const audit = await queryRows<{ action: string; actor_user_id: string; data: { reason: string } }>(
      t.database.db,
      sql`select action, actor_user_id, data from audit_log where subject_id = ${target.userId} and action like 'admin.%' order by at, action`,
    );
    expect(audit.map((a) => [a.action, a.actor_user_id, a.data.reason])).toEqual([
      ['admin.user_frozen', op.userId, 'گزارش فعالیت مشکوک'],
      ['admin.user_unfrozen', op.userId, 'مدارک بررسی شد'],
    ]);
  });

  it('a short reason is refused; nobody freezes themselves; only an admin freezes an operator', async () => {
    const senior = await makeOperator(t, 'senior_operator');
    const admin = await makeOperator(t, 'admin');
    const colleague = await makeOperator(t, 'operator');
    const target = await makeInvestor(t);

    const short = await adminCall(t, senior.cookie, 'POST', `/admin/users/${target.userId}/freeze`, { reason: 'x' });
    expect(short.statusCode).toBe(400);
    const self = await adminCall(t, senior.cookie, 'POST', `/admin/users/${senior.userId}/freeze`, { reason: 'خودم' });
    expect([self.statusCode, self.json().code]).toEqual([403, 'OPERATOR_OWN_ACCOUNT']);
    const adminSelf = await adminCall(t, admin.cookie, 'POST', `/admin/users/${admin.userId}/freeze`, {
      reason: 'خودم',
    });
    expect([adminSelf.statusCode, adminSelf.json().code]).toEqual([403, 'OPERATOR_OWN_ACCOUNT']);
    const peer = await adminCall(t, senior.cookie, 'POST', `/admin/users/${colleague.userId}/freeze`, {
      reason: 'همکار',
    });
    expect([peer.statusCode, peer.json().code]).toEqual([403, 'FORBIDDEN']);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, colleague.userId));
    expect(row!.frozenAt).toBeNull();

    const byAdmin = await adminCall(t, admin.cookie, 'POST', `/admin/users/${colleague.userId}/freeze`, {
      reason: 'دسترسی معلق شد',
    });
    expect(byAdmin.statusCode).toBe(200);
    // a frozen operator has no console at all: their sessions ended (decision 028)
    expect((await adminCall(t, colleague.cookie, 'GET', '/admin/me')).statusCode).toBe(401);
    // nobody froze themselves
    for (const who of [senior, admin]) {
      const [me] = await t.database.db.select().from(users).where(eq(users.id, who.userId));
      expect(me!.frozenAt).toBeNull();
    }
  });
});

describe('roles', () => {
  it('an admin makes and unmakes an operator, audited; nobody changes their own role', async () => {
    const admin = await makeOperator(t, 'admin');
    const target = await makeInvestor(t);
    await makeOperator(t, 'admin', {}); // another admin exists; irrelevant to the rule below

    // an investor has no console (and the cache of their access is warm)
    expect((await adminCall(t, target.cookie, 'GET', '/admin/me')).json().code).toBe('FORBIDDEN');
    const promote = await adminCall(t, admin.cookie, 'POST', `/admin/users/${target.userId}/role`, {
      role: 'operator',
    });
    expect(promote.statusCode).toBe(200);
    // the new operator has no two-factor yet: the console asks for it at once (the cache was forgotten)
    expect((await adminCall(t, target.cookie, 'GET', '/admin/me')).json().code).toBe('TWO_FACTOR_REQUIRED');
    expect((await account(t, target.cookie)).json().user.role).toBe('operator');

    const same = await adminCall(t, admin.cookie, 'POST', `/admin/users/${target.userId}/role`, { role: 'operator' });
    expect([same.statusCode, same.json().code]).toEqual([409, 'CONFLICT']);
    const own = await adminCall(t, admin.cookie, 'POST', `/admin/users/${admin.userId}/role`, { role: 'operator' });
    expect([own.statusCode, own.json().code]).toEqual([403, 'OPERATOR_OWN_ACCOUNT']);
    expect((await adminCall(t, admin.cookie, 'GET', '/admin/me')).json().role).toBe('admin');
    const bad = await adminCall(t, admin.cookie, 'POST', `/admin/users/${target.userId}/role`, { role: 'root' });
    expect(bad.statusCode).toBe(400);

    const demote = await adminCall(t, admin.cookie, 'POST', `/admin/users/${target.userId}/role`, {
      role: 'investor',
    });
    expect(demote.statusCode).toBe(200);
    expect((await adminCall(t, target.cookie, 'GET', '/admin/me')).json().code).toBe('FORBIDDEN');

    const audit = await queryRows<{ actor_user_id: string; data: { from: string; to: string } }>(
      t.database.db,
      sql`select actor_user_id, data from audit_log where action = 'admin.role_changed' and subject_id = ${target.userId} order by at`,
    );
    expect(audit.map((a) => [a.actor_user_id, a.data.from, a.data.to])).toEqual([
      [admin.userId, 'investor', 'operator'],
      [admin.userId, 'operator', 'investor'],
    ]);
  });
});
