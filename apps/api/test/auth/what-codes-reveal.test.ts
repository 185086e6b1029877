import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP } from '@portal/contract/core/constants';
import { START_LOGIN_RATE } from '../../src/modules/auth/auth.service';
import { createTestApp, newMobile, outboxCode, signIn, type TestApp } from '../helpers/app';
import { setPassword } from '../helpers/security';

/**
 * Issue 15, finding 8 (decision 013): the public code requests (a reset code, a login code) answer alike
 * whether or not the number has an account, with the same limits, and sit behind the per-address limit of
 * `POST /auth/start`: one address cannot sweep numbers.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const request = (mobile: string, purpose: 'login' | 'reset_password', ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/otp', payload: { mobile, purpose }, remoteAddress: ip });
const resetVerify = (mobile: string, code: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/password/reset/verify',
    payload: { mobile, code },
    remoteAddress: ip,
  });
/** An answer without the number it names: what must not differ between numbers. */
const answer = (res: LightMyRequestResponse) => {
  const { mobile: _mobile, ...rest } = res.json<Record<string, unknown>>();
  return [res.statusCode, rest];
};

async function knownNumber(): Promise<string> {
  const { cookie, mobile } = await signIn(t);
  await setPassword(t, cookie);
  return mobile;
}

describe('what the public code requests reveal (issue 15, finding 8)', () => {
  it('100 unknown numbers from one address: answered as a known number is, then limited like it', async () => {
    const known = await knownNumber();
    t.clock.advance(OTP.resendAfterSeconds);
    const reference = await request(known, 'reset_password', '10.88.0.2');
    expect(reference.statusCode).toBe(200);
    expect(reference.json()).not.toHaveProperty('isRegistered');

    const ip = '10.88.0.1';
    const unknown = Array.from({ length: 100 }, () => newMobile());
    const answers: LightMyRequestResponse[] = [];
    for (const mobile of unknown) answers.push(await request(mobile, 'reset_password', ip));

    // The first ones look exactly like the known number's answer, and nothing is sent.
    const sent = answers.filter((r) => r.statusCode === 200);
    expect(sent).toHaveLength(OTP.maxCodesPerAddressPerHour);
    for (const r of sent) expect(answer(r)).toEqual(answer(reference));
    for (const mobile of unknown.slice(0, 3)) await expect(outboxCode(t.app, mobile)).rejects.toThrow();
    // Then the address is limited: its code budget, then the lookups it shares with /auth/start.
    const codes = answers.map((r) => r.json<{ code?: string }>().code ?? 'sent');
    expect(codes.slice(OTP.maxCodesPerAddressPerHour, START_LOGIN_RATE.limit)).toEqual(
      Array.from({ length: START_LOGIN_RATE.limit - OTP.maxCodesPerAddressPerHour }, () => 'OTP_RATE_LIMITED'),
    );
    expect(codes.slice(START_LOGIN_RATE.limit)).toEqual(
      Array.from({ length: 100 - START_LOGIN_RATE.limit }, () => 'RATE_LIMITED'),
    );
    // A known number from that address gets the same refusal.
    const knownThere = await request(known, 'reset_password', ip);
    expect(answer(knownThere)).toEqual(answer(answers[99]!));
    // The lookup of /auth/start is counted with them: the address is limited there too.
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/auth/start',
      payload: { mobile: newMobile() },
      remoteAddress: ip,
    });
    expect(start.json().code).toBe('RATE_LIMITED');
  });

  it('a second request, and a wrong code, answer alike for a number with or without an account', async () => {
    const known = await knownNumber();
    const stranger = newMobile();
    t.clock.advance(OTP.resendAfterSeconds);
    for (const purpose of ['reset_password', 'login'] as const) {
      const [k, s] = [await request(known, purpose, '10.88.1.1'), await request(stranger, purpose, '10.88.1.2')];
      expect(answer(k)).toEqual(answer(s));
      // Asking again at once: the same wait, whether or not a code went out.
      const [k2, s2] = [await request(known, purpose, '10.88.1.1'), await request(stranger, purpose, '10.88.1.2')];
      expect(answer(k2)).toEqual(answer(s2));
      expect(k2.json().code).toBe('OTP_RESEND_TOO_SOON');
      t.clock.advance(OTP.resendAfterSeconds);
    }
    // A wrong reset code: the same answer (a number without an account has a challenge nobody knows).
    await request(known, 'reset_password', '10.88.1.1');
    await request(stranger, 'reset_password', '10.88.1.2');
    const code = await outboxCode(t.app, known);
    const wrong = code === '000000' ? '111111' : '000000';
    const [k, s] = [await resetVerify(known, wrong, '10.88.1.1'), await resetVerify(stranger, wrong, '10.88.1.2')];
    expect(answer(k)).toEqual(answer(s));
    expect(k.json()).toMatchObject({ code: 'OTP_INVALID', details: { attemptsLeft: OTP.maxAttemptsPerCode - 1 } });
  });
});
