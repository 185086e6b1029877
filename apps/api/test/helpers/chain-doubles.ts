/**
 * Fake chains and local servers that speak their protocols (issue 18): an EVM node's JSON-RPC, TRON's full
 * node and TronGrid HTTP API, and the custody service of decision 040. The chain readers' and the custody
 * adapter's tests use them, as do the chain watcher's tests and the bench; a test programs the chain
 * (`transfer`, `mine`, `reorg`, `failTx`) and the server's failures (`setMode`), and reads what was asked
 * (`requests`).
 *
 * A fake chain keeps its blocks in an array and, for each address named in an event's topics, the numbers
 * of the blocks that name it: a query for transfers to a few addresses over a long range reads those
 * blocks only (the bench's 10,000 blocks and 1,000 transfers answer in milliseconds). Hashes are sha256 of
 * the block's number and the chain's fork counter, so they are deterministic, and a block replaced by a
 * reorganisation gets a new one.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import {
  TETHER_NETWORKS,
  evmAddressFromBytes,
  toChecksumAddress,
  tronAddressFromBytes,
  tronAddressToBytes,
  type TetherNetworkKey,
} from '@portal/contract/tether/networks';

const sha256hex = (s: string) => createHash('sha256').update(s).digest('hex');
/** keccak-256 of the ERC-20 event's signature, computed here rather than taken from the code under test. */
const TRANSFER = bytesToHex(keccak_256(utf8ToBytes('Transfer(address,address,uint256)')));
const word = (hex: string) => hex.padStart(64, '0');

// ---- The fake chains ------------------------------------------------------------------------------

/** An event as the chain keeps it: lower-case hex without `0x`, the contract as its 20 bytes. */
interface RawLog {
  contract: string;
  topics: string[];
  data: string;
}

interface FakeTx {
  hash: string;
  /** The sender's 20 bytes in hex. */
  from: string;
  /** The called contract's 20 bytes in hex. */
  contract: string;
  logs: RawLog[];
  /** Reverted: mined, with a failed status and no events. */
  failed: boolean;
  block: FakeBlock | null;
  /** Its position in its block. */
  index: number;
}

interface FakeBlock {
  number: number;
  hash: string;
  parentHash: string;
  timestamp: number;
  txs: FakeTx[];
}

/** A transfer as a test reads it back from a fake chain. */
export interface FakeChainTransfer {
  txHash: string;
  /** The event's index in its block (EVM) or in its transaction's log (TRON), while mined. */
  logIndex: number | null;
  blockNumber: number | null;
  token: string;
  from: string;
  to: string;
  value: bigint;
  failed: boolean;
}

export interface FakeTxState {
  hash: string;
  blockNumber: number | null;
  blockHash: string | null;
  failed: boolean;
}

/** What a transfer is made of, in the chain's own address form. */
export interface TransferSpec {
  /** The token contract (the network's tether by default). */
  token?: string;
  from: string;
  to: string;
  value: bigint;
}

/**
 * What both fake chains share: blocks from `firstBlock` (the first one there, like a node started from a
 * snapshot), transactions waiting for the next block, and the index of blocks by the addresses their
 * events name. Subclasses say how an address and a hash are written.
 */
abstract class FakeChain {
  protected readonly blocks: FakeBlock[] = [];
  protected readonly pending: FakeTx[] = [];
  protected readonly txs = new Map<string, FakeTx>();
  /** Transactions a reorganisation dropped, with the block they were in (a node may still echo their logs). */
  readonly dropped: { tx: FakeTx; block: FakeBlock }[] = [];
  private readonly named = new Map<string, number[]>();
  private fork = 0;
  private seq = 0;

  protected constructor(readonly firstBlock: number) {
    this.blocks.push(this.makeBlock(firstBlock, '0'.repeat(64), []));
  }

  /** The address's 20 bytes in lower-case hex (throws on an address of another chain). */
  protected abstract bytesOf(address: string): string;
  /** 20 bytes in hex as the chain writes an address. */
  protected abstract addressOf(hex40: string): string;
  protected abstract blockHashOf(number: number, fork: number): string;
  protected abstract txHashOf(seq: number): string;
  abstract timestampOf(number: number): number;
  /** The network's tether contract, the default token of `transfer`. */
  abstract readonly tether: string;

  get head(): number {
    return this.blocks[this.blocks.length - 1]!.number;
  }

  /** The hash of block `number` now, or null when the chain is not that long (or starts after it). */
  blockHash(number: number): string | null {
    return this.block(number)?.hash ?? null;
  }

  /** Mines `n` blocks; the waiting transactions go into the first. Answers the new head. */
  mine(n = 1): number {
    for (let i = 0; i < n; i++) {
      const txs = i === 0 ? this.pending.splice(0) : [];
      this.push(this.makeBlock(this.head + 1, this.blocks[this.blocks.length - 1]!.hash, txs));
    }
    return this.head;
  }

  /** A token transfer for the next block; answers its transaction hash. */
  transfer(t: TransferSpec): string {
    return this.transferMany(t.token ?? this.tether, t.from, [{ to: t.to, value: t.value }]);
  }

  /** One transaction with a `Transfer` event per output, in order (a batch payout, a router). */
  transferMany(token: string, from: string, outputs: readonly { to: string; value: bigint }[]): string {
    const contract = this.bytesOf(token);
    const sender = this.bytesOf(from);
    const logs = outputs.map(({ to, value }) => {
      if (value < 0n) throw new Error('a transfer of a negative value');
      return { contract, topics: [TRANSFER, word(sender), word(this.bytesOf(to))], data: word(value.toString(16)) };
    });
    return this.submit(sender, contract, logs);
  }

  /**
   * Any event, for the next block: `topics` and `data` in hex with or without `0x`, the contract in the
   * chain's address form (an ERC-721 `Transfer`, with the token id as a fourth topic, is one).
   */
  emit(e: { address: string; topics: readonly string[]; data?: string; from?: string }): string {
    const hex = (s: string) => s.replace(/^0x/, '').toLowerCase();
    const contract = this.bytesOf(e.address);
    const log = { contract, topics: e.topics.map(hex), data: hex(e.data ?? '') };
    return this.submit(e.from ? this.bytesOf(e.from) : '0'.repeat(40), contract, [log]);
  }

