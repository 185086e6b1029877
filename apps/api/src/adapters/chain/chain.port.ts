/**
 * A chain reader (issue 18, decision 040): what the chain watcher asks a network's node or indexer. One
 * reader per network. Implementations: EVM JSON-RPC (`evm-rpc-reader.ts`: `eth_blockNumber`,
 * `eth_getBlockByNumber`, `eth_getLogs` for the ERC-20 `Transfer` event, `eth_getTransactionReceipt`),
 * TRON's HTTP API (`tron-http-reader.ts`: the full node's `/wallet/*` and TronGrid's
 * `/v1/accounts/{address}/transactions/trc20`), and the embedded mode's sandbox chain (`sandbox-chain.ts`).
 *
 * Amounts are the token's raw integer units (`tokenDecimals` of the network); addresses are canonical
 * (`canonicalAddress` of `@portal/contract/tether/networks`: EIP-55 on EVM, base58check on TRON).
 */
import type { TetherNetworkKey } from '@portal/contract/tether/networks';

export interface ChainBlock {
  number: bigint;
  hash: string;
}

/** One token transfer (one `Transfer` event) seen on the chain. */
export interface ChainTransfer {
  txHash: string;
  /** The event's index in its block (EVM `logIndex`) or, on TRON, in its transaction's log. */
  logIndex: number;
  blockNumber: bigint;
  blockHash: string;
  /** The token contract that emitted the event (canonical address). */
  token: string;
  from: string;
  to: string;
  /** Raw token units. */
  value: bigint;
}

/** Where a transaction stands: not found (never mined, or dropped by a reorganisation), or mined. */
export type ChainTxStatus =
  { found: false } | { found: true; blockNumber: bigint; blockHash: string; success: boolean };

export interface ChainReaderPort {
  readonly network: TetherNetworkKey;
  /**
   * How many blocks behind the head the reader's transfer index may still be filling in (TronGrid indexes a
   * few seconds after the node); the watcher scans no nearer the head than this, or a transfer indexed late
   * would be behind its cursor for good. 0 (or absent) when `transfersTo` reads the node itself.
   */
  readonly indexLagBlocks?: number;
  /** The chain's latest block. */
  head(signal?: AbortSignal): Promise<ChainBlock>;
  /** The hash of block `number` on the chain as it is now (null when the chain is not that long). */
  blockHash(number: bigint, signal?: AbortSignal): Promise<string | null>;
  /**
   * Every token transfer (any token) to one of `to` in blocks `fromBlock..toBlock` inclusive, in chain
   * order. `to` are canonical addresses; the reader splits long lists and ranges as its node needs.
   */
  transfersTo(
    to: readonly string[],
    fromBlock: bigint,
    toBlock: bigint,
    signal?: AbortSignal,
  ): Promise<ChainTransfer[]>;
  /** Where a transaction stands now. */
  transaction(txHash: string, signal?: AbortSignal): Promise<ChainTxStatus>;
}

/** A node that did not answer, or answered something that is not what the protocol says. */
export class ChainReaderError extends Error {
  constructor(
    readonly network: TetherNetworkKey,
    message: string,
  ) {
    super(`${network}: ${message}`);
    this.name = 'ChainReaderError';
  }
}
