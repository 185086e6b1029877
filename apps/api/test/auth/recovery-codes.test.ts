import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { recoveryCodeHash } from '../../src/modules/auth/recovery-codes';
import { createTestApp, signIn, TEST_SECRET, type TestApp } from '../helpers/app';
import { account, cookieOf, outboxCode, setPassword, STRONG2, totpNow } from '../helpers/security';
import { errorOf, postWithdrawal, snapshot, withdrawer } from '../withdrawals/withdrawal-helpers';
import { balanceOf } from '../helpers/ledger';
import { challengeOf, enableWithCodes, recoveryStatus, secondStep, totpFailures, userIdOf } from './recovery-helpers';

/**
 * Recovery codes (issue 15, decision 029): ten at enable, shown once, stored as keyed hashes, each usable
 * once wherever an authenticator code is, regenerated after a step-up.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function withTwoFactor() {
  const who = await signIn(t);
  await setPassword(t, who.cookie);
  const { secret, codes } = await enableWithCodes(t, who.cookie);
  return { ...who, secret, codes, userId: await userIdOf(t, who.cookie) };
}

describe('issuing', () => {
  it('turning two-factor on answers ten distinct codes once; the table keeps only keyed hashes', async () => {
    const u = await withTwoFactor();
    expect(u.codes).toHaveLength(10);
    expect(new Set(u.codes).size).toBe(10);
    for (const c of u.codes) expect(c).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);

    const status = await recoveryStatus(t, u.cookie);
    expect(status.json()).toEqual({ left: 10, total: 10, generatedAt: expect.any(String) });
    expect(status.body).not.toContain(u.codes[0]!.slice(0, 5));

    const rows = await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`SELECT * FROM recovery_codes WHERE user_id = ${u.userId}`,
    );
    expect(rows).toHaveLength(10);
    const stored = JSON.stringify(rows);
    for (const c of u.codes) {
      expect(stored).not.toContain(c);
      expect(stored).not.toContain(c.replace('-', ''));
    }
    // What is stored is the HMAC under the app's key, bound to the user: the same code of another
    // account would hash differently.
    expect(rows.map((r) => r.code_hash).sort()).toEqual(
      u.codes.map((c) => recoveryCodeHash(TEST_SECRET, u.userId, c)).sort(),
    );
    expect(recoveryCodeHash(TEST_SECRET, randomUUID(), u.codes[0]!)).not.toBe(
      recoveryCodeHash(TEST_SECRET, u.userId, u.codes[0]!),
    );
  });

  it('regenerating needs a recent authentication; the old set stops working, the new one works', async () => {
    const u = await withTwoFactor();
    t.clock.advance(11 * 60);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/account/two-factor/recovery-codes',
      headers: { cookie: u.cookie },
    });
    expect(errorOf(refused)).toEqual([403, 'STEP_UP_REQUIRED']);

    // The step-up itself may be made with a recovery code.
    const stepUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/step-up',
      headers: { cookie: u.cookie },
      payload: { method: 'totp', code: u.codes[0] },
    });
    expect(stepUp.statusCode, stepUp.body).toBe(200);
    const cookie = cookieOf(stepUp);
    expect((await recoveryStatus(t, cookie)).json()).toMatchObject({ left: 9, total: 10 });

    const regenerated = await t.app.inject({
      method: 'POST',
      url: '/api/account/two-factor/recovery-codes',
      headers: { cookie },
    });
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    const fresh = regenerated.json<{ codes: string[]; generatedAt: string }>();
    expect(fresh.codes).toHaveLength(10);
    expect(fresh.codes.filter((c) => u.codes.includes(c))).toEqual([]);
    expect((await recoveryStatus(t, cookie)).json()).toEqual({ left: 10, total: 10, generatedAt: fresh.generatedAt });

    const old = await secondStep(t, await challengeOf(t, u.mobile), u.codes[1]!);
    expect(errorOf(old)).toEqual([400, 'RECOVERY_CODE_INVALID']);
    const ok = await secondStep(t, await challengeOf(t, u.mobile), fresh.codes[0]!);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await recoveryStatus(t, cookie)).json()).toMatchObject({ left: 9 });
    const events = await queryRows<{ action: string }>(
      t.database.db,
      sql`SELECT action FROM audit_log WHERE actor_user_id = ${u.userId} AND action = 'account.recovery_codes_generated'`,
    );
    expect(events).toHaveLength(1);
  });

  it('an account without two-factor has no codes and cannot make any', async () => {
    const { cookie } = await signIn(t);
    expect((await recoveryStatus(t, cookie)).json()).toEqual({ left: 0, total: 0, generatedAt: null });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/two-factor/recovery-codes',
      headers: { cookie },
    });
    expect(errorOf(res)).toEqual([409, 'TWO_FACTOR_NOT_ENABLED']);
  });
});

describe('using a code', () => {
  it('opens a login once, typed any way; the login is audited as one by recovery code', async () => {
    const u = await withTwoFactor();
    const typed = ` ${u.codes[3]!.toLowerCase().replace('-', ' ')} `;
    const ok = await secondStep(t, await challengeOf(t, u.mobile), typed);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'loggedIn' });
    const cookie = cookieOf(ok);
    expect((await recoveryStatus(t, cookie)).json()).toMatchObject({ left: 9, total: 10 });

    const audit = await queryRows<{ action: string; data: { use?: string; method?: string } }>(
      t.database.db,
      sql`SELECT action, data FROM audit_log WHERE actor_user_id = ${u.userId}
          AND action IN ('auth.recovery_code_used', 'auth.logged_in') ORDER BY at DESC LIMIT 2`,
    );
    expect(audit).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'auth.recovery_code_used', data: { use: 'login' } }),
        expect.objectContaining({
          action: 'auth.logged_in',
          data: expect.objectContaining({ method: 'password+recovery_code' }),
        }),
      ]),
    );
    const events = await t.app.inject({ method: 'GET', url: '/api/account/security-events', headers: { cookie } });
    const items = events.json<{ items: { type: string; method: string | null }[] }>().items;
    expect(items.find((e) => e.type === 'recovery_code_used')).toMatchObject({ method: 'login' });

    // The same code a second time: refused as used, not counted as a guess.
    const again = await secondStep(t, await challengeOf(t, u.mobile), u.codes[3]!);
    expect(errorOf(again)).toEqual([400, 'RECOVERY_CODE_USED']);
    expect(await totpFailures(t, u.userId)).toBe(0);
  });

  it('a wrong code is counted toward the two-factor lock, with the authenticator codes', async () => {
    const u = await withTwoFactor();
    const challenge = await challengeOf(t, u.mobile);
    const wrong = await secondStep(t, challenge, 'ZZZZZ-ZZZZZ');
    expect(wrong.json()).toMatchObject({ code: 'RECOVERY_CODE_INVALID', details: { attemptsLeft: 9 } });
    for (let i = 0; i < 8; i++) await secondStep(t, challenge, `ZZZZZ-ZZZ${String(i).padStart(2, '0')}`);
    const last = await secondStep(t, challenge, 'ZZZZZ-YYYYY');
    expect(errorOf(last)).toEqual([429, 'AUTH_LOCKED']);
    // Locked: even a right code waits (the lock is the same for both kinds of code).
    expect(errorOf(await secondStep(t, challenge, u.codes[0]!))).toEqual([429, 'AUTH_LOCKED']);
    expect(errorOf(await secondStep(t, challenge, totpNow(t, u.secret)))).toEqual([429, 'AUTH_LOCKED']);
    expect((await recoveryStatus(t, u.cookie)).json()).toMatchObject({ left: 10 });
  });

  it('a malformed code is a validation error, nothing counted', async () => {
    const u = await withTwoFactor();
    const res = await secondStep(t, await challengeOf(t, u.mobile), 'ABCD-123');
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { issues: [{ path: 'body.code', rule: 'secondFactorFormat' }] },
    });
    expect(await totpFailures(t, u.userId)).toBe(0);
  });

  it('turns two-factor off; the codes go with it', async () => {
    const u = await withTwoFactor();
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/account/two-factor/disable',
      headers: { cookie: u.cookie },
      payload: { method: 'totp', code: u.codes[9] },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await account(t, u.cookie)).json().user.twoFactorEnabled).toBe(false);
    expect((await recoveryStatus(t, u.cookie)).json()).toEqual({ left: 0, total: 0, generatedAt: null });
    const [left] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM recovery_codes WHERE user_id = ${u.userId}`,
    );
    expect(left).toEqual({ n: 0 });
  });

  it('a phone code is not a recovery code: turning off by SMS takes digits only', async () => {
    const u = await withTwoFactor();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/two-factor/disable',
      headers: { cookie: u.cookie },
      payload: { method: 'sms', code: u.codes[0] },
    });
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { issues: [{ path: 'body.code', rule: 'otpFormat' }] },
    });
    expect((await recoveryStatus(t, u.cookie)).json()).toMatchObject({ left: 10 });
  });

  it('stands in for the authenticator in a password reset and in a phone change', async () => {
    const u = await withTwoFactor();
    // Password reset: the reset code, then the new password with a recovery code in the TOTP field.
    t.clock.advance(61);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp',
      payload: { mobile: u.mobile, purpose: 'reset_password' },
    });
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset/verify',
      payload: { mobile: u.mobile, code: await outboxCode(t.app, u.mobile) },
    });
    expect(verified.json()).toMatchObject({ twoFactorRequired: true });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { resetToken: verified.json().resetToken, newPassword: STRONG2, totpCode: u.codes[0] },
    });
    expect(reset.statusCode, reset.body).toBe(200);

    const back = await secondStep(t, await challengeOf(t, u.mobile, STRONG2), u.codes[1]!);
    const cookie = cookieOf(back);
    // Phone change, step 2: the current number's code and a recovery code.
    t.clock.advance(61);
    await t.app.inject({ method: 'POST', url: '/api/account/phone/current-code', headers: { cookie }, payload: {} });
    const current = await t.app.inject({
      method: 'POST',
      url: '/api/account/phone/verify-current',
      headers: { cookie },
      payload: { code: await outboxCode(t.app, u.mobile), totpCode: u.codes[2] },
    });
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json()).toMatchObject({ changeToken: expect.any(String) });
    expect((await recoveryStatus(t, cookie)).json()).toMatchObject({ left: 7 });
    const uses = await queryRows<{ use: string }>(
      t.database.db,
      sql`SELECT data->>'use' AS use FROM audit_log WHERE actor_user_id = ${u.userId}
          AND action = 'auth.recovery_code_used' ORDER BY at`,
    );
    expect(uses.map((r) => r.use)).toEqual(['password_reset', 'login', 'phone_change']);
  });

  it('confirms a withdrawal once; the same code again changes nothing', async () => {
    const u = await withdrawer(t, 500_000n);
    const { codes } = await enableWithCodes(t, u.cookie);
    const body = { bankAccountId: u.bankAccountId, amount: '100000', code: codes[4] };
    const ok = await postWithdrawal(t, u, body);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await balanceOf(t.database.db, u.userId, 'IRT', 'held')).toBe(100_000n);

    const before = await snapshot(t, u.userId);
    const again = await postWithdrawal(t, u, body);
    expect(errorOf(again)).toEqual([400, 'RECOVERY_CODE_USED']);
    expect(await snapshot(t, u.userId)).toEqual(before);

    const wrong = await postWithdrawal(t, u, { ...body, code: 'ZZZZZ-ZZZZZ' });
    expect(wrong.json()).toMatchObject({ code: 'RECOVERY_CODE_INVALID', details: { attemptsLeft: 9 } });
    expect(await snapshot(t, u.userId)).toEqual(before);
    const audits = await queryRows<{ use: string }>(
      t.database.db,
      sql`SELECT data->>'use' AS use FROM audit_log WHERE actor_user_id = ${u.userId} AND action = 'auth.recovery_code_used'`,
    );
    expect(audits).toEqual([{ use: 'withdrawal' }]);
  });
});
