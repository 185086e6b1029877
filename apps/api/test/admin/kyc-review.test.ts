import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { kycSubmissions, users } from '../../src/db/schema';
import { createTestApp, e164, type TestApp } from '../helpers/app';
import {
  adminCall,
  FOREIGN_DATA,
  insertSubmission,
  makeInvestor,
  makeLevelOneInvestor,
  makeOperator,
} from '../helpers/admin';
import { account } from '../helpers/security';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const kycOf = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/kyc', headers: { cookie } });
const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('the KYC queue', () => {
  it('lists pending video and foreign submissions oldest first, decided ones newest first', async () => {
    const op = await makeOperator(t, 'operator');
    const base = Date.now() - 3_600_000;
    const a = await makeLevelOneInvestor(t, { firstName: 'آرش' });
    const b = await makeInvestor(t, { kycTrack: 'foreign' });
    const c = await makeLevelOneInvestor(t);
    const sa = await insertSubmission(t, a.userId, 'video', { createdAt: new Date(base + 2000) });
    const sb = await insertSubmission(t, b.userId, 'foreign', { createdAt: new Date(base) });
    const sc = await insertSubmission(t, c.userId, 'video', { createdAt: new Date(base + 1000) });

    const queue = await adminCall(t, op.cookie, 'GET', '/admin/kyc');
    expect(queue.statusCode).toBe(200);
    expect(queue.json().items.map((r: { id: string }) => r.id)).toEqual([sb.id, sc.id, sa.id]);
    expect(queue.json()).toMatchObject({ total: 3, page: 1 });
    expect(queue.json().items[2]).toEqual({
      id: sa.id,
      kind: 'video',
      status: 'pending',
      createdAt: new Date(base + 2000).toISOString(),
      user: { id: a.userId, mobile: e164(a.mobile), firstName: 'آرش', lastName: null },
    });

    await adminCall(t, op.cookie, 'POST', `/admin/kyc/${sc.id}/approve`);
    t.clock.advance(60);
    await adminCall(t, op.cookie, 'POST', `/admin/kyc/${sa.id}/approve`);
    const approved = await adminCall(t, op.cookie, 'GET', '/admin/kyc?status=approved');
    expect(approved.json().items.map((r: { id: string }) => r.id)).toEqual([sa.id, sc.id]);
    const pending = await adminCall(t, op.cookie, 'GET', '/admin/kyc?status=pending');
    expect(pending.json().items.map((r: { id: string }) => r.id)).toEqual([sb.id]);
    expect((await adminCall(t, op.cookie, 'GET', '/admin/kyc?status=lost')).statusCode).toBe(400);
  });
});