  /** The transaction reverts: a failed status and no events (already mined: as if it had reverted there). */
  failTx(hash: string): void {
    const tx = this.txs.get(hash);
    if (!tx) throw new Error(`no transaction ${hash}`);
    tx.failed = true;
  }

  /**
   * Replaces the last `depth` blocks with new ones at the same heights (new hashes): the transactions in
   * `dropTx` disappear (never mined, unknown to the node), the others are in the new blocks as before.
   */
  reorg(depth: number, opts: { dropTx?: readonly string[] } = {}): void {
    if (depth < 1 || depth >= this.blocks.length)
      throw new Error(`cannot replace ${depth} of ${this.blocks.length} blocks`);
    const drop = new Set(opts.dropTx ?? []);
    const cut = this.head - depth;
    for (const hash of drop) {
      const mined = this.txs.get(hash)?.block;
      if (!mined || mined.number <= cut) throw new Error(`${hash} is not in the replaced blocks`);
    }
    const old = this.blocks.splice(this.blocks.length - depth);
    for (const b of old) {
      for (const tx of b.txs) for (const key of this.keysOf(tx)) this.unindexAbove(key, cut);
    }
    this.fork++;
    for (const b of old) {
      const kept = b.txs.filter((tx) => !drop.has(tx.hash));
      for (const tx of b.txs) {
        if (!drop.has(tx.hash)) continue;
        this.dropped.push({ tx, block: b });
        this.txs.delete(tx.hash);
        tx.block = null;
      }
      this.push(this.makeBlock(b.number, this.blocks[this.blocks.length - 1]!.hash, kept));
    }
  }

  /** Where a transaction stands, or undefined when the chain never had it (or a reorganisation dropped it). */
  transaction(hash: string): FakeTxState | undefined {
    const tx = this.txs.get(hash);
    if (!tx) return undefined;
    return { hash, blockNumber: tx.block?.number ?? null, blockHash: tx.block?.hash ?? null, failed: tx.failed };
  }

  /** Every `Transfer` event of the chain's transactions, mined or waiting, in order of submission. */
  transfers(): FakeChainTransfer[] {
    const out: FakeChainTransfer[] = [];
    for (const tx of this.txs.values()) {
      const indices = tx.block ? this.logIndices(tx.block) : null;
      tx.logs.forEach((log, i) => {
        if (log.topics.length !== 3 || log.topics[0] !== TRANSFER) return;
        out.push({
          txHash: tx.hash,
          logIndex: indices ? this.logIndexOf(indices, tx, i) : null,
          blockNumber: tx.block?.number ?? null,
          token: this.addressOf(log.contract),
          from: this.addressOf(log.topics[1]!.slice(24)),
          to: this.addressOf(log.topics[2]!.slice(24)),
          value: BigInt(`0x${log.data}`),
          failed: tx.failed,
        });
      });
    }
    return out;
  }

  /** A log's index as the chain numbers it: EVM in its block (see the subclass), TRON in its transaction. */
  protected logIndexOf(_blockIndices: Map<FakeTx, number>, _tx: FakeTx, i: number): number {
    return i;
  }

  /** The first log index of each transaction of a block, its failed ones emitting nothing. */
  protected logIndices(block: FakeBlock): Map<FakeTx, number> {
    const first = new Map<FakeTx, number>();
    let n = 0;
    for (const tx of block.txs) {
      first.set(tx, n);
      if (!tx.failed) n += tx.logs.length;
    }
    return first;
  }

  protected block(number: number): FakeBlock | undefined {
    return number >= this.firstBlock ? this.blocks[number - this.firstBlock] : undefined;
  }

  /** The blocks in `from..to` whose events name the 20-byte address `hex40` in a topic, in order. */
  protected blocksNaming(hex40: string, from: number, to: number): FakeBlock[] {
    const numbers = this.named.get(hex40) ?? [];
    const out: FakeBlock[] = [];
    for (let i = lowerBound(numbers, from); i < numbers.length && numbers[i]! <= to; i++)
      out.push(this.block(numbers[i]!)!);
    return out;
  }

  protected blocksIn(from: number, to: number): FakeBlock[] {
    const out: FakeBlock[] = [];
    for (let n = Math.max(from, this.firstBlock); n <= Math.min(to, this.head); n++) out.push(this.block(n)!);
    return out;
  }

  private submit(from: string, contract: string, logs: RawLog[]): string {
    const hash = this.txHashOf(++this.seq);
    const tx: FakeTx = { hash, from, contract, logs, failed: false, block: null, index: -1 };
    this.txs.set(hash, tx);
    this.pending.push(tx);
    return hash;
  }

  private makeBlock(number: number, parentHash: string, txs: FakeTx[]): FakeBlock {
    const block: FakeBlock = {
      number,
      hash: this.blockHashOf(number, this.fork),
      parentHash,
      timestamp: this.timestampOf(number),
      txs,
    };
    txs.forEach((tx, i) => {
      tx.block = block;
      tx.index = i;
    });
    return block;
  }

  private push(block: FakeBlock) {
    this.blocks.push(block);
    for (const tx of block.txs) {
      for (const key of this.keysOf(tx)) {
        let list = this.named.get(key);
        if (!list) this.named.set(key, (list = []));
        if (list[list.length - 1] !== block.number) list.push(block.number);
      }
    }
  }

  private unindexAbove(key: string, cut: number) {
    const list = this.named.get(key);
    while (list && list.length > 0 && list[list.length - 1]! > cut) list.pop();
  }

  /** The addresses a transaction's events name in their topics. */
  private keysOf(tx: FakeTx): Set<string> {
    const keys = new Set<string>();
    for (const log of tx.logs) {
      for (const t of log.topics.slice(1)) if (/^0{24}[0-9a-f]{40}$/.test(t)) keys.add(t.slice(24));
    }
    return keys;
  }
}

