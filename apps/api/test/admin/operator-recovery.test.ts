import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { timeStep, totpAt } from '../../src/lib/totp';
import { createTestApp, type TestApp } from '../helpers/app';
import { adminCall, makeInvestor, makeOperator, type TestUser } from '../helpers/admin';
import { account, cookieOf, passwordLogin, setPassword, STRONG } from '../helpers/security';

/**
 * Issue 15, finding 6 (decision 011): an operator's authenticator cannot be replaced with the password
 * and one SMS code. Operators neither recover two-factor by phone nor turn it off from the investor pages
 * (`OPERATOR_RECOVERY_BY_ADMIN`); an admin recovers them in the console (`adminRecoverOperator`), and the
 * operator then sets up a new authenticator before the console answers again.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: Record<string, unknown>, cookie?: string) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers: cookie ? { cookie } : {} });
const errorOf = (res: { statusCode: number; json: () => unknown }) => [
  res.statusCode,
  (res.json() as { code?: string }).code,
];
const codeAt = (t: TestApp, secret: string) => totpAt(secret, timeStep(t.clock.now.getTime()));
const outboxPurposes = async (mobile: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?mobile=${encodeURIComponent(mobile)}` }))
    .json<{ items: { purpose: string }[] }>()
    .items.map((m) => m.purpose);

/** An operator of `role` with two-factor on and a password. */
async function operatorWithPassword(role: 'operator' | 'senior_operator' | 'admin') {
  const op = await makeOperator(t, role);
  await setPassword(t, op.cookie);
  return op;
}

async function recover(admin: TestUser, target: TestUser, reason = 'گوشی اپراتور گم شده است') {
  return adminCall(t, admin.cookie, 'POST', `/admin/users/${target.userId}/recover`, { reason });
}

describe('an operator’s authenticator is not replaced from the investor pages (issue 15, finding 6)', () => {
  it('the password and a phone code do not recover it at login, nor turn it off once signed in', async () => {
    const op = await operatorWithPassword('senior_operator');

    // Login: the password is right; the authenticator step offers no recovery by phone.
    const first = await passwordLogin(t, op.mobile);
    expect(first.json()).toMatchObject({
      status: 'twoFactorRequired',
      canRecoverByPhone: false,
      recoveryByAdmin: true,
    });
    const { challengeToken } = first.json<{ challengeToken: string }>();
    expect(errorOf(await post('/auth/two-factor/recovery-code', { challengeToken }))).toEqual([
      403,
      'OPERATOR_RECOVERY_BY_ADMIN',
    ]);
    expect(errorOf(await post('/auth/two-factor/recover', { challengeToken, code: '123456' }))).toEqual([
      403,
      'OPERATOR_RECOVERY_BY_ADMIN',
    ]);

    // Signed in (the session is recent): neither a phone code nor the app's code turns it off, and no
    // new authenticator can be set up over it.
    expect(errorOf(await post('/account/two-factor/disable-code', {}, op.cookie))).toEqual([
      403,
      'OPERATOR_RECOVERY_BY_ADMIN',
    ]);
    for (const body of [
      { method: 'sms', code: '123456' },
      { method: 'totp', code: codeAt(t, op.totpSecret) },
    ]) {
      expect(errorOf(await post('/account/two-factor/disable', body, op.cookie))).toEqual([
        403,
        'OPERATOR_RECOVERY_BY_ADMIN',
      ]);
    }
    expect(errorOf(await post('/account/two-factor/setup', {}, op.cookie))).toEqual([
      409,
      'TWO_FACTOR_ALREADY_ENABLED',
    ]);
    expect(await outboxPurposes(op.mobile)).not.toContain('disable_2fa');
    expect((await account(t, op.cookie)).json().user.twoFactorEnabled).toBe(true);
    expect((await adminCall(t, op.cookie, 'GET', '/admin/me')).statusCode).toBe(200);

    // An investor keeps the recovery by phone.
    const investor = await makeInvestor(t);
    await setPassword(t, investor.cookie);
    await makeInvestorTwoFactor(investor);
    const login = await passwordLogin(t, investor.mobile);
    expect(login.json()).toMatchObject({ canRecoverByPhone: true, recoveryByAdmin: false });
    const sent = await post('/auth/two-factor/recovery-code', { challengeToken: login.json().challengeToken });
    expect(sent.statusCode, sent.body).toBe(200);
  });
});

async function makeInvestorTwoFactor(investor: TestUser) {
  const setup = await post('/account/two-factor/setup', {}, investor.cookie);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  expect((await post('/account/two-factor/enable', { code: codeAt(t, secret) }, investor.cookie)).statusCode).toBe(200);
  t.clock.advance(30);
}