describe('reviewing', () => {
  it('approving a video gives level two; the decision is audited with the operator and cannot be repeated', async () => {
    const op = await makeOperator(t, 'operator');
    const investor = await makeLevelOneInvestor(t, { nationalCode: '0067749828', birthDate: '1988-03-21' });
    const s = await insertSubmission(t, investor.userId, 'video');

    const detail = await adminCall(t, op.cookie, 'GET', `/admin/kyc/${s.id}`);
    expect(detail.json()).toMatchObject({
      id: s.id,
      kind: 'video',
      status: 'pending',
      videoFileId: s.videoFileId,
      passportImageFileId: null,
      reviewerId: null,
      userIdentity: { nationalCode: '0067749828', birthDate: '1988-03-21' },
    });
    expect((await account(t, investor.cookie)).json().user.kycLevel).toBe(1);

    const ok = await adminCall(t, op.cookie, 'POST', `/admin/kyc/${s.id}/approve`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      status: 'approved',
      reviewerId: op.userId,
      reviewedAt: t.clock.now.toISOString(),
      rejectReason: null,
    });
    expect((await account(t, investor.cookie)).json().user.kycLevel).toBe(2);
    expect((await kycOf(investor.cookie)).json().latest).toMatchObject({ id: s.id, status: 'approved' });

    const again = await adminCall(t, op.cookie, 'POST', `/admin/kyc/${s.id}/approve`);
    expect([again.statusCode, again.json().code]).toEqual([409, 'KYC_ALREADY_REVIEWED']);
    const late = await adminCall(t, op.cookie, 'POST', `/admin/kyc/${s.id}/reject`, { reason: 'video_unclear' });
    expect([late.statusCode, late.json().code]).toEqual([409, 'KYC_ALREADY_REVIEWED']);
    expect((await account(t, investor.cookie)).json().user.kycLevel).toBe(2);

    const audit = await queryRows<{ actor_user_id: string; subject_type: string; subject_id: string; data: object }>(
      t.database.db,
      sql`select actor_user_id, subject_type, subject_id, data from audit_log where action = 'kyc.approved' and subject_id = ${investor.userId}`,
    );
    expect(audit).toEqual([
      {
        actor_user_id: op.userId,
        subject_type: 'user',
        subject_id: investor.userId,
        data: { submissionId: s.id, kind: 'video', reason: null },
      },
    ]);
  });

  it('rejecting keeps the level; the investor sees the reason, not the internal comment', async () => {
    const op = await makeOperator(t, 'operator');
    const investor = await makeLevelOneInvestor(t);
    const s = await insertSubmission(t, investor.userId, 'video');
    const bad = await adminCall(t, op.cookie, 'POST', `/admin/kyc/${s.id}/reject`, { reason: 'because' });
    expect(bad.statusCode).toBe(400);
    const res = await adminCall(t, op.cookie, 'POST', `/admin/kyc/${s.id}/reject`, {
      reason: 'face_not_visible',
      comment: 'نور کم است',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'rejected', rejectReason: 'face_not_visible', reviewerId: op.userId });

    const kyc = (await kycOf(investor.cookie)).json();
    expect(kyc.level).toBe(1);
    expect(kyc.latest).toMatchObject({ id: s.id, status: 'rejected', rejectReason: 'face_not_visible' });
    expect(JSON.stringify(kyc)).not.toContain('نور کم است');
    const [row] = await t.database.db.select().from(kycSubmissions).where(eq(kycSubmissions.id, s.id));
    expect(row!.reviewComment).toBe('نور کم است');
    expect((await account(t, investor.cookie)).json().user.kycLevel).toBe(1);

    const audit = await queryRows<{ actor_user_id: string; data: object }>(
      t.database.db,
      sql`select actor_user_id, data from audit_log where action = 'kyc.rejected' and subject_id = ${investor.userId}`,
    );
    expect(audit).toEqual([
      { actor_user_id: op.userId, data: { submissionId: s.id, kind: 'video', reason: 'face_not_visible' } },
    ]);
  });

  it('approving a foreign submission puts the passport identity on file; rejecting one keeps the foreign track', async () => {
    const op = await makeOperator(t, 'operator');
    const accepted = await makeInvestor(t, { kycTrack: 'foreign' });
    const s = await insertSubmission(t, accepted.userId, 'foreign');
    const detail = (await adminCall(t, op.cookie, 'GET', `/admin/kyc/${s.id}`)).json();
    expect(detail).toMatchObject({ kind: 'foreign', data: FOREIGN_DATA, passportImageFileId: s.passportImageFileId });

    expect((await adminCall(t, op.cookie, 'POST', `/admin/kyc/${s.id}/approve`)).statusCode).toBe(200);
    expect(await userRow(accepted.userId)).toMatchObject({
      kycLevel: 2,
      kycTrack: 'foreign',
      firstNameEn: 'John',
      lastNameEn: 'Smith',
      birthDate: '1990-05-17',
      nationality: 'DE',
      passportNumber: 'C01X00T47',
      shahkarPassed: false,
      nationalCode: null,
    });
    expect((await account(t, accepted.cookie)).json().user).toMatchObject({ kycLevel: 2, kycVerified: true });
    const page = (await adminCall(t, op.cookie, 'GET', `/admin/users/${accepted.userId}`)).json();
    expect(page.user).toMatchObject({ firstNameEn: 'John', nationality: 'DE', passportNumber: 'C01X00T47' });
    expect(page.kycSubmissions[0]).toMatchObject({ id: s.id, status: 'approved', reviewerId: op.userId });

    const refused = await makeInvestor(t, { kycTrack: 'foreign' });
    const r = await insertSubmission(t, refused.userId, 'foreign');
    const res = await adminCall(t, op.cookie, 'POST', `/admin/kyc/${r.id}/reject`, { reason: 'document_expired' });
    expect(res.statusCode).toBe(200);
    expect(await userRow(refused.userId)).toMatchObject({ kycLevel: 0, kycTrack: 'foreign', passportNumber: null });
    expect((await kycOf(refused.cookie)).json()).toMatchObject({
      level: 0,
      track: 'foreign',
      latest: { id: r.id, status: 'rejected', rejectReason: 'document_expired' },
    });
  });

  it('an unknown submission is 404', async () => {
    const op = await makeOperator(t, 'operator');
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await adminCall(t, op.cookie, 'GET', `/admin/kyc/${id}`)).json().code).toBe('NOT_FOUND');
    expect((await adminCall(t, op.cookie, 'POST', `/admin/kyc/${id}/approve`)).json().code).toBe('NOT_FOUND');
  });
});

