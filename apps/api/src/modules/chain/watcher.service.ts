/**
 * The chain watcher (issue 18, decision 040): one per network, on one instance at a time.
 *
 * tick (every `CHAIN_POLL_MS`, per network):
 *   lease   the network's row of `chain_cursors` is claimed with a conditional UPDATE (free, ours, or run
 *           out); only the holder goes on, and it renews the lease after every batch
 *   head    the chain's latest block, written for the console (head, last scan, last error)
 *   reorg   the stored hash of the last scanned block is compared with the chain's: a different one means
 *           the chain was reorganised under it, and the cursor steps back by the network's confirmations
 *           (a reorganisation deeper than that is past the rule that makes a deposit final)
 *   scan    `cursor+1 .. min(head, cursor+batch)`, batch after batch until the head: the transfers to the
 *           network's deposit addresses are recorded and the cursor moves (with the hash of its block) in
 *           one transaction, and only if nobody moved it meanwhile; a first start begins at the head minus
 *           the confirmations
 *   confirm each waiting deposit with enough confirmations is checked on the chain and credited once, moved
 *           or dropped (`deposits.service.ts`)
 *   withdrawals  `runWithdrawalJobs` (signer.service.ts): sends, asks after and follows the network's
 *           withdrawals
 *
 * A restart resumes from the cursor: what was scanned is in the database with the cursor that covers it,
 * what was not is scanned again (a transfer seen twice is recorded once). Two instances at once: the lease
 * lets one work; were a slow holder's lease to run out mid-tick, the cursor's conditional move, the unique
 * transfer and the deposit's row lock keep a second one from recording or crediting anything twice.
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { TETHER_NETWORK_KEYS, type TetherNetworkKey } from '@portal/contract/tether/networks';
import type { ChainBlock, ChainReaderPort } from '../../adapters/chain/chain.port';
import type { CustodyPort } from '../../adapters/custody/custody.port';
import type { Db } from '../../db/client';
import { runMoneyTransaction } from '../../lib/money-tx';
import {
  claimLease,
  moveCursor,
  portalAddresses,
  recordTick,
  releaseLeases,
  type CursorRow,
} from './deposits.repository';
import { confirmDeposits, recordTransfers, type ConfirmResult } from './deposits.service';
import { loadNetwork, type NetworkRow } from './networks.repository';
import { runWithdrawalJobs, type JobLog, type WithdrawalJobsResult } from './signer.service';

export interface WatcherDeps {
  db: Db;
  readers: ReadonlyMap<TetherNetworkKey, ChainReaderPort>;
  custody: CustodyPort;
  /** The most blocks one scan reads (`CHAIN_SCAN_BATCH`). */
  scanBatch: number;
  /** How long a lease lasts unless renewed. */
  leaseMs: number;
  now?: () => Date;
  log?: JobLog;
}

export interface TickResult {
  network: TetherNetworkKey;
  /** False: another instance holds the lease, nothing was done. */
  leased: boolean;
  head: bigint | null;
  /** The last block scanned after this tick. */
  cursor: bigint | null;
  /** A reorganisation was found under the cursor (it stepped back). */
  reorg: boolean;
  /** Transfers recorded (new or back from `Dropped`). */
  recorded: number;
  confirm: ConfirmResult | null;
  withdrawals: WithdrawalJobsResult | null;
}

/** The lease was taken over, or the cursor moved, by another watcher: this one stops at once. */
class LeaseLost extends Error {
  constructor(network: TetherNetworkKey) {
    super(`${network}: the watcher's lease was taken over`);
    this.name = 'LeaseLost';
  }
}

