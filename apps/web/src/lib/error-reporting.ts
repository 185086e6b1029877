/**
 * Error reporting. Sentry (and the environment parsing that configures it) is loaded only when a
 * DSN was set at build time: without one, not a byte of it reaches the browser. This module is
 * the light front door the first load imports; `sentry.ts` is the part that is fetched.
 */
import type * as sentryModule from './sentry';

const isConfigured = Boolean(import.meta.env.VITE_SENTRY_DSN);

type SentryModule = typeof sentryModule;
let loading: Promise<SentryModule | null> | undefined;

function load(): Promise<SentryModule | null> {
  loading ??= isConfigured
    ? import('./sentry').then(
        async (m) => {
          await m.initSentry();
          return m;
        },
        () => null,
      )
    : Promise.resolve(null);
  return loading;
}

export function initErrorReporting(): void {
  if (isConfigured) void load();
}

/** Reports an error when reporting is on; does nothing (and loads nothing) otherwise. */
export function reportError(error: unknown, context?: Record<string, unknown>): void {
  if (!isConfigured) return;
  void load().then((m) => m?.captureError(error, context));
}