describe('an admin recovers an operator (adminRecoverOperator)', () => {
  it('resets two-factor and ends the sessions; the operator sets up a new authenticator before the console opens', async () => {
    const admin = await makeOperator(t, 'admin');
    const op = await operatorWithPassword('senior_operator');
    const oldSecret = op.totpSecret;
    // The lost authenticator's recovery codes (decision 029) must not outlive it.
    await queryRows(
      t.database.db,
      sql`INSERT INTO recovery_codes (user_id, code_hash) VALUES (${op.userId}, 'h1'), (${op.userId}, 'h2')`,
    );

    const res = await recover(admin, op);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const [after] = await queryRows<{ codes: number; held: string }>(
      t.database.db,
      sql`SELECT (SELECT count(*)::int FROM recovery_codes WHERE user_id = ${op.userId}) AS codes,
                 withdrawals_held_until::text AS held FROM users WHERE id = ${op.userId}`,
    );
    expect(after!.codes).toBe(0);
    // Withdrawals wait 24 hours after a recovery, as after any change of the second factor.
    expect(new Date(after!.held).getTime()).toBe(t.clock.now.getTime() + 24 * 3600_000);
    // Every session of the operator ended.
    expect((await account(t, op.cookie)).statusCode).toBe(401);
    const [audit] = await queryRows<{ actor: string; data: { reason: string; sessionsEnded: number } }>(
      t.database.db,
      sql`SELECT actor_user_id AS actor, data FROM audit_log
          WHERE action = 'admin.operator_recovered' AND subject_id = ${op.userId}`,
    );
    expect(audit).toEqual({
      actor: admin.userId,
      data: { reason: 'گوشی اپراتور گم شده است', hadTwoFactor: true, sessionsEnded: 1 },
    });

    // Next login: the password opens a session (two-factor is off), but the console wants two-factor.
    const login = await passwordLogin(t, op.mobile);
    expect(login.json()).toMatchObject({ status: 'loggedIn' });
    const cookie = cookieOf(login);
    expect(errorOf(await adminCall(t, cookie, 'GET', '/admin/me'))).toEqual([403, 'TWO_FACTOR_REQUIRED']);

    // The operator sets up a new authenticator (the login was just now: no step-up needed).
    const setup = await post('/account/two-factor/setup', {}, cookie);
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json<{ secret: string }>();
    expect(secret).not.toBe(oldSecret);
    expect((await post('/account/two-factor/enable', { code: codeAt(t, secret) }, cookie)).statusCode).toBe(200);
    expect((await adminCall(t, cookie, 'GET', '/admin/me')).statusCode).toBe(200);

    // The old authenticator no longer logs in; the new one does.
    t.clock.advance(30);
    const next = await passwordLogin(t, op.mobile, STRONG);
    const challengeToken = next.json<{ challengeToken: string }>().challengeToken;
    const old = await post('/auth/two-factor/verify', { challengeToken, code: codeAt(t, oldSecret) });
    expect(old.json().code).toBe('TOTP_INVALID');
    const ok = await post('/auth/two-factor/verify', { challengeToken, code: codeAt(t, secret) });
    expect(ok.json()).toMatchObject({ status: 'loggedIn' });
  });

  it('only an admin may, never on their own account, and only for an operator', async () => {
    const admin = await makeOperator(t, 'admin');
    const otherAdmin = await makeOperator(t, 'admin');
    const senior = await makeOperator(t, 'senior_operator');
    const op = await makeOperator(t, 'operator');

    // Roles without `operators.recover`.
    for (const caller of [senior, op]) {
      expect(errorOf(await recover(caller, otherAdmin))).toEqual([403, 'FORBIDDEN']);
    }
    expect((await account(t, otherAdmin.cookie)).json().user.twoFactorEnabled).toBe(true);
    // One's own account: another admin must do it.
    expect(errorOf(await recover(admin, admin))).toEqual([403, 'OPERATOR_OWN_ACCOUNT']);
    expect((await account(t, admin.cookie)).json().user.twoFactorEnabled).toBe(true);
    // An investor recovers by phone.
    const investor = await makeInvestor(t);
    expect(errorOf(await recover(admin, investor))).toEqual([409, 'CONFLICT']);
    // A reason is required.
    const bare = await adminCall(t, admin.cookie, 'POST', `/admin/users/${op.userId}/recover`, { reason: '' });
    expect(errorOf(bare)).toEqual([400, 'VALIDATION_FAILED']);
    // Another admin recovers an admin.
    expect((await recover(admin, otherAdmin)).statusCode).toBe(200);
    expect((await account(t, otherAdmin.cookie)).statusCode).toBe(401);
  });
});
