/**
 * Tether withdrawals, the address book and the whitelist as stored (issue 18, decision 040): the queries
 * of `withdrawals.service.ts`, `address-book.service.ts` and `signer.service.ts`. Amounts are tether minor
 * units (six decimals).
 */
import { and, asc, count, desc, eq, inArray, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import type { TetherWithdrawalStatus } from '@portal/contract/tether/chain';
import type { TetherNetworkKey } from '@portal/contract/tether/networks';
import { queryRows, type DbOrTx } from '../../db/client';
import {
  chainSettings,
  depositAddresses,
  tetherAddressBook,
  tetherWhitelist,
  tetherWithdrawals,
} from '../../db/schema';

export type TetherWithdrawalRow = typeof tetherWithdrawals.$inferSelect;
export type AddressBookRow = typeof tetherAddressBook.$inferSelect;

/** The statuses whose hold went back to the wallet: they count toward nothing (the daily limit). */
export const RETURNED_STATUSES = [
  'Rejected',
  'Failed',
  'Canceled',
] as const satisfies readonly TetherWithdrawalStatus[];

// ---- withdrawals ------------------------------------------------------------------------------------

export async function insertTetherWithdrawal(
  tx: DbOrTx,
  values: typeof tetherWithdrawals.$inferInsert,
): Promise<TetherWithdrawalRow> {
  const [row] = await tx.insert(tetherWithdrawals).values(values).returning();
  return row!;
}

/** A withdrawal by id, of this user when `userId` is given; `lock` takes its row for the transaction. */
export async function findTetherWithdrawal(
  tx: DbOrTx,
  id: string,
  opts: { userId?: string; lock?: boolean } = {},
): Promise<TetherWithdrawalRow | null> {
  const q = tx
    .select()
    .from(tetherWithdrawals)
    .where(and(eq(tetherWithdrawals.id, id), opts.userId ? eq(tetherWithdrawals.userId, opts.userId) : undefined))
    .limit(1);
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

/** A page of the user's withdrawals, newest first, of the given statuses when any are given. */
export async function listUserTetherWithdrawals(
  tx: DbOrTx,
  userId: string,
  statuses: readonly TetherWithdrawalStatus[] | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: TetherWithdrawalRow[]; total: number }> {
  const where = and(
    eq(tetherWithdrawals.userId, userId),
    statuses ? inArray(tetherWithdrawals.status, [...statuses]) : undefined,
  );
  const [rows, total] = await Promise.all([
    tx
      .select()
      .from(tetherWithdrawals)
      .where(where)
      .orderBy(desc(tetherWithdrawals.createdAt), desc(tetherWithdrawals.id))
      .limit(limit)
      .offset(offset),
    tx.select({ n: count() }).from(tetherWithdrawals).where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

export async function updateTetherWithdrawal(
  tx: DbOrTx,
  id: string,
  set: Partial<typeof tetherWithdrawals.$inferInsert>,
): Promise<TetherWithdrawalRow> {
  const [row] = await tx
    .update(tetherWithdrawals)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(tetherWithdrawals.id, id))
    .returning();
  return row!;
}

/**
 * Tether the user asked to withdraw on a Tehran day (`amount`, the fee apart), leaving out what went back
 * to the wallet (rejected, failed, cancelled): the daily limit's count.
 */
export async function withdrawnOnDay(tx: DbOrTx, userId: string, day: string): Promise<bigint> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${tetherWithdrawals.amount}), 0)::text` })
    .from(tetherWithdrawals)
    .where(
      and(
        eq(tetherWithdrawals.userId, userId),
        eq(tetherWithdrawals.requestDay, day),
        notInArray(tetherWithdrawals.status, [...RETURNED_STATUSES]),
      ),
    );
  return BigInt(row?.total ?? '0');
}

/**
 * The settings across networks, `FOR SHARE`: a withdrawal's review bounds and daily limit are those in
 * force when it commits (an approved `chain_settings` proposal waits for it, or it for the proposal).
 */
export async function lockChainSettings(tx: DbOrTx) {
  const [row] = await tx.select().from(chainSettings).where(eq(chainSettings.id, 1)).for('share');
  if (!row) throw new Error('chain settings are missing (migration 0018 seeds them)');
  return row;
}

/**
 * Whether an address is one of the portal's own deposit addresses, on any network: the EVM networks share
 * one address per user, and a canonical address is written one way only, so the text compares.
 */
export async function isPortalDepositAddress(tx: DbOrTx, address: string): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(depositAddresses)
    .where(eq(depositAddresses.address, address))
    .limit(1);
  return row !== undefined;
}

// ---- the signer's claims ----------------------------------------------------------------------------

/**
 * Approved withdrawals of a network, oldest first, moved to `Sending` with `sent_asked_at` in one
 * statement and locked for this caller only (`SKIP LOCKED`): two ticks at once never claim one twice.
 */
export async function claimApprovedForSending(
  tx: DbOrTx,
  network: TetherNetworkKey,
  now: Date,
  limit: number,
): Promise<TetherWithdrawalRow[]> {
  const ids = tx
    .select({ id: tetherWithdrawals.id })
    .from(tetherWithdrawals)
    .where(and(eq(tetherWithdrawals.network, network), eq(tetherWithdrawals.status, 'Approved')))
    .orderBy(asc(tetherWithdrawals.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .update(tetherWithdrawals)
    .set({ status: 'Sending', sentAskedAt: now, updatedAt: sql`now()` })
    .where(and(inArray(tetherWithdrawals.id, ids), eq(tetherWithdrawals.status, 'Approved')))
    .returning();
}

/**
 * `Sending` withdrawals of a network last asked about at or before `askedBefore` (or never), their
 * `sent_asked_at` moved to `now` as they are claimed (`SKIP LOCKED`): one caller asks the custody service
 * about each per back-off period.
 */
export async function claimSendingToAsk(
  tx: DbOrTx,
  network: TetherNetworkKey,
  askedBefore: Date,
  now: Date,
  limit: number,
): Promise<TetherWithdrawalRow[]> {
  const ids = tx
    .select({ id: tetherWithdrawals.id })
    .from(tetherWithdrawals)
    .where(
      and(
        eq(tetherWithdrawals.network, network),
        eq(tetherWithdrawals.status, 'Sending'),
        or(isNull(tetherWithdrawals.sentAskedAt), lte(tetherWithdrawals.sentAskedAt, askedBefore)),
      ),
    )
    .orderBy(asc(tetherWithdrawals.sentAskedAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .update(tetherWithdrawals)
    .set({ sentAskedAt: now })
    .where(and(inArray(tetherWithdrawals.id, ids), eq(tetherWithdrawals.status, 'Sending')))
    .returning();
}

/** `Sent` withdrawals of a network (on chain, waiting for confirmations), oldest first. */
export async function listSent(tx: DbOrTx, network: TetherNetworkKey, limit: number): Promise<TetherWithdrawalRow[]> {
  return tx
    .select()
    .from(tetherWithdrawals)
    .where(and(eq(tetherWithdrawals.network, network), eq(tetherWithdrawals.status, 'Sent')))
    .orderBy(asc(tetherWithdrawals.createdAt))
    .limit(limit);
}

/** The confirmations seen of a `Sent` withdrawal (nothing when it moved on meanwhile). */
export async function recordConfirmations(
  tx: DbOrTx,
  id: string,
  seen: { blockNumber: bigint | null; confirmations: number | null },
): Promise<void> {
  await tx
    .update(tetherWithdrawals)
    .set({ blockNumber: seen.blockNumber, confirmations: seen.confirmations, updatedAt: sql`now()` })
    .where(and(eq(tetherWithdrawals.id, id), eq(tetherWithdrawals.status, 'Sent')));
}

// ---- the address book and the whitelist -------------------------------------------------------------

export async function listAddressBook(tx: DbOrTx, userId: string): Promise<AddressBookRow[]> {
  return tx
    .select()
    .from(tetherAddressBook)
    .where(eq(tetherAddressBook.userId, userId))
    .orderBy(asc(tetherAddressBook.createdAt), asc(tetherAddressBook.id));
}

export async function countAddressBook(tx: DbOrTx, userId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(tetherAddressBook).where(eq(tetherAddressBook.userId, userId));
  return row?.n ?? 0;
}

/** The user's saved entry of an address on a network (canonical address), if any. */
export async function findAddressBookEntry(
  tx: DbOrTx,
  userId: string,
  network: TetherNetworkKey,
  address: string,
): Promise<AddressBookRow | null> {
  const [row] = await tx
    .select()
    .from(tetherAddressBook)
    .where(
      and(
        eq(tetherAddressBook.userId, userId),
        eq(tetherAddressBook.network, network),
        eq(tetherAddressBook.address, address),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Saves an entry; null when the user already saved that address on that network (the unique index). */
export async function insertAddressBookEntry(
  tx: DbOrTx,
  values: typeof tetherAddressBook.$inferInsert,
): Promise<AddressBookRow | null> {
  const [row] = await tx.insert(tetherAddressBook).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** Removes one of the user's entries; null when the user has no such entry. */
export async function deleteAddressBookEntry(tx: DbOrTx, userId: string, id: string): Promise<AddressBookRow | null> {
  const [row] = await tx
    .delete(tetherAddressBook)
    .where(and(eq(tetherAddressBook.id, id), eq(tetherAddressBook.userId, userId)))
    .returning();
  return row ?? null;
}

/** Whether the user's whitelist mode is on (no row: off). */
export async function whitelistOn(tx: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ on: tetherWhitelist.on })
    .from(tetherWhitelist)
    .where(eq(tetherWhitelist.userId, userId))
    .limit(1);
  return row?.on ?? false;
}

export async function setWhitelist(tx: DbOrTx, userId: string, on: boolean): Promise<void> {
  await tx
    .insert(tetherWhitelist)
    .values({ userId, on })
    .onConflictDoUpdate({ target: tetherWhitelist.userId, set: { on, updatedAt: sql`now()` } });
}

/**
 * Of the given withdrawals, those whose address was in their owner's book past its cooling time when the
 * withdrawal was asked (the console's `addressSaved`).
 */
export async function savedAddressesOf(tx: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`SELECT w.id FROM tether_withdrawals w
        JOIN tether_address_book b ON b.user_id = w.user_id AND b.network = w.network AND b.address = w.address
        WHERE w.id IN (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) AND b.usable_at <= w.created_at`,
  );
  return new Set(rows.map((r) => r.id));
}
