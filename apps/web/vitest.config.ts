import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath, URL } from 'node:url';

/**
 * Two projects: `web`, the screens and hooks in jsdom; `web-server`, the server's renderer of first
 * screens (decision 027) in Node, where Emotion and React behave as on the server (`*.server.test.tsx`).
 */
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    css: false,
    restoreMocks: true,
    // Screen tests type key by key through user-event in jsdom: on a loaded 2-core machine a long form
    // takes several seconds. A slow run is not a failure; a wrong result is.
    testTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/**/*.server.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web-server',
          environment: 'node',
          include: ['src/**/*.server.test.{ts,tsx}'],
        },
      },
    ],
  },
});
