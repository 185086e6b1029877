import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client';

/**
 * The migrated PGlite template for the PGlite projects: one in-memory database migrated by the app's own
 * migrator (db/client.ts), its data directory dumped to a file once per run. openTestDatabase loads it
 * for each test file (`loadDataDir`), which skips PGlite's initdb and every migration.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  const database = await openDatabase({ driver: 'pglite' });
  try {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding the migrated PGlite data directory (`dumpDataDir`). */
    pgliteTemplate: string;
  }
}
