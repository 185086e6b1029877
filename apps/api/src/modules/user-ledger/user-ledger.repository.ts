import { sql, type SQL } from 'drizzle-orm';
import type { Currency } from '@portal/contract/core/money';
import { queryRows, type DbOrTx } from '../../db/client';
import { CASH_CURRENCIES_SQL } from '../ledger/ledger.repository';

export interface JournalRow {
  id: string;
  ref_type: string;
  ref_id: string;
  memo: string | null;
  created_by: string | null;
  created_at: Date | string;
  author_mobile: string | null;
  author_first_name: string | null;
  author_last_name: string | null;
}

export interface JournalPostingRow {
  journal_id: string;
  account_id: string;
  user_id: string | null;
  code: string;
  currency: Currency;
  amount: string;
  balance_after: string;
}

/**
 * The journals that posted to any of a user's accounts (of one currency when given), newest first: ordered
 * by the newest of the user's postings in each (posting ids grow with every insert, so journals written in
 * one transaction keep their order), with their authors and the total.
 */
export async function findUserJournals(
  tx: DbOrTx,
  f: { userId: string; currency?: Currency | undefined; limit: number; offset: number },
): Promise<{ rows: JournalRow[]; total: number }> {
  // The four currencies' postings only: a fund's unit postings (`U:<fund id>`, decision 022) are not money.
  const where: SQL[] = [sql`a.user_id = ${f.userId}`, sql`a.currency IN ${CASH_CURRENCIES_SQL}`];
  if (f.currency) where.push(sql`a.currency = ${f.currency}`);
  const mine = sql`SELECT p.journal_id, max(p.id) AS last_posting
      FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
      WHERE ${sql.join(where, sql` AND `)}
      GROUP BY p.journal_id`;
  const [rows, count] = await Promise.all([
    queryRows<JournalRow>(
      tx,
      sql`WITH mine AS (${mine})
          SELECT j.id, j.ref_type, j.ref_id, j.memo, j.created_by, j.created_at,
                 u.mobile AS author_mobile, u.first_name AS author_first_name, u.last_name AS author_last_name
          FROM mine
          JOIN ledger_journals j ON j.id = mine.journal_id
          LEFT JOIN users u ON u.id = j.created_by
          ORDER BY mine.last_posting DESC
          LIMIT ${f.limit} OFFSET ${f.offset}`,
    ),
    queryRows<{ total: number }>(tx, sql`SELECT count(*)::int AS total FROM (${mine}) mine`),
  ]);
  return { rows, total: count[0]?.total ?? 0 };
}

/** Every posting of the given journals with its account, in the order they were written. */
export async function findJournalPostings(tx: DbOrTx, journalIds: readonly string[]): Promise<JournalPostingRow[]> {
  if (journalIds.length === 0) return [];
  const ids = sql.join(
    journalIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return queryRows<JournalPostingRow>(
    tx,
    sql`SELECT p.journal_id, a.id AS account_id, a.user_id, a.code, p.currency,
               p.amount::text AS amount, p.balance_after::text AS balance_after
        FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
        WHERE p.journal_id IN (${ids}) AND p.currency IN ${CASH_CURRENCIES_SQL}
        ORDER BY p.id`,
  );
}
