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

/** One posting of the user's wallets (available account of the four currencies), by its id; undefined when not theirs. */
export async function findPosting(tx: DbOrTx, userId: string, postingId: string): Promise<PostingRow | undefined> {
  const rows = await queryRows<PostingRow>(
    tx,
    sql`SELECT p.id::text AS id, a.id AS wallet_id, a.currency, p.amount::text AS amount,
               p.balance_after::text AS balance_after, p.created_at, j.ref_type, j.ref_id
        FROM ledger_postings p
        JOIN ledger_accounts a ON a.id = p.account_id
        JOIN ledger_journals j ON j.id = p.journal_id
        WHERE p.id = ${postingId}::bigint AND a.user_id = ${userId} AND a.code = 'available'
          AND a.currency IN ${CASH_CURRENCIES_SQL}`,
  );
  return rows[0];
}

/**
 * The fees of an order or request: postings to the house's `fees` accounts in the journals of the same
 * reference that touch one of the user's accounts (a dividend's reference is shared by every holder), per
 * currency, in minor units.
 */
export async function findRefFees(
  tx: DbOrTx,
  userId: string,
  ref: { refType: string; refId: string },
): Promise<{ currency: Currency; amount: string }[]> {
  return queryRows<{ currency: Currency; amount: string }>(
    tx,
    sql`SELECT fa.currency, sum(fp.amount)::text AS amount
        FROM ledger_journals j
        JOIN ledger_postings fp ON fp.journal_id = j.id
        JOIN ledger_accounts fa ON fa.id = fp.account_id AND fa.user_id IS NULL AND fa.code = 'fees'
        WHERE j.ref_type = ${ref.refType} AND j.ref_id = ${ref.refId}
          AND EXISTS (SELECT 1 FROM ledger_postings up JOIN ledger_accounts ua ON ua.id = up.account_id
                      WHERE up.journal_id = j.id AND ua.user_id = ${userId})
        GROUP BY fa.currency
        HAVING sum(fp.amount) <> 0
        ORDER BY fa.currency`,
  );
}

/** A fund order or dividend payment of the user, as the details show it (minor units, unit-minors). */
export interface FundRefRow {
  fund_id: string;
  fund_name: { fa: string; ar: string; en: string };
  currency: Currency;
  /** The record's own status (`fund_purchases.status`, `fund_redemptions.status`); null for a dividend. */
  state: string | null;
  units: string | null;
  nav: string | null;
  nav_date: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A journal's `refId` that can name a row of a uuid-keyed table (test and internal refs may be any text). */
export const isUuid = (s: string) => UUID.test(s);

export async function findFundRef(
  tx: DbOrTx,
  userId: string,
  kind: 'purchase' | 'redemption' | 'dividend',
  refId: string,
): Promise<FundRefRow | undefined> {
  if (!isUuid(refId)) return undefined;
  const query =
    kind === 'purchase'
      ? sql`SELECT o.fund_id, f.name AS fund_name, o.currency, o.status AS state, o.units::text AS units,
                   o.nav::text AS nav, o.nav_date::text AS nav_date
            FROM fund_purchases o JOIN funds f ON f.id = o.fund_id
            WHERE o.id = ${refId}::uuid AND o.user_id = ${userId}`
      : kind === 'redemption'
        ? sql`SELECT o.fund_id, f.name AS fund_name, o.currency, o.status AS state, o.units::text AS units,
                     o.nav::text AS nav, o.nav_date::text AS nav_date
              FROM fund_redemptions o JOIN funds f ON f.id = o.fund_id
              WHERE o.id = ${refId}::uuid AND o.user_id = ${userId}`
        : sql`SELECT d.fund_id, f.name AS fund_name, f.currency, NULL::text AS state, p.units::text AS units,
                     d.per_unit::text AS nav, NULL::text AS nav_date
              FROM fund_dividend_payments p
              JOIN fund_dividends d ON d.id = p.dividend_id
              JOIN funds f ON f.id = d.fund_id
              WHERE p.dividend_id = ${refId}::uuid AND p.user_id = ${userId}`;
  return (await queryRows<FundRefRow>(tx, query))[0];
}

export interface TradeRefRow {
  side: 'buy' | 'sell';
  fiat: 'IRT' | 'IRR';
  price: string;
  fiat_amount: string;
  usdt_amount: string;
}

export async function findTradeRef(tx: DbOrTx, userId: string, refId: string): Promise<TradeRefRow | undefined> {
  if (!isUuid(refId)) return undefined;
  const rows = await queryRows<TradeRefRow>(
    tx,
    sql`SELECT side, fiat, price::text AS price, fiat_amount::text AS fiat_amount, usdt_amount::text AS usdt_amount
        FROM tether_trades WHERE id = ${refId}::uuid AND user_id = ${userId}`,
  );
  return rows[0];
}

/** A toman withdrawal's or a deposit's own status and kind (the user's own only). */
export async function findMoneyRequestRef(
  tx: DbOrTx,
  userId: string,
  kind: 'withdrawal' | 'deposit',
  refId: string,
): Promise<{ state: string; kind: string } | undefined> {
  if (!isUuid(refId)) return undefined;
  const rows = await queryRows<{ state: string; kind: string }>(
    tx,
    kind === 'withdrawal'
      ? sql`SELECT status AS state, 'withdrawal' AS kind FROM withdrawals WHERE id = ${refId}::uuid AND user_id = ${userId}`
      : sql`SELECT status AS state, kind FROM deposits WHERE id = ${refId}::uuid AND user_id = ${userId}`,
  );
  return rows[0];
}
