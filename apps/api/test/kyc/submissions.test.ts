import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kycSubmissions, users } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import {
  auditActions,
  countRows,
  investor,
  kyc,
  nationalCode,
  PNG,
  postJson,
  uploadedId,
  verifyIdentity,
  WEBM,
  yearsAgo,
} from './kyc-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const video = (cookie: string, fileId: string) => postJson(t, cookie, '/api/kyc/video', { fileId });
const foreign = (cookie: string, payload: Record<string, unknown>) => postJson(t, cookie, '/api/kyc/foreign', payload);

/** What an operator's rejection leaves behind (helper B's admin module writes it for real). */
async function rejectPending(userId: string) {
  await t.database.db
    .update(kycSubmissions)
    .set({ status: 'rejected', rejectReason: 'video_unclear', reviewedAt: t.clock.now })
    .where(and(eq(kycSubmissions.userId, userId), eq(kycSubmissions.status, 'pending')));
}

async function foreignPayload(cookie: string, o: Record<string, unknown> = {}) {
  return {
    firstNameEn: 'Sara',
    lastNameEn: "O'Neil",
    birthDate: yearsAgo(t, 33),
    nationality: 'DE',
    passportNumber: 'c01x00t47',
    passportImageFileId: await uploadedId(t, cookie, 'passport_image', PNG),
    videoFileId: await uploadedId(t, cookie, 'kyc_video', WEBM),
    ...o,
  };
}

