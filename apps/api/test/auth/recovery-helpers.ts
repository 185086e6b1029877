import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../../src/db/client';
import type { TestApp } from '../helpers/app';
import { passwordLogin, totpNow } from '../helpers/security';

/**
 * Turns two-factor on through the API, as the security page does (the session must have authenticated in
 * the last ten minutes); answers the secret and the ten recovery codes of the enabling answer.
 */
export async function enableWithCodes(t: TestApp, cookie: string): Promise<{ secret: string; codes: string[] }> {
  const setup = await t.app.inject({ method: 'POST', url: '/api/account/two-factor/setup', headers: { cookie } });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  const on = await t.app.inject({
    method: 'POST',
    url: '/api/account/two-factor/enable',
    headers: { cookie },
    payload: { code: totpNow(t, secret) },
  });
  expect(on.statusCode, on.body).toBe(200);
  t.clock.advance(30); // the app's next code is a new step
  const { recoveryCodes } = on.json<{ ok: true; recoveryCodes: string[] }>();
  return { secret, codes: recoveryCodes };
}

/** A password login of an account with two-factor on: the challenge of the second step. */
export async function challengeOf(t: TestApp, mobile: string, password?: string): Promise<string> {
  const first = await passwordLogin(t, mobile, password);
  expect(first.json<{ status: string }>().status, first.body).toBe('twoFactorRequired');
  return first.json<{ challengeToken: string }>().challengeToken;
}

export function secondStep(t: TestApp, challengeToken: string, code: string, app = t.app) {
  return app.inject({ method: 'POST', url: '/api/auth/two-factor/verify', payload: { challengeToken, code } });
}

export function recoveryStatus(t: TestApp, cookie: string) {
  return t.app.inject({ method: 'GET', url: '/api/account/two-factor/recovery-codes', headers: { cookie } });
}

/** The user's TOTP failure counter (0 when there is no row). */
export async function totpFailures(t: TestApp, userId: string): Promise<number> {
  const [row] = await queryRows<{ failures: number }>(
    t.database.db,
    sql`SELECT failures FROM auth_failures WHERE step = 'totp' AND subject = ${userId}`,
  );
  return row?.failures ?? 0;
}

export async function userIdOf(t: TestApp, cookie: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } });
  return res.json<{ user: { id: string } }>().user.id;
}
