import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The integration suites run once each (decision 033):
 * - with DATABASE_URL (CI sets it when PostgreSQL answers): every file on PostgreSQL (`api-postgres`,
 *   a database per file created from a migrated template), and the embedded mode proved by the few
 *   files of test/embedded on PGlite (`api-embedded`);
 * - without it: every file on PGlite (`api-pglite`, in memory, per file loaded from a migrated
 *   template), test/embedded as `api-embedded`, and the `*.pg.test.ts` files, which need real
 *   concurrency, on a throwaway PostgreSQL server that the global setup starts (`api-postgres`).
 */
// eslint-disable-next-line no-restricted-syntax -- the run's layout follows the runner's environment
const onPostgres = Boolean(process.env.DATABASE_URL);

const EMBEDDED = 'test/embedded/**/*.test.ts';
const PG_ONLY = 'test/**/*.pg.test.ts';

const pglite = { TEST_DB_DRIVER: 'pglite' };
const postgres = { TEST_DB_DRIVER: 'postgres' };

const projects: TestProjectInlineConfiguration[] = [
  {
    extends: true,
    test: {
      name: 'api-postgres',
      include: onPostgres ? ['test/**/*.test.ts'] : [PG_ONLY],
      exclude: [EMBEDDED],
      env: postgres,
      globalSetup: ['test/helpers/postgres-global-setup.ts'],
    },
  },
  {
    extends: true,
    test: {
      name: 'api-embedded',
      include: [EMBEDDED],
      env: pglite,
      globalSetup: ['test/helpers/pglite-global-setup.ts'],
    },
  },
];
if (!onPostgres) {
  projects.unshift({
    extends: true,
    test: {
      name: 'api-pglite',
      include: ['test/**/*.test.ts'],
      exclude: [PG_ONLY, EMBEDDED],
      env: pglite,
      globalSetup: ['test/helpers/pglite-global-setup.ts'],
    },
  });
}

export default defineConfig({
  test: {
    // One worker per core (Vitest leaves one core to its main process, which waits), and the modules of
    // the server loaded once per worker instead of once per file: every file builds its own app on its
    // own database and no test mocks a module, so nothing a file needs is left behind by another.
    // Measured on the 2-core machine with PostgreSQL: 410 s isolated on one worker, 120 s (decision 037).
    maxWorkers: availableParallelism(),
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects,
  },
});