/** The first index of a sorted list whose value is at least `value`. */
function lowerBound(list: readonly number[], value: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** An EVM chain (Ethereum's or BNB Smart Chain's): EIP-55 addresses, `0x` hashes, a log index per block. */
export class FakeEvmChain extends FakeChain {
  readonly network: 'ERC20' | 'BEP20';
  readonly chainId: number;
  readonly tether: string;
  private readonly blockTime: number;

  constructor(opts: { network?: 'ERC20' | 'BEP20'; chainId?: number; firstBlock?: number } = {}) {
    super(opts.firstBlock ?? 0);
    this.network = opts.network ?? (opts.chainId === 56 ? 'BEP20' : 'ERC20');
    this.chainId = opts.chainId ?? TETHER_NETWORKS[this.network].chainId;
    this.tether = TETHER_NETWORKS[this.network].tetherContract;
    this.blockTime = this.network === 'BEP20' ? 3 : 12;
  }

  protected bytesOf(address: string) {
    return toChecksumAddress(address).slice(2).toLowerCase();
  }
  protected addressOf(hex40: string) {
    return evmAddressFromBytes(hexToBytes(hex40));
  }
  protected blockHashOf(number: number, fork: number) {
    return `0x${sha256hex(`evm:${this.chainId}:${number}:${fork}`)}`;
  }
  protected txHashOf(seq: number) {
    return `0x${sha256hex(`evm-tx:${this.chainId}:${seq}`)}`;
  }
  /** Unix seconds. */
  timestampOf(number: number) {
    return 1_700_000_000 + number * this.blockTime;
  }
  protected override logIndexOf(blockIndices: Map<FakeTx, number>, tx: FakeTx, i: number) {
    return blockIndices.get(tx)! + i;
  }

  // The node's answers, in JSON-RPC's forms.

  /** `eth_getBlockByNumber` / `eth_getBlockByHash`. */
  blockJson(ref: string, full: boolean): unknown {
    const block = /^0x[0-9a-f]{64}$/i.test(ref)
      ? this.blocks.find((b) => b.hash === ref.toLowerCase())
      : this.block(this.blockNumberOf(ref));
    if (!block) return null;
    return {
      number: hex(block.number),
      hash: block.hash,
      parentHash: block.parentHash,
      timestamp: hex(block.timestamp),
      miner: `0x${'0'.repeat(40)}`,
      gasLimit: '0x1c9c380',
      gasUsed: hex(block.txs.length * 50_000),
      transactions: block.txs.map((tx) => (full ? this.txJson(tx) : tx.hash)),
    };
  }

  /** A block tag or quantity as a number (`latest`, `safe`, `finalized` and `pending` are the head here). */
  blockNumberOf(ref: unknown): number {
    if (ref === undefined || ref === 'latest' || ref === 'pending' || ref === 'safe' || ref === 'finalized')
      return this.head;
    if (ref === 'earliest') return this.firstBlock;
    if (typeof ref !== 'string' || !/^0x[0-9a-f]+$/i.test(ref))
      throw new RpcFault(-32602, `invalid block: ${JSON.stringify(ref)}`);
    return Number(BigInt(ref));
  }

  /** `eth_getTransactionByHash`: a waiting transaction too (without its block), null when unknown. */
  txByHashJson(hash: string): unknown {
    const tx = this.txs.get(hash.toLowerCase());
    return tx ? this.txJson(tx) : null;
  }

  private txJson(tx: FakeTx): unknown {
    return {
      hash: tx.hash,
      from: this.addressOf(tx.from).toLowerCase(),
      to: `0x${tx.contract}`,
      blockNumber: tx.block ? hex(tx.block.number) : null,
      blockHash: tx.block?.hash ?? null,
      transactionIndex: tx.block ? hex(tx.index) : null,
      value: '0x0',
      chainId: hex(this.chainId),
    };
  }

  /** `eth_getTransactionReceipt`: null until mined (and after a reorganisation dropped it). */
  receiptJson(hash: string): unknown {
    const tx = this.txs.get(hash.toLowerCase());
    if (!tx?.block) return null;
    const first = this.logIndices(tx.block).get(tx)!;
    return {
      transactionHash: tx.hash,
      transactionIndex: hex(tx.index),
      blockHash: tx.block.hash,
      blockNumber: hex(tx.block.number),
      from: this.addressOf(tx.from).toLowerCase(),
      to: `0x${tx.contract}`,
      status: tx.failed ? '0x0' : '0x1',
      gasUsed: '0xb4c8',
      cumulativeGasUsed: '0xb4c8',
      effectiveGasPrice: '0x3b9aca00',
      contractAddress: null,
      type: '0x2',
      logs: tx.failed ? [] : tx.logs.map((log, i) => this.logJson(tx, tx.block!, log, first + i, false)),
    };
  }

  /** `eth_getLogs`: the canonical logs in the filter's range, and with `echoRemoved` the dropped ones flagged. */
  logsJson(filter: Record<string, unknown>, echoRemoved: boolean): unknown[] {
    let from: number;
    let to: number;
    if (typeof filter.blockHash === 'string') {
      const b = this.blocks.find((x) => x.hash === (filter.blockHash as string).toLowerCase());
      if (!b) throw new RpcFault(-32000, 'unknown block');
      from = to = b.number;
    } else {
      from = this.blockNumberOf(filter.fromBlock);
      to = this.blockNumberOf(filter.toBlock);
    }
    if (from > to) throw new RpcFault(-32602, 'invalid block range: fromBlock is after toBlock');
    const match = logMatcher(filter);
    // The index answers a query by the addresses in a topic; any other query reads every block in range.
    const topics = Array.isArray(filter.topics) ? (filter.topics as unknown[]) : [];
    const by = [1, 2, 3].find((i) => topics[i] !== undefined && topics[i] !== null);
    let blocks: FakeBlock[];
    if (by === undefined) blocks = this.blocksIn(from, to);
    else {
      const wanted = ([] as unknown[]).concat(topics[by]).map((t) => String(t).toLowerCase().replace(/^0x/, ''));
      const numbers = new Set<number>();
      for (const t of wanted) {
        if (/^0{24}[0-9a-f]{40}$/.test(t))
          for (const b of this.blocksNaming(t.slice(24), from, to)) numbers.add(b.number);
      }
      blocks = [...numbers].sort((a, b) => a - b).map((n) => this.block(n)!);
    }
    const out: unknown[] = [];
    for (const block of blocks) {
      const first = this.logIndices(block);
      for (const tx of block.txs) {
        if (tx.failed) continue;
        tx.logs.forEach((log, i) => {
          if (match(log)) out.push(this.logJson(tx, block, log, first.get(tx)! + i, false));
        });
      }
    }
    if (echoRemoved) {
      for (const { tx, block } of this.dropped) {
        if (block.number < from || block.number > to) continue;
        tx.logs.forEach((log, i) => {
          if (match(log)) out.push(this.logJson(tx, block, log, i, true));
        });
      }
    }
    return out;
  }

  private logJson(tx: FakeTx, block: FakeBlock, log: RawLog, logIndex: number, removed: boolean) {
    return {
      // Nodes answer the contract in lower case.
      address: `0x${log.contract}`,
      topics: log.topics.map((t) => `0x${t}`),
      data: `0x${log.data}`,
      blockNumber: hex(block.number),
      blockHash: block.hash,
      transactionHash: tx.hash,
      transactionIndex: hex(tx.index),
      logIndex: hex(logIndex),
      removed,
    };
  }
}

/** `address`/`topics` of an `eth_getLogs` filter as a test on a log. */
function logMatcher(filter: Record<string, unknown>): (log: RawLog) => boolean {
  const lower = (v: unknown) => String(v).toLowerCase().replace(/^0x/, '');
  const addresses =
    filter.address === undefined || filter.address === null
      ? null
      : new Set(([] as unknown[]).concat(filter.address).map(lower));
  const topics = Array.isArray(filter.topics) ? (filter.topics as unknown[]) : [];
  const sets = topics.map((t) =>
    t === null || t === undefined ? null : new Set(([] as unknown[]).concat(t).map(lower)),
  );
  return (log) =>
    (!addresses || addresses.has(log.contract)) &&
    sets.every((set, i) => set === null || (log.topics[i] !== undefined && set.has(log.topics[i])));
}

const hex = (n: number | bigint) => `0x${n.toString(16)}`;

/** TRON's chain: base58 addresses, hashes without `0x`, blocks 3 s apart, a log index per transaction. */
export class FakeTronChain extends FakeChain {
  readonly network = 'TRC20' as const;
  readonly tether = TETHER_NETWORKS.TRC20.tetherContract;

  constructor(opts: { firstBlock?: number } = {}) {
    super(opts.firstBlock ?? 0);
  }

  protected bytesOf(address: string) {
    const bytes = tronAddressToBytes(address);
    if (!bytes) throw new Error(`not a TRON address: ${address}`);
    return bytesToHex(bytes);
  }
  protected addressOf(hex40: string) {
    return tronAddressFromBytes(hexToBytes(hex40));
  }
  /** A TRON block id starts with the block's number in 8 bytes. */
  protected blockHashOf(number: number, fork: number) {
    return number.toString(16).padStart(16, '0') + sha256hex(`tron:${number}:${fork}`).slice(16);
  }
  protected txHashOf(seq: number) {
    return sha256hex(`tron-tx:${seq}`);
  }
  /** Milliseconds. */
  timestampOf(number: number) {
    return 1_700_000_000_000 + number * 3_000;
  }

  /** The block at a timestamp, rounded up (`up`) or down: blocks are exactly 3 s apart. */
  blockAt(timestamp: number, up: boolean): number {
    const n = (timestamp - this.timestampOf(0)) / 3_000;
    return up ? Math.ceil(n) : Math.floor(n);
  }

  // The full node's answers, in its JSON forms.

  /** `getnowblock` / `getblockbynum`: `{}` when there is no such block. */
  blockJson(number: number): unknown {
    const block = this.block(number);
    if (!block) return {};
    // Protobuf's JSON leaves out zero fields: the genesis block has no `number`.
    const raw: Record<string, unknown> = {
      txTrieRoot: sha256hex(`root:${block.hash}`),
      witness_address: `41${'7'.repeat(40)}`,
      parentHash: block.parentHash,
      version: 30,
      timestamp: block.timestamp,
    };
    if (block.number !== 0) raw.number = block.number;
    const json: Record<string, unknown> = {
      blockID: block.hash,
      block_header: { raw_data: raw, witness_signature: sha256hex(`sig:${block.hash}`) },
    };
    if (block.txs.length > 0) {
      json.transactions = block.txs.map((tx) => ({
        ret: [{ contractRet: tx.failed ? 'REVERT' : 'SUCCESS' }],
        txID: tx.hash,
        raw_data: {
          contract: [{ type: 'TriggerSmartContract', parameter: { value: { contract_address: `41${tx.contract}` } } }],
        },
      }));
    }
    return json;
  }

  get headJson(): unknown {
    return this.blockJson(this.head);
  }

  /** `gettransactioninfobyid`: `{}` until mined (and after a reorganisation dropped it). */
  infoJson(txid: string): unknown {
    const tx = this.txs.get(txid.toLowerCase());
    if (!tx?.block) return {};
    const info: Record<string, unknown> = {
      id: tx.hash,
      fee: 345_000,
      blockNumber: tx.block.number,
      blockTimeStamp: tx.block.timestamp,
      contractResult: [tx.failed ? '' : word('1')],
      contract_address: `41${tx.contract}`,
      receipt: { energy_usage_total: 14_650, net_usage: 345, result: tx.failed ? 'REVERT' : 'SUCCESS' },
    };
    if (tx.failed) {
      info.result = 'FAILED';
      info.resMessage = Buffer.from('REVERT opcode executed').toString('hex');
    } else if (tx.logs.length > 0) {
      info.log = tx.logs.map((log) => ({ address: log.contract, topics: log.topics, data: log.data }));
    }
    return info;
  }

  /**
   * TronGrid's TRC-20 list of `address`, over the blocks of `minTs..maxTs`: one entry per `Transfer` event
   * naming it (to it only with `onlyTo`, from it only with `onlyFrom`), oldest first unless `desc`.
   */
  trc20Of(
    address: string,
    q: { minTs: number; maxTs: number; onlyTo: boolean; onlyFrom: boolean; desc: boolean; contract?: string },
  ) {
    const key = this.bytesOf(address);
    const out: Record<string, unknown>[] = [];
    for (const block of this.blocksNaming(key, this.blockAt(q.minTs, true), this.blockAt(q.maxTs, false))) {
      for (const tx of block.txs) {
        if (tx.failed) continue;
        for (const log of tx.logs) {
          if (log.topics.length !== 3 || log.topics[0] !== TRANSFER) continue;
          const from = log.topics[1]!.slice(24);
          const to = log.topics[2]!.slice(24);
          if (!(to === key && !q.onlyFrom) && !(from === key && !q.onlyTo)) continue;
          const token = this.addressOf(log.contract);
          if (q.contract && q.contract !== token) continue;
          const tether = token === this.tether;
          out.push({
            transaction_id: tx.hash,
            token_info: tether
              ? { symbol: 'USDT', address: token, decimals: 6, name: 'Tether USD' }
              : { symbol: 'TKN', address: token, decimals: 18, name: 'Some token' },
            block_timestamp: block.timestamp,
            from: this.addressOf(from),
            to: this.addressOf(to),
            type: 'Transfer',
            value: BigInt(`0x${log.data}`).toString(),
          });
        }
      }
    }
    return q.desc ? out.reverse() : out;
  }
}

// ---- The servers ----------------------------------------------------------------------------------

/**
 * `ok`: the protocol; `down`: 503 with a proxy's HTML page, or with `refuse` no listener at all; `slow`:
 * the answer after `delayMs` (300 ms by default); `garbage`: `body` (an HTML page by default) with HTTP
 * 200; `rpc-error`: the protocol's own error answer (JSON-RPC `error` with `code` and `message`; the TRON
 * full node's `{ Error }`, TronGrid's `{ success: false, error }` with `httpStatus`), for every call or
 * with `only` for one JSON-RPC method or TRON path prefix.
 */
export type ChainDoubleMode = 'ok' | 'down' | 'slow' | 'garbage' | 'rpc-error';
export interface ChainModeOptions {
  refuse?: boolean;
  delayMs?: number;
  httpStatus?: number;
  body?: string;
  contentType?: string;
  code?: number;
  message?: string;
  only?: string;
}

/** A local HTTP server on 127.0.0.1 that can stop listening (a refused connection) and listen again. */
async function localServer(handle: (req: IncomingMessage, body: string, res: ServerResponse) => void) {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, Buffer.concat(chunks).toString('utf8'), res));
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        const addr = server.address();
        if (!addr || typeof addr === 'string') return reject(new Error('no address'));
        resolve(addr.port);
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    });
  const port = await listen(0);
  return {
    url: `http://127.0.0.1:${port}`,
    /** Stops listening (`down` with `refuse`) or listens again on the same port. */
    async listening(on: boolean) {
      if (!on) await stop();
      else if (!server.listening) await listen(port);
    },
    close: stop,
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown, delayMs = 0) {
  const text = JSON.stringify(body);
  const write = () => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(text);
  };
  if (delayMs <= 0) return write();
  const timer = setTimeout(write, delayMs);
  // The client gave up (its time limit): no answer to send, no timer to keep.
  res.on('close', () => clearTimeout(timer));
}

