/** What both sides of the ledger figure share: the lookup of a random pair of funded accounts. */

/**
 * Both sides look the random pair's ids up with this query first (outside the transaction), so the
 * sequence of statements is the same: lookup; BEGIN; the journal with its postings; COMMIT.
 */
export const LOOKUP =
  'SELECT (SELECT id FROM bench_accounts WHERE n = $1) AS from_id, (SELECT id FROM bench_accounts WHERE n = $2) AS to_id';

/** Two distinct account numbers in 1..n, as the pgbench script draws them. */
export function randomPair(n: number): [number, number] {
  const a = 1 + Math.floor(Math.random() * n);
  const b = 1 + ((a - 1 + 1 + Math.floor(Math.random() * (n - 1))) % n);
  return [a, b];
}
