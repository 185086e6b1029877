import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@portal/contract/core/errors';
import { SENSITIVE_CHANGE_WITHDRAWAL_HOLD_HOURS } from '@portal/contract/wallet/withdrawals';
import { startSensitiveChangeHold } from '../../src/lib/withdrawal-hold';
import { createTestApp, e164, newMobile, outboxCode, signIn, type TestApp } from '../helpers/app';
import { cookieOf, passwordLogin, setPassword, STRONG, totpNow } from '../helpers/security';
import { challengeOf, enableWithCodes, totpFailures } from '../auth/recovery-helpers';
import {
  errorOf,
  postWithdrawal,
  requestCode,
  snapshot,
  withdraw,
  withdrawer,
  type Withdrawer,
} from './withdrawal-helpers';

/**
 * The withdrawal hold (issue 15, decision 029): a password reset, a phone change, two-factor turned off, or
 * an admin's recovery of two-factor, hold the account's withdrawals for 24 hours by the server's clock.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const HOLD_SECONDS = SENSITIVE_CHANGE_WITHDRAWAL_HOLD_HOURS * 3600;

function accountOf(cookie: string) {
  return t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } });
}

const heldUntilOf = async (cookie: string) =>
  (await accountOf(cookie)).json<{ user: { withdrawalsHeldUntil: string | null } }>().user.withdrawalsHeldUntil;

/** Forgot password, the whole flow; answers a new session's cookie (a reset ends every session). */
async function resetPassword(u: Withdrawer): Promise<string> {
  t.clock.advance(61);
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/auth/otp',
    remoteAddress: u.ip,
    payload: { mobile: u.mobile, purpose: 'reset_password' },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const verified = await t.app.inject({
    method: 'POST',
    url: '/api/auth/password/reset/verify',
    remoteAddress: u.ip,
    payload: { mobile: u.mobile, code: await outboxCode(t.app, u.mobile) },
  });
  const reset = await t.app.inject({
    method: 'POST',
    url: '/api/auth/password/reset',
    remoteAddress: u.ip,
    payload: { resetToken: verified.json<{ resetToken: string }>().resetToken, newPassword: STRONG },
  });
  expect(reset.statusCode, reset.body).toBe(200);
  const login = await passwordLogin(t, u.mobile, STRONG);
  expect(login.statusCode, login.body).toBe(200);
  return cookieOf(login);
}

/** Change phone, the four calls; the user's number becomes a new one. Answers a new session's cookie. */
async function changePhone(u: Withdrawer): Promise<string> {
  t.clock.advance(61);
  const post = (url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: u.cookie }, remoteAddress: u.ip, payload });
  expect((await post('/api/account/phone/current-code', {})).statusCode).toBe(200);
  const current = await post('/api/account/phone/verify-current', { code: await outboxCode(t.app, u.mobile) });
  const { changeToken } = current.json<{ changeToken: string }>();
  let fresh = newMobile();
  while (fresh.endsWith('000')) fresh = newMobile();
  const sent = await post('/api/account/phone/new-code', { changeToken, newMobile: fresh });
  expect(sent.statusCode, sent.body).toBe(200);
  const done = await post('/api/account/phone/verify-new', { changeToken, code: await outboxCode(t.app, fresh) });
  expect(done.json()).toEqual({ ok: true, mobile: e164(fresh) });
  u.mobile = fresh;
  return (await signIn(t, fresh, u.ip)).cookie;
}

/** Two-factor on, then off by an authenticator code: the session stays. */
async function turnTwoFactorOff(u: Withdrawer): Promise<string> {
  const { secret } = await enableWithCodes(t, u.cookie);
  const off = await t.app.inject({
    method: 'POST',
    url: '/api/account/two-factor/disable',
    headers: { cookie: u.cookie },
    payload: { method: 'totp', code: totpNow(t, secret) },
  });
  expect(off.statusCode, off.body).toBe(200);
  return u.cookie;
}

/** "I can't reach my authenticator" at login: password, then a phone code turns two-factor off. */
async function recoverAtLogin(u: Withdrawer): Promise<string> {
  await setPassword(t, u.cookie);
  await enableWithCodes(t, u.cookie);
  const challengeToken = await challengeOf(t, u.mobile);
  t.clock.advance(61);
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/auth/two-factor/recovery-code',
    remoteAddress: u.ip,
    payload: { challengeToken },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const recovered = await t.app.inject({
    method: 'POST',
    url: '/api/auth/two-factor/recover',
    remoteAddress: u.ip,
    payload: { challengeToken, code: await outboxCode(t.app, u.mobile) },
  });
  expect(recovered.statusCode, recovered.body).toBe(200);
  return cookieOf(recovered);
}

