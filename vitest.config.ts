import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * One project per suite, selectable with `--project <name>`:
 * - `contract`: pure rules of packages/contract, node environment;
 * - `web`: apps/web, configured by its own vitest.config.ts (jsdom, React plugin);
 * - `api`: apps/api integration tests, configured by its own vitest.config.ts.
 * A workspace whose config does not exist yet is left out rather than breaking the others.
 * e2e runs on its own (`npm test -w @portal/e2e`): it starts a server and a browser.
 */
const fromWorkspace = (name: string, dir: string): TestProjectInlineConfiguration[] => {
  const config = here(`./${dir}/vitest.config.ts`);
  if (!existsSync(config)) return [];
  return [{ extends: config, test: { name, root: here(`./${dir}`) } }];
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          root: here('./packages/contract'),
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      ...fromWorkspace('web', 'apps/web'),
      ...fromWorkspace('api', 'apps/api'),
    ],
  },
});
