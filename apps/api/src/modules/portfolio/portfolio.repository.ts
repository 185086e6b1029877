/**
 * What the portfolio reads (issue 19, decision 041): everything a user holds now in one statement, the
 * ledger's movements and money in by Tehran day for a rebuild, the NAV and tether price history of a range,
 * and the daily snapshots.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { SystemAccount } from '@portal/contract/wallet/ledger';
import type { LocalizedText } from '../../db/schema/columns';
import { PURCHASE_USER_STATUS, REDEMPTION_USER_STATUS } from '@portal/contract/funds/funds';
import { CHAIN_DEPOSIT_USER_STATUS, TETHER_WITHDRAWAL_USER_STATUS } from '@portal/contract/tether/chain';
import { DEPOSIT_USER_STATUS } from '@portal/contract/wallet/offline-deposits';
import { WITHDRAWAL_USER_STATUS } from '@portal/contract/wallet/withdrawals';
import { queryRows, queryRowsPrepared, type DbOrTx } from '../../db/client';

/**
 * The house's accounts at the portal's edge: money posted between one of them and a user's account came
 * from outside or went out (deposits, withdrawals, returned deposits, adjustments, tether on chain). Every
 * other system account (`exchange`, `fund_custody`, `fund_units`, `fees`) is inside: a trade, a purchase, a
 * fee or a dividend changes what the user holds, not what they put in.
 */
export const BOUNDARY_ACCOUNTS = [
  'gateway_clearing',
  'bank_settlement',
  'refunds',
  'adjustments',
  'chain_custody',
] as const satisfies readonly SystemAccount[];
const BOUNDARY_SQL = sql.raw(`(${BOUNDARY_ACCOUNTS.map((a) => `'${a}'`).join(', ')})`);

/** The Tehran date of a `timestamptz` column, as `tehranDateOf` reckons it (UTC+03:30 all year). */
const tehranDay = (col: SQL) => sql`((${col} AT TIME ZONE 'UTC') + interval '3 hours 30 minutes')::date`;

/** The server's statuses that are still open (the user reads them as Pending or In progress). */
function openStatuses(map: Record<string, string>): SQL {
  const open = Object.entries(map)
    .filter(([, user]) => user === 'Pending' || user === 'InProgress')
    .map(([status]) => {
      if (!/^\w+$/.test(status)) throw new Error(`not a status: ${status}`);
      return `'${status}'`;
    });
  return sql.raw(`(${open.join(', ')})`);
}

/** Open requests of a user: purchases and redemptions waiting, withdrawals, offline deposits, tether ones. */
function pendingCountSql(userId: string): SQL {
  return sql`(SELECT
      (SELECT count(*) FROM fund_purchases WHERE user_id = ${userId} AND status IN ${openStatuses(PURCHASE_USER_STATUS)})
    + (SELECT count(*) FROM fund_redemptions WHERE user_id = ${userId} AND status IN ${openStatuses(REDEMPTION_USER_STATUS)})
    + (SELECT count(*) FROM withdrawals WHERE user_id = ${userId} AND status IN ${openStatuses(WITHDRAWAL_USER_STATUS)})
    + (SELECT count(*) FROM deposits WHERE user_id = ${userId} AND kind = 'offline' AND status IN ${openStatuses(DEPOSIT_USER_STATUS)})
    + (SELECT count(*) FROM tether_withdrawals WHERE user_id = ${userId} AND status IN ${openStatuses(TETHER_WITHDRAWAL_USER_STATUS)})
    + (SELECT count(*) FROM chain_deposits WHERE user_id = ${userId} AND status IN ${openStatuses(CHAIN_DEPOSIT_USER_STATUS)})
  )::int`;
}

export interface CashRow {
  currency: string;
  balance: string;
}
export interface FundHoldingRow {
  fund_id: string;
  code: string;
  name: LocalizedText;
  category: string;
  currency: 'IRT' | 'USDT';
  units: string;
  nav: string | null;
  nav_date: string | null;
  /** Σ units remaining × the lot's NAV (unit-minors × minor units). */
  cost: string | null;
}
export interface StateRow {
  cash: CashRow[] | null;
  funds: FundHoldingRow[] | null;
  price_mid: string | null;
  /** Epoch milliseconds. */
  price_at: number | null;
  pending: number;
  /** The user's first posting, epoch milliseconds. */
  first_at: number | null;
  /** Today's net money in by currency (from the start of `today` on). */
  flows_today: CashRow[] | null;
}

