import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdentityInquiryError, type IdentityPort } from '../../src/adapters/identity/identity.port';
import { createLocalIdentity } from '../../src/adapters/identity/local-identity';
import { users } from '../../src/db/schema';
import { violatedUniqueConstraint } from '../../src/lib/db-errors';
import { createTestApp, signIn, type TestApp } from '../helpers/app';
import { account } from '../helpers/security';
import {
  auditActions,
  countRows,
  investor,
  kyc,
  matchingMobile,
  nationalCode,
  postJson,
  verifyIdentity,
  withWrongCheckDigit,
  yearsAgo,
} from './kyc-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const identity = (cookie: string, payload: Record<string, unknown>) =>
  postJson(t, cookie, '/api/kyc/identity', payload);

async function userRow(userId: string) {
  const [u] = await t.database.db.select().from(users).where(eq(users.id, userId));
  return u!;
}

/** The user's KYC columns, submissions and audit records are as before level one. */
async function expectUnchanged(userId: string, cookie: string) {
  const u = await userRow(userId);
  expect(u).toMatchObject({ nationalCode: null, birthDate: null, kycTrack: null, shahkarPassed: false, kycLevel: 0 });
  expect(await countRows(t, 'kyc_submissions', userId)).toBe(0);
  expect(await auditActions(t, userId)).not.toContain('kyc.identity_verified');
  const acc = (await account(t, cookie)).json().user;
  expect(acc).toMatchObject({ kycLevel: 0, kycVerified: false, shahkarPassed: false, hasNationalCode: false });
}

describe('GET /kyc', () => {
  it('a new investor is at level zero with no track and no history', async () => {
    const { cookie } = await investor(t);
    const res = await kyc(t, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      level: 0,
      shahkarPassed: false,
      track: null,
      identity: null,
      latest: null,
      history: [],
    });
  });
});

