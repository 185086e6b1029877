import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '../../src/app';
import { openDatabase, type Database } from '../../src/db/client';
import { parseEnv } from '../../src/env';

export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export const driver = (): 'pglite' | 'postgres' =>
  // eslint-disable-next-line no-restricted-syntax -- set per vitest project
  process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh database for one test file, copied from the run's migrated template (the global setups):
 * PGlite in memory loaded from the dumped data directory, or a new database on the PostgreSQL server
 * created from the template database. The app's migrator still runs and finds nothing to apply.
 */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  if (driver() === 'pglite') {
    const template = await readFile(inject('pgliteTemplate'));
    return openDatabase({ driver: 'pglite', loadDataDir: new Blob([template]) });
  }
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 20 });
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database & { url?: string };
  clock: { now: Date; advance(seconds: number): void };
  close(): Promise<void>;
}

export async function createTestApp(
  overrides: Partial<Omit<AppOptions, 'env'>> & {
    envVars?: Record<string, string>;
    extraRoutes?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const clock = {
    now: new Date(),
    advance(seconds: number) {
      this.now = new Date(this.now.getTime() + seconds * 1000);
    },
  };
  const { envVars, extraRoutes, ...rest } = overrides;
  // Each test app keeps its uploads in a folder of its own, removed when it closes.
  const uploadsDir = await mkdtemp(path.join(tmpdir(), 'portal-uploads-'));
  const app = await buildApp({
    env: parseEnv({ NODE_ENV: 'test', WEB_DIST_DIR: '/nonexistent', UPLOADS_DIR: uploadsDir, ...envVars }),
    database,
    secret: TEST_SECRET,
    now: () => clock.now,
    ...rest,
  });
  extraRoutes?.(app);
  await app.ready();
  return {
    app,
    database,
    clock,
    close: async () => {
      await app.close();
      await database.close();
      await rm(uploadsDir, { recursive: true, force: true });
    },
  };
}

let mobileSeq = 0;
/** A unique valid Iranian mobile for each call, in local form. */
export function newMobile(): string {
  mobileSeq += 1;
  const n = (Date.now() % 10_000_000) * 10 + mobileSeq;
  return `0912${String(n % 10_000_000).padStart(7, '0')}`;
}

export const e164 = (local: string) => `+98${local.slice(1)}`;

export function cookieOf(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === 'portal_sid');
  if (!c) throw new Error(`no session cookie in ${res.statusCode} ${res.body}`);
  return `portal_sid=${c.value}`;
}

/**
 * Reads the newest code sent to a number from the dev outbox, as a developer or test would (a security
 * notice carries no code and is passed over).
 */
export async function outboxCode(app: FastifyInstance, mobile: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/api/dev/outbox?mobile=${encodeURIComponent(mobile)}` });
  const code = res.json<{ items: { code: string | null }[] }>().items.find((m) => m.code)?.code;
  if (!code) throw new Error(`no code for ${mobile}`);
  return code;
}

/** Signs a number in through the whole code flow; returns the session cookie. */
export async function signIn(
  t: TestApp,
  mobile = newMobile(),
  ip = `10.1.${mobileSeq >> 8}.${mobileSeq & 255}`,
): Promise<{ cookie: string; mobile: string }> {
  const sent = await t.app.inject({ method: 'POST', url: '/api/auth/otp', payload: { mobile }, remoteAddress: ip });
  if (sent.statusCode !== 200) throw new Error(`otp: ${sent.statusCode} ${sent.body}`);
  const code = await outboxCode(t.app, mobile);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/otp/verify',
    payload: { mobile, code },
    remoteAddress: ip,
  });
  if (res.statusCode !== 200) throw new Error(`verify: ${res.statusCode} ${res.body}`);
  return { cookie: cookieOf(res), mobile };
}

/** A second server instance on the same PostgreSQL database (as behind a load balancer). */
export async function createSecondInstance(t: TestApp): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  if (!t.database.url) throw new Error('a second instance needs PostgreSQL');
  const database = await openDatabase({ driver: 'postgres', url: t.database.url, poolSize: 5 });
  const app = await buildApp({
    env: parseEnv({ NODE_ENV: 'test', WEB_DIST_DIR: '/nonexistent' }),
    database,
    secret: TEST_SECRET,
  });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