/** A name for this process's watcher: the lease's owner. */
export const watcherOwner = (): string => `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

const maxBig = (a: bigint, b: bigint) => (a > b ? a : b);

/** The block a cursor rests on, and its hash on the chain now (null before the chain's first block). */
async function cursorAt(reader: ChainReaderPort, block: bigint, signal?: AbortSignal) {
  return { block, hash: block >= 0n ? await reader.blockHash(block, signal) : null };
}

/**
 * Where the scan starts this tick: the cursor, placed first at the head minus the confirmations, and stepped
 * back by the confirmations when the chain under it changed. Answers the last scanned block and, after a
 * reorganisation, the block above which deposits must be looked at again.
 */
async function startingPoint(
  deps: WatcherDeps,
  c: { network: NetworkRow; cursor: CursorRow; head: ChainBlock; owner: string; reader: ChainReaderPort; at: Date },
): Promise<{ last: bigint; recheckAbove: bigint | null }> {
  const { network, cursor, head, reader } = c;
  const confirmations = BigInt(network.confirmations);
  const last = cursor.lastScannedBlock;
  let to: { block: bigint; hash: string | null };
  if (last === null) {
    to = await cursorAt(reader, maxBig(head.number - confirmations, 0n) - 1n);
  } else if (cursor.lastScannedHash !== null && (await reader.blockHash(last)) !== cursor.lastScannedHash) {
    to = await cursorAt(reader, maxBig(last - confirmations, -1n));
  } else {
    return { last, recheckAbove: null };
  }
  const moved = await moveCursor(deps.db, network.network, c.owner, last, { ...to, head: head.number, at: c.at });
  if (!moved) throw new LeaseLost(network.network);
  return { last: to.block, recheckAbove: last === null ? null : to.block };
}

/**
 * Scans from `last + 1` to the head (less the reader's index lag) in batches: per batch, the hash of its last block (read before its
 * transfers: a reorganisation in between is then seen next tick), the transfers to the portal's addresses,
 * then one transaction that records them and moves the cursor. Renews the lease after each batch.
 */
async function scan(
  deps: WatcherDeps,
  c: { network: NetworkRow; head: ChainBlock; owner: string; reader: ChainReaderPort; last: bigint },
): Promise<{ cursor: bigint; recorded: number }> {
  const clock = () => deps.now?.() ?? new Date();
  const name = c.network.network;
  // Read after the head: an address created after this read can only receive in blocks mined after it,
  // which are above the head this tick scans to (the user saw the address before sending to it).
  const owners = await portalAddresses(deps.db, name);
  const addresses = [...owners.keys()];
  let last = c.last;
  let recorded = 0;
  // Not nearer the head than the reader's index may lag (TronGrid): a later tick scans those blocks.
  const limit = c.head.number - BigInt(c.reader.indexLagBlocks ?? 0);
  while (last < limit) {
    const to = last + BigInt(deps.scanBatch) < limit ? last + BigInt(deps.scanBatch) : limit;
    const hash = await c.reader.blockHash(to);
    const transfers = addresses.length > 0 ? await c.reader.transfersTo(addresses, last + 1n, to) : [];
    const from = last;
    recorded += await runMoneyTransaction(deps.db, async (tx) => {
      const written = await recordTransfers(tx, { network: c.network, transfers, owners });
      const moved = await moveCursor(tx, name, c.owner, from, { block: to, hash, head: c.head.number, at: clock() });
      if (!moved) throw new LeaseLost(name);
      return written.length;
    });
    last = to;
    const now = clock();
    if (!(await claimLease(deps.db, name, c.owner, now, new Date(now.getTime() + deps.leaseMs)))) {
      throw new LeaseLost(name);
    }
  }
  return { cursor: last, recorded };
}

/**
 * One tick of one network's watcher, as `owner`. Tests call it directly with their clock; the job calls it
 * every `CHAIN_POLL_MS`. A failure is written on the cursor for the console and thrown.
 */
export async function tickNetwork(deps: WatcherDeps, network: TetherNetworkKey, owner: string): Promise<TickResult> {
  const clock = () => deps.now?.() ?? new Date();
  const idle: TickResult = {
    network,
    leased: false,
    head: null,
    cursor: null,
    reorg: false,
    recorded: 0,
    confirm: null,
    withdrawals: null,
  };
  const reader = deps.readers.get(network);
  if (!reader) return idle;
  const now = clock();
  const cursor = await claimLease(deps.db, network, owner, now, new Date(now.getTime() + deps.leaseMs));
  if (!cursor) return idle;
  try {
    const settings = await loadNetwork(deps.db, network);
    const head = await reader.head();
    // A node behind the cursor (a lagging backend) tells nothing about what was scanned: wait for it.
    if (cursor.lastScannedBlock !== null && head.number < cursor.lastScannedBlock) {
      await recordTick(deps.db, network, owner, { at: clock(), error: null });
      return { ...idle, leased: true, head: head.number, cursor: cursor.lastScannedBlock };
    }
    const start = await startingPoint(deps, { network: settings, cursor, head, owner, reader, at: clock() });
    const scanned = await scan(deps, { network: settings, head, owner, reader, last: start.last });
    const confirm = await confirmDeposits(
      { db: deps.db, reader, now: clock },
      { network: settings, head: head.number, recheckAbove: start.recheckAbove },
    );
    const withdrawals = await runWithdrawalJobs({
      db: deps.db,
      custody: deps.custody,
      reader,
      network,
      now: clock(),
      ...(deps.log ? { log: deps.log } : {}),
    });
    await recordTick(deps.db, network, owner, { head: head.number, at: clock(), error: null });
    return {
      network,
      leased: true,
      head: head.number,
      cursor: scanned.cursor,
      reorg: start.recheckAbove !== null,
      recorded: scanned.recorded,
      confirm,
      withdrawals,
    };
  } catch (err) {
    if (err instanceof LeaseLost) return idle;
    await recordTick(deps.db, network, owner, {
      at: clock(),
      error: err instanceof Error ? err.message : String(err),
    }).catch(() => undefined);
    throw err;
  }
}

/**
 * The server's watcher job: every network's tick every `intervalMs` (and once at once), a network's next tick
 * only after its last one ended. Every instance runs it; the lease makes one of them work. The stop
 * function gives the leases up, so another instance takes over without waiting for them to run out.
 */
export function startChainWatcher(
  deps: WatcherDeps,
  opts: { intervalMs: number; owner?: string; onError: (err: unknown, network: TetherNetworkKey) => void },
): () => Promise<void> {
  const owner = opts.owner ?? watcherOwner();
  const running = new Map<TetherNetworkKey, Promise<void>>();
  let stopped = false;
  const tick = () => {
    for (const network of TETHER_NETWORK_KEYS) {
      if (stopped || running.has(network) || !deps.readers.has(network)) continue;
      const run = tickNetwork(deps, network, owner)
        .then(() => undefined)
        .catch((err: unknown) => opts.onError(err, network))
        .finally(() => running.delete(network));
      running.set(network, run);
    }
  };
  tick();
  const timer = setInterval(tick, opts.intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await Promise.all(running.values());
    await releaseLeases(deps.db, owner).catch(() => undefined);
  };
}
