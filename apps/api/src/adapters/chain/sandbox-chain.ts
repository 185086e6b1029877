/**
 * The embedded mode's sandbox chain (issue 18, decision 040): one chain per network, kept in the database
 * (`sandbox_chain_blocks`, `sandbox_chain_transfers`) so it survives a restart as the watcher's cursor does.
 * Nothing on it is tether: it lets the whole deposit and withdrawal path run without a node.
 *
 * - A transfer goes to the mempool (`block_number` null) and into the next mined block; on EVM networks its
 *   log index is its place in that block, on TRON its place in its transaction's log (0: one event each).
 * - Block hashes are deterministic: sha256 of the network, the number and the parent's hash; a block
 *   replaced by `reorg` hashes its old hash again, so the replacement differs and so do its descendants.
 * - The server mines a block every `SANDBOX_BLOCK_MS` (`startMining`) and the dev routes on demand; the tests
 *   mine and reorganise directly.
 *
 * The readers answer exactly as the port says a node does, so the watcher cannot tell this chain from a
 * real one; the sandbox signer (`custody/sandbox-custody.ts`) sends from the house's hot wallet here.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, between, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import {
  TETHER_NETWORK_KEYS,
  TETHER_NETWORKS,
  canonicalAddress,
  chainFamily,
  evmAddressFromBytes,
  isValidAddress,
  tronAddressFromBytes,
  type TetherNetworkKey,
} from '@portal/contract/tether/networks';
import { queryRows, type Db, type DbOrTx } from '../../db/client';
import { sandboxChainBlocks, sandboxChainTransfers } from '../../db/schema';
import type { ChainBlock, ChainReaderPort, ChainTransfer, ChainTxStatus } from './chain.port';

export interface SandboxTransferInput {
  network: TetherNetworkKey;
  /** Any valid address of the network (written canonically). */
  to: string;
  /** Raw token units. */
  value: bigint;
  /** The token contract (the network's tether by default). */
  token?: string;
  /** The sender (the sandbox faucet by default). */
  from?: string;
  /** The transaction's hash (a fresh random one by default; the sandbox signer derives its own). */
  txHash?: string;
}

export interface SandboxMinedBlock {
  number: bigint;
  hash: string;
  /** The transfers it took from the mempool. */
  transfers: number;
}

export interface SandboxChain {
  /** A reader per network over this chain. */
  readonly readers: ReadonlyMap<TetherNetworkKey, ChainReaderPort>;
  /** Puts a transfer in the mempool; answers its transaction hash (the same one again for the same hash). */
  transfer(input: SandboxTransferInput): Promise<string>;
  /** Mines `blocks` blocks; the mempool goes into the first. */
  mine(network: TetherNetworkKey, blocks?: number): Promise<{ head: ChainBlock; mined: SandboxMinedBlock[] }>;
  /**
   * Replaces the last `depth` blocks by others at the same heights (new hashes). The transactions in `dropTx`
   * vanish (never mined, unknown to the chain), those in `delayTx` go back to the mempool behind what waits
   * there (the next block takes them: re-included elsewhere), the others stay at their heights in the new
   * blocks.
   */
  reorg(
    network: TetherNetworkKey,
    depth: number,
    opts?: { dropTx?: readonly string[]; delayTx?: readonly string[] },
  ): Promise<void>;
  /** Mines one block on every network every `intervalMs`; answers the stop function. */
  startMining(intervalMs: number, onError?: (err: unknown) => void): () => void;
  /** The house's hot wallet on a network: the sandbox signer sends from it. */
  hotWallet(network: TetherNetworkKey): string;
  /** The default sender of test transfers. */
  faucet(network: TetherNetworkKey): string;
  /** A token contract that is not tether (a test of `other_token`). */
  otherToken(network: TetherNetworkKey): string;
}

const sha256hex = (s: string) => createHash('sha256').update(s).digest('hex');

