import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { createOperatorCli } from '../../src/cli/create-operator';
import { openDatabase, queryRows, type Database } from '../../src/db/client';
import { users } from '../../src/db/schema';
import { parseEnv } from '../../src/env';
import { timeStep, totpAt } from '../../src/lib/totp';
import { cookieOf, driver, e164, newMobile, openTestDatabase, signIn, TEST_SECRET, type TestApp } from '../helpers/app';

/**
 * `npm run admin:create` against the database a server would open: an embedded PGlite in a temporary
 * DATA_DIR (the server is not running meanwhile), or a PostgreSQL database by DATABASE_URL (with the
 * server running, which must forget its cached role at once).
 */
let dataDir: string;
let pgDatabase: (Database & { url?: string }) | null = null;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'portal-cli-'));
  if (driver() === 'postgres') pgDatabase = await openTestDatabase();
});
afterAll(async () => {
  await pgDatabase?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const cliEnv = () => ({
  DATA_DIR: dataDir,
  APP_SECRET: TEST_SECRET,
  ...(pgDatabase?.url ? { DATABASE_URL: pgDatabase.url } : {}),
});

async function runCli(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await createOperatorCli(argv, {
    out: (s) => (out += s),
    err: (s) => (err += s),
    env: cliEnv(),
  });
  return { code, out, err };
}

/** The app on the CLI's database, for as long as `fn` runs (PGlite: one process opens the folder at a time). */
async function withApp<T>(fn: (t: Pick<TestApp, 'app' | 'database'>) => Promise<T>): Promise<T> {
  const database = pgDatabase ?? (await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') }));
  const app = await buildApp({
    env: parseEnv({ NODE_ENV: 'test', WEB_DIST_DIR: '/nonexistent', UPLOADS_DIR: path.join(dataDir, 'uploads') }),
    database,
    secret: TEST_SECRET,
  });
  await app.ready();
  try {
    return await fn({ app, database });
  } finally {
    await app.close();
    if (!pgDatabase) await database.close();
  }
}

async function loginWithPasswordAndTotp(app: FastifyInstance, mobile: string, password: string, key: string) {
  const first = await app.inject({ method: 'POST', url: '/api/auth/password/login', payload: { mobile, password } });
  expect(first.json()).toMatchObject({ status: 'twoFactorRequired' });
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/two-factor/verify',
    payload: { challengeToken: first.json().challengeToken, code: totpAt(key, timeStep(Date.now())) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return cookieOf(res);
}

const keyOf = (out: string) => /Key: ([A-Z2-7]+)/.exec(out)?.[1];

describe('admin:create', () => {
  it('creates an admin with a password and two-factor; the printed key logs in', { timeout: 60_000 }, async () => {
    const mobile = newMobile();
    const password = 'Gol-Yas#1402-Abi';
    const res = await runCli(
      '--mobile',
      mobile.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!),
      '--role',
      'admin',
      '--password',
      password,
    );
    expect(res.code, res.err).toBe(0);
    expect(res.out).toContain(`Operator ${mobile}: created; role admin.`);
    const key = keyOf(res.out);
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    expect(res.out).toContain(`otpauth://totp/Portal:${encodeURIComponent(e164(mobile))}?secret=${key}`);
    expect(res.out).toContain('Password: set.');

    await withApp(async ({ app, database }) => {
      const cookie = await loginWithPasswordAndTotp(app, mobile, password, key!);
      const me = await app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie } });
      expect(me.json()).toMatchObject({ role: 'admin' });
      expect(me.json().permissions).toContain('users.role');

      const [u] = await database.db
        .select()
        .from(users)
        .where(eq(users.mobile, e164(mobile)));
      expect(u!.referralCode).toMatch(/^[A-Z2-9]{8}$/);
      expect(u!.twoFactorSecret).toMatch(/^v1\./);
      expect(u!.twoFactorSecret).not.toContain(key);
      expect(u!.passwordHash).toMatch(/^\$argon2id\$/);
      const audit = await queryRows<{ action: string; actor_user_id: string | null; data: object }>(
        database.db,
        sql`select action, actor_user_id, data from audit_log where subject_id = ${u!.id} and action = 'admin.role_changed'`,
      );
      expect(audit).toEqual([
        { action: 'admin.role_changed', actor_user_id: null, data: { from: 'investor', to: 'admin', via: 'cli' } },
      ]);
    });
  });

  it(
    'promotes an existing user (the running server sees it at once); a second run keeps the two-factor key',
    { timeout: 60_000 },
    async () => {
      const signedIn = await withApp(async ({ app, database }) => {
        const t = { app, database } as TestApp;
        const s = await signIn(t);
        if (pgDatabase) {
          const me = await app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: s.cookie } });
          expect(me.json().code).toBe('FORBIDDEN'); // cached as an investor
          const promoted = await runCli('--mobile', s.mobile, '--role', 'senior_operator');
          expect(promoted.code, promoted.err).toBe(0);
          expect(promoted.out).toContain('role changed from investor; role senior_operator');
          // The notification travels through PostgreSQL; give it a moment, far below the cache's 30 s.
          await expect
            .poll(
              async () =>
                (await app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: s.cookie } })).json(),
              {
                timeout: 2000,
                interval: 25,
              },
            )
            .toMatchObject({ role: 'senior_operator' });
        }
        return s;
      });
      if (!pgDatabase) {
        const promoted = await runCli('--mobile', signedIn.mobile, '--role', 'senior_operator');
        expect(promoted.code, promoted.err).toBe(0);
        expect(promoted.out).toContain('role changed from investor; role senior_operator');
        expect(keyOf(promoted.out)).toBeDefined();
        await withApp(async ({ app }) => {
          const me = await app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: signedIn.cookie } });
          expect(me.json()).toMatchObject({ role: 'senior_operator' });
        });
      }

      const again = await runCli('--mobile', `+98${signedIn.mobile.slice(1)}`, '--role', 'operator');
      expect(again.code, again.err).toBe(0);
      expect(again.out).toContain('role changed from senior_operator; role operator');
      expect(again.out).toContain('Two-factor was already on');
      expect(keyOf(again.out)).toBeUndefined();
      const same = await runCli('--mobile', signedIn.mobile, '--role', 'operator');
      expect(same.out).toContain('already operator');
    },
  );

  it('refuses bad input with a clear message and exit code 1, changing nothing', async () => {
    const mobile = newMobile();
    const cases: [string[], RegExp][] = [
      [[], /--mobile is required/],
      [['--mobile', '12345'], /"12345" is not a valid mobile number/],
      [['--mobile', '02188776655'], /not a valid mobile number/],
      [['--mobile', mobile, '--role', 'investor'], /--role must be one of operator, senior_operator, admin/],
      [['--mobile', mobile, '--role', 'root'], /--role must be one of/],
      [['--mobile', mobile, '--password', 'short1!'], /password at least 8 characters/],
      [['--mobile', mobile, '--password', 'alllowercase1!'], /upper-case letter/],
      [['--mobile', mobile, '--password', 'P@ssw0rd123!'], /most common passwords/],
      [['--mobile', mobile, '--mobil', mobile], /Unknown option '--mobil'/],
      [['--mobile', mobile, 'extra'], /positional argument/],
    ];
    for (const [argv, message] of cases) {
      const res = await runCli(...argv);
      expect(res.code, argv.join(' ')).toBe(1);
      expect(res.err, argv.join(' ')).toMatch(message);
      expect(res.err).toContain('Usage: npm run admin:create');
      expect(res.out).toBe('');
    }
    await withApp(async ({ database }) => {
      expect(
        await database.db
          .select()
          .from(users)
          .where(eq(users.mobile, e164(mobile))),
      ).toEqual([]);
    });
  });

  it('runs as `npm run admin:create` from the repository root', async () => {
    const root = fileURLToPath(new URL('../../../../', import.meta.url));
    const mobile = newMobile();
    const run = (...argv: string[]) =>
      new Promise<{ code: number | null; out: string; err: string }>((resolve, reject) => {
        const child = spawn('npm', ['run', '--silent', 'admin:create', '--', ...argv], {
          cwd: root,
          // eslint-disable-next-line no-restricted-syntax -- the child gets this process's environment and the CLI's
          env: { ...process.env, ...cliEnv() },
        });
        let out = '';
        let err = '';
        child.stdout.on('data', (b: Buffer) => (out += b.toString()));
        child.stderr.on('data', (b: Buffer) => (err += b.toString()));
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, out, err }));
      });
    const bad = await run('--mobile', 'nope');
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('"nope" is not a valid mobile number');
    const ok = await run('--mobile', mobile, '--role', 'operator');
    expect(ok.code, ok.err).toBe(0);
    expect(ok.out).toContain(`Operator ${mobile}: created; role operator.`);
    expect(keyOf(ok.out)).toMatch(/^[A-Z2-7]{32}$/);
  }, 60_000);
});
