import { defineConfig } from 'vitest/config';

/**
 * The integration suites run twice: on PGlite (in memory, per test file) and on PostgreSQL (a fresh
 * database per test file on DATABASE_URL, or on a server that global setup starts when none is set).
 * Files named `*.pg.test.ts` need real concurrency and run on PostgreSQL only.
 */
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'api-pglite',
          include: ['test/**/*.test.ts'],
          exclude: ['test/**/*.pg.test.ts'],
          env: { TEST_DB_DRIVER: 'pglite' },
        },
      },
      {
        extends: true,
        test: {
          name: 'api-postgres',
          include: ['test/**/*.test.ts'],
          env: { TEST_DB_DRIVER: 'postgres' },
          globalSetup: ['test/helpers/postgres-global-setup.ts'],
        },
      },
    ],
  },
});
