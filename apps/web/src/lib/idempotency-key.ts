/**
 * A fresh `Idempotency-Key` (decision 016): 32 hex digits from the browser's cryptographic random
 * source (`crypto.getRandomValues` works on plain http too, where `randomUUID` does not). A screen makes
 * one per attempt and sends the same one again when it retries that attempt.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
