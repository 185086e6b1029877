import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Wallet } from '@portal/contract/wallet/wallets';
import { buildApp } from '../../src/app';
import { openDatabase, queryRows } from '../../src/db/client';
import { parseEnv } from '../../src/env';
import { userIdOf } from '../helpers/admin';
import { signIn, TEST_SECRET, type TestApp } from '../helpers/app';
import { expectLedgerSound } from '../helpers/ledger';
import { credit } from '../fund-orders/fund-order-helpers';

/**
 * The embedded mode across a restart (decision 005, 033): a server on a PGlite data directory stops and
 * starts again on the same directory, as `npm start` does with DATA_DIR. What it wrote is still there,
 * the migrations find nothing more to apply, and a session of before the restart still works.
 */
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'portal-restart-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** The app on the data directory, as server.ts opens it, for as long as `fn` runs. */
async function boot<T>(fn: (t: TestApp) => Promise<T>): Promise<T> {
  const database = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  const uploadsDir = path.join(dataDir, 'uploads');
  const app = await buildApp({
    env: parseEnv({ NODE_ENV: 'test', WEB_DIST_DIR: '/nonexistent', UPLOADS_DIR: uploadsDir }),
    database,
    secret: TEST_SECRET,
  });
  await app.ready();
  const clock = {
    now: new Date(),
    advance(seconds: number) {
      this.now = new Date(this.now.getTime() + seconds * 1000);
    },
  };
  const t: TestApp = { app, database, clock, close: async () => undefined };
  try {
    return await fn(t);
  } finally {
    await app.close();
    await database.close();
  }
}

const migrationsOf = (t: TestApp) =>
  queryRows<{ hash: string; createdAt: string }>(
    t.database.db,
    sql`SELECT hash, created_at::text AS "createdAt" FROM drizzle.__drizzle_migrations ORDER BY id`,
  );

const irt = async (t: TestApp, cookie: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/wallets', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: Wallet[] }>().items.find((w) => w.currency === 'IRT')!.available;
};

describe('a restart on the same PGlite data directory', () => {
  // Two boots on a data directory on disk, each with its own start of PGlite: longer than a test in memory.
  it('keeps users, sessions and balances, and applies no migration twice', { timeout: 120_000 }, async () => {
    const before = await boot(async (t) => {
      expect(t.database.driver).toBe('pglite');
      const { cookie, mobile } = await signIn(t);
      await credit(t, await userIdOf(t, mobile), 250_000n);
      expect(await irt(t, cookie)).toBe('250000');
      return { cookie, mobile, migrations: await migrationsOf(t) };
    });
    expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    expect(before.migrations.length).toBeGreaterThan(0);

    await boot(async (t) => {
      expect(await migrationsOf(t)).toEqual(before.migrations);
      expect(await userIdOf(t, before.mobile)).toMatch(/^[0-9a-f-]{36}$/);
      expect(await irt(t, before.cookie)).toBe('250000');
      await expectLedgerSound(t.database.db);
    });
  });
});
