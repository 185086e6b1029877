import { sql, type SQL } from 'drizzle-orm';
import type { UserRequestDisplayOrder, UserRequestsResponseType, UserRequestStatus } from '@portal/contract/core/enums';
import type { Currency } from '@portal/contract/core/money';
import { PURCHASE_USER_STATUS, REDEMPTION_USER_STATUS } from '@portal/contract/funds/funds';
import { CHAIN_DEPOSIT_USER_STATUS, TETHER_WITHDRAWAL_USER_STATUS } from '@portal/contract/tether/chain';
import { DEPOSIT_USER_STATUS } from '@portal/contract/wallet/offline-deposits';
import { WITHDRAWAL_USER_STATUS } from '@portal/contract/wallet/withdrawals';
import { queryRows, type DbOrTx } from '../../db/client';

export type RequestType = (typeof UserRequestsResponseType)[number];
export type RequestStatus = (typeof UserRequestStatus)[number];

export interface UserRequestRow {
  id: string;
  type: RequestType;
  status: RequestStatus;
  /** The server's own status of the record (`Pending`, `Approved`…). */
  state: string;
  currency: Currency;
  amount: string;
  fee: string;
  reject_reason: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  /** Fund orders: the fund, and the units bought or asked to redeem (unit-minors); null for the others. */
  fund_id: string | null;
  units: string | null;
  /** Tether on chain (issue 18): the network, hash, confirmations and address; null for the others. */
  network: string | null;
  tx_hash: string | null;
  confirmations: number | null;
  required_confirmations: number | null;
  address: string | null;
  /** A tether withdrawal's operators to wait for (0: approved when asked); null for the others. */
  approvals_needed: number | null;
}

/** `CASE <column> WHEN 'Pending' THEN 'Pending' …`: the server's status as the user reads it, from the contract's map. */
function userStatusOf(column: SQL, map: Record<string, RequestStatus>): SQL {
  const word = (s: string) => {
    if (!/^\w+$/.test(s)) throw new Error(`not a status: ${s}`);
    return sql.raw(`'${s}'`);
  };
  const whens = Object.entries(map).map(([from, to]) => sql`WHEN ${word(from)} THEN ${word(to)}`);
  return sql`(CASE ${column} ${sql.join(whens, sql` `)} END)`;
}

/** The chain columns of a source that is not on chain. */
const NO_CHAIN = sql`NULL::text AS network, NULL::text AS tx_hash, NULL::int AS confirmations,
  NULL::int AS required_confirmations, NULL::text AS address, NULL::int AS approvals_needed`;

/**
 * Where each type of request lives: one SELECT per source, all of the same shape. A fund purchase's fee is
 * its fixed fee; a redemption's amount is its proceeds and its fee the sum of its fees, both 0 until it is
 * priced. A tether deposit's refusal is its ignore reason, or `dropped` when a reorganisation took it out;
 * a tether withdrawal's amount is what reaches the address and its fee the network's.
 */