/**
 * Everything the state needs in one statement: the user's balances (both buckets summed) per currency, each
 * fund held with its latest NAV on or before `today` and the cost of its remaining lots, the live tether price
 * (the newest taken, else the newest day candle), the open requests, the first posting's time and today's
 * money in.
 */
export async function readState(db: DbOrTx, userId: string, today: string): Promise<StateRow> {
  // A named statement: planned once per connection (its plan costs ten times its run), then only executed.
  const [row] = await queryRowsPrepared<StateRow>(db, stateSql(userId, today));
  return row!;
}

/** The statement of `readState` (the bench explains it). */
export function stateSql(userId: string, today: string): SQL {
  const todayStart = sql`(${today}::date - interval '3 hours 30 minutes') AT TIME ZONE 'UTC'`;
  return sql`WITH ua AS (
          SELECT id, currency, balance FROM ledger_accounts WHERE user_id = ${userId}
        ), bal AS (
          SELECT currency, sum(balance) AS balance FROM ua GROUP BY currency HAVING sum(balance) <> 0
        ), today_journals AS (
          SELECT DISTINCT p.journal_id FROM ledger_postings p JOIN ua ON ua.id = p.account_id
          WHERE p.created_at >= ${todayStart}
        )
        SELECT
          (SELECT json_agg(json_build_object('currency', currency, 'balance', balance::text))
             FROM bal WHERE currency NOT LIKE 'U:%' AND currency NOT LIKE 'B:%') AS cash,
          (SELECT json_agg(json_build_object(
                    'fund_id', f.id, 'code', f.code, 'name', f.name, 'category', f.category, 'currency', f.currency,
                    'units', b.balance::text, 'nav', n.nav::text, 'nav_date', n.nav_date::text, 'cost', l.cost::text))
             FROM bal b
             JOIN funds f ON f.id = substr(b.currency, 3)::uuid
             LEFT JOIN LATERAL (
               SELECT nav, nav_date FROM fund_navs WHERE fund_id = f.id AND nav_date <= ${today}::date
               ORDER BY nav_date DESC LIMIT 1
             ) n ON true
             LEFT JOIN LATERAL (
               SELECT sum(units_remaining * nav) AS cost FROM fund_lots
               WHERE user_id = ${userId} AND fund_id = f.id AND units_remaining > 0
             ) l ON true
             WHERE b.currency LIKE 'U:%') AS funds,
          lp.mid AS price_mid, lp.at AS price_at,
          ${pendingCountSql(userId)} AS pending,
          (SELECT (extract(epoch FROM min(p.created_at)) * 1000)::float8 FROM ledger_postings p JOIN ua ON ua.id = p.account_id) AS first_at,
          (SELECT json_agg(json_build_object('currency', currency, 'balance', amount::text)) FROM (
             SELECT p.currency, -sum(p.amount) AS amount
             FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
             WHERE p.journal_id IN (SELECT journal_id FROM today_journals)
               AND a.user_id IS NULL AND a.code IN ${BOUNDARY_SQL}
             GROUP BY p.currency
          ) f) AS flows_today
        FROM (SELECT 1) one
        LEFT JOIN LATERAL (
          SELECT mid::text AS mid, (extract(epoch FROM at) * 1000)::float8 AS at FROM (
            (SELECT mid, at, 0 AS pref FROM tether_prices ORDER BY seq DESC LIMIT 1)
            UNION ALL
            (SELECT close, start, 1 FROM tether_candles WHERE interval = '1d' ORDER BY start DESC LIMIT 1)
          ) x ORDER BY pref LIMIT 1
        ) lp ON true`;
}

/**
 * Whether a user holds anything or has a request open (the account's `isEmptyState`): one statement of
 * `EXISTS` probes on the tables' user indexes, each stopping at its first row.
 */
