import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { OperatorRole } from '@portal/contract/admin/roles';
import type { OutboxMessage } from '@portal/contract/system/system';
import { inject } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** An operator's login: mobile, password and the TOTP key of their authenticator. */
export interface OperatorLogin {
  mobile: string;
  password: string;
  totpKey: string;
  /** Never logged in yet: the dashboard opens the fill-new-user-info dialog once (pool operators). */
  firstLogin?: boolean;
}

/** An operator of a server's pool, made by `npm run admin:create` (the built `admin-create.js`) before it starts. */
export interface PoolOperator extends OperatorLogin {
  role: OperatorRole;
}

/** How many operators of each role a server's pool holds. */
export type PoolSize = Partial<Record<OperatorRole, number>>;

/** What a journey needs of the server it runs against (the shared one or its own). */
export interface JourneyServer {
  baseUrl: string;
  dataDir: string;
  /** Everything the server printed so far (its start lines name the demo investor and operators). */
  log: () => string;
  /**
   * An operator of the pool nobody has taken yet in this run (each TOTP key is used by one journey, so no
   * login waits for the next 30-second step); throws when the pool is spent (raise its size).
   */
  operator: (role: OperatorRole) => OperatorLogin;
}

export interface RunningServer extends JourneyServer {
  operators: PoolOperator[];
  stop(): Promise<void>;
}

const POOL_PASSWORD = 'Pool-Operator-7!';

/**
 * Makes the pool's operators in `dataDir` with the operator CLI, one process after another (the embedded
 * database is opened by one process at a time): mobiles 0911xxxxxxx, each with its own TOTP key as printed.
 */
async function createOperatorPool(dataDir: string, size: PoolSize): Promise<PoolOperator[]> {
  const run = promisify(execFile);
  const pool: PoolOperator[] = [];
  for (const [role, count] of Object.entries(size) as [OperatorRole, number][]) {
    for (let i = 0; i < count; i++) {
      const mobile = `0911${String(pool.length + 1).padStart(7, '0')}`;
      const { stdout } = await run(
        process.execPath,
        ['apps/api/dist/admin-create.js', '--mobile', mobile, '--role', role, '--password', POOL_PASSWORD],
        { cwd: root, env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development', DATA_DIR: dataDir } },
      );
      const key = /Key: ([A-Z2-7]+)/.exec(stdout)?.[1];
      if (!key) throw new Error(`admin:create printed no TOTP key:\n${stdout}`);
      pool.push({ mobile, password: POOL_PASSWORD, totpKey: key, role, firstLogin: true });
    }
  }
  return pool;
}

/** A server's data directory with its operator pool already made in it (`prepareData`). */
export interface PreparedData {
  dataDir: string;
  pool: PoolOperator[];
}

/**
 * A temporary data directory and the operator pool in it, before the server starts: the global set-up
 * makes it while the web app builds (the CLI needs only the server's build).
 */
export async function prepareData(operators: PoolSize): Promise<PreparedData> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  return { dataDir, pool: await createOperatorPool(dataDir, operators) };
}

/**
 * Hands out a pool's operators once each across the run's test files: a claim is a directory made in
 * `claimDir` (mkdir is atomic), whichever worker asks.
 */
export function operatorTaker(pool: PoolOperator[], claimDir: string) {
  return (role: OperatorRole): OperatorLogin => {
    for (const op of pool) {
      if (op.role !== role) continue;
      try {
        mkdirSync(path.join(claimDir, `operator-${op.mobile}`));
      } catch {
        continue;
      }
      const { role: _role, ...login } = op;
      return login;
    }
    throw new Error(`the operator pool has no ${role} left: raise its size (e2e/src/global-setup.ts)`);
  };
}

/**
 * Starts the built portal (`apps/api/dist/server.js`) on a free port and a temporary data directory, after
 * making its operator pool (`operators`). Requests carry the visitor's address in `X-Forwarded-For`
 * (`TRUST_PROXY`), as behind the production proxy: each test file is one visitor (`browser.ts`), so the
 * per-address limits of one-time codes count each file's journeys, as when each file had a server.
 * With `logFile`, the output is copied there as it comes (the shared server's log, read by test files).
 */
export async function startServer(
  extraEnv: Record<string, string> = {},
  {
    operators = {},
    logFile,
    prepared,
    startTimeoutMs = 60_000,
  }: {
    operators?: PoolSize;
    logFile?: string;
    prepared?: PreparedData;
    /** How long it may take to answer its health check (a journey's own server on a loaded machine: more). */
    startTimeoutMs?: number;
  } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const { dataDir, pool } = prepared ?? (await prepareData(operators));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (d: Buffer) => {
    output += d.toString();
    if (logFile) appendFileSync(logFile, d);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const claimDir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-claims-'));
  return {
    baseUrl,
    dataDir,
    operators: pool,
    log: () => output,
    operator: operatorTaker(pool, claimDir),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(claimDir, { recursive: true, force: true });
    },
  };
}

/** What the global set-up provides to every test file (`global-setup.ts`). */
declare module 'vitest' {
  export interface ProvidedContext {
    e2eServer: { baseUrl: string; dataDir: string; logFile: string; operators: PoolOperator[] };
    e2eBrowserWs: string;
    /** A directory for claims across test files: operators, a file's number (mobiles, address). */
    e2eClaimDir: string;
  }
}

/** The one server of the run, started by the global set-up: each journey brings its own users. */
export function sharedServer(): JourneyServer {
  const { baseUrl, dataDir, logFile, operators } = inject('e2eServer');
  return {
    baseUrl,
    dataDir,
    log: () => readFileSync(logFile, 'utf8'),
    operator: operatorTaker(operators, inject('e2eClaimDir')),
  };
}

let fileNumber: number | undefined;
/**
 * This test file's number in the run, 0, 1, 2…, claimed once (mkdir is atomic across workers): it seeds the
 * file's mobiles and its visitor address, so no two files share either.
 */
export function fileNumberInRun(): number {
  if (fileNumber !== undefined) return fileNumber;
  const dir = inject('e2eClaimDir');
  for (let n = 0; ; n++) {
    try {
      mkdirSync(path.join(dir, `file-${n}`));
      fileNumber = n;
      return n;
    } catch {
      // taken by another file
    }
  }
}

/** What the dev outbox "sent" to one number (as typed; the server normalises it), newest first. */
export async function outbox(baseUrl: string, mobile: string): Promise<OutboxMessage[]> {
  const query = new URLSearchParams({ mobile, limit: '100' });
  const res = await fetch(`${baseUrl}/api/dev/outbox?${query.toString()}`);
  if (!res.ok) throw new Error(`GET /api/dev/outbox answered ${res.status}`);
  return ((await res.json()) as { items: OutboxMessage[] }).items;
}

/** The newest one-time code sent to a number, from the dev outbox (security notices carry none). */
export async function latestCode(baseUrl: string, mobile: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const code = (await outbox(baseUrl, mobile)).find((m) => m.code)?.code;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code for ${mobile}`);
}

let seq = 0;
/**
 * A fresh Iranian mobile number in local form for each journey: 0935, the file's number in the run (three
 * digits) and a counter (four), so numbers differ across the files that share a server.
 */
export function freshMobile(): string {
  seq += 1;
  if (seq >= 10_000) throw new Error('more than 9999 mobiles in one file');
  const file = fileNumberInRun();
  if (file >= 1000) throw new Error('more than 1000 test files in one run');
  return `0935${String(file).padStart(3, '0')}${String(seq).padStart(4, '0')}`;
}
