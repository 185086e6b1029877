import argon2 from 'argon2';
import autocannon from 'autocannon';
import { SESSION } from '@portal/contract/core/constants';
import type { LoadOptions, LoadResult, PortalServer } from './api-throughput';

/** The parameters of apps/api/src/lib/passwords.ts (decision 010). */
export const ARGON2_PARAMS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const LOGIN_MOBILE = '09120000002';
const LOGIN_MOBILE_E164 = '+989120000002';
const LOGIN_PASSWORD = 'Bench-Login#2025';

async function ok(res: Response, what: string): Promise<Response> {
  if (!res.ok) throw new Error(`${what}: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`);
  return res;
}

/**
 * A user with a password: signs up by code, then sets the password with the fresh session. Answers the
 * browser's device cookie: the bench logs in again as that same browser, so no login is from a new device
 * (which would send a security notice each time, decision 029).
 */
async function userWithPassword(baseUrl: string): Promise<string> {
  const headers = { 'content-type': 'application/json' };
  await ok(
    await fetch(`${baseUrl}/api/auth/otp`, { method: 'POST', headers, body: JSON.stringify({ mobile: LOGIN_MOBILE }) }),
    'POST /api/auth/otp',
  );
  const outbox = (await (
    await ok(await fetch(`${baseUrl}/api/dev/outbox?mobile=${encodeURIComponent(LOGIN_MOBILE_E164)}`), 'outbox')
  ).json()) as { items?: { code?: string | null }[] };
  const code = outbox.items?.[0]?.code;
  if (!code) throw new Error('the dev outbox has no code for the login bench number');
  const verify = await ok(
    await fetch(`${baseUrl}/api/auth/otp/verify`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ mobile: LOGIN_MOBILE, code }),
    }),
    'POST /api/auth/otp/verify',
  );
  const cookies = verify.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');
  const cookie = cookies.find((c) => c.startsWith(`${SESSION.cookieName}=`));
  if (!cookie) throw new Error('sign-in set no session cookie');
  const device = cookies.find((c) => c.startsWith('portal_device='));
  if (!device) throw new Error('sign-in set no device cookie');
  await ok(
    await fetch(`${baseUrl}/api/account/password`, {
      method: 'POST',
      headers: { ...headers, cookie },
      body: JSON.stringify({ password: LOGIN_PASSWORD }),
    }),
    'POST /api/account/password',
  );
  return device;
}

/** `POST /api/auth/password/login` with the right password: each request verifies one argon2id hash. */
export async function measurePasswordLogin(portal: PortalServer, opts: LoadOptions): Promise<LoadResult> {
  const device = await userWithPassword(portal.baseUrl);
  const common = {
    url: `${portal.baseUrl}/api/auth/password/login`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', cookie: device },
    body: JSON.stringify({ mobile: LOGIN_MOBILE, password: LOGIN_PASSWORD }),
    connections: opts.connections,
  };
  if (opts.warmupSeconds > 0) await autocannon({ ...common, duration: opts.warmupSeconds });
  const r = await autocannon({ ...common, duration: opts.durationSeconds });
  return {
    requestsPerSecond: Math.round(r.requests.average),
    latencyP50Ms: r.latency.p50,
    latencyP99Ms: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

export interface RawArgon2Result {
  /** One hash at a time. */
  sequentialPerSecond: number;
  /** As many at once as libuv's thread pool runs (what a busy server can do). */
  parallelPerSecond: number;
  parallelism: number;
}

/** Raw argon2id hashes per second on this machine, with the server's parameters. */
export async function measureRawArgon2(durationSeconds: number): Promise<RawArgon2Result> {
  const run = async (lanes: number) => {
    const until = Date.now() + durationSeconds * 1000;
    let n = 0;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: lanes }, async () => {
        while (Date.now() < until) {
          await argon2.hash(LOGIN_PASSWORD, ARGON2_PARAMS);
          n++;
        }
      }),
    );
    return Math.round((n / (Date.now() - started)) * 1000 * 10) / 10;
  };
  // libuv's default thread pool has 4 threads (UV_THREADPOOL_SIZE).
  const parallelism = Number(process.env.UV_THREADPOOL_SIZE) || 4;
  return { sequentialPerSecond: await run(1), parallelPerSecond: await run(parallelism), parallelism };
}
