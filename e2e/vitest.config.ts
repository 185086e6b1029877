import { defineConfig } from 'vitest/config';

/**
 * User journeys in Debian's Chromium against the real built server: two files at a time against the
 * run's one server and browser (decision 037); a journey that reads a whole queue starts its own server.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/**/*.spec.ts'],
    globalSetup: ['src/global-setup.ts'],
    maxWorkers: 2,
    testTimeout: 90_000,
    hookTimeout: 180_000,
    retry: 0,
  },
});
