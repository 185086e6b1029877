import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { launchBrowserServer } from './browser';
import { prepareData, startServer, type PoolSize } from './server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The shared server's operator pool: one operator per login of a journey in the whole run (each TOTP key
 * logs in once, so no journey waits for the next 30-second step), with a few to spare. A journey that takes
 * one more than the pool holds fails with a message saying to raise these.
 */
const OPERATOR_POOL: PoolSize = { admin: 9, senior_operator: 3 };

/** `npm run build -w @portal/web`, its output shown as it comes; rejects when it fails. */
function buildWeb(env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build', '-w', '@portal/web'], { cwd: root, stdio: 'inherit', env });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`the web build exited ${code}`))));
  });
}

/**
 * The journeys run against the production build: build the web app and the server once, then start the
 * run's one server (with its operator pool) and one Chromium (decision 034). Test files connect to both
 * (`sharedServer()`, `connectBrowser()`); each journey opens its own browser contexts and signs up its own
 * users.
 */
export default async function setup(project: TestProject) {
  if (!existsSync('/usr/bin/chromium')) {
    throw new Error('Debian chromium is missing: apt-get install -y chromium (.ci/run does this)');
  }
  // A failure picture of an earlier run would be mistaken for one of this run.
  const artifacts = path.join(root, 'e2e', 'artifacts');
  if (existsSync(artifacts)) {
    for (const f of readdirSync(artifacts)) if (f.startsWith('failed-')) rmSync(path.join(artifacts, f));
  }
  // The runner may skip the build when it just built. The server's build (esbuild, seconds) comes first:
  // the operator CLI it holds makes the pool while the web app builds (decision 037).
  // Vitest sets NODE_ENV=test, and Vite would then bundle React's development build: the journeys
  // must run against what `npm start` serves.
  const buildEnv = { ...process.env, NODE_ENV: 'production' };
  const skipBuild = process.env.E2E_SKIP_BUILD === '1';
  if (!skipBuild)
    execFileSync('npm', ['run', 'build', '-w', '@portal/api'], { cwd: root, stdio: 'inherit', env: buildEnv });
  const webBuilt = skipBuild ? Promise.resolve() : buildWeb(buildEnv);

  const runDir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-run-'));
  const logFile = path.join(runDir, 'server.log');
  const claimDir = path.join(runDir, 'claims');
  const [prepared, browser] = await Promise.all([prepareData(OPERATOR_POOL), launchBrowserServer(), webBuilt]);
  const server = await startServer({}, { prepared, logFile });
  project.provide('e2eServer', {
    baseUrl: server.baseUrl,
    dataDir: server.dataDir,
    logFile,
    operators: server.operators,
  });
  project.provide('e2eBrowserWs', browser.wsEndpoint());
  mkdirSync(claimDir);
  project.provide('e2eClaimDir', claimDir);

  return async () => {
    await browser.close();
    await server.stop();
    rmSync(runDir, { recursive: true, force: true });
  };
}
