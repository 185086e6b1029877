import type { Db, Tx } from '../db/client';
import { isRetryableTransactionError } from './db-errors';

/** How many times a money transaction is tried when PostgreSQL reports a deadlock or serialization failure. */
export const MONEY_TX_ATTEMPTS = 5;

/**
 * Runs `fn` in one transaction (read committed: balance rows are locked by the statements that move them,
 * in a fixed order). A deadlock (`40P01`) or serialization failure (`40001`) rolls it back and runs it
 * again, a bounded number of times with a short random pause; any other error rolls back and is thrown.
 * `fn` must be safe to run again: it may not have side effects outside the transaction.
 */
export async function runMoneyTransaction<T>(
  db: Db,
  fn: (tx: Tx) => Promise<T>,
  attempts: number = MONEY_TX_ATTEMPTS,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(fn);
    } catch (err) {
      if (attempt >= attempts || !isRetryableTransactionError(err)) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
    }
  }
}
