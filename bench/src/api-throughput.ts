import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { SESSION } from '@portal/contract/core/constants';
import { type Started, freePort, fromRoot, startNode, waitForOk } from './lib';

export interface LoadResult {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

export interface LoadOptions {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

async function load(url: string, headers: Record<string, string>, opts: LoadOptions): Promise<LoadResult> {
  if (opts.warmupSeconds > 0) {
    await autocannon({ url, headers, connections: opts.connections, duration: opts.warmupSeconds });
  }
  const r = await autocannon({ url, headers, connections: opts.connections, duration: opts.durationSeconds });
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

/** An investor of its own: not the demo investor (…0000) nor the demo operator (…0001, password and TOTP). */
const BENCH_MOBILE = '09125550101';

async function json(res: Response, what: string): Promise<unknown> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
}

/**
 * Signs in the way a user does: ask for a code, read it from the dev outbox, verify it. `mobile` (local
 * form `09…`) is the bench investor's unless given; a new number becomes a new account. Returns the
 * `name=value` of the session cookie.
 */
export async function signIn(baseUrl: string, mobile = BENCH_MOBILE): Promise<string> {
  const headers = { 'content-type': 'application/json' };
  await json(
    await fetch(`${baseUrl}/api/auth/otp`, { method: 'POST', headers, body: JSON.stringify({ mobile }) }),
    'POST /api/auth/otp',
  );
  const outbox = (await json(
    await fetch(`${baseUrl}/api/dev/outbox?mobile=${encodeURIComponent(`+98${mobile.slice(1)}`)}`),
    'GET /api/dev/outbox',
  )) as { items?: { code?: string | null }[] };
  const code = outbox.items?.[0]?.code;
  if (!code) throw new Error('the dev outbox has no code for the bench number');
  const verify = await fetch(`${baseUrl}/api/auth/otp/verify`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ mobile, code }),
  });
  await json(verify, 'POST /api/auth/otp/verify');
  const cookie = verify.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith(`${SESSION.cookieName}=`));
  if (!cookie) throw new Error(`sign-in set no ${SESSION.cookieName} cookie`);
  const account = await fetch(`${baseUrl}/api/account`, { headers: { cookie } });
  await json(account, 'GET /api/account with the session');
  return cookie;
}

export interface PortalServer {
  baseUrl: string;
  server: Started;
  stop(): Promise<void>;
}

/**
 * Starts the built server (apps/api/dist/server.js) the way `npm start` does, in the embedded mode, on a
 * free port with a throwaway data directory, and waits for `GET /api/health`. `databaseUrl` runs it on
 * that PostgreSQL database instead (else BENCH_DATABASE_URL when set); `appSecret` fixes APP_SECRET.
 */
export async function startPortal(
  logLevel: string,
  opts: { databaseUrl?: string; appSecret?: string; env?: Record<string, string> } = {},
): Promise<PortalServer & { database: string }> {
  const script = fromRoot('apps/api/dist/server.js');
  if (!existsSync(script)) throw new Error('apps/api/dist/server.js is missing: run `npm run build -w @portal/api`');
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-data-'));
  // A clean environment: no DATABASE_URL or REDIS_URL of the caller's shell leaks into the embedded run.
  // BENCH_DATABASE_URL runs the same bench against PostgreSQL (a database the bench may migrate and fill).
  const databaseUrl = opts.databaseUrl ?? process.env.BENCH_DATABASE_URL;
  const env: NodeJS.ProcessEnv = {
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(opts.appSecret ? { APP_SECRET: opts.appSecret } : {}),
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: logLevel,
    ...opts.env,
  };
  // A diagnostic: BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the server.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const server = startNode(script, [], env, nodeArgs);
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForOk(`${baseUrl}/api/health`, server, 120_000);
  } catch (err) {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    baseUrl,
    server,
    database: opts.databaseUrl
      ? 'postgres (the bench database)'
      : env.DATABASE_URL
        ? 'postgres (BENCH_DATABASE_URL)'
        : 'pglite (embedded)',
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** (c) `GET /api/account` with a signed-in session, against the running portal. */
export async function measureAccount(portal: PortalServer, opts: LoadOptions): Promise<LoadResult> {
  const cookie = await signIn(portal.baseUrl);
  return load(`${portal.baseUrl}/api/account`, { cookie }, opts);
}

/** (c, the reference) A bare Fastify route in its own node process, under the same load. */
export async function measureBareRoute(opts: LoadOptions): Promise<LoadResult> {
  const port = await freePort();
  const server = startNode(fromRoot('bench/src/bare-fastify.mjs'), [String(port)], {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
  });
  try {
    const url = `http://127.0.0.1:${port}/api/ping`;
    await waitForOk(url, server, 30_000);
    return await load(url, {}, opts);
  } finally {
    await server.stop();
  }
}