/** `down` and `garbage` answer before the protocol is read; true when they did. */
function answeredByMode(res: ServerResponse, mode: ChainDoubleMode, opts: ChainModeOptions): boolean {
  if (mode === 'down') {
    res.writeHead(opts.httpStatus ?? 503, { 'content-type': 'text/html' });
    res.end('<html><head><title>503 Service Temporarily Unavailable</title></head></html>');
    return true;
  }
  if (mode === 'garbage') {
    res.writeHead(opts.httpStatus ?? 200, { 'content-type': opts.contentType ?? 'text/html' });
    res.end(opts.body ?? '<html><body>Just a moment...</body></html>');
    return true;
  }
  return false;
}

/** A JSON-RPC error an answer carries. */
class RpcFault extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** One JSON-RPC call as the EVM double received it; `post` numbers the HTTP request that carried it (from 1). */
export interface EvmRpcRequest {
  method: string;
  params: unknown[];
  post: number;
}

export interface EvmRpcDouble {
  url: string;
  chain: FakeEvmChain;
  /** Every call, in order (a batch's calls share their `post`). */
  requests: EvmRpcRequest[];
  setMode(mode: ChainDoubleMode, opts?: ChainModeOptions): Promise<void>;
  /** With `on`, `eth_getLogs` also answers the logs of dropped transactions, flagged `removed: true`. */
  echoRemovedLogs(on: boolean): void;
  close(): Promise<void>;
}

