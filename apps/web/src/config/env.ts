import { z } from 'zod';

/** The browser's configuration, parsed once from Vite's build-time environment. */
const envSchema = z.object({
  /** Sentry DSN; error reporting stays off (and its code is never loaded) when empty. */
  VITE_SENTRY_DSN: z
    .string()
    .trim()
    .transform((s) => (s === '' ? undefined : s))
    .pipe(z.url().optional())
    .optional(),
  MODE: z.string().default('production'),
  DEV: z.boolean().default(false),
});

const parsed = envSchema.safeParse(import.meta.env);

export const env = parsed.success
  ? {
      sentryDsn: parsed.data.VITE_SENTRY_DSN,
      mode: parsed.data.MODE,
      isDev: parsed.data.DEV,
    }
  : (() => {
      throw new Error(`Invalid environment: ${parsed.error.message}`);
    })();