/** A made-up account of the sandbox: the last 20 bytes of keccak-256 of its name, written for the network. */
export function sandboxAccount(network: TetherNetworkKey, name: string): string {
  const bytes = keccak_256(utf8ToBytes(`portal sandbox ${name}`)).subarray(-20);
  return chainFamily(network) === 'tron' ? tronAddressFromBytes(bytes) : evmAddressFromBytes(bytes);
}

/** A 32-byte hash as the network writes one: `0x…` on EVM, bare hex on TRON. */
export function sandboxHash(network: TetherNetworkKey, seed: string): string {
  const hex = sha256hex(seed);
  return chainFamily(network) === 'tron' ? hex : `0x${hex}`;
}

const blockHashOf = (network: TetherNetworkKey, number: bigint, parentHash: string) =>
  sandboxHash(network, `sandbox-block:${network}:${number}:${parentHash}`);
const replacedHashOf = (network: TetherNetworkKey, oldHash: string) =>
  sandboxHash(network, `sandbox-reorg:${network}:${oldHash}`);

/** Serialises the writers of one network's chain (two miners would both build on the same head). */
async function lockChain(tx: DbOrTx, network: TetherNetworkKey): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sandbox-chain:${network}`}))`);
}

async function headOf(db: DbOrTx, network: TetherNetworkKey): Promise<ChainBlock | undefined> {
  const [row] = await db
    .select({ number: sandboxChainBlocks.number, hash: sandboxChainBlocks.hash })
    .from(sandboxChainBlocks)
    .where(eq(sandboxChainBlocks.network, network))
    .orderBy(desc(sandboxChainBlocks.number))
    .limit(1);
  return row;
}

/** The chain's head, its genesis block (0) written on first use. */
async function headOrGenesis(db: DbOrTx, network: TetherNetworkKey): Promise<ChainBlock> {
  const head = await headOf(db, network);
  if (head) return head;
  await db
    .insert(sandboxChainBlocks)
    .values({ network, number: 0n, hash: blockHashOf(network, 0n, '') })
    .onConflictDoNothing();
  return (await headOf(db, network))!;
}

/** Mines one block on `parent`; the mempool goes into it when `takeMempool`. */
async function mineOne(
  tx: DbOrTx,
  network: TetherNetworkKey,
  parent: ChainBlock,
  takeMempool: boolean,
): Promise<SandboxMinedBlock> {
  const number = parent.number + 1n;
  const hash = blockHashOf(network, number, parent.hash);
  await tx.insert(sandboxChainBlocks).values({ network, number, hash });
  const transfers = takeMempool ? await includeMempool(tx, network, number) : 0;
  return { number, hash, transfers };
}

/**
 * Puts the mempool into block `number`, in the order the transfers came. On EVM the log index counts the
 * block's events; on TRON it stays the event's index in its transaction.
 */
async function includeMempool(tx: DbOrTx, network: TetherNetworkKey, number: bigint): Promise<number> {
  const logIndex = chainFamily(network) === 'evm' ? sql`w.pos - 1` : sql`t.log_index`;
  const rows = await queryRows<{ tx_hash: string }>(
    tx,
    sql`
    UPDATE sandbox_chain_transfers t SET block_number = ${number}, log_index = ${logIndex}
    FROM (
      SELECT tx_hash, log_index, row_number() OVER (ORDER BY created_at, tx_hash, log_index)::int AS pos
      FROM sandbox_chain_transfers WHERE network = ${network} AND block_number IS NULL
    ) w
    WHERE t.network = ${network} AND t.tx_hash = w.tx_hash AND t.log_index = w.log_index
    RETURNING t.tx_hash`,
  );
  return rows.length;
}

