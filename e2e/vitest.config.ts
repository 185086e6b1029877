import { defineConfig } from 'vitest/config';

/** User journeys in Debian's Chromium against the real built server. One file at a time (2 cores). */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/**/*.spec.ts'],
    globalSetup: ['src/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 180_000,
    retry: 0,
  },
});
