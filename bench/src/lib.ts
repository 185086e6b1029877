import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const fromRoot = (...parts: string[]) => path.join(repoRoot, ...parts);

/** gzip size as a server would send it (level 9, the most a static host precompresses). */
export const gzipSize = (data: Uint8Array | string) => gzipSync(data, { level: 9 }).byteLength;

export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no free port'))));
    });
  });
}

/** Runs a command to completion with its output streamed; rejects on a non-zero exit. */
export async function runCommand(cmd: string, args: string[], opts: { cwd?: string } = {}): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: opts.cwd ?? repoRoot, stdio: 'inherit' });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}`)),
    );
  });
}

export interface Started {
  child: ChildProcess;
  /** The last lines the process printed, for error messages. */
  tail(): string;
  stop(): Promise<void>;
}

/** Starts a long-running node process; keeps the last lines of its output. */
export function startNode(script: string, args: string[], env: NodeJS.ProcessEnv, nodeArgs: string[] = []): Started {
  const child = spawn(process.execPath, [...nodeArgs, script, ...args], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return {
    child,
    tail: () => lines.join('\n'),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Polls a URL until it answers 200, the process exits, or the timeout passes. */
export async function waitForOk(url: string, proc: Started, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null)
      throw new Error(`process exited (${proc.child.exitCode}) before ${url} answered:\n${proc.tail()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s:\n${proc.tail()}`);
}

/**
 * Imports a package as another workspace resolves it: the bench must use the very Vite the web app
 * builds with, whichever node_modules the install put it in.
 */
export async function importFrom<T>(workspaceDir: string, pkg: string): Promise<T> {
  let dir = workspaceDir;
  for (;;) {
    const pkgDir = path.join(dir, 'node_modules', pkg);
    const manifestFile = path.join(pkgDir, 'package.json');
    if (existsSync(manifestFile)) {
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
        exports?: unknown;
        module?: string;
        main?: string;
      };
      const entry = esmEntry(manifest.exports) ?? manifest.module ?? manifest.main ?? 'index.js';
      return (await import(pathToFileURL(path.join(pkgDir, entry)).href)) as T;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`${pkg} is not installed for ${workspaceDir}`);
    dir = parent;
  }
}

function esmEntry(exports: unknown): string | undefined {
  if (typeof exports === 'string') return exports;
  if (!exports || typeof exports !== 'object') return undefined;
  const dot = (exports as Record<string, unknown>)['.'] ?? exports;
  if (typeof dot === 'string') return dot;
  if (!dot || typeof dot !== 'object') return undefined;
  const conditions = dot as Record<string, unknown>;
  for (const key of ['import', 'node', 'default']) {
    const v = conditions[key];
    if (typeof v === 'string') return v;
    if (v && typeof v === 'object') {
      const nested = esmEntry({ '.': v });
      if (nested) return nested;
    }
  }
  return undefined;
}

/** A plain-text table with right-aligned numbers. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const numeric = header.map((_, i) => rows.every((r) => /^[\d.,\s%×kBms/-]*$/.test(r[i] ?? '')));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (numeric[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
