import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectConfiguration, type ViteUserConfig } from 'vitest/config';
import apiConfig from './apps/api/vitest.config.ts';
import webConfig from './apps/web/vitest.config.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * A workspace's own vitest.config.ts as projects of the root run. Vitest does not nest projects, so
 * when the workspace declares `test.projects` (the API's database layouts, apps/api/vitest.config.ts),
 * each of them becomes a root project that extends the workspace's config file; otherwise the config
 * file is one project under `name`.
 */
function workspaceProjects(name: string, dir: string, config: ViteUserConfig): TestProjectConfiguration[] {
  const configFile = here(`./${dir}/vitest.config.ts`);
  const root = here(`./${dir}`);
  const nested = (config.test?.projects ?? []).filter(
    (p): p is Exclude<typeof p, string | ((...args: never[]) => unknown) | Promise<unknown>> =>
      typeof p === 'object' && !(p instanceof Promise),
  );
  if (nested.length === 0) return [{ extends: configFile, test: { name, root } }];
  return nested.map((p) => ({ ...p, extends: configFile, test: { ...p.test, root } }));
}

/**
 * Projects, selectable with `--project <name>`:
 * - `contract`: the pure rules of packages/contract, node environment;
 * - `web`: apps/web with its own config (jsdom, React plugin);
 * - `api-postgres`, `api-embedded`, and `api-pglite` when DATABASE_URL is not set (`--project 'api*'`):
 *   apps/api with its own config; with DATABASE_URL every API file runs on PostgreSQL and
 *   `api-embedded` proves the embedded mode, without it every file runs on PGlite and only the
 *   `*.pg.test.ts` files on a throwaway PostgreSQL (decision 033).
 * e2e runs on its own (`npm test -w @portal/e2e`): it starts a server and a browser.
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores, to leave one to its main process, which
    // waits: on the 2-core machine that ran the web suite's files one at a time (337 s, 1.1 cores busy;
    // 180 s with two workers, decision 037).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'contract',
          root: here('./packages/contract'),
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      ...workspaceProjects('web', 'apps/web', webConfig),
      ...workspaceProjects('api', 'apps/api', apiConfig),
    ],
  },
});
