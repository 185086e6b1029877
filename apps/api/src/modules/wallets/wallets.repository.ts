import { sql, type SQL } from 'drizzle-orm';
import type { Currency } from '@portal/contract/core/money';
import { queryRows, type DbOrTx } from '../../db/client';
import { CASH_CURRENCIES_SQL } from '../ledger/ledger.repository';

export interface WalletRow {
  wallet_id: string;
  currency: Currency;
  available: string;
  held: string;
}

/**
 * A user's wallets: the available account of each currency, with the held account's balance beside it.
 * Only the four currencies: a fund's unit accounts (`U:<fund id>`, decision 022) are not wallets.
 */
export async function findWallets(tx: DbOrTx, userId: string): Promise<WalletRow[]> {
  return queryRows<WalletRow>(
    tx,
    sql`SELECT a.id AS wallet_id, a.currency, a.balance::text AS available, coalesce(h.balance, 0)::text AS held
        FROM ledger_accounts a
        LEFT JOIN ledger_accounts h ON h.user_id = a.user_id AND h.currency = a.currency AND h.code = 'held'
        WHERE a.user_id = ${userId} AND a.code = 'available' AND a.currency IN ${CASH_CURRENCIES_SQL}`,
  );
}

export interface PostingRow {
  id: string;
  wallet_id: string;
  currency: Currency;
  amount: string;
  balance_after: string;
  created_at: Date | string;
  ref_type: string;
  ref_id: string;
}

export interface HistoryFilter {
  userId: string;
  walletId?: string;
  currency?: Currency;
  direction?: 'in' | 'out';
  refType?: string;
  /** Inclusive bounds as instants. */
  from?: Date;
  toExclusive?: Date;
  limit: number;
  offset: number;
}

/** Postings of a user's available accounts of the four currencies (never units), newest first, with the total matching. */
export async function findPostings(tx: DbOrTx, f: HistoryFilter): Promise<{ rows: PostingRow[]; total: number }> {
  const where: SQL[] = [
    sql`a.user_id = ${f.userId}`,
    sql`a.code = 'available'`,
    sql`a.currency IN ${CASH_CURRENCIES_SQL}`,
  ];
  if (f.walletId) where.push(sql`a.id = ${f.walletId}`);
  if (f.currency) where.push(sql`a.currency = ${f.currency}`);
  if (f.direction === 'in') where.push(sql`p.amount > 0`);
  if (f.direction === 'out') where.push(sql`p.amount < 0`);
  if (f.refType) where.push(sql`j.ref_type = ${f.refType}`);
  if (f.from) where.push(sql`p.created_at >= ${f.from.toISOString()}::timestamptz`);
  if (f.toExclusive) where.push(sql`p.created_at < ${f.toExclusive.toISOString()}::timestamptz`);
  const cond = sql.join(where, sql` AND `);
  const from = sql`FROM ledger_postings p
      JOIN ledger_accounts a ON a.id = p.account_id
      JOIN ledger_journals j ON j.id = p.journal_id
      WHERE ${cond}`;
  const [rows, count] = await Promise.all([
    queryRows<PostingRow>(
      tx,
      sql`SELECT p.id::text AS id, a.id AS wallet_id, a.currency, p.amount::text AS amount,
                 p.balance_after::text AS balance_after, p.created_at, j.ref_type, j.ref_id
          ${from} ORDER BY p.id DESC LIMIT ${f.limit} OFFSET ${f.offset}`,
    ),
    queryRows<{ total: number }>(tx, sql`SELECT count(*)::int AS total ${from}`),
  ]);
  return { rows, total: count[0]?.total ?? 0 };
}

/** Where a tether movement stands on chain (a deposit's transfer or a withdrawal), by its record's id. */
export interface ChainRefRow {
  id: string;
  network: string;
  tx_hash: string | null;
  confirmations: number | null;
  required_confirmations: number;
  /** The record's own status (`chain_deposits.status` or `tether_withdrawals.status`). */
  state: string;
  /** Where a deposit came from, or where a withdrawal went. */
  address: string;
}

/**
 * The chain places of a page's tether deposits and withdrawals (journal ref types `TetherDeposit` and
 * `TetherWithdrawal`), in one query for the page, the user's own only.
 */
export async function findChainRefs(
  tx: DbOrTx,
  userId: string,
  refs: { deposits: readonly string[]; withdrawals: readonly string[] },
): Promise<{ deposits: Map<string, ChainRefRow>; withdrawals: Map<string, ChainRefRow> }> {
  const out = { deposits: new Map<string, ChainRefRow>(), withdrawals: new Map<string, ChainRefRow>() };
  if (refs.deposits.length === 0 && refs.withdrawals.length === 0) return out;
  const ids = (list: readonly string[]) =>
    list.length === 0
      ? sql`NULL::uuid`
      : sql.join(
          list.map((id) => sql`${id}::uuid`),
          sql`, `,
        );
  const rows = await queryRows<ChainRefRow & { kind: 'deposit' | 'withdrawal' }>(
    tx,
    sql`SELECT 'deposit' AS kind, id, network, tx_hash, confirmations, required_confirmations,
               status AS state, from_address AS address
        FROM chain_deposits WHERE user_id = ${userId} AND id IN (${ids(refs.deposits)})
        UNION ALL
        SELECT 'withdrawal' AS kind, id, network, tx_hash, confirmations, required_confirmations,
               status AS state, address
        FROM tether_withdrawals WHERE user_id = ${userId} AND id IN (${ids(refs.withdrawals)})`,
  );
  for (const r of rows) (r.kind === 'deposit' ? out.deposits : out.withdrawals).set(r.id, r);
  return out;
}
