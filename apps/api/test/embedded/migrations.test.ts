import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, openDatabase, queryRows, type Database } from '../../src/db/client';
import { openTestDatabase } from '../helpers/app';

/**
 * The embedded mode's schema (decision 005, 033): every migration of drizzle/ applies on a fresh PGlite,
 * through the app's own migrator, and the migrated template the PGlite test files start from holds
 * exactly the same migrations and tables.
 */
const journal = async () =>
  JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };

const appliedOf = (d: Database) =>
  queryRows<{ hash: string }>(d.db, sql`SELECT hash FROM drizzle.__drizzle_migrations ORDER BY id`);

const tablesOf = async (d: Database) =>
  (
    await queryRows<{ name: string }>(
      d.db,
      sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
    )
  ).map((r) => r.name);

let fresh: Database;
beforeAll(async () => {
  fresh = await openDatabase({ driver: 'pglite' });
});
afterAll(async () => {
  await fresh.close();
});

describe('migrations on PGlite', () => {
  it('apply every migration of the journal to a fresh embedded database', async () => {
    expect(fresh.driver).toBe('pglite');
    const { entries } = await journal();
    expect(entries.length).toBeGreaterThan(0);
    expect(await appliedOf(fresh)).toHaveLength(entries.length);
    const tables = await tablesOf(fresh);
    for (const table of ['users', 'sessions', 'ledger_accounts', 'ledger_journals', 'ledger_postings', 'deposits'])
      expect(tables).toContain(table);
  });

  it('give the tests’ migrated template the same migrations and tables as a fresh database', async () => {
    const copy = await openTestDatabase();
    try {
      expect(copy.driver).toBe('pglite');
      expect(await appliedOf(copy)).toEqual(await appliedOf(fresh));
      expect(await tablesOf(copy)).toEqual(await tablesOf(fresh));
    } finally {
      await copy.close();
    }
  });
});
