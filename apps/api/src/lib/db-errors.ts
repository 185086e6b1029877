/**
 * PostgreSQL errors seen through the driver and drizzle's wrapper alike (both drivers put `code` and
 * `constraint` on the error; drizzle nests it as `cause`).
 */
export interface PgErrorInfo {
  /** SQLSTATE, e.g. `23505` unique violation, `23514` check violation, `40001`, `40P01`. */
  code: string;
  constraint: string;
}

export function pgErrorOf(err: unknown): PgErrorInfo | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === 'string' ? constraint : '' };
    }
  }
  return undefined;
}

/** The name of the unique constraint a failed statement violated (SQLSTATE 23505); undefined otherwise. */
export function violatedUniqueConstraint(err: unknown): string | undefined {
  const pg = pgErrorOf(err);
  return pg?.code === '23505' ? pg.constraint : undefined;
}

/** The name of the CHECK constraint a failed statement violated (SQLSTATE 23514); undefined otherwise. */
export function violatedCheckConstraint(err: unknown): string | undefined {
  const pg = pgErrorOf(err);
  return pg?.code === '23514' ? pg.constraint : undefined;
}

/** A serialization failure or a deadlock: the transaction may be run again. */
export function isRetryableTransactionError(err: unknown): boolean {
  const code = pgErrorOf(err)?.code;
  return code === '40001' || code === '40P01';
}