/** What the other engineer's admin recovery of an operator's two-factor calls in its transaction. */
async function recoverTwoFactorByAdmin(u: Withdrawer): Promise<string> {
  await t.database.db.transaction((tx) => startSensitiveChangeHold(tx, u.userId, 'two_factor_recovered', t.clock.now));
  await t.database.bus.publish({ kind: 'user', id: u.userId });
  return u.cookie;
}

describe('the withdrawal hold', () => {
  it('an untouched account is not held', async () => {
    const u = await withdrawer(t, 500_000n);
    expect(await heldUntilOf(u.cookie)).toBeNull();
    await withdraw(t, u, '100000');
  });

  it.each([
    ['a password reset', resetPassword],
    ['a phone change', changePhone],
    ['two-factor turned off', turnTwoFactorOff],
    ['two-factor turned off at login by a phone code', recoverAtLogin],
    ['two-factor recovered by an admin', recoverTwoFactorByAdmin],
  ])('%s holds withdrawals for 24 hours, and says until when', async (_, event) => {
    const u = await withdrawer(t, 500_000n);
    u.cookie = await event(u);
    const until = new Date(t.clock.now.getTime() + HOLD_SECONDS * 1000).toISOString();
    expect(await heldUntilOf(u.cookie)).toBe(until);

    // Neither a code for a withdrawal nor the withdrawal itself, and nothing is spent or counted.
    const before = await snapshot(t, u.userId);
    const code = await requestCode(t, u);
    expect(errorOf(code)).toEqual([403, 'WITHDRAWAL_HOLD']);
    expect(code.json<ErrorBody>().details?.until).toBe(until);
    const refused = await postWithdrawal(t, u, { bankAccountId: u.bankAccountId, amount: '100000', code: '123456' });
    expect(errorOf(refused)).toEqual([403, 'WITHDRAWAL_HOLD']);
    expect(refused.json<ErrorBody>().details).toEqual({ until });
    expect(await snapshot(t, u.userId)).toEqual(before);

    // A second before the end: still held. At the end: open, and the account says so.
    t.clock.advance(HOLD_SECONDS - 1);
    expect(errorOf(await requestCode(t, u))).toEqual([403, 'WITHDRAWAL_HOLD']);
    expect(await heldUntilOf(u.cookie)).toBe(until);
    t.clock.advance(1);
    expect(await heldUntilOf(u.cookie)).toBeNull();
    await withdraw(t, u, '100000');
  });

  it('a later change extends the hold; an earlier end never shortens it', async () => {
    const u = await withdrawer(t, 500_000n);
    u.cookie = await resetPassword(u);
    const first = await heldUntilOf(u.cookie);
    t.clock.advance(3600);
    u.cookie = await changePhone(u);
    const second = await heldUntilOf(u.cookie);
    expect(new Date(second!).getTime()).toBe(t.clock.now.getTime() + HOLD_SECONDS * 1000);
    expect(new Date(second!).getTime()).toBeGreaterThan(new Date(first!).getTime());

    const ends = await t.database.db.transaction((tx) =>
      startSensitiveChangeHold(tx, u.userId, 'two_factor_recovered', new Date(t.clock.now.getTime() - 7200_000)),
    );
    expect(ends.toISOString()).toBe(second);
  });

  it('a user with two-factor on is refused before the code is looked at: the code stays usable', async () => {
    const u = await withdrawer(t, 500_000n);
    const { secret, codes } = await enableWithCodes(t, u.cookie);
    u.cookie = await recoverTwoFactorByAdmin(u);
    const body = { bankAccountId: u.bankAccountId, amount: '100000', code: codes[0] };
    expect(errorOf(await postWithdrawal(t, u, body))).toEqual([403, 'WITHDRAWAL_HOLD']);
    expect(errorOf(await postWithdrawal(t, u, { ...body, code: totpNow(t, secret) }))).toEqual([
      403,
      'WITHDRAWAL_HOLD',
    ]);
    t.clock.advance(HOLD_SECONDS);
    expect(await totpFailures(t, u.userId)).toBe(0);
    const ok = await postWithdrawal(t, u, body);
    expect(ok.statusCode, ok.body).toBe(201);
  });
});