export async function holdsOrWaits(db: DbOrTx, userId: string): Promise<boolean> {
  const open = (table: string, map: Record<string, string>, extra = sql``) =>
    sql`EXISTS (SELECT 1 FROM ${sql.identifier(table)} WHERE user_id = ${userId} AND status IN ${openStatuses(map)} ${extra})`;
  const [row] = await queryRowsPrepared<{ busy: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM ledger_accounts WHERE user_id = ${userId} AND balance <> 0)
            OR ${open('fund_purchases', PURCHASE_USER_STATUS)}
            OR ${open('fund_redemptions', REDEMPTION_USER_STATUS)}
            OR ${open('withdrawals', WITHDRAWAL_USER_STATUS)}
            OR ${open('deposits', DEPOSIT_USER_STATUS, sql`AND kind = 'offline'`)}
            OR ${open('tether_withdrawals', TETHER_WITHDRAWAL_USER_STATUS)}
            OR ${open('chain_deposits', CHAIN_DEPOSIT_USER_STATUS)} AS busy`,
  );
  return row?.busy === true;
}

export interface LedgerDayRow {
  /** `open`: balances before the range; `move`: a day's change; `flow`: a day's money in. */
  kind: 'open' | 'move' | 'flow';
  day: string | null;
  currency: string;
  amount: string;
}

/**
 * The ledger of a user over Tehran days `from`..`to`: balances (both buckets) before `from`, each day's change
 * per currency, and each day's net money in per currency (minus what the boundary accounts received in the
 * journals that moved the user's accounts).
 */
export async function readLedgerDays(db: DbOrTx, userId: string, from: string, to: string): Promise<LedgerDayRow[]> {
  const start = sql`(${from}::date - interval '3 hours 30 minutes') AT TIME ZONE 'UTC'`;
  const end = sql`(${to}::date + 1 - interval '3 hours 30 minutes') AT TIME ZONE 'UTC'`;
  return queryRows<LedgerDayRow>(
    db,
    sql`WITH ua AS (SELECT id FROM ledger_accounts WHERE user_id = ${userId}),
        p AS (
          SELECT p.journal_id, p.currency, p.amount, p.created_at
          FROM ledger_postings p JOIN ua ON ua.id = p.account_id
          WHERE p.created_at < ${end}
        )
        SELECT 'open' AS kind, NULL AS day, currency, sum(amount)::text AS amount
          FROM p WHERE created_at < ${start} GROUP BY currency
        UNION ALL
        SELECT 'move', ${tehranDay(sql`created_at`)}::text, currency, sum(amount)::text
          FROM p WHERE created_at >= ${start} GROUP BY 2, 3
        UNION ALL
        SELECT 'flow', ${tehranDay(sql`b.created_at`)}::text, b.currency, (-sum(b.amount))::text
          FROM ledger_postings b JOIN ledger_accounts a ON a.id = b.account_id
          WHERE b.journal_id IN (SELECT journal_id FROM p WHERE created_at >= ${start})
            AND a.user_id IS NULL AND a.code IN ${BOUNDARY_SQL}
          GROUP BY 2, 3`,
  );
}

export interface NavRow {
  fund_id: string;
  currency: 'IRT' | 'USDT';
  nav_date: string;
  nav: string;
}

/** The NAVs of funds over `from`..`to`, with each fund's last one before `from` (oldest first). */
export async function readNavs(db: DbOrTx, fundIds: readonly string[], from: string, to: string): Promise<NavRow[]> {
  if (fundIds.length === 0) return [];
  const ids = sql.join(
    fundIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return queryRows<NavRow>(
    db,
    sql`SELECT n.fund_id, f.currency, n.nav_date::text AS nav_date, n.nav::text AS nav
        FROM fund_navs n JOIN funds f ON f.id = n.fund_id
        WHERE n.fund_id IN (${ids}) AND n.nav_date <= ${to}::date
          AND (n.nav_date >= ${from}::date
               OR n.nav_date = (SELECT max(m.nav_date) FROM fund_navs m WHERE m.fund_id = n.fund_id AND m.nav_date < ${from}::date)
               OR n.nav_date = (SELECT min(m.nav_date) FROM fund_navs m WHERE m.fund_id = n.fund_id))
        ORDER BY n.fund_id, n.nav_date`,
  );
}

/** The day candles' closes (rials per tether) over `from`..`to`, with the last one before (oldest first). */
export async function readDayPrices(db: DbOrTx, from: string, to: string): Promise<{ day: string; close: string }[]> {
  const start = sql`(${from}::date - interval '3 hours 30 minutes') AT TIME ZONE 'UTC'`;
  const end = sql`(${to}::date + 1 - interval '3 hours 30 minutes') AT TIME ZONE 'UTC'`;
  return queryRows<{ day: string; close: string }>(
    db,
    sql`SELECT ${tehranDay(sql`start`)}::text AS day, close::text AS close FROM tether_candles
        WHERE interval = '1d' AND start < ${end}
          AND (start >= ${start} OR start = (SELECT max(start) FROM tether_candles WHERE interval = '1d' AND start < ${start}))
        ORDER BY start`,
  );
}

export interface SnapshotRow {
  day: string;
  value_irt: string | null;
  value_usdt: string | null;
  flow_irt: string | null;
  flow_usdt: string | null;
  holding: boolean;
}

/** A user's snapshots from `from` on (oldest first). */
export async function readSnapshots(db: DbOrTx, userId: string, from: string): Promise<SnapshotRow[]> {
  return queryRowsPrepared<SnapshotRow>(
    db,
    sql`SELECT day::text AS day, value_irt::text AS value_irt, value_usdt::text AS value_usdt,
               flow_irt::text AS flow_irt, flow_usdt::text AS flow_usdt, holding
        FROM portfolio_snapshots WHERE user_id = ${userId} AND day >= ${from}::date ORDER BY day`,
  );
}

/** Writes snapshots (one statement); `replace` overwrites days already there, else they are kept. */
export async function upsertSnapshots(
  db: DbOrTx,
  userId: string,
  rows: readonly SnapshotRow[],
  opts: { replace: boolean; now: Date },
): Promise<void> {
  if (rows.length === 0) return;
  const num = (v: string | null) => (v === null ? sql`NULL` : sql`${v}::numeric`);
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${userId}::uuid, ${r.day}::date, ${num(r.value_irt)}, ${num(r.value_usdt)}, ${num(r.flow_irt)}, ${num(r.flow_usdt)}, ${r.holding}, ${opts.now.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  await db.execute(
    sql`INSERT INTO portfolio_snapshots (user_id, day, value_irt, value_usdt, flow_irt, flow_usdt, holding, computed_at)
        VALUES ${values}
        ON CONFLICT (user_id, day) DO ${
          opts.replace
            ? sql`UPDATE SET value_irt = EXCLUDED.value_irt, value_usdt = EXCLUDED.value_usdt,
                  flow_irt = EXCLUDED.flow_irt, flow_usdt = EXCLUDED.flow_usdt, holding = EXCLUDED.holding,
                  computed_at = EXCLUDED.computed_at`
            : sql`NOTHING`
        }`,
  );
}

/**
 * Users with a ledger account whose snapshots stop before `through` (or who have none), with the day their
 * first account was opened (a posting is never older than its account) and their last snapshot: the job's work list, `limit` at a time.
 */
export async function usersBehind(
  db: DbOrTx,
  through: string,
  limit: number,
): Promise<{ user_id: string; first_day: string; last_day: string | null }[]> {
  return queryRows(
    db,
    sql`SELECT u.user_id, u.first_day, s.last_day FROM (
          SELECT a.user_id, min(${tehranDay(sql`a.created_at`)})::text AS first_day
          FROM ledger_accounts a WHERE a.user_id IS NOT NULL GROUP BY a.user_id
        ) u
        LEFT JOIN LATERAL (SELECT max(day)::text AS last_day FROM portfolio_snapshots WHERE user_id = u.user_id) s ON true
        WHERE u.first_day <= ${through} AND (s.last_day IS NULL OR s.last_day < ${through})
        ORDER BY u.user_id LIMIT ${limit}`,
  );
}
