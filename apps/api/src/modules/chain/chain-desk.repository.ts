/**
 * Queries of the console's chain desk (issue 18, decision 040): the watcher's cursors, the queues' counts,
 * the deposits and withdrawals as operators list them, and the sums the reconciliation compares. Every
 * function takes the caller's database or transaction; none opens its own, none writes.
 */
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ChainDepositStatus, TetherWithdrawalStatus } from '@portal/contract/tether/chain';
import type { TetherNetworkKey } from '@portal/contract/tether/networks';
import { queryRows, type DbOrTx } from '../../db/client';
import { chainCursors, chainDeposits, ledgerAccounts, tetherWithdrawals, users } from '../../db/schema';
import type { ChainDepositRow, CursorRow } from './deposits.repository';
import type { TetherWithdrawalRow } from './withdrawals.repository';

export interface Owner {
  mobile: string;
  firstName: string | null;
  lastName: string | null;
}

/** Every network's watcher cursor (the migration seeds one per network). */
export async function loadCursors(db: DbOrTx): Promise<Map<TetherNetworkKey, CursorRow>> {
  const rows = await db.select().from(chainCursors);
  return new Map(rows.map((r) => [r.network, r]));
}

/** How many rows per network match (the deposits confirming, the withdrawals waiting for an operator). */
export async function queueCounts(
  db: DbOrTx,
): Promise<{ confirming: Map<TetherNetworkKey, number>; pending: Map<TetherNetworkKey, number> }> {
  const [confirming, pending] = await Promise.all([
    db
      .select({ network: chainDeposits.network, n: count() })
      .from(chainDeposits)
      .where(eq(chainDeposits.status, 'Confirming'))
      .groupBy(chainDeposits.network),
    db
      .select({ network: tetherWithdrawals.network, n: count() })
      .from(tetherWithdrawals)
      .where(eq(tetherWithdrawals.status, 'Pending'))
      .groupBy(tetherWithdrawals.network),
  ]);
  return {
    confirming: new Map(confirming.map((r) => [r.network, r.n])),
    pending: new Map(pending.map((r) => [r.network, r.n])),
  };
}

/** Withdrawals waiting for an operator now (a proposal's effect: new bounds apply to later requests). */
export async function pendingTetherWithdrawals(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(tetherWithdrawals).where(eq(tetherWithdrawals.status, 'Pending'));
  return row?.n ?? 0;
}

const owner = { mobile: users.mobile, firstName: users.firstName, lastName: users.lastName };

/** Transfers to users' deposit addresses, newest first, with who they are for. */
export async function listDeposits(
  db: DbOrTx,
  f: {
    status?: ChainDepositStatus | undefined;
    network?: TetherNetworkKey | undefined;
    userId?: string | undefined;
    limit: number;
    offset: number;
  },
): Promise<{ rows: ({ d: ChainDepositRow } & Owner)[]; total: number }> {
  const where = and(
    f.status ? eq(chainDeposits.status, f.status) : undefined,
    f.network ? eq(chainDeposits.network, f.network) : undefined,
    f.userId ? eq(chainDeposits.userId, f.userId) : undefined,
  );
  const [rows, total] = await Promise.all([
    db
      .select({ d: chainDeposits, ...owner })
      .from(chainDeposits)
      .innerJoin(users, eq(users.id, chainDeposits.userId))
      .where(where)
      .orderBy(desc(chainDeposits.createdAt), desc(chainDeposits.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(chainDeposits).where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/**
 * Withdrawals (of a state, network, user) as the console lists them: pending ones first, oldest first (the
 * queue), then the others newest first, as the proposals desk orders its queue.
 */
export async function listWithdrawals(
  db: DbOrTx,
  f: {
    state?: TetherWithdrawalStatus | undefined;
    network?: TetherNetworkKey | undefined;
    userId?: string | undefined;
    limit: number;
    offset: number;
  },
): Promise<{ rows: TetherWithdrawalRow[]; total: number }> {
  const where = and(
    f.state ? eq(tetherWithdrawals.status, f.state) : undefined,
    f.network ? eq(tetherWithdrawals.network, f.network) : undefined,
    f.userId ? eq(tetherWithdrawals.userId, f.userId) : undefined,
  );
  const pending = sql`${tetherWithdrawals.status} = 'Pending'`;
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(tetherWithdrawals)
      .where(where)
      .orderBy(
        desc(pending),
        asc(sql`case when ${pending} then ${tetherWithdrawals.createdAt} end`),
        desc(tetherWithdrawals.createdAt),
        desc(tetherWithdrawals.id),
      )
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(tetherWithdrawals).where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

// ---- the reconciliation -------------------------------------------------------------------------------

/** Per network, tether minor units: what moved through the portal's addresses, by the tables. */
export interface NetworkFlows {
  /** Deposits credited (each credited once, `chain_custody` → the user). */
  credited: bigint;
  /** Tether received below the network's minimum: on chain, credited to no one. */
  ignoredBelowMinimum: bigint;
  /** Withdrawals' amounts confirmed on chain (held → `chain_custody`). */
  paid: bigint;
  /** Withdrawals' amounts handed to the signer and not yet confirmed (`Sending`, `Sent`). */
  inFlight: bigint;
}

export async function networkFlows(db: DbOrTx): Promise<Map<TetherNetworkKey, NetworkFlows>> {
  const rows = await queryRows<{
    network: TetherNetworkKey;
    credited: string;
    ignored: string;
    paid: string;
    in_flight: string;
  }>(
    db,
    sql`WITH d AS (
          SELECT network,
                 coalesce(sum(amount) FILTER (WHERE status = 'Credited'), 0) AS credited,
                 coalesce(sum(amount) FILTER (WHERE status = 'Ignored' AND ignore_reason = 'below_minimum'), 0) AS ignored
          FROM ${chainDeposits} GROUP BY network),
        w AS (
          SELECT network,
                 coalesce(sum(amount) FILTER (WHERE status = 'Successful'), 0) AS paid,
                 coalesce(sum(amount) FILTER (WHERE status IN ('Sending', 'Sent')), 0) AS in_flight
          FROM ${tetherWithdrawals} GROUP BY network)
        SELECT coalesce(d.network, w.network) AS network,
               coalesce(d.credited, 0)::text AS credited, coalesce(d.ignored, 0)::text AS ignored,
               coalesce(w.paid, 0)::text AS paid, coalesce(w.in_flight, 0)::text AS in_flight
        FROM d FULL JOIN w ON w.network = d.network`,
  );
  return new Map(
    rows.map((r) => [
      r.network,
      {
        credited: BigInt(r.credited),
        ignoredBelowMinimum: BigInt(r.ignored),
        paid: BigInt(r.paid),
        inFlight: BigInt(r.in_flight),
      },
    ]),
  );
}

/** Every user's tether, available and held: what the portal owes its users. */
export async function usersUsdt(db: DbOrTx): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerAccounts.balance}), 0)::text` })
    .from(ledgerAccounts)
    .where(and(sql`${ledgerAccounts.userId} IS NOT NULL`, eq(ledgerAccounts.currency, 'USDT')));
  return BigInt(row?.total ?? '0');
}

/** The tether balances of the house's system accounts, by code (absent: never used, zero). */
export async function systemUsdt(db: DbOrTx, codes: readonly string[]): Promise<Map<string, bigint>> {
  const rows = await db
    .select({ code: ledgerAccounts.code, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(isNull(ledgerAccounts.userId), eq(ledgerAccounts.currency, 'USDT'), inArray(ledgerAccounts.code, [...codes])),
    );
  return new Map(rows.map((r) => [r.code, r.balance]));
}
