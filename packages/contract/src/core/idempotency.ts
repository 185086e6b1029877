/**
 * Idempotent money requests, on both sides (decisions 016, 031): every endpoint declared `idempotent`
 * needs this header; a retry with the same key gets the first answer back, and the same key with another
 * request is refused (`IDEMPOTENCY_KEY_REUSED`). The server validates the header with `idempotencyKeySchema`
 * (plugins/contract.ts) and keeps one record per user and key (apps/api lib/idempotency.ts); the web client
 * sends it (lib/api-client.ts) with a key made once per attempt (a UUID fits).
 */
import { z } from 'zod';

/** The header's name, as Node.js and fetch spell it (lower case). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** The key's length, in characters. */
export const IDEMPOTENCY_KEY_MIN_LENGTH = 8;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 128;

/** A key: 8–128 ASCII letters, digits, `-` or `_`. */
export const IDEMPOTENCY_KEY_PATTERN = new RegExp(
  `^[A-Za-z0-9_-]{${IDEMPOTENCY_KEY_MIN_LENGTH},${IDEMPOTENCY_KEY_MAX_LENGTH}}$`,
);

/** The rule a refused key is reported under (`details.issues[].rule`). */
export const IDEMPOTENCY_KEY_RULE = 'idempotencyKey';

export const idempotencyKeySchema = z.string().regex(IDEMPOTENCY_KEY_PATTERN, { message: IDEMPOTENCY_KEY_RULE });