/**
 * A local EVM node: `eth_chainId`, `net_version`, `eth_blockNumber`, `eth_getBlockByNumber`,
 * `eth_getBlockByHash`, `eth_getLogs`, `eth_getTransactionReceipt`, `eth_getTransactionByHash`, singly or in
 * batches. Like a provider, it can refuse an `eth_getLogs` range over `maxBlockRange` blocks (-32005) and a
 * batch over `maxBatch` calls.
 */
export async function startEvmRpcDouble(
  opts: {
    network?: 'ERC20' | 'BEP20';
    chainId?: number;
    chain?: FakeEvmChain;
    maxBlockRange?: number;
    maxBatch?: number;
  } = {},
): Promise<EvmRpcDouble> {
  const chain = opts.chain ?? new FakeEvmChain(opts);
  const requests: EvmRpcRequest[] = [];
  let mode: ChainDoubleMode = 'ok';
  let modeOpts: ChainModeOptions = {};
  let echoRemoved = false;
  let posts = 0;

  const dispatch = (method: string, params: unknown[]): unknown => {
    switch (method) {
      case 'eth_chainId':
        return hex(chain.chainId);
      case 'net_version':
        return String(chain.chainId);
      case 'eth_blockNumber':
        return hex(chain.head);
      case 'eth_getBlockByNumber':
        return chain.blockJson(hex(chain.blockNumberOf(params[0])), params[1] === true);
      case 'eth_getBlockByHash':
        return chain.blockJson(String(params[0]), params[1] === true);
      case 'eth_getTransactionReceipt':
        return chain.receiptJson(String(params[0]));
      case 'eth_getTransactionByHash':
        return chain.txByHashJson(String(params[0]));
      case 'eth_getLogs': {
        const filter = params[0];
        if (typeof filter !== 'object' || filter === null)
          throw new RpcFault(-32602, 'invalid params: a filter object');
        const f = filter as Record<string, unknown>;
        if (opts.maxBlockRange !== undefined && f.blockHash === undefined) {
          const span = chain.blockNumberOf(f.toBlock) - chain.blockNumberOf(f.fromBlock) + 1;
          if (span > opts.maxBlockRange) {
            throw new RpcFault(-32005, `query exceeds max block range ${opts.maxBlockRange} (asked ${span})`);
          }
        }
        return chain.logsJson(f, echoRemoved);
      }
      default:
        throw new RpcFault(-32601, `the method ${method} does not exist/is not available`);
    }
  };

  const answer = (call: unknown, post: number): unknown => {
    const c = typeof call === 'object' && call !== null ? (call as Record<string, unknown>) : {};
    const id = c.id ?? null;
    const method = typeof c.method === 'string' ? c.method : '';
    const params = Array.isArray(c.params) ? (c.params as unknown[]) : [];
    requests.push({ method, params, post });
    if (mode === 'rpc-error' && (modeOpts.only === undefined || modeOpts.only === method)) {
      return {
        jsonrpc: '2.0',
        id,
        error: { code: modeOpts.code ?? -32000, message: modeOpts.message ?? 'internal error' },
      };
    }
    try {
      return { jsonrpc: '2.0', id, result: dispatch(method, params) };
    } catch (e) {
      if (!(e instanceof RpcFault)) throw e;
      return { jsonrpc: '2.0', id, error: { code: e.code, message: e.message } };
    }
  };

  const server = await localServer((req, body, res) => {
    if (answeredByMode(res, mode, modeOpts)) return;
    const delay = mode === 'slow' ? (modeOpts.delayMs ?? 300) : 0;
    let json: unknown;
    try {
      json = JSON.parse(body) as unknown;
    } catch {
      return sendJson(res, 200, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } }, delay);
    }
    const post = ++posts;
    if (!Array.isArray(json)) return sendJson(res, 200, answer(json, post), delay);
    if (json.length === 0 || (opts.maxBatch !== undefined && json.length > opts.maxBatch)) {
      const message = json.length === 0 ? 'empty batch' : `batch of ${json.length} exceeds ${opts.maxBatch}`;
      return sendJson(res, 200, { jsonrpc: '2.0', id: null, error: { code: -32600, message } }, delay);
    }
    sendJson(
      res,
      200,
      (json as unknown[]).map((call) => answer(call, post)),
      delay,
    );
  });

  return {
    url: server.url,
    chain,
    requests,
    async setMode(next, nextOpts = {}) {
      mode = next;
      modeOpts = nextOpts;
      await server.listening(!(next === 'down' && nextOpts.refuse));
    },
    echoRemovedLogs(on) {
      echoRemoved = on;
    },
    close: server.close,
  };
}

