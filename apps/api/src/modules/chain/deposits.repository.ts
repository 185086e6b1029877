/**
 * The chain watcher's tables (issue 18, decision 040): each network's cursor and lease (`chain_cursors`),
 * the portal's deposit addresses it watches, and the transfers it saw (`chain_deposits`).
 */
import { and, asc, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { TetherNetworkKey } from '@portal/contract/tether/networks';
import type { DbOrTx } from '../../db/client';
import { chainCursors, chainDeposits, depositAddresses } from '../../db/schema';

export type CursorRow = typeof chainCursors.$inferSelect;
export type ChainDepositRow = typeof chainDeposits.$inferSelect;
export type NewChainDeposit = typeof chainDeposits.$inferInsert;

// ---- the cursor and its lease ---------------------------------------------------------------------------

/**
 * Takes or renews the network's lease for `owner` until `until`: granted when nobody holds it, the owner
 * already does, or the holder's lease ran out. One conditional UPDATE, so two instances asking at once get
 * one answer each and only one of them the row. Answers the cursor, or undefined when another holds it.
 */
export async function claimLease(
  db: DbOrTx,
  network: TetherNetworkKey,
  owner: string,
  now: Date,
  until: Date,
): Promise<CursorRow | undefined> {
  const [row] = await db
    .update(chainCursors)
    .set({ leaseOwner: owner, leaseUntil: until })
    .where(
      and(
        eq(chainCursors.network, network),
        or(isNull(chainCursors.leaseOwner), eq(chainCursors.leaseOwner, owner), lt(chainCursors.leaseUntil, now)),
      ),
    )
    .returning();
  return row;
}

/** Gives up every lease `owner` holds (a server shutting down): another instance takes over at once. */
export async function releaseLeases(db: DbOrTx, owner: string): Promise<void> {
  await db.update(chainCursors).set({ leaseOwner: null, leaseUntil: null }).where(eq(chainCursors.leaseOwner, owner));
}

export async function findCursor(db: DbOrTx, network: TetherNetworkKey): Promise<CursorRow> {
  const [row] = await db.select().from(chainCursors).where(eq(chainCursors.network, network));
  if (!row) throw new Error(`chain cursor ${network} is missing (migration 0018 seeds it)`);
  return row;
}

/**
 * Moves the cursor from `from` (the last scanned block the caller read, null at first) to `to`, while
 * `owner` still holds the lease and nobody moved it since: false when either changed (the caller's
 * transaction then rolls back whatever it wrote with it).
 */
export async function moveCursor(
  tx: DbOrTx,
  network: TetherNetworkKey,
  owner: string,
  from: bigint | null,
  to: { block: bigint | null; hash: string | null; head: bigint; at: Date },
): Promise<boolean> {
  const rows = await tx
    .update(chainCursors)
    .set({ lastScannedBlock: to.block, lastScannedHash: to.hash, head: to.head, lastScanAt: to.at })
    .where(
      and(
        eq(chainCursors.network, network),
        eq(chainCursors.leaseOwner, owner),
        from === null ? isNull(chainCursors.lastScannedBlock) : eq(chainCursors.lastScannedBlock, from),
      ),
    )
    .returning({ network: chainCursors.network });
  return rows.length === 1;
}

/** What the console shows of a tick: the head seen and when, and the error if it failed (null when it did not). */
export async function recordTick(
  db: DbOrTx,
  network: TetherNetworkKey,
  owner: string,
  t: { head?: bigint; at: Date; error: string | null },
): Promise<void> {
  await db
    .update(chainCursors)
    .set({
      ...(t.head !== undefined ? { head: t.head, lastScanAt: t.at } : {}),
      ...(t.error !== null ? { lastError: t.error.slice(0, 500), lastErrorAt: t.at } : { lastError: null }),
    })
    .where(and(eq(chainCursors.network, network), eq(chainCursors.leaseOwner, owner)));
}

// ---- the portal's addresses ------------------------------------------------------------------------------

/** The deposit addresses of a network and whose they are. */
export async function portalAddresses(db: DbOrTx, network: TetherNetworkKey): Promise<Map<string, string>> {
  const rows = await db
    .select({ address: depositAddresses.address, userId: depositAddresses.userId })
    .from(depositAddresses)
    .where(eq(depositAddresses.network, network));
  return new Map(rows.map((r) => [r.address, r.userId]));
}

// ---- deposits --------------------------------------------------------------------------------------------

/**
 * Writes the transfers not recorded yet (unique by network, transaction and log index); answers those
 * written. A transfer seen again changes nothing, except one recorded `Dropped` (a reorganisation took it
 * out) and now back in a block: it waits again for its confirmations from there.
 */
export async function insertDeposits(tx: DbOrTx, rows: readonly NewChainDeposit[]): Promise<ChainDepositRow[]> {
  const unique = new Map(rows.map((r) => [`${r.txHash}:${r.logIndex}`, r]));
  if (unique.size === 0) return [];
  return tx
    .insert(chainDeposits)
    .values([...unique.values()])
    .onConflictDoUpdate({
      target: [chainDeposits.network, chainDeposits.txHash, chainDeposits.logIndex],
      set: {
        status: 'Confirming',
        blockNumber: sql`excluded.block_number`,
        blockHash: sql`excluded.block_hash`,
        confirmations: 0,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${chainDeposits.status} = 'Dropped'`,
    })
    .returning();
}

/** The other deposits recorded of one transaction (its other events, or the same one under another index). */
export async function depositsOfTx(db: DbOrTx, network: TetherNetworkKey, txHash: string): Promise<ChainDepositRow[]> {
  return db
    .select()
    .from(chainDeposits)
    .where(and(eq(chainDeposits.network, network), eq(chainDeposits.txHash, txHash)));
}

/** A network's deposits waiting for confirmations, oldest block first. */
export async function confirmingDeposits(db: DbOrTx, network: TetherNetworkKey): Promise<ChainDepositRow[]> {
  return db
    .select()
    .from(chainDeposits)
    .where(and(eq(chainDeposits.network, network), eq(chainDeposits.status, 'Confirming')))
    .orderBy(asc(chainDeposits.blockNumber), asc(chainDeposits.logIndex));
}

/** A deposit still `Confirming`, locked; undefined when it is not (another watcher ended it first). */
export async function lockConfirmingDeposit(tx: DbOrTx, id: string): Promise<ChainDepositRow | undefined> {
  const [row] = await tx
    .select()
    .from(chainDeposits)
    .where(and(eq(chainDeposits.id, id), eq(chainDeposits.status, 'Confirming')))
    .for('update');
  return row;
}

export async function updateDeposit(
  tx: DbOrTx,
  id: string,
  values: Partial<Omit<NewChainDeposit, 'id'>>,
): Promise<ChainDepositRow> {
  const [row] = await tx
    .update(chainDeposits)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(chainDeposits.id, id))
    .returning();
  if (!row) throw new Error(`chain deposit ${id} is missing`);
  return row;
}

/**
 * The confirmations of a network's waiting deposits at `head` (`head − block + 1`, 0 for a block past the
 * head, at most `required`) and the confirmations the network requires now; rows already so are left alone.
 */
export async function refreshConfirmations(
  db: DbOrTx,
  network: TetherNetworkKey,
  head: bigint,
  required: number,
): Promise<void> {
  const confirmations = sql`LEAST(GREATEST(${head} - ${chainDeposits.blockNumber} + 1, 0), ${required})::int`;
  await db
    .update(chainDeposits)
    .set({ confirmations, requiredConfirmations: required, updatedAt: sql`now()` })
    .where(
      and(
        eq(chainDeposits.network, network),
        eq(chainDeposits.status, 'Confirming'),
        or(
          sql`${chainDeposits.confirmations} <> ${confirmations}`,
          sql`${chainDeposits.requiredConfirmations} <> ${required}`,
        ),
      ),
    );
}

export async function listUserDeposits(
  db: DbOrTx,
  userId: string,
  limit: number,
  offset: number,
): Promise<{ rows: ChainDepositRow[]; total: number }> {
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(chainDeposits)
      .where(eq(chainDeposits.userId, userId))
      .orderBy(desc(chainDeposits.createdAt), desc(chainDeposits.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(chainDeposits).where(eq(chainDeposits.userId, userId)),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

export async function findUserDeposit(db: DbOrTx, userId: string, id: string): Promise<ChainDepositRow | undefined> {
  const [row] = await db
    .select()
    .from(chainDeposits)
    .where(and(eq(chainDeposits.id, id), eq(chainDeposits.userId, userId)));
  return row;
}
