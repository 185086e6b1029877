import * as Sentry from '@sentry/react';
import { APP_VERSION } from '@portal/contract/core/constants';
import { env } from '@/config/env';

let started = false;

/** Starts Sentry with the validated DSN. Session replays follow SPEC §9 (10% of sessions, every session with an error). */
export async function initSentry(): Promise<void> {
  if (started || !env.sentryDsn) return;
  started = true;
  Sentry.init({
    dsn: env.sentryDsn,
    release: `portal-web@${APP_VERSION}`,
    environment: env.mode,
    integrations: [Sentry.replayIntegration()],
    replaysSessionSampleRate: 0.1,
    replaysOnErrorSampleRate: 1.0,
  });
}

export function captureError(error: unknown, context?: Record<string, unknown>): void {
  if (!started) return;
  Sentry.captureException(error, context ? { extra: context } : undefined);
}