/** One request as the TRON double received it; `apiKey` is its `TRON-PRO-API-KEY` header. */
export interface TronHttpRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  apiKey: string | undefined;
}

export interface TronHttpDouble {
  url: string;
  chain: FakeTronChain;
  requests: TronHttpRequest[];
  setMode(mode: ChainDoubleMode, opts?: ChainModeOptions): Promise<void>;
  close(): Promise<void>;
}

/**
 * A local TRON full node and TronGrid on one origin, like `api.trongrid.io`: `POST /wallet/getnowblock`,
 * `/wallet/getblockbynum`, `/wallet/gettransactioninfobyid`, and `GET /v1/accounts/{address}/transactions/trc20`
 * (`only_to`, `only_from`, `min_timestamp`, `max_timestamp`, `order_by`, `contract_address`, `limit` of 20
 * by default and at most 200, pages of at most `pageSize` with `meta.fingerprint` for the next). With
 * `apiKey`, TronGrid refuses a request without that key (401).
 */
export async function startTronHttpDouble(
  opts: { chain?: FakeTronChain; firstBlock?: number; apiKey?: string; pageSize?: number } = {},
): Promise<TronHttpDouble> {
  const chain = opts.chain ?? new FakeTronChain(opts);
  const pageSize = opts.pageSize ?? 200;
  const requests: TronHttpRequest[] = [];
  let mode: ChainDoubleMode = 'ok';
  let modeOpts: ChainModeOptions = {};

  const trc20 = (res: ServerResponse, address: string, q: URLSearchParams, delay: number) => {
    const refuse = (status: number, error: string) =>
      sendJson(res, status, { success: false, error, statusCode: status }, delay);
    if (!tronAddressToBytes(address)) return refuse(400, `${address} is not a valid address`);
    const limit = Number(q.get('limit') ?? '20');
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) return refuse(400, 'limit must be between 1 and 200');
    const order = q.get('order_by') ?? 'block_timestamp,desc';
    if (order !== 'block_timestamp,asc' && order !== 'block_timestamp,desc')
      return refuse(400, `invalid order_by ${order}`);
    const all = chain.trc20Of(address, {
      minTs: Number(q.get('min_timestamp') ?? '0'),
      maxTs: Number(q.get('max_timestamp') ?? String(Number.MAX_SAFE_INTEGER)),
      onlyTo: q.get('only_to') === 'true',
      onlyFrom: q.get('only_from') === 'true',
      desc: order.endsWith('desc'),
      contract: q.get('contract_address') ?? undefined,
    });
    const fingerprint = q.get('fingerprint');
    const start = fingerprint
      ? Number(
          Buffer.from(fingerprint, 'base64url')
            .toString('utf8')
            .replace(/^offset:/, ''),
        )
      : 0;
    if (!Number.isInteger(start) || start < 0) return refuse(400, 'invalid fingerprint');
    const size = Math.min(limit, pageSize);
    const data = all.slice(start, start + size);
    const meta: Record<string, unknown> = { at: Date.now(), page_size: data.length };
    if (start + size < all.length) {
      meta.fingerprint = Buffer.from(`offset:${start + size}`).toString('base64url');
      const next = new URLSearchParams(q);
      next.set('fingerprint', meta.fingerprint as string);
      meta.links = { next: `${server.url}/v1/accounts/${address}/transactions/trc20?${next.toString()}` };
    }
    sendJson(res, 200, { data, success: true, meta }, delay);
  };

  const server = await localServer((req, body, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    let parsed: unknown = undefined;
    try {
      parsed = body ? (JSON.parse(body) as unknown) : {};
    } catch {
      parsed = body;
    }
    const key = req.headers['tron-pro-api-key'];
    requests.push({
      method: req.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: parsed,
      apiKey: typeof key === 'string' ? key : undefined,
    });
    if (answeredByMode(res, mode, modeOpts)) return;
    const delay = mode === 'slow' ? (modeOpts.delayMs ?? 300) : 0;
    const grid = /^\/v1\/accounts\/([^/]+)\/transactions\/trc20$/.exec(url.pathname);
    if (mode === 'rpc-error' && (modeOpts.only === undefined || url.pathname.startsWith(modeOpts.only))) {
      const message = modeOpts.message ?? 'server busy';
      if (grid) {
        const status = modeOpts.httpStatus ?? 500;
        return sendJson(res, status, { success: false, error: message, statusCode: status }, delay);
      }
      return sendJson(res, modeOpts.httpStatus ?? 200, { Error: message }, delay);
    }
    if (grid) {
      if (req.method !== 'GET')
        return sendJson(res, 405, { success: false, error: 'method not allowed', statusCode: 405 });
      if (opts.apiKey !== undefined && key !== opts.apiKey) {
        return sendJson(res, 401, { success: false, error: 'ApiKey not exists', statusCode: 401 }, delay);
      }
      return trc20(res, decodeURIComponent(grid[1]!), url.searchParams, delay);
    }
    const args = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
    switch (url.pathname) {
      case '/wallet/getnowblock':
        return sendJson(res, 200, chain.headJson, delay);
      case '/wallet/getblockbynum': {
        if (typeof args.num !== 'number' || !Number.isInteger(args.num)) {
          return sendJson(
            res,
            200,
            { Error: `class java.lang.NumberFormatException : ${JSON.stringify(args.num)}` },
            delay,
          );
        }
        return sendJson(res, 200, chain.blockJson(args.num), delay);
      }
      case '/wallet/gettransactioninfobyid':
        return sendJson(res, 200, typeof args.value === 'string' ? chain.infoJson(args.value) : {}, delay);
      default:
        // The full node answers an unknown path with an HTML 404 page.
        res.writeHead(404, { 'content-type': 'text/html' });
        return res.end('<html><body>Not Found</body></html>');
    }
  });

  return {
    url: server.url,
    chain,
    requests,
    async setMode(next, nextOpts = {}) {
      mode = next;
      modeOpts = nextOpts;
      await server.listening(!(next === 'down' && nextOpts.refuse));
    },
    close: server.close,
  };
}

