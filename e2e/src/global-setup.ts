import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The journeys run against the production build: build the web app and the server once. */
export default function setup() {
  if (!existsSync('/usr/bin/chromium')) {
    throw new Error('Debian chromium is missing: apt-get install -y chromium (.ci/run does this)');
  }
  // A failure picture of an earlier run would be mistaken for one of this run.
  const artifacts = path.join(root, 'e2e', 'artifacts');
  if (existsSync(artifacts)) {
    for (const f of readdirSync(artifacts)) if (f.startsWith('failed-')) rmSync(path.join(artifacts, f));
  }
  // The runner may skip the build when it just built.
  if (process.env.E2E_SKIP_BUILD !== '1') {
    // Vitest sets NODE_ENV=test, and Vite would then bundle React's development build: the journeys
    // must run against what `npm start` serves.
    execFileSync('npm', ['run', 'build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
}
