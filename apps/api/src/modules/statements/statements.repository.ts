/**
 * What the statements read (decision 042): balances and movements from the ledger (decision 016), fund
 * units from the investor's unit accounts `U:<fund id>` (decision 022), NAVs from `fund_navs`. Every query
 * is scoped to one user.
 */
import { sql } from 'drizzle-orm';
import type { Currency } from '@portal/contract/core/money';
import { queryRows, type DbOrTx } from '../../db/client';
import type { LocalizedText } from '../../db/schema/columns';
import { CASH_CURRENCIES_SQL } from '../ledger/ledger.repository';

export interface HolderRow {
  first_name: string | null;
  last_name: string | null;
  first_name_en: string | null;
  last_name_en: string | null;
  mobile: string;
  national_code: string | null;
}

export async function findHolder(db: DbOrTx, userId: string): Promise<HolderRow | undefined> {
  const [row] = await queryRows<HolderRow>(
    db,
    sql`SELECT first_name, last_name, first_name_en, last_name_en, mobile, national_code FROM users WHERE id = ${userId}`,
  );
  return row;
}

/** The balance of each of the user's wallets (available accounts) just before `before`: its last posting's. */
export async function balancesBefore(
  db: DbOrTx,
  userId: string,
  before: Date,
): Promise<{ currency: Currency; balance: string }[]> {
  return queryRows(
    db,
    sql`SELECT DISTINCT ON (a.currency) a.currency, p.balance_after::text AS balance
        FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
        WHERE a.user_id = ${userId} AND a.code = 'available' AND a.currency IN ${CASH_CURRENCIES_SQL}
          AND p.created_at < ${before.toISOString()}::timestamptz
        ORDER BY a.currency, p.id DESC`,
  );
}

export interface MovementRow {
  id: string;
  currency: Currency;
  amount: string;
  balance_after: string;
  created_at: Date | string;
  ref_type: string;
  ref_id: string;
  /** What the journal paid the house's fee account in the wallet's currency (0 when none). */
  fee: string;
}

const feeOfJournal = sql`(SELECT coalesce(sum(fp.amount), 0) FROM ledger_postings fp
      JOIN ledger_accounts fa ON fa.id = fp.account_id
      WHERE fp.journal_id = p.journal_id AND fa.user_id IS NULL AND fa.code = 'fees' AND fa.currency = a.currency)::text`;

/** The user's wallet movements in [from, toExclusive), oldest first. */
export async function movementsBetween(
  db: DbOrTx,
  userId: string,
  from: Date,
  toExclusive: Date,
): Promise<MovementRow[]> {
  return queryRows<MovementRow>(
    db,
    sql`SELECT p.id::text AS id, a.currency, p.amount::text AS amount, p.balance_after::text AS balance_after,
               p.created_at, j.ref_type, j.ref_id, ${feeOfJournal} AS fee
        FROM ledger_postings p
        JOIN ledger_accounts a ON a.id = p.account_id
        JOIN ledger_journals j ON j.id = p.journal_id
        WHERE a.user_id = ${userId} AND a.code = 'available' AND a.currency IN ${CASH_CURRENCIES_SQL}
          AND p.created_at >= ${from.toISOString()}::timestamptz AND p.created_at < ${toExclusive.toISOString()}::timestamptz
        ORDER BY p.id`,
  );
}

export interface UnitsRow {
  fund_id: string;
  /** Unit-minors (1/10⁴ unit), available and held together. */
  units: string;
}

/** The user's units of each fund just before `before` (what the unit accounts' postings add up to). */
export async function unitsBefore(db: DbOrTx, userId: string, before: Date): Promise<UnitsRow[]> {
  return queryRows<UnitsRow>(
    db,
    sql`SELECT substr(a.currency, 3) AS fund_id, sum(p.amount)::text AS units
        FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
        WHERE a.user_id = ${userId} AND a.currency LIKE 'U:%' AND p.created_at < ${before.toISOString()}::timestamptz
        GROUP BY a.currency HAVING sum(p.amount) <> 0`,
  );
}

export interface FundNavRow {
  id: string;
  code: string;
  name: LocalizedText;
  currency: 'IRT' | 'USDT';
  nav: string | null;
  nav_date: string | null;
}

/** Funds with the NAV in force on `date`: the one published for the latest Tehran date not after it. */
export async function fundsWithNav(db: DbOrTx, fundIds: readonly string[], date: string): Promise<FundNavRow[]> {
  if (fundIds.length === 0) return [];
  const ids = sql.join(
    fundIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return queryRows<FundNavRow>(
    db,
    sql`SELECT f.id, f.code, f.name, f.currency, n.nav::text AS nav, n.nav_date::text AS nav_date
        FROM funds f
        LEFT JOIN LATERAL (
          SELECT nav, nav_date FROM fund_navs WHERE fund_id = f.id AND nav_date <= ${date}::date
          ORDER BY nav_date DESC LIMIT 1
        ) n ON true
        WHERE f.id IN (${ids})
        ORDER BY f.sort_order, f.code`,
  );
}

export interface ReceiptRow {
  id: string;
  journal_id: string;
  currency: Currency;
  amount: string;
  balance_after: string;
  created_at: Date | string;
  ref_type: string;
  ref_id: string;
  fee: string;
}

/** One of the user's wallet postings with its journal; undefined when it is not theirs. */
export async function findOwnPosting(db: DbOrTx, userId: string, postingId: string): Promise<ReceiptRow | undefined> {
  const [row] = await queryRows<ReceiptRow>(
    db,
    sql`SELECT p.id::text AS id, p.journal_id, a.currency, p.amount::text AS amount,
               p.balance_after::text AS balance_after, p.created_at, j.ref_type, j.ref_id, ${feeOfJournal} AS fee
        FROM ledger_postings p
        JOIN ledger_accounts a ON a.id = p.account_id
        JOIN ledger_journals j ON j.id = p.journal_id
        WHERE p.id = ${postingId}::bigint AND a.user_id = ${userId} AND a.code = 'available'
          AND a.currency IN ${CASH_CURRENCIES_SQL}`,
  );
  return row;
}

export interface FundOrderRow {
  kind: 'purchase' | 'redemption';
  status: string;
  fund_id: string;
  fund_name: LocalizedText;
  nav: string | null;
  nav_date: string;
  units: string | null;
  /** The order's fees (minor units): a purchase's fixed fee; a redemption's fixed, early-exit and performance fees. */
  fee: string;
}

/** The fund order a purchase's or redemption's journal belongs to, the user's own only. */
export async function findFundOrder(
  db: DbOrTx,
  userId: string,
  kind: 'purchase' | 'redemption',
  orderId: string,
): Promise<FundOrderRow | undefined> {
  const table = kind === 'purchase' ? sql`fund_purchases` : sql`fund_redemptions`;
  const fee =
    kind === 'purchase'
      ? sql`o.fixed_fee`
      : sql`coalesce(o.fixed_fee, 0) + coalesce(o.early_exit_fee, 0) + coalesce(o.performance_fee, 0)`;
  const [row] = await queryRows<FundOrderRow>(
    db,
    sql`SELECT ${kind} AS kind, o.status, o.fund_id, f.name AS fund_name, o.nav::text AS nav,
               o.nav_date::text AS nav_date, o.units::text AS units, (${fee})::text AS fee
        FROM ${table} o JOIN funds f ON f.id = o.fund_id
        WHERE o.id::text = ${orderId} AND o.user_id = ${userId}`,
  );
  return row;
}
