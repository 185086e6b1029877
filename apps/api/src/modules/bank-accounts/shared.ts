import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';

/**
 * Whether any of `userIds` shares a bank account or a payment ID with `userId` (issue 15, decision 028):
 * the same card (by its HMAC, decision 017) or the same sheba among their active bank accounts, or a
 * payment ID of one (decision 020: one per user and source sheba) whose sheba is the other's, as an
 * active account or a payment ID of theirs. Money paid from such an account to such an ID lands in
 * either wallet, so an operator deciding about that user would be deciding about their own money.
 */
export async function sharesBankAccountOrPaymentId(
  db: DbOrTx,
  userId: string,
  userIds: readonly string[],
): Promise<boolean> {
  const others = userIds.filter((id) => id !== userId);
  if (others.length === 0) return false;
  const everyone = sql.join(
    [userId, ...others].map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const theirs = sql.join(
    others.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const [row] = await queryRows<{ shared: boolean }>(
    db,
    sql`WITH numbers AS (
          SELECT user_id, 'card' AS kind, card_number_hash AS value FROM bank_accounts
            WHERE deleted_at IS NULL AND card_number_hash IS NOT NULL AND user_id IN (${everyone})
          UNION ALL
          SELECT user_id, 'sheba', sheba FROM bank_accounts
            WHERE deleted_at IS NULL AND sheba IS NOT NULL AND user_id IN (${everyone})
          UNION ALL
          SELECT user_id, 'sheba', sheba FROM deposit_ids WHERE user_id IN (${everyone})
        )
        SELECT EXISTS (
          SELECT 1 FROM numbers mine
          JOIN numbers other ON other.kind = mine.kind AND other.value = mine.value
          WHERE mine.user_id = ${userId}::uuid AND other.user_id IN (${theirs})
        ) AS shared`,
  );
  return row?.shared === true;
}