function createReader(db: Db, network: TetherNetworkKey): ChainReaderPort {
  return {
    network,
    head: () => headOrGenesis(db, network),

    async blockHash(number) {
      const [row] = await db
        .select({ hash: sandboxChainBlocks.hash })
        .from(sandboxChainBlocks)
        .where(and(eq(sandboxChainBlocks.network, network), eq(sandboxChainBlocks.number, number)));
      return row?.hash ?? null;
    },

    async transfersTo(to, fromBlock, toBlock): Promise<ChainTransfer[]> {
      if (to.length === 0 || fromBlock > toBlock) return [];
      const rows = await db
        .select({ t: sandboxChainTransfers, blockHash: sandboxChainBlocks.hash })
        .from(sandboxChainTransfers)
        .innerJoin(
          sandboxChainBlocks,
          and(
            eq(sandboxChainBlocks.network, sandboxChainTransfers.network),
            eq(sandboxChainBlocks.number, sandboxChainTransfers.blockNumber),
          ),
        )
        .where(
          and(
            eq(sandboxChainTransfers.network, network),
            between(sandboxChainTransfers.blockNumber, fromBlock, toBlock),
            inArray(sandboxChainTransfers.toAddress, [...to]),
            // A failed transaction emits no event.
            eq(sandboxChainTransfers.success, true),
          ),
        )
        .orderBy(asc(sandboxChainTransfers.blockNumber), asc(sandboxChainTransfers.logIndex));
      return rows.map(({ t, blockHash }) => ({
        txHash: t.txHash,
        logIndex: t.logIndex,
        blockNumber: t.blockNumber!,
        blockHash,
        token: t.token,
        from: t.fromAddress,
        to: t.toAddress,
        value: BigInt(t.rawValue),
      }));
    },

    async transaction(txHash): Promise<ChainTxStatus> {
      const [row] = await db
        .select({
          blockNumber: sandboxChainTransfers.blockNumber,
          success: sandboxChainTransfers.success,
          blockHash: sandboxChainBlocks.hash,
        })
        .from(sandboxChainTransfers)
        .leftJoin(
          sandboxChainBlocks,
          and(
            eq(sandboxChainBlocks.network, sandboxChainTransfers.network),
            eq(sandboxChainBlocks.number, sandboxChainTransfers.blockNumber),
          ),
        )
        .where(and(eq(sandboxChainTransfers.network, network), eq(sandboxChainTransfers.txHash, txHash)))
        .limit(1);
      // In the mempool, as for a node: no receipt yet.
      if (!row || row.blockNumber === null || row.blockHash === null) return { found: false };
      return { found: true, blockNumber: row.blockNumber, blockHash: row.blockHash, success: row.success };
    },
  };
}

