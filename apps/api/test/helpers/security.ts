import type { TestApp } from './app';
import { cookieOf, outboxCode } from './app';
import { timeStep, totpAt } from '../../src/lib/totp';

export const STRONG = 'Tir-Mah#1403-Sabz';
export const STRONG2 = 'Kh0rshid-Zard!x9';

export async function setPassword(t: TestApp, cookie: string, password = STRONG) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/account/password',
    headers: { cookie },
    payload: { password },
  });
  if (res.statusCode !== 200) throw new Error(`set password: ${res.statusCode} ${res.body}`);
}

export const totpNow = (t: TestApp, secret: string) => totpAt(secret, timeStep(t.clock.now.getTime()));

/** Turns two-factor on for a fresh session; answers the base32 secret. */
export async function enableTwoFactor(t: TestApp, cookie: string): Promise<string> {
  const setup = await t.app.inject({ method: 'POST', url: '/api/account/two-factor/setup', headers: { cookie } });
  if (setup.statusCode !== 200) throw new Error(`setup: ${setup.statusCode} ${setup.body}`);
  const { secret } = setup.json<{ secret: string }>();
  const on = await t.app.inject({
    method: 'POST',
    url: '/api/account/two-factor/enable',
    headers: { cookie },
    payload: { code: totpNow(t, secret) },
  });
  if (on.statusCode !== 200) throw new Error(`enable: ${on.statusCode} ${on.body}`);
  t.clock.advance(30); // the next code of the app is a new step
  return secret;
}

export async function passwordLogin(
  t: TestApp,
  mobile: string,
  password = STRONG,
  extra: Record<string, unknown> = {},
) {
  return t.app.inject({ method: 'POST', url: '/api/auth/password/login', payload: { mobile, password, ...extra } });
}

export async function account(t: TestApp, cookie: string) {
  return t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } });
}

export { cookieOf, outboxCode };
