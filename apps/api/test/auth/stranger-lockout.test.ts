import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCKOUT, OTP } from '@portal/contract/core/constants';
import { queryRows } from '../../src/db/client';
import { cookieOf, createTestApp, e164, newMobile, outboxCode, type TestApp } from '../helpers/app';
import { STRONG, setPassword } from '../helpers/security';

/**
 * Issue 15, finding 7: a stranger who knows only a number must not lock its owner out (decision 009).
 * Wrong guesses are counted per (account, source) and per account; a stranger's failures lock the
 * stranger's address quickly and slow the account only past a much higher bar, which the owner's own
 * recent device (its cookie) or address does not meet.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Client {
  ip: string;
  /** The `portal_device` cookie the browser keeps, when it has one. */
  device?: string;
}

const post = (url: string, payload: Record<string, unknown>, from: Client) =>
  t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload,
    remoteAddress: from.ip,
    headers: from.device ? { cookie: `portal_device=${from.device}` } : {},
  });
const codeOf = (res: LightMyRequestResponse) => [res.statusCode, res.json<{ code?: string; status?: string }>().code];
const passwordLogin = (mobile: string, password: string, from: Client) =>
  post('/auth/password/login', { mobile, password }, from);
const requestCode = (mobile: string, from: Client) => post('/auth/otp', { mobile }, from);
const verifyCode = (mobile: string, code: string, from: Client) => post('/auth/otp/verify', { mobile, code }, from);
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');
const deviceOf = (res: LightMyRequestResponse) => {
  const c = res.cookies.find((x) => x.name === 'portal_device');
  if (!c) throw new Error(`no device cookie in ${res.statusCode} ${res.body}`);
  return c.value;
};

/** An owner who signed up by code from `home` (their device cookie kept) and set a password. */
async function owner(home: string) {
  const mobile = newMobile();
  expect((await requestCode(mobile, { ip: home })).statusCode).toBe(200);
  const signedUp = await verifyCode(mobile, await outboxCode(t.app, mobile), { ip: home });
  expect(signedUp.json()).toMatchObject({ status: 'loggedIn', isNewUser: true });
  await setPassword(t, cookieOf(signedUp));
  t.clock.advance(OTP.resendAfterSeconds);
  return { mobile, signedUp };
}

/** A login code asked for from `from`, read from the outbox and typed there: the answer of the verify. */
async function codeLogin(mobile: string, from: Client) {
  const sent = await requestCode(mobile, from);
  expect(sent.statusCode, sent.body).toBe(200);
  return verifyCode(mobile, await outboxCode(t.app, mobile), from);
}

/** `tries` wrong codes from `from` on a fresh code (at most the five a code allows). */
async function guessCodes(mobile: string, from: Client, tries = OTP.maxAttemptsPerCode) {
  expect((await requestCode(mobile, from)).statusCode).toBe(200);
  const code = await outboxCode(t.app, mobile);
  for (let i = 0; i < tries; i++) await verifyCode(mobile, wrong(code), from);
  t.clock.advance(OTP.resendAfterSeconds);
}