describe('POST /kyc/identity (level one, Iranian)', () => {
  it('a code that belongs to the mobile’s owner gives level one at once; GET /account shows it', async () => {
    const { cookie, userId } = await investor(t);
    await account(t, cookie); // warm the account cache: the change must reach it
    const code = nationalCode();
    const birthDate = yearsAgo(t, 30, 12);
    const res = await identity(cookie, { nationalCode: code, birthDate });
    expect(res.statusCode).toBe(200);
    const state = res.json();
    expect(state).toMatchObject({
      level: 1,
      shahkarPassed: true,
      track: 'iranian',
      identity: { nationalCodeMasked: `******${code.slice(-4)}`, birthDate },
      latest: null,
    });
    expect(JSON.stringify(state)).not.toContain(code.slice(0, 6));
    expect(state.history).toHaveLength(1);
    expect(state.history[0]).toMatchObject({ kind: 'identity', status: 'approved', rejectReason: null });

    const acc = (await account(t, cookie)).json().user;
    expect(acc).toMatchObject({ kycLevel: 1, kycVerified: true, shahkarPassed: true, hasNationalCode: true });
    expect(await userRow(userId)).toMatchObject({ nationalCode: code, birthDate, kycTrack: 'iranian' });
    expect(await auditActions(t, userId)).toContain('kyc.identity_verified');
    expect((await kyc(t, cookie)).json()).toEqual(state);
  });

  it('Persian digits in the code and the date are accepted', async () => {
    const { cookie, userId } = await investor(t);
    const code = nationalCode();
    const fa = (s: string) => s.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
    const res = await identity(cookie, { nationalCode: fa(code), birthDate: fa(yearsAgo(t, 40)) });
    expect(res.statusCode).toBe(200);
    expect((await userRow(userId)).nationalCode).toBe(code);
  });

  it('a wrong check digit is 400 (rule nationalCode) and changes nothing', async () => {
    const { cookie, userId } = await investor(t);
    const res = await identity(cookie, {
      nationalCode: withWrongCheckDigit(nationalCode()),
      birthDate: yearsAgo(t, 30),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { issues: [{ path: 'body.nationalCode', rule: 'nationalCode' }] },
    });
    await expectUnchanged(userId, cookie);
  });

  it('a code not matching the mobile’s owner is NATIONAL_CODE_MISMATCH and changes nothing', async () => {
    // The local registry's written rule: a mobile ending in 000 is registered to nobody who asks.
    const mobile = `${matchingMobile().slice(0, 8)}000`;
    const { cookie } = await signIn(t, mobile);
    const [u] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.mobile, `+98${mobile.slice(1)}`));
    const res = await identity(cookie, { nationalCode: nationalCode(), birthDate: yearsAgo(t, 30) });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('NATIONAL_CODE_MISMATCH');
    await expectUnchanged(u!.id, cookie);
  });

  it.each([
    ['in the future', (tt: TestApp) => yearsAgo(tt, -1), 'birthDateFuture'],
    ['under 18 (a day short)', (tt: TestApp) => yearsAgo(tt, 18, -1), 'birthDateMinAge'],
    ['not a real date', () => '1990-02-30', 'birthDate'],
    ['a 2-digit year', () => '90-01-01', 'birthDate'],
  ])('a birth date %s is 400 (%s) and changes nothing', async (_, date, rule) => {
    const { cookie, userId } = await investor(t);
    const res = await identity(cookie, { nationalCode: nationalCode(), birthDate: date(t) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(res.json().details.issues).toContainEqual(expect.objectContaining({ path: 'body.birthDate', rule }));
    await expectUnchanged(userId, cookie);
  });

  it('exactly 18 today is old enough', async () => {
    const { cookie } = await investor(t);
    const res = await identity(cookie, { nationalCode: nationalCode(), birthDate: yearsAgo(t, 18) });
    expect(res.statusCode).toBe(200);
  });

  it('the birth date is checked against the server’s clock, not only the machine’s', async () => {
    const local = await createTestApp();
    try {
      const { cookie, userId } = await investor(local);
      const birthDate = yearsAgo(local, 19);
      local.clock.advance(-2 * 366 * 24 * 3600); // on the app's clock the investor is 17
      const res = await postJson(local, cookie, '/api/kyc/identity', { nationalCode: nationalCode(), birthDate });
      expect(res.statusCode).toBe(400);
      expect(res.json().details.issues).toEqual([
        { path: 'body.birthDate', rule: 'birthDateMinAge', params: { min: 18 } },
      ]);
      expect(await countRows(local, 'kyc_submissions', userId)).toBe(0);
    } finally {
      await local.close();
    }
  });

  it('a code already verified on another account is NATIONAL_CODE_TAKEN and changes nothing', async () => {
    const first = await investor(t);
    const code = await verifyIdentity(t, first.cookie);
    const { cookie, userId } = await investor(t);
    const res = await identity(cookie, { nationalCode: code, birthDate: yearsAgo(t, 30) });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('NATIONAL_CODE_TAKEN');
    await expectUnchanged(userId, cookie);
  });

  it('a code that another account takes while the inquiry runs is NATIONAL_CODE_TAKEN', async () => {
    const other = await investor(t);
    const { cookie, userId } = await investor(t);
    const code = nationalCode();
    // The inquiry answers; before the transaction, another account takes the code.
    const racing: IdentityPort = {
      ...createLocalIdentity(),
      name: 'racing',
      async mobileMatchesNationalCode() {
        await t.database.db.update(users).set({ nationalCode: code }).where(eq(users.id, other.userId));
        return true;
      },
    };
    const local = await createTestAppOnSameDatabase(racing);
    const res = await local.inject({
      method: 'POST',
      url: '/api/kyc/identity',
      headers: { cookie },
      payload: { nationalCode: code, birthDate: yearsAgo(t, 30) },
    });
    await local.close();
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('NATIONAL_CODE_TAKEN');
    await expectUnchanged(userId, cookie);
  });

  it('two accounts verifying the same code at once: one wins, the other is NATIONAL_CODE_TAKEN', async () => {
    const a = await investor(t);
    const b = await investor(t);
    const code = nationalCode();
    const payload = { nationalCode: code, birthDate: yearsAgo(t, 30) };
    const results = await Promise.all([identity(a.cookie, payload), identity(b.cookie, payload)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('NATIONAL_CODE_TAKEN');
    const holders = await t.database.db.select({ id: users.id }).from(users).where(eq(users.nationalCode, code));
    expect(holders).toHaveLength(1);
  });

  it('the unique index names itself in the driver’s error, which the service maps', async () => {
    const a = await investor(t);
    const b = await investor(t);
    const code = await verifyIdentity(t, a.cookie);
    const err = await t.database.db
      .update(users)
      .set({ nationalCode: code })
      .where(eq(users.id, b.userId))
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(violatedUniqueConstraint(err)).toBe('users_national_code_uq');
    expect(violatedUniqueConstraint(new Error('other'))).toBeUndefined();
  });

  it('once at level one, again is KYC_STATE_CONFLICT', async () => {
    const { cookie } = await investor(t);
    await verifyIdentity(t, cookie);
    const res = await identity(cookie, { nationalCode: nationalCode(), birthDate: yearsAgo(t, 30) });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('KYC_STATE_CONFLICT');
  });

  it('an investor on the foreign track is KYC_STATE_CONFLICT', async () => {
    const { cookie, userId } = await investor(t);
    await t.database.db.update(users).set({ kycTrack: 'foreign' }).where(eq(users.id, userId));
    const res = await identity(cookie, { nationalCode: nationalCode(), birthDate: yearsAgo(t, 30) });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('KYC_STATE_CONFLICT');
    expect((await userRow(userId)).nationalCode).toBeNull();
  });

  it('inquiries are rate-limited per user (5 an hour)', async () => {
    const mobile = `${matchingMobile().slice(0, 8)}000`; // every inquiry is a mismatch
    const { cookie } = await signIn(t, mobile);
    for (let i = 0; i < 5; i++) {
      const res = await identity(cookie, { nationalCode: nationalCode(), birthDate: yearsAgo(t, 30) });
      expect(res.json().code).toBe('NATIONAL_CODE_MISMATCH');
    }
    const sixth = await identity(cookie, { nationalCode: nationalCode(), birthDate: yearsAgo(t, 30) });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('RATE_LIMITED');
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    // another user is not limited by it
    const other = await investor(t);
    expect(
      (await identity(other.cookie, { nationalCode: nationalCode(), birthDate: yearsAgo(t, 30) })).statusCode,
    ).toBe(200);
  });

  it('an inquiry that fails is IDENTITY_INQUIRY_FAILED (502) and changes nothing', async () => {
    const failing: IdentityPort = {
      ...createLocalIdentity(),
      name: 'down',
      mobileMatchesNationalCode: () => Promise.reject(new IdentityInquiryError('provider down')),
    };
    const local = await createTestApp({ adapters: { identity: failing } });
    try {
      const { cookie, userId } = await investor(local);
      const res = await postJson(local, cookie, '/api/kyc/identity', {
        nationalCode: nationalCode(),
        birthDate: yearsAgo(local, 30),
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('IDENTITY_INQUIRY_FAILED');
      expect(await countRows(local, 'kyc_submissions', userId)).toBe(0);
    } finally {
      await local.close();
    }
  });

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/kyc/identity',
      payload: { nationalCode: nationalCode(), birthDate: '1990-01-01' },
    });
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/kyc' })).statusCode).toBe(401);
  });
});

/** A second app on the same database with another identity adapter (sessions live in the database). */
async function createTestAppOnSameDatabase(identityPort: IdentityPort) {
  const { buildApp } = await import('../../src/app');
  const { parseEnv } = await import('../../src/env');
  const { TEST_SECRET } = await import('../helpers/app');
  const app = await buildApp({
    env: parseEnv({ NODE_ENV: 'test', WEB_DIST_DIR: '/nonexistent' }),
    database: { ...t.database, close: async () => undefined },
    secret: TEST_SECRET,
    now: () => t.clock.now,
    adapters: {
      identity: identityPort,
      storage: { name: 'none', put: async () => undefined, get: async () => null, delete: async () => undefined },
    },
  });
  await app.ready();
  return app;
}
