import { expect } from 'vitest';
import type { TestApp } from './app';

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
