import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import {
  createLocalBus,
  createLocalChannel,
  createPostgresBus,
  createPostgresEvents,
  type EventsBus,
  type InvalidationBus,
  type RealtimeMessage,
} from '../lib/invalidation';
import * as schema from './schema';

/** How drizzle names columns (the schema's camelCase keys as snake_case). */
const CASING = 'snake_case' as const;

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
  /** The real-time events pages receive (decision 039), on the same mechanism. */
  events: EventsBus;
  ping(): Promise<number>;
  close(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** `drizzle/` beside `src/` (tsx) or beside `dist/` (the bundle). */
export const MIGRATIONS_DIR = path.resolve(here, '..', here.endsWith(path.join('src', 'db')) ? '..' : '', 'drizzle');

export type DatabaseOptions =
  | { driver: 'postgres'; url: string; poolSize?: number }
  | {
      driver: 'pglite';
      dataDir?: string;
      /**
       * A data directory dumped by PGlite's `dumpDataDir` to start from (the tests' migrated template):
       * PGlite skips its initdb and the migrations find nothing to apply.
       */
      loadDataDir?: Blob;
    };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.driver === 'postgres') {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection that the server ends (restart, failover, a dropped test database) must not crash the process.
    pool.on('error', () => undefined);
    const db = drizzle(pool, { schema, casing: CASING });
    // One migrator at a time across instances.
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock(724001)');
      await migrate(drizzle(client, { schema, casing: CASING }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('SELECT pg_advisory_unlock(724001)').catch(() => undefined);
      client.release();
    }
    const bus = createPostgresBus(pool, () => new pg.Client({ connectionString: options.url }));
    const events = createPostgresEvents(pool, () => new pg.Client({ connectionString: options.url }));
    return {
      db: db as unknown as Db,
      driver: 'postgres',
      bus,
      events,
      ping: () => timed(() => db.execute(sql`select 1`)),
      close: async () => {
        await bus.close();
        await events.close();
        await pool.end();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzle(client, { schema, casing: CASING });
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    bus: createLocalBus(),
    events: createLocalChannel<RealtimeMessage>(),
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

/** Builds raw SQL as the databases' drizzle instances do. */
const dialect = new PgDialect({ casing: CASING });
/** Statement names by text; a few hot statements, so the map stays small (beyond the cap, statements go unnamed). */
const statementNames = new Map<string, string>();
const MAX_NAMED_STATEMENTS = 64;

/**
 * `queryRows` for a hot statement whose text has a fixed shape (its values are parameters): on
 * PostgreSQL it is sent as a named statement, parsed and planned once per connection and then only
 * bound and executed (node-postgres keeps the names per connection); PGlite runs it as `queryRows` does.
 */
export async function queryRowsPrepared<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  let name = statementNames.get(built.sql);
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `portal_${statementNames.size + 1}`;
    statementNames.set(built.sql, name);
  }
  const result: unknown = await db._.session.prepareQuery(built, undefined, name, false).execute();
  return (result as { rows: T[] }).rows;
}

/**
 * A `timestamptz` of a raw row (both drivers hand drizzle the text, e.g. `2026-11-24 05:46:24.123456+00`)
 * as a Date, exactly as drizzle maps a timestamp column with time zone, so a value read raw and the same
 * value read through a table select are equal.
 */
export const timestamptzOf = (text: string): Date => new Date(text);