// ---- The custody service --------------------------------------------------------------------------

/** A withdrawal as the custody double keeps it (the protocol's object, and what it was asked). */
export interface CustodyWithdrawal {
  id: string;
  network: TetherNetworkKey;
  asset: string;
  to: string;
  amount: string;
  status: 'pending' | 'sent' | 'failed';
  txHash?: string;
  reason?: string;
}

/** Sends a withdrawal somewhere and answers its transaction hash (instead of a fake chain). */
export type CustodySender = (w: {
  id: string;
  network: TetherNetworkKey;
  to: string;
  value: bigint;
}) => string | Promise<string>;

/**
 * `ok`: the protocol; `timeout`: takes and records the request (a send happens) but answers only after
 * `delayMs` (1 s by default: longer than the client's limit in tests); `answer-twice`: every POST is
 * delivered twice, as by a proxy that retries (the second delivery is the one answered, 200 with the same
 * withdrawal; only one transfer is ever made); `fail`: a new withdrawal is refused for good (`failed`, with
 * `reason`, HTTP 201 or `httpStatus`); `down`: 503 with the protocol's error, or with `refuse` no listener.
 */
export type CustodyDoubleMode = 'ok' | 'timeout' | 'answer-twice' | 'fail' | 'down';
export interface CustodyModeOptions {
  delayMs?: number;
  reason?: string;
  httpStatus?: number;
  refuse?: boolean;
}

/** One request as the custody double received it, with the status it answered. */
export interface CustodyRequest {
  method: string;
  path: string;
  body: unknown;
  keyId: string | undefined;
  /** The HTTP status answered (0 while the answer waits). */
  status: number;
  /** The second delivery of an `answer-twice` POST. */
  duplicate: boolean;
}

export interface CustodyDouble {
  url: string;
  requests: CustodyRequest[];
  /** The withdrawals taken, by id. */
  withdrawals: Map<string, CustodyWithdrawal>;
  /** The address the service sends from on `network` (a fixed address of the house). */
  hotWallet(network: TetherNetworkKey): string;
  setMode(mode: CustodyDoubleMode, opts?: CustodyModeOptions): Promise<void>;
  setBalances(balances: readonly { network: string; asset?: string; amount: bigint | string }[]): void;
  /** With false, a new withdrawal stays `pending` until `settle` (true by default: sent at once). */
  setAutoSend(on: boolean): void;
  /** Sends a pending withdrawal (or with `fail`, refuses it); answers it as it now stands. */
  settle(id: string, outcome?: { fail?: string }): Promise<CustodyWithdrawal>;
  close(): Promise<void>;
}

/** The hot wallet's 20 bytes: one fixed account, written in each chain's form. */
const HOT_WALLET = hexToBytes(sha256hex('custody hot wallet').slice(0, 40));

/**
 * A local custody service speaking the protocol of `http-custody.ts` (decision 040). It checks every
 * request's key, timestamp (±30 s of `now`) and HMAC-SHA256 signature exactly as documented, keeps
 * withdrawals by id (the same body again: 200 and the same withdrawal; another body: 409), and sends a
 * withdrawal on `chain` (a fake chain of its network, from the hot wallet, in the chain's next block) or
 * through a `CustodySender`; without either it makes up a transaction hash.
 */