const SOURCES: Partial<Record<RequestType, (userId: string) => SQL>> = {
  WithdrawalFromTomanWallet: (userId) =>
    sql`SELECT id, 'WithdrawalFromTomanWallet' AS type, ${userStatusOf(sql`status`, WITHDRAWAL_USER_STATUS)} AS status,
               status AS state, currency, amount, 0::bigint AS fee, reject_reason, created_at, updated_at,
               NULL::uuid AS fund_id, NULL::bigint AS units, ${NO_CHAIN}
        FROM withdrawals WHERE user_id = ${userId}`,
  OfflineTomanDeposit: (userId) =>
    sql`SELECT id, 'OfflineTomanDeposit' AS type, ${userStatusOf(sql`status`, DEPOSIT_USER_STATUS)} AS status,
               status AS state, currency, amount, fee, reject_reason, created_at, updated_at,
               NULL::uuid AS fund_id, NULL::bigint AS units, ${NO_CHAIN}
        FROM deposits WHERE user_id = ${userId} AND kind = 'offline'`,
  BuyFund: (userId) =>
    sql`SELECT id, 'BuyFund' AS type, ${userStatusOf(sql`status`, PURCHASE_USER_STATUS)} AS status,
               status AS state, currency, amount, fixed_fee AS fee, fail_reason AS reject_reason, created_at,
               updated_at, fund_id, units, ${NO_CHAIN}
        FROM fund_purchases WHERE user_id = ${userId}`,
  SellFund: (userId) =>
    sql`SELECT id, 'SellFund' AS type, ${userStatusOf(sql`status`, REDEMPTION_USER_STATUS)} AS status,
               status AS state, currency, coalesce(proceeds, 0) AS amount,
               coalesce(fixed_fee, 0) + coalesce(early_exit_fee, 0) + coalesce(performance_fee, 0) AS fee,
               NULL::text AS reject_reason, created_at, updated_at, fund_id, units, ${NO_CHAIN}
        FROM fund_redemptions WHERE user_id = ${userId}`,
  TetherDeposit: (userId) =>
    sql`SELECT id, 'TetherDeposit' AS type, ${userStatusOf(sql`status`, CHAIN_DEPOSIT_USER_STATUS)} AS status,
               status AS state, 'USDT' AS currency, amount, 0::bigint AS fee,
               CASE WHEN status = 'Dropped' THEN 'dropped' ELSE ignore_reason END AS reject_reason,
               created_at, updated_at, NULL::uuid AS fund_id, NULL::bigint AS units,
               network, tx_hash, confirmations, required_confirmations, from_address AS address,
               NULL::int AS approvals_needed
        FROM chain_deposits WHERE user_id = ${userId}`,
  WithdrawalFromTetherWallet: (userId) =>
    sql`SELECT id, 'WithdrawalFromTetherWallet' AS type,
               ${userStatusOf(sql`status`, TETHER_WITHDRAWAL_USER_STATUS)} AS status,
               status AS state, 'USDT' AS currency, amount, fee, reject_reason, created_at, updated_at,
               NULL::uuid AS fund_id, NULL::bigint AS units,
               network, tx_hash, confirmations, required_confirmations, address, approvals_needed
        FROM tether_withdrawals WHERE user_id = ${userId}`,
};

const ORDER: Record<(typeof UserRequestDisplayOrder)[number], SQL> = {
  NewestRequest: sql`created_at DESC, id DESC`,
  OldestRequest: sql`created_at ASC, id ASC`,
  NewestChange: sql`updated_at DESC, id DESC`,
  OldestChange: sql`updated_at ASC, id ASC`,
};

export interface UserRequestsFilter {
  userId: string;
  type?: RequestType | undefined;
  status?: RequestStatus | undefined;
  order: (typeof UserRequestDisplayOrder)[number];
  limit: number;
  offset: number;
}

/** A user's requests of every type in one ordered page, with the total matching. */
export async function findUserRequests(
  tx: DbOrTx,
  f: UserRequestsFilter,
): Promise<{ rows: UserRequestRow[]; total: number }> {
  const sources = Object.entries(SOURCES)
    .filter(([type]) => !f.type || type === f.type)
    .map(([, select]) => select(f.userId));
  if (sources.length === 0) return { rows: [], total: 0 };
  const from = sql`FROM (${sql.join(sources, sql` UNION ALL `)}) r ${f.status ? sql`WHERE r.status = ${f.status}` : sql``}`;
  const [rows, count] = await Promise.all([
    queryRows<UserRequestRow>(
      tx,
      sql`SELECT r.id, r.type, r.status, r.state, r.currency, r.amount::text AS amount, r.fee::text AS fee,
                 r.reject_reason, r.created_at, r.updated_at, r.fund_id, r.units::text AS units,
                 r.network, r.tx_hash, r.confirmations, r.required_confirmations, r.address, r.approvals_needed
          ${from} ORDER BY ${ORDER[f.order]} LIMIT ${f.limit} OFFSET ${f.offset}`,
    ),
    queryRows<{ total: number }>(tx, sql`SELECT count(*)::int AS total ${from}`),
  ]);
  return { rows, total: count[0]?.total ?? 0 };
}
