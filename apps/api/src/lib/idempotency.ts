/**
 * The one idempotency helper of the server (decisions 016, 031): every money request (an endpoint declared
 * `idempotent` in the contract, header and key rules in `@portal/contract/core/idempotency`) runs once per
 * `(userId, key)`. Two shapes of the same record, claim and stored answer:
 *
 * - `withIdempotency(tx, call, run)`: the wrapper, for a request written in several statements;
 * - `idempotencySql(call)`: the same claim and stored answer as SQL fragments, for a request written in one
 *   or two statements of its own (the withdrawal's fast path), with the replay and the release beside them.
 *
 * Nothing else reads or writes `idempotency_records`.
 */
import { createHash } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { AppError } from '@portal/contract/core/errors';
import { queryRows, type DbOrTx } from '../db/client';
import { idempotencyRecords } from '../db/schema';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A stable text of a request: object keys sorted, bigints as decimal strings. */
export function canonicalJson(value: unknown): string {
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export interface IdempotentCall {
  userId: string;
  key: string;
  /** The operation (an endpoint id): the same key on another operation is refused too. */
  operation: string;
  /** What identifies the request (its body and parameters). */
  request: unknown;
}

/** The SHA-256 of the call's canonical request, as stored. */
const requestHashOf = (call: IdempotentCall) =>
  createHash('sha256').update(canonicalJson(call.request)).digest('base64url');

/** One call's claim, stored answer, replay and release: `idempotencySql` and the wrapper share it. */
export interface IdempotencySql {
  /**
   * The claim as one statement, `INSERT … ON CONFLICT DO NOTHING RETURNING key`: a row when this call is
   * the first, none when the key is taken (a concurrent call with the same key waits on the row until its
   * transaction ends). A CTE of the caller's statement, or a statement alone.
   */
  claim: SQL;
  /**
   * Keeping the answer as one statement. `after`, a CTE of the caller's larger statement: the answer is kept
   * only when that CTE yields a row (the request was written).
   */
  store(response: JsonValue, after?: string): SQL;
  /**
   * After a claim that found the key taken: the first answer when it was the same request, else
   * `IDEMPOTENCY_KEY_REUSED`. Reads in a statement of its own, so it sees the first call's committed answer.
   */
  replay<T extends JsonValue>(tx: DbOrTx): Promise<T>;
  /**
   * Gives a claimed key back, in a transaction that commits without running the request (a wrong
   * verification code is counted and committed; the request did not happen, so its key must not replay).
   */
  release(tx: DbOrTx): Promise<void>;
}

export function idempotencySql(call: IdempotentCall): IdempotencySql {
  const requestHash = requestHashOf(call);
  const where = and(eq(idempotencyRecords.userId, call.userId), eq(idempotencyRecords.key, call.key));
  return {
    claim: sql`INSERT INTO idempotency_records (user_id, key, operation, request_hash)
      VALUES (${call.userId}, ${call.key}, ${call.operation}, ${requestHash})
      ON CONFLICT DO NOTHING
      RETURNING key`,
    store: (response, after) => sql`UPDATE idempotency_records SET response = ${JSON.stringify(response)}::jsonb
      WHERE user_id = ${call.userId} AND key = ${call.key}${
        after ? sql` AND EXISTS (SELECT 1 FROM ${sql.identifier(after)})` : sql``
      }`,
    async replay<T extends JsonValue>(tx: DbOrTx): Promise<T> {
      const [first] = await tx.select().from(idempotencyRecords).where(where).limit(1);
      if (!first || first.operation !== call.operation || first.requestHash !== requestHash) {
        throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This idempotency key was used for another request');
      }
      return first.response as T;
    },
    async release(tx: DbOrTx): Promise<void> {
      await tx.delete(idempotencyRecords).where(where);
    },
  };
}

/**
 * Runs a money request once per `(userId, key)`, inside the caller's transaction: the first call claims
 * the key, runs `run` and stores its answer; every later call with the same request gets that answer
 * back without running anything (`replayed`); the same key with another request is refused with
 * `IDEMPOTENCY_KEY_REUSED`. A concurrent call with the same key waits on the claimed row until this
 * transaction ends. A call that fails rolls its claim back with everything else, so a retry runs again.
 */
export async function withIdempotency<T extends JsonValue>(
  tx: DbOrTx,
  call: IdempotentCall,
  run: () => Promise<T>,
): Promise<{ response: T; replayed: boolean }> {
  const record = idempotencySql(call);
  const claimed = await queryRows<{ key: string }>(tx, record.claim);
  if (claimed.length === 0) return { response: await record.replay<T>(tx), replayed: true };
  const response = await run();
  await tx.execute(record.store(response));
  return { response, replayed: false };
}