export async function startCustodyDouble(opts: {
  keyId: string;
  secret: string;
  chain?: FakeEvmChain | FakeTronChain | CustodySender;
  now?: () => number;
}): Promise<CustodyDouble> {
  const now = opts.now ?? Date.now;
  const requests: CustodyRequest[] = [];
  const withdrawals = new Map<string, CustodyWithdrawal>();
  let balances: { network: string; asset: string; amount: string }[] = [];
  let mode: CustodyDoubleMode = 'ok';
  let modeOpts: CustodyModeOptions = {};
  let autoSend = true;

  const hotWallet = (network: TetherNetworkKey) =>
    TETHER_NETWORKS[network].family === 'tron' ? tronAddressFromBytes(HOT_WALLET) : evmAddressFromBytes(HOT_WALLET);

  const broadcast = async (w: CustodyWithdrawal): Promise<string> => {
    const chain = opts.chain;
    const value = BigInt(w.amount);
    if (typeof chain === 'function') return chain({ id: w.id, network: w.network, to: w.to, value });
    if (chain) return chain.transfer({ from: hotWallet(w.network), to: w.to, value });
    const hash = sha256hex(`custody:${w.id}`);
    return w.network === 'TRC20' ? hash : `0x${hash}`;
  };

  const settle = async (w: CustodyWithdrawal, outcome: { fail?: string } = {}) => {
    if (w.status !== 'pending') return w;
    if (outcome.fail !== undefined) {
      w.status = 'failed';
      w.reason = outcome.fail;
    } else {
      w.txHash = await broadcast(w);
      w.status = 'sent';
    }
    return w;
  };

  const problem = (code: string, message: string) => ({ error: { code, message } });
  const publicOf = ({ id, status, txHash, reason }: CustodyWithdrawal) => ({ id, status, txHash, reason });

  /** A signed request's answer: status and body. */
  async function route(method: string, path: string, body: unknown): Promise<[number, unknown]> {
    if (method === 'GET' && path === '/v1/balances') return [200, { balances }];
    const one = /^\/v1\/withdrawals\/([^/?]+)$/.exec(path);
    if (method === 'GET' && one) {
      const w = withdrawals.get(decodeURIComponent(one[1]!));
      return w ? [200, publicOf(w)] : [404, problem('not_found', 'no such withdrawal')];
    }
    if (method !== 'POST' || path !== '/v1/withdrawals')
      return [404, problem('not_found', `no route ${method} ${path}`)];

    const b = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const network = b.network as TetherNetworkKey;
    if (typeof b.id !== 'string' || !/^[\x21-\x7e]{1,128}$/.test(b.id)) return [400, problem('invalid_request', 'id')];
    if (!(network in TETHER_NETWORKS)) return [400, problem('invalid_request', 'network')];
    if (b.asset !== 'USDT') return [400, problem('invalid_request', 'asset')];
    if (typeof b.to !== 'string' || b.to.length === 0) return [400, problem('invalid_request', 'to')];
    if (typeof b.amount !== 'string' || !/^[1-9]\d*$/.test(b.amount))
      return [400, problem('invalid_request', 'amount')];
    const chain = opts.chain;
    if (chain && typeof chain !== 'function' && chain.network !== network) {
      return [400, problem('unsupported_network', `this service sends on ${chain.network} only`)];
    }
    const existing = withdrawals.get(b.id);
    if (existing) {
      const same =
        existing.network === network &&
        existing.asset === b.asset &&
        existing.to === b.to &&
        existing.amount === b.amount;
      return same
        ? [200, publicOf(existing)]
        : [409, problem('conflict', `withdrawal ${b.id} was asked with another body`)];
    }
    const w: CustodyWithdrawal = { id: b.id, network, asset: b.asset, to: b.to, amount: b.amount, status: 'pending' };
    withdrawals.set(w.id, w);
    if (mode === 'fail') {
      await settle(w, { fail: modeOpts.reason ?? 'not enough funds in the hot wallet' });
      return [modeOpts.httpStatus ?? 201, publicOf(w)];
    }
    if (autoSend) await settle(w);
    return [201, publicOf(w)];
  }

  /** Why a request is not authenticated, or null. */
  function unauthenticated(req: IncomingMessage, raw: string): string | null {
    const header = (name: string) => {
      const v = req.headers[name];
      return typeof v === 'string' ? v : undefined;
    };
    if (header('x-custody-key') !== opts.keyId) return 'unknown key';
    const ts = header('x-custody-timestamp') ?? '';
    if (!/^\d+$/.test(ts)) return 'no timestamp';
    const skew = Math.abs(now() / 1000 - Number(ts));
    if (skew > 30) return `timestamp ${Math.round(skew)} s off`;
    const expected = createHmac('sha256', opts.secret)
      .update(`${ts}\n${req.method ?? ''}\n${req.url ?? ''}\n${raw}`)
      .digest();
    const given = header('x-custody-signature') ?? '';
    if (!/^[0-9a-fA-F]{64}$/.test(given) || !timingSafeEqual(Buffer.from(given, 'hex'), expected))
      return 'bad signature';
    return null;
  }

  const server = await localServer((req, raw, res) => {
    void (async () => {
      const method = req.method ?? '';
      const path = req.url ?? '/';
      let body: unknown = undefined;
      try {
        body = raw ? (JSON.parse(raw) as unknown) : undefined;
      } catch {
        body = raw;
      }
      const key = req.headers['x-custody-key'];
      const record = (duplicate: boolean): CustodyRequest => {
        const r = { method, path, body, keyId: typeof key === 'string' ? key : undefined, status: 0, duplicate };
        requests.push(r);
        return r;
      };
      const first = record(false);
      const reply = (r: CustodyRequest, status: number, answer: unknown, delayMs = 0) => {
        r.status = status;
        sendJson(res, status, answer, delayMs);
      };
      if (mode === 'down') return reply(first, 503, problem('unavailable', 'the custody service is unavailable'));
      const why = unauthenticated(req, raw);
      if (why) return reply(first, 401, problem('unauthorized', why));
      if (body !== undefined && typeof body !== 'object')
        return reply(first, 400, problem('invalid_request', 'not JSON'));
      let [status, answer] = await route(method, path, body);
      let answered = first;
      if (mode === 'answer-twice' && method === 'POST') {
        first.status = status;
        answered = record(true);
        [status, answer] = await route(method, path, body);
      }
      reply(answered, status, answer, mode === 'timeout' ? (modeOpts.delayMs ?? 1_000) : 0);
    })().catch((e: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify(problem('internal', e instanceof Error ? e.message : String(e))));
    });
  });

  return {
    url: server.url,
    requests,
    withdrawals,
    hotWallet,
    async setMode(next, nextOpts = {}) {
      mode = next;
      modeOpts = nextOpts;
      await server.listening(!(next === 'down' && nextOpts.refuse));
    },
    setBalances(next) {
      balances = next.map((b) => ({ network: b.network, asset: b.asset ?? 'USDT', amount: String(b.amount) }));
    },
    setAutoSend(on) {
      autoSend = on;
    },
    async settle(id, outcome) {
      const w = withdrawals.get(id);
      if (!w) throw new Error(`no withdrawal ${id}`);
      return settle(w, outcome);
    },
    close: server.close,
  };
}
