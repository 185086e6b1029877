import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from './app';

/** Starts a gateway deposit that must be accepted (201); answers its id and the sandbox page to go to. */
export async function startGatewayDeposit(
  t: TestApp,
  cookie: string,
  amount: string,
): Promise<{ depositId: string; redirectUrl: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/wallet/deposits/gateway',
    headers: { cookie, 'idempotency-key': randomUUID() },
    payload: { amount },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ depositId: string; redirectUrl: string }>();
}

/**
 * The payer at the sandbox gateway's page (`redirectUrl` from a start): pays or cancels as the page's form
 * does; answers where the gateway sends the browser back (`Authority`, `Status` and the portal's own query).
 */
export async function atSandboxGateway(t: TestApp, redirectUrl: string, result: 'pay' | 'cancel'): Promise<URL> {
  const res = await t.app.inject({
    method: 'POST',
    url: redirectUrl,
    payload: `result=${result}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.statusCode).toBe(303);
  return new URL(res.headers.location as string, 'http://portal.test');
}