describe('a stranger cannot lock the owner out (issue 15, finding 7)', () => {
  it('the attack of the finding locks the stranger’s address; the owner logs in from elsewhere and from their device', async () => {
    const { mobile, signedUp } = await owner('10.66.1.1');
    const stranger = { ip: '10.66.0.66' };

    // 10 wrong passwords, then two code requests a minute apart with 5 wrong guesses each, from A.
    const passwords: unknown[] = [];
    for (let i = 0; i < LOCKOUT.maxConsecutiveFailures; i++) {
      passwords.push(codeOf(await passwordLogin(mobile, `Wrong-pass-${i}!`, stranger)));
    }
    expect(passwords).toEqual([...Array.from({ length: 9 }, () => [400, 'PASSWORD_INCORRECT']), [429, 'AUTH_LOCKED']]);
    await guessCodes(mobile, stranger);
    await guessCodes(mobile, stranger);

    // The owner, from an address never seen, with the right password and then the right code.
    const fromB = { ip: '10.66.0.77' };
    expect((await passwordLogin(mobile, STRONG, fromB)).json()).toMatchObject({ status: 'loggedIn' });
    expect((await codeLogin(mobile, fromB)).json()).toMatchObject({ status: 'loggedIn', isNewUser: false });

    // And from their own device (the cookie the sign-up set), on yet another address.
    const cookie = signedUp.cookies.find((c) => c.name === 'portal_device');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' });
    t.clock.advance(OTP.resendAfterSeconds);
    const ownDevice = { ip: '10.66.0.88', device: deviceOf(signedUp) };
    expect((await passwordLogin(mobile, STRONG, ownDevice)).json()).toMatchObject({ status: 'loggedIn' });
    expect((await codeLogin(mobile, ownDevice)).json()).toMatchObject({ status: 'loggedIn', isNewUser: false });

    // The stranger's address stays locked: even the right password, and no code is sent there.
    expect(codeOf(await passwordLogin(mobile, STRONG, stranger))).toEqual([429, 'AUTH_LOCKED']);
    t.clock.advance(OTP.resendAfterSeconds);
    const refused = await requestCode(mobile, stranger);
    expect(codeOf(refused)).toEqual([429, 'OTP_LOCKED']);
    expect(refused.json().details.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('a spread-out attack slows the account as a whole; the owner’s own device and recent address stay open', async () => {
    const home = '10.67.1.1';
    const { mobile, signedUp } = await owner(home);
    const device = deviceOf(signedUp);
    const newAddress = { ip: '10.67.9.9' };

    // Wrong passwords from many addresses, 10 each (each address locks itself at its tenth), up to the
    // account's bar for sources it does not know.
    const addresses = LOCKOUT.maxAccountFailuresPerHour / LOCKOUT.maxConsecutiveFailures;
    for (let a = 0; a < addresses; a++) {
      for (let i = 0; i < LOCKOUT.maxConsecutiveFailures; i++) {
        await passwordLogin(mobile, `Wrong-pass-${i}!`, { ip: `10.67.0.${a + 1}` });
      }
    }
    // A new address is slowed now, whatever it sends, and so is a stranger's own device cookie.
    expect(codeOf(await passwordLogin(mobile, STRONG, newAddress))).toEqual([429, 'AUTH_LOCKED']);
    const strangerDevice = deviceOf(await codeLogin(newMobile(), { ip: '10.67.9.10' }));
    expect(codeOf(await passwordLogin(mobile, STRONG, { ...newAddress, device: strangerDevice }))).toEqual([
      429,
      'AUTH_LOCKED',
    ]);
    // The owner's device (on that same new address) and the owner's recent address get in.
    expect((await passwordLogin(mobile, STRONG, { ...newAddress, device })).json()).toMatchObject({
      status: 'loggedIn',
    });
    expect((await passwordLogin(mobile, STRONG, { ip: home })).json()).toMatchObject({ status: 'loggedIn' });
    const [locked] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'auth.locked' AND data->>'scope' = 'account'
          AND actor_user_id = (SELECT id FROM users WHERE mobile = ${e164(mobile)})`,
    );
    expect(locked!.n).toBe(1);

    // Wrong codes from two addresses, 10 each, reach the number's bar for sources it does not know.
    for (const ip of ['10.67.0.101', '10.67.0.102']) {
      for (let i = 0; i < OTP.maxFailuresPerNumber / 2 / OTP.maxAttemptsPerCode; i++) await guessCodes(mobile, { ip });
    }
    // (The owner's login above made `newAddress` one of theirs: another new one is slowed.)
    const anotherNew = { ip: '10.67.9.11' };
    expect(codeOf(await requestCode(mobile, anotherNew))).toEqual([429, 'OTP_LOCKED']);
    // The code login from the owner's own device or recent address stays open.
    expect((await codeLogin(mobile, { ...anotherNew, device })).json()).toMatchObject({ status: 'loggedIn' });
    t.clock.advance(OTP.resendAfterSeconds);
    expect((await codeLogin(mobile, { ip: home })).json()).toMatchObject({ status: 'loggedIn' });
  });
});
