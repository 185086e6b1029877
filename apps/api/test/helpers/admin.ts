import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Proposal } from '@portal/contract/admin/proposals';
import type { Role } from '@portal/contract/admin/roles';
import { files, kycSubmissions, users } from '../../src/db/schema';
import { newTotpSecret } from '../../src/lib/totp';
import { sealTotpSecret } from '../../src/modules/admin/operators.service';
import { e164, signIn, TEST_SECRET, type TestApp } from './app';

export interface TestUser {
  cookie: string;
  /** Local form, `0912…`. */
  mobile: string;
  userId: string;
}

export async function userIdOf(t: TestApp, mobile: string): Promise<string> {
  const [u] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.mobile, e164(mobile)))
    .limit(1);
  if (!u) throw new Error(`no user ${mobile}`);
  return u.id;
}

/** Signs a new investor in; `values` are written to the user's row (names, KYC state…). */
export async function makeInvestor(t: TestApp, values: Partial<typeof users.$inferInsert> = {}): Promise<TestUser> {
  const { cookie, mobile } = await signIn(t);
  const userId = await userIdOf(t, mobile);
  if (Object.keys(values).length > 0) await t.database.db.update(users).set(values).where(eq(users.id, userId));
  await t.database.bus.publish({ kind: 'user', id: userId });
  return { cookie, mobile, userId };
}

/**
 * Signs a user in and makes them an operator of `role`, with two-factor on (a TOTP secret sealed as the
 * app seals it) unless `twoFactor: false`. Answers the session cookie and the base32 secret.
 */
export async function makeOperator(
  t: TestApp,
  role: Role,
  opts: { twoFactor?: boolean; firstName?: string; lastName?: string } = {},
): Promise<TestUser & { totpSecret: string }> {
  const totpSecret = newTotpSecret();
  const user = await makeInvestor(t, {
    role,
    twoFactorSecret: opts.twoFactor === false ? null : sealTotpSecret(TEST_SECRET, totpSecret),
    firstName: opts.firstName ?? 'اپراتور',
    lastName: opts.lastName ?? role,
    showFillUserInfoPage: false,
  });
  return { ...user, totpSecret };
}

/**
 * Makes a signed-in user an operator of `role` with two-factor on (their session stays): an investor with
 * a history of their own (a withdrawal, a deposit, a KYC submission) becomes the operator who reviews it.
 */
export async function promoteToOperator(
  t: TestApp,
  user: TestUser,
  role: Role = 'admin',
): Promise<TestUser & { totpSecret: string }> {
  const totpSecret = newTotpSecret();
  await t.database.db
    .update(users)
    .set({ role, twoFactorSecret: sealTotpSecret(TEST_SECRET, totpSecret), showFillUserInfoPage: false })
    .where(eq(users.id, user.userId));
  await t.database.bus.publish({ kind: 'user', id: user.userId });
  return { cookie: user.cookie, mobile: user.mobile, userId: user.userId, totpSecret };
}

/** A KYC file row (the bytes are not needed by the review endpoints). */
export async function insertFile(t: TestApp, ownerUserId: string, purpose: 'kyc_video' | 'passport_image') {
  const [row] = await t.database.db
    .insert(files)
    .values({
      ownerUserId,
      purpose,
      mime: purpose === 'kyc_video' ? 'video/webm' : 'image/jpeg',
      size: 1024,
      sha256: randomBytes(32).toString('base64url'),
      storageKey: `kyc/${randomUUID()}`,
    })
    .returning();
  return row!;
}

export const FOREIGN_DATA = {
  firstNameEn: 'John',
  lastNameEn: 'Smith',
  birthDate: '1990-05-17',
  nationality: 'DE',
  passportNumber: 'C01X00T47',
};

/** A KYC submission inserted as the KYC module would (files included); pending unless said. */
export async function insertSubmission(
  t: TestApp,
  userId: string,
  kind: 'video' | 'foreign',
  opts: { status?: 'pending' | 'approved' | 'rejected'; createdAt?: Date } = {},
) {
  const video = await insertFile(t, userId, 'kyc_video');
  const passport = kind === 'foreign' ? await insertFile(t, userId, 'passport_image') : null;
  const [row] = await t.database.db
    .insert(kycSubmissions)
    .values({
      userId,
      kind,
      status: opts.status ?? 'pending',
      data: kind === 'foreign' ? FOREIGN_DATA : {},
      videoFileId: video.id,
      passportImageFileId: passport?.id ?? null,
      createdAt: opts.createdAt ?? new Date(),
    })
    .returning();
  return row!;
}

/** An Iranian investor at level one, ready for the video review. */
export function makeLevelOneInvestor(t: TestApp, values: Partial<typeof users.$inferInsert> = {}) {
  return makeInvestor(t, { kycLevel: 1, kycTrack: 'iranian', shahkarPassed: true, ...values });
}

export function adminCall(
  t: TestApp,
  cookie: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
) {
  return t.app.inject({ method, url: `/api${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
}

/** The second operator of each test app: an admin (any NAV bound is theirs to pass) holding nothing. */
const secondOperators = new WeakMap<TestApp, Promise<TestUser>>();

/** A second operator of `t` (made once per app): the one `approvedByAnother` approves with. */
export function secondOperator(t: TestApp): Promise<TestUser> {
  let made = secondOperators.get(t);
  if (!made) {
    made = makeOperator(t, 'admin', { firstName: 'تأییدکننده', lastName: 'دوم' });
    secondOperators.set(t, made);
  }
  return made;
}

/** Approves a proposal as `cookie` (`POST /admin/proposals/:id/approve`). */
export const approveProposal = (t: TestApp, cookie: string, proposalId: string) =>
  adminCall(t, cookie, 'POST', `/admin/proposals/${proposalId}/approve`);

/**
 * A change proposed through the console and made by a second operator (issue 15, decision 028): the
 * proposing request (a statement import, a NAV publication or correction, a dividend, a fund's terms)
 * must have answered 202 with a pending proposal, which `approver` (by default the app's second operator,
 * an admin) approves. Answers the approved proposal (`resultId`: the import's or dividend's id, the NAV's
 * date).
 */
export async function approvedByAnother(
  t: TestApp,
  proposed: LightMyRequestResponse,
  approver?: Pick<TestUser, 'cookie'>,
): Promise<Proposal> {
  expect(proposed.statusCode, proposed.body).toBe(202);
  const proposal = proposed.json<Proposal>();
  expect(proposal.status).toBe('Pending');
  const res = await approveProposal(t, (approver ?? (await secondOperator(t))).cookie, proposal.id);
  expect(res.statusCode, res.body).toBe(200);
  const approved = res.json<Proposal>();
  expect(approved).toMatchObject({ status: 'Approved', effect: null });
  return approved;
}
