import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { createLocalBus, createPostgresBus, type InvalidationBus } from '../lib/invalidation';
import * as schema from './schema';

export type Schema = typeof schema;
/** One type for both drivers; repositories take it (or a transaction of it). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Cache invalidation across instances (LISTEN/NOTIFY on PostgreSQL, in process on PGlite). */
  bus: InvalidationBus;
  ping(): Promise<number>;
  close(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** `drizzle/` beside `src/` (tsx) or beside `dist/` (the bundle). */
export const MIGRATIONS_DIR = path.resolve(here, '..', here.endsWith(path.join('src', 'db')) ? '..' : '', 'drizzle');

export type DatabaseOptions =
  { driver: 'postgres'; url: string; poolSize?: number } | { driver: 'pglite'; dataDir?: string };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.driver === 'postgres') {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection that the server ends (restart, failover, a dropped test database) must not crash the process.
    pool.on('error', () => undefined);
    const db = drizzle(pool, { schema, casing: 'snake_case' });
    // One migrator at a time across instances.
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock(724001)');
      await migrate(drizzle(client, { schema, casing: 'snake_case' }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('SELECT pg_advisory_unlock(724001)').catch(() => undefined);
      client.release();
    }
    const bus = createPostgresBus(pool, () => new pg.Client({ connectionString: options.url }));
    return {
      db: db as unknown as Db,
      driver: 'postgres',
      bus,
      ping: () => timed(() => db.execute(sql`select 1`)),
      close: async () => {
        await bus.close();
        await pool.end();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
  const db = drizzle(client, { schema, casing: 'snake_case' });
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    bus: createLocalBus(),
    ping: () => timed(() => db.execute(sql`select 1`)),
    close: () => client.close(),
  };
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return Math.round((performance.now() - t) * 100) / 100;
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