export function createSandboxChain(db: Db): SandboxChain {
  const readers = new Map(TETHER_NETWORK_KEYS.map((n) => [n, createReader(db, n)] as const));

  const chain: SandboxChain = {
    readers,
    hotWallet: (network) => sandboxAccount(network, 'hot wallet'),
    faucet: (network) => sandboxAccount(network, 'faucet'),
    otherToken: (network) => sandboxAccount(network, 'other token'),

    async transfer(input) {
      const { network } = input;
      for (const [what, address] of [
        ['to', input.to],
        ['from', input.from],
        ['token', input.token],
      ] as const) {
        if (address !== undefined && !isValidAddress(network, address)) {
          throw new Error(`sandbox transfer: ${what} is not an address of ${network}`);
        }
      }
      if (input.value < 0n) throw new Error('sandbox transfer: a negative value');
      const txHash = input.txHash ?? sandboxHash(network, `sandbox-tx:${randomBytes(16).toString('hex')}`);
      await db
        .insert(sandboxChainTransfers)
        .values({
          network,
          txHash,
          logIndex: 0,
          token: canonicalAddress(network, input.token ?? TETHER_NETWORKS[network].tetherContract),
          fromAddress: canonicalAddress(network, input.from ?? chain.faucet(network)),
          toAddress: canonicalAddress(network, input.to),
          rawValue: input.value.toString(),
        })
        .onConflictDoNothing();
      return txHash;
    },

    async mine(network, blocks = 1) {
      if (!Number.isInteger(blocks) || blocks < 1) throw new Error('mine at least one block');
      return db.transaction(async (tx) => {
        await lockChain(tx, network);
        let head = await headOrGenesis(tx, network);
        const mined: SandboxMinedBlock[] = [];
        for (let i = 0; i < blocks; i++) {
          const block = await mineOne(tx, network, head, i === 0);
          mined.push(block);
          head = { number: block.number, hash: block.hash };
        }
        return { head, mined };
      });
    },

    async reorg(network, depth, opts = {}) {
      await db.transaction(async (tx) => {
        await lockChain(tx, network);
        const head = await headOrGenesis(tx, network);
        if (!Number.isInteger(depth) || depth < 1 || BigInt(depth) > head.number) {
          throw new Error(`cannot replace ${depth} blocks of a chain at ${head.number}`);
        }
        const cut = head.number - BigInt(depth);
        const inReplaced = and(
          eq(sandboxChainTransfers.network, network),
          sql`${sandboxChainTransfers.blockNumber} > ${cut}`,
        );
        for (const [list, what] of [
          [opts.dropTx, 'dropped'],
          [opts.delayTx, 'delayed'],
        ] as const) {
          if (!list?.length) continue;
          const found = await tx
            .selectDistinct({ txHash: sandboxChainTransfers.txHash })
            .from(sandboxChainTransfers)
            .where(and(inReplaced, inArray(sandboxChainTransfers.txHash, [...list])));
          if (found.length !== new Set(list).size)
            throw new Error(`a transaction to be ${what} is not in the replaced blocks`);
        }
        if (opts.dropTx?.length) {
          await tx
            .delete(sandboxChainTransfers)
            .where(and(inReplaced, inArray(sandboxChainTransfers.txHash, [...opts.dropTx])));
        }
        if (opts.delayTx?.length) {
          await tx
            .update(sandboxChainTransfers)
            // Back in the mempool now: behind what was already waiting.
            .set({ blockNumber: null, createdAt: sql`now()` })
            .where(and(inReplaced, inArray(sandboxChainTransfers.txHash, [...opts.delayTx])));
        }
        const old = await tx
          .select()
          .from(sandboxChainBlocks)
          .where(and(eq(sandboxChainBlocks.network, network), sql`${sandboxChainBlocks.number} > ${cut}`))
          .orderBy(asc(sandboxChainBlocks.number));
        let parent = (
          await tx
            .select({ hash: sandboxChainBlocks.hash })
            .from(sandboxChainBlocks)
            .where(and(eq(sandboxChainBlocks.network, network), eq(sandboxChainBlocks.number, cut)))
        )[0]!.hash;
        for (const b of old) {
          // The replaced block's own hash seeds the new one: a replacement never hashes like the original.
          const hash = blockHashOf(network, b.number, `${parent}:${replacedHashOf(network, b.hash)}`);
          await tx
            .update(sandboxChainBlocks)
            .set({ hash, minedAt: sql`now()` })
            .where(and(eq(sandboxChainBlocks.network, network), eq(sandboxChainBlocks.number, b.number)));
          parent = hash;
        }
      });
    },

    startMining(intervalMs, onError) {
      let running = false;
      const tick = () => {
        if (running) return;
        running = true;
        // One network after the other: the embedded database runs one transaction at a time anyway.
        (async () => {
          for (const n of TETHER_NETWORK_KEYS) await chain.mine(n, 1);
        })()
          .catch((err: unknown) => onError?.(err))
          .finally(() => {
            running = false;
          });
      };
      const timer = setInterval(tick, intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
  return chain;
}

/** The transfers waiting in a network's mempool (the dev route answers how many the next block takes). */
export async function sandboxMempoolSize(db: DbOrTx, network: TetherNetworkKey): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sandboxChainTransfers)
    .where(and(eq(sandboxChainTransfers.network, network), isNull(sandboxChainTransfers.blockNumber)));
  return row?.n ?? 0;
}
