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

const whereOf = (call: IdempotentCall) =>
  and(eq(idempotencyRecords.userId, call.userId), eq(idempotencyRecords.key, call.key));

/** The SHA-256 of the call's canonical request, as stored. */
const requestHashOf = (call: IdempotentCall) =>
  createHash('sha256').update(canonicalJson(call.request)).digest('base64url');

/**
 * The claim as one statement, `INSERT … ON CONFLICT DO NOTHING RETURNING key`: a row when this call is
 * the first, none when the key is taken (a concurrent call with the same key waits on the row until its
 * transaction ends). SQL, so a hot path can make it a CTE of a larger statement; `claimIdempotencyKey`
 * runs it alone.
 */
export function claimKeySql(call: IdempotentCall): SQL {
  return sql`INSERT INTO idempotency_records (user_id, key, operation, request_hash)
    VALUES (${call.userId}, ${call.key}, ${call.operation}, ${requestHashOf(call)})
    ON CONFLICT DO NOTHING
    RETURNING key`;
}

/**
 * After a claim that found the key taken: the first answer when it was the same request, else
 * `IDEMPOTENCY_KEY_REUSED`. Reads in a statement of its own, so it sees the first call's committed answer.
 */
export async function replayOfTakenKey<T extends JsonValue>(tx: DbOrTx, call: IdempotentCall): Promise<T> {
  const [first] = await tx.select().from(idempotencyRecords).where(whereOf(call)).limit(1);
  if (!first || first.operation !== call.operation || first.requestHash !== requestHashOf(call)) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This idempotency key was used for another request');
  }
  return first.response as T;
}

/**
 * Claims `(userId, key)` in the caller's transaction: `{ replay }` with the first answer when the same
 * request already ran, `{ claimed: true }` when this call is the first (a concurrent call with the same
 * key waits on the row until this transaction ends). The same key with another request is refused with
 * `IDEMPOTENCY_KEY_REUSED`.
 */
export async function claimIdempotencyKey<T extends JsonValue>(
  tx: DbOrTx,
  call: IdempotentCall,
): Promise<{ claimed: true } | { claimed: false; replay: T }> {
  const inserted = await queryRows<{ key: string }>(tx, claimKeySql(call));
  if (inserted.length > 0) return { claimed: true };
  return { claimed: false, replay: await replayOfTakenKey<T>(tx, call) };
}

/**
 * Keeping the answer as one statement. `after`, a CTE of the caller's larger statement: the answer is
 * kept only when that CTE yields a row (the request was written).
 */
export function storeResponseSql(call: IdempotentCall, response: JsonValue, after?: string): SQL {
  return sql`UPDATE idempotency_records SET response = ${JSON.stringify(response)}::jsonb
    WHERE user_id = ${call.userId} AND key = ${call.key}${
      after ? sql` AND EXISTS (SELECT 1 FROM ${sql.identifier(after)})` : sql``
    }`;
}

/** Keeps the answer of a claimed call, for its retries. */
export async function storeIdempotentResponse(tx: DbOrTx, call: IdempotentCall, response: JsonValue): Promise<void> {
  await tx.execute(storeResponseSql(call, response));
}

/**
 * Gives a claimed key back, in a transaction that commits without running the request (a wrong
 * verification code is counted and committed; the request did not happen, so its key must not replay).
 */
export async function releaseIdempotencyKey(tx: DbOrTx, call: IdempotentCall): Promise<void> {
  await tx.delete(idempotencyRecords).where(whereOf(call));
}

/**
 * Runs a money request once per `(userId, key)`, inside the caller's transaction: the first call claims
 * the key, runs `run` and stores its answer; every later call with the same request gets that answer
 * back without running anything (`replayed`). A call that fails rolls its claim back with everything
 * else, so a retry runs again.
 */
export async function withIdempotency<T extends JsonValue>(
  tx: DbOrTx,
  call: IdempotentCall,
  run: () => Promise<T>,
): Promise<{ response: T; replayed: boolean }> {
  const claim = await claimIdempotencyKey<T>(tx, call);
  if (!claim.claimed) return { response: claim.replay, replayed: true };
  const response = await run();
  await storeIdempotentResponse(tx, call, response);
  return { response, replayed: false };
}