describe('the audit log', () => {
  it('finds decisions by user, operator, action and date (inclusive, UTC), newest first', async () => {
    const senior = await makeOperator(t, 'senior_operator');
    const op = await makeOperator(t, 'operator');
    const x = await makeLevelOneInvestor(t);
    const y = await makeLevelOneInvestor(t);
    const sx = await insertSubmission(t, x.userId, 'video');
    const sy = await insertSubmission(t, y.userId, 'video');
    await adminCall(t, op.cookie, 'POST', `/admin/kyc/${sx.id}/approve`);
    await adminCall(t, senior.cookie, 'POST', `/admin/kyc/${sy.id}/reject`, { reason: 'audio_missing' });
    await adminCall(t, senior.cookie, 'POST', `/admin/users/${x.userId}/notes`, { text: 'یادداشت' });

    const search = async (query: string) => {
      const res = await adminCall(t, senior.cookie, 'GET', `/admin/audit?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: { action: string; actorUserId: string; actorMobile: string; subjectId: string }[] }>();
    };

    const byUser = await search(`userId=${x.userId}`);
    const decisions = byUser.items.filter((e) => e.action.startsWith('kyc.') || e.action.startsWith('admin.'));
    expect(decisions.map((e) => e.action)).toEqual(['admin.note_added', 'kyc.approved']);
    // the investor's own actions (signing in) are there too: they acted on their own account
    expect(byUser.items.some((e) => e.action === 'auth.signed_up' && e.actorUserId === x.userId)).toBe(true);

    // an operator's own page lists what was done about them, not their decisions about others
    expect((await search(`userId=${op.userId}`)).items.map((e) => e.action)).not.toContain('kyc.approved');

    const byOperator = await search(`actorId=${op.userId}`);
    expect(byOperator.items.map((e) => [e.action, e.subjectId])).toContainEqual(['kyc.approved', x.userId]);
    expect(byOperator.items.every((e) => e.actorUserId === op.userId)).toBe(true);
    expect(byOperator.items[0]!.actorMobile).toBe(e164(op.mobile));

    const kycOnly = await search(`action=kyc.&actorId=${senior.userId}`);
    expect(kycOnly.items.map((e) => [e.action, e.subjectId])).toEqual([['kyc.rejected', y.userId]]);
    // LIKE wildcards in the prefix are literal
    expect((await search('action=kyc_')).items).toEqual([]);
    expect((await search('action=%25')).items).toEqual([]);

    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await search(`action=kyc.&actorId=${op.userId}&from=${today}&to=${today}`)).items).toHaveLength(1);
    expect((await search(`action=kyc.&actorId=${op.userId}&to=${yesterday}`)).items).toHaveLength(0);
    expect((await search(`action=kyc.&actorId=${op.userId}&from=${tomorrow}`)).items).toHaveLength(0);
    expect((await adminCall(t, senior.cookie, 'GET', '/admin/audit?from=yesterday')).statusCode).toBe(400);

    const all = (await search('')).items as unknown as { at: string }[];
    const times = all.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
  });
});