describe('POST /kyc/video (level two, Iranian)', () => {
  it('after level one, the uploaded video becomes a pending submission', async () => {
    const { cookie, userId } = await investor(t);
    await verifyIdentity(t, cookie);
    const fileId = await uploadedId(t, cookie, 'kyc_video', WEBM);
    t.clock.advance(1);
    const res = await video(cookie, fileId);
    expect(res.statusCode).toBe(200);
    const state = res.json();
    expect(state).toMatchObject({
      level: 1,
      track: 'iranian',
      latest: { kind: 'video', status: 'pending', rejectReason: null, reviewedAt: null },
    });
    expect(state.history.map((s: { kind: string }) => s.kind)).toEqual(['video', 'identity']);
    const [row] = await t.database.db.select().from(kycSubmissions).where(eq(kycSubmissions.id, state.latest.id));
    expect(row).toMatchObject({ videoFileId: fileId, status: 'pending', reviewerId: null });
    expect(await auditActions(t, userId)).toContain('kyc.video_submitted');
    expect((await kyc(t, cookie)).json()).toEqual(state);
  });

  it('a second submission while one is pending is KYC_STATE_CONFLICT', async () => {
    const { cookie, userId } = await investor(t);
    await verifyIdentity(t, cookie);
    const fileId = await uploadedId(t, cookie, 'kyc_video', WEBM);
    expect((await video(cookie, fileId)).statusCode).toBe(200);
    const again = await video(cookie, await uploadedId(t, cookie, 'kyc_video', WEBM));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('KYC_STATE_CONFLICT');
    expect(await countRows(t, 'kyc_submissions', userId)).toBe(2); // identity + one video
  });

  it('two submissions at once: one pending, the other KYC_STATE_CONFLICT', async () => {
    const { cookie, userId } = await investor(t);
    await verifyIdentity(t, cookie);
    const a = await uploadedId(t, cookie, 'kyc_video', WEBM);
    const b = await uploadedId(t, cookie, 'kyc_video', WEBM);
    const results = await Promise.all([video(cookie, a), video(cookie, b)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const pending = await t.database.db
      .select()
      .from(kycSubmissions)
      .where(and(eq(kycSubmissions.userId, userId), eq(kycSubmissions.status, 'pending')));
    expect(pending).toHaveLength(1);
  });

  it('after a rejection the investor may submit again; the outcome shows the reason until then', async () => {
    const { cookie, userId } = await investor(t);
    await verifyIdentity(t, cookie);
    t.clock.advance(1);
    await video(cookie, await uploadedId(t, cookie, 'kyc_video', WEBM));
    await rejectPending(userId);
    expect((await kyc(t, cookie)).json().latest).toMatchObject({
      kind: 'video',
      status: 'rejected',
      rejectReason: 'video_unclear',
      reviewedAt: expect.any(String),
    });
    t.clock.advance(1);
    const res = await video(cookie, await uploadedId(t, cookie, 'kyc_video', WEBM));
    expect(res.statusCode).toBe(200);
    expect(res.json().latest).toMatchObject({ status: 'pending' });
    expect(res.json().history.map((s: { status: string }) => s.status)).toEqual(['pending', 'rejected', 'approved']);
  });

  it('before level one, or at level two, is KYC_STATE_CONFLICT', async () => {
    const { cookie, userId } = await investor(t);
    const fileId = await uploadedId(t, cookie, 'kyc_video', WEBM);
    expect((await video(cookie, fileId)).json().code).toBe('KYC_STATE_CONFLICT');
    await verifyIdentity(t, cookie);
    await t.database.db.update(users).set({ kycLevel: 2 }).where(eq(users.id, userId));
    expect((await video(cookie, fileId)).json().code).toBe('KYC_STATE_CONFLICT');
    expect(await countRows(t, 'kyc_submissions', userId)).toBe(1);
  });

  it('another investor’s file is NOT_FOUND; a passport image is FILE_TYPE_INVALID', async () => {
    const other = await investor(t);
    const othersVideo = await uploadedId(t, other.cookie, 'kyc_video', WEBM);
    const { cookie, userId } = await investor(t);
    await verifyIdentity(t, cookie);
    const notMine = await video(cookie, othersVideo);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().code).toBe('NOT_FOUND');
    const image = await video(cookie, await uploadedId(t, cookie, 'passport_image', PNG));
    expect(image.statusCode).toBe(415);
    expect(image.json().code).toBe('FILE_TYPE_INVALID');
    expect(await countRows(t, 'kyc_submissions', userId)).toBe(1);
  });
});

describe('POST /kyc/foreign', () => {
  it('names, birth date, nationality, passport and video become a pending submission on the foreign track', async () => {
    const { cookie, userId } = await investor(t);
    const payload = await foreignPayload(cookie);
    const res = await foreign(cookie, payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      level: 0,
      shahkarPassed: false,
      track: 'foreign',
      identity: null,
      latest: { kind: 'foreign', status: 'pending' },
    });
    const [row] = await t.database.db.select().from(kycSubmissions).where(eq(kycSubmissions.userId, userId));
    expect(row).toMatchObject({
      kind: 'foreign',
      status: 'pending',
      passportImageFileId: payload.passportImageFileId,
      videoFileId: payload.videoFileId,
      data: {
        firstNameEn: 'Sara',
        lastNameEn: "O'Neil",
        birthDate: payload.birthDate,
        nationality: 'DE',
        passportNumber: 'C01X00T47',
      },
    });
    const [u] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(u).toMatchObject({ kycTrack: 'foreign', kycLevel: 0, nationalCode: null });
    expect(await auditActions(t, userId)).toContain('kyc.foreign_submitted');

    // the foreign track has no Shahkar step
    const identity = await postJson(t, cookie, '/api/kyc/identity', {
      nationalCode: nationalCode(),
      birthDate: yearsAgo(t, 30),
    });
    expect(identity.json().code).toBe('KYC_STATE_CONFLICT');
  });

  it('a second one while pending is KYC_STATE_CONFLICT; after a rejection it may be sent again', async () => {
    const { cookie, userId } = await investor(t);
    expect((await foreign(cookie, await foreignPayload(cookie))).statusCode).toBe(200);
    const again = await foreign(cookie, await foreignPayload(cookie));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('KYC_STATE_CONFLICT');
    await rejectPending(userId);
    t.clock.advance(1);
    const retry = await foreign(cookie, await foreignPayload(cookie));
    expect(retry.statusCode).toBe(200);
    expect(retry.json().history.map((s: { status: string }) => s.status)).toEqual(['pending', 'rejected']);
  });

  it('an investor with level one (Iranian track) is KYC_STATE_CONFLICT', async () => {
    const { cookie, userId } = await investor(t);
    await verifyIdentity(t, cookie);
    const res = await foreign(cookie, await foreignPayload(cookie));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('KYC_STATE_CONFLICT');
    const [u] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(u!.kycTrack).toBe('iranian');
  });

  it('files swapped, or another investor’s, are refused and change nothing', async () => {
    const other = await investor(t);
    const { cookie, userId } = await investor(t);
    const payload = await foreignPayload(cookie);
    const swapped = await foreign(cookie, {
      ...payload,
      passportImageFileId: payload.videoFileId,
      videoFileId: payload.passportImageFileId,
    });
    expect(swapped.statusCode).toBe(415);
    expect(swapped.json().code).toBe('FILE_TYPE_INVALID');
    const othersImage = await uploadedId(t, other.cookie, 'passport_image', PNG);
    const notMine = await foreign(cookie, { ...payload, passportImageFileId: othersImage });
    expect(notMine.statusCode).toBe(404);
    expect(await countRows(t, 'kyc_submissions', userId)).toBe(0);
    const [u] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(u!.kycTrack).toBeNull();
  });

  it.each([
    [{ nationality: 'IR' }, 'nationality', 'nationalityForeign'],
    [{ firstNameEn: 'سارا' }, 'firstNameEn', 'englishLetters'],
    [{ passportNumber: 'AB1' }, 'passportNumber', 'passportNumber'],
    [{ birthDate: '2999-01-01' }, 'birthDate', 'birthDateFuture'],
  ])('bad input %j is 400 (%s: %s) and changes nothing', async (bad, field, rule) => {
    const { cookie, userId } = await investor(t);
    const res = await foreign(cookie, await foreignPayload(cookie, bad));
    expect(res.statusCode).toBe(400);
    expect(res.json().details.issues).toContainEqual(expect.objectContaining({ path: `body.${field}`, rule }));
    expect(await countRows(t, 'kyc_submissions', userId)).toBe(0);
  });
});
