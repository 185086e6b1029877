import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OutboxMessage } from '@portal/contract/system/system';

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

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  log: () => string;
  stop(): Promise<void>;
}

/** Starts the built portal (`apps/api/dist/server.js`) on a free port and a temporary data directory. */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
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
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
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
  return {
    baseUrl,
    dataDir,
    log: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
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
/** A fresh Iranian mobile number in local form for each journey. */
export function freshMobile(): string {
  seq += 1;
  const n = (Date.now() % 1_000_000) * 10 + seq;
  return `0935${String(n % 10_000_000).padStart(7, '0')}`;
}
