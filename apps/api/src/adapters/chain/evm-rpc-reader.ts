/**
 * The chain reader of the EVM networks (ERC20 on Ethereum, BEP20 on BNB Smart Chain) over Ethereum
 * JSON-RPC 2.0: one `POST` of JSON per call, or of an array of calls (a batch) for the many `eth_getLogs`
 * of a scan. The methods used, all of the standard API every node and provider answers:
 *
 * - `eth_chainId`, once per reader, before anything else: a reader pointed at another chain's node
 *   (an Ethereum URL in the BNB setting) would otherwise credit another chain's transfers;
 * - `eth_getBlockByNumber("latest" | number, false)` for the head and for a block's hash (one call for the
 *   head, so its number and hash are of the same block);
 * - `eth_getLogs` with `topics: [Transfer, null, [to…]]` and no contract address, so transfers of any token
 *   to the portal's addresses are seen (another token sent by mistake is recorded, not ignored). Nodes cap
 *   a query's block range and result size, so a scan is split into ranges of `maxBlockRange` blocks and
 *   lists of `maxAddressesPerQuery` addresses, sent `maxBatch` calls to a batch;
 * - `eth_getTransactionReceipt` for where a transaction stands (a withdrawal's hash, a deposit's block).
 *
 * A log that is not an ERC-20 `Transfer` (an ERC-721 `Transfer` has the same signature with the token id
 * as a fourth topic and no data) is not a transfer of value and is left out; a log flagged `removed` (a
 * reorganised block, which some nodes still answer) is left out too.
 */
import { hexToBytes } from '@noble/hashes/utils.js';
import { TETHER_NETWORKS, evmAddressFromBytes, toChecksumAddress } from '@portal/contract/tether/networks';
import type { TetherNetworkKey } from '@portal/contract/tether/networks';
import {
  ChainReaderError,
  type ChainBlock,
  type ChainReaderPort,
  type ChainTransfer,
  type ChainTxStatus,
} from './chain.port';

/** keccak-256 of `Transfer(address,address,uint256)`: the first topic of every ERC-20 (and TRC-20) transfer. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

export interface EvmRpcReaderOptions {
  network: 'ERC20' | 'BEP20';
  /** The node's JSON-RPC endpoint (a provider's URL may carry its key in the path). */
  url: string;
  /** Each HTTP request's own time limit, besides the caller's signal (10 s by default). */
  timeoutMs?: number;
  /** Blocks per `eth_getLogs` (2,000 by default: within what the common providers accept). */
  maxBlockRange?: number;
  /** Addresses per `eth_getLogs` topic list (500 by default). */
  maxAddressesPerQuery?: number;
  /** `eth_getLogs` calls per batch (10 by default; 1 sends each on its own, for a node refusing batches). */
  maxBatch?: number;
  fetch?: typeof fetch;
}

interface RpcCall {
  method: string;
  params: unknown[];
}

export function createEvmRpcReader(opts: EvmRpcReaderOptions): ChainReaderPort {
  const network = opts.network;
  const chainId = TETHER_NETWORKS[network].chainId;
  const maxBlockRange = BigInt(Math.max(1, opts.maxBlockRange ?? 2000));
  const maxAddresses = Math.max(1, opts.maxAddressesPerQuery ?? 500);
  const maxBatch = Math.max(1, opts.maxBatch ?? 10);
  const http = chainHttp(network, opts.fetch ?? fetch, opts.timeoutMs ?? 10_000);
  const fail = http.fail;
  let nextId = 1;

  /** The results of `calls`, in their order; one failed call fails them all (the scan is retried whole). */
  async function rpc(calls: RpcCall[], signal?: AbortSignal): Promise<unknown[]> {
    const ids = calls.map(() => nextId++);
    const body = calls.map((c, i) => ({ jsonrpc: '2.0', id: ids[i], method: c.method, params: c.params }));
    const what = calls.length === 1 ? calls[0]!.method : `${calls[0]!.method} ×${calls.length} (batch)`;
    const json = await http.exchange(
      what,
      opts.url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body.length === 1 ? body[0] : body),
      },
      signal,
      rpcErrorText,
    );
    if (calls.length === 1) return [resultOf(calls[0]!.method, json)];
    // A node that does not take batches answers one error object for the whole array.
    if (!Array.isArray(json)) throw fail(`${what}: answered${rpcErrorText(json) || ' something that is not a batch'}`);
    const byId = new Map<unknown, unknown>();
    for (const answer of json as unknown[]) if (isRecord(answer)) byId.set(answer.id, answer);
    return calls.map((c, i) => {
      const answer = byId.get(ids[i]);
      if (answer === undefined) throw fail(`${what}: no answer for call ${ids[i]} in the batch`);
      return resultOf(c.method, answer);
    });
  }

  function resultOf(method: string, answer: unknown): unknown {
    if (!isRecord(answer)) throw fail(`${method}: answered something that is not JSON-RPC`);
    if (answer.error !== undefined)
      throw fail(`${method} failed:${rpcErrorText(answer) || ' an error without a message'}`);
    if (!('result' in answer)) throw fail(`${method}: answered without a result`);
    return answer.result;
  }

  const call = async (method: string, params: unknown[], signal?: AbortSignal) =>
    (await rpc([{ method, params }], signal))[0];

  // The node's chain, checked once: kept when it matches, asked again after a failure to ask.
  let checked: Promise<void> | null = null;
  function checkChain(signal?: AbortSignal): Promise<void> {
    checked ??= (async () => {
      const id = quantity(await call('eth_chainId', [], signal), 'eth_chainId');
      if (id !== BigInt(chainId)) throw fail(`the node is on chain ${id}, not ${chainId}: check its URL`);
    })().catch((e: unknown) => {
      checked = null;
      throw e;
    });
    return checked;
  }

  function blockOf(result: unknown, what: string): ChainBlock {
    if (!isRecord(result)) throw fail(`${what}: not a block: ${JSON.stringify(result)}`);
    return { number: quantity(result.number, `${what} number`), hash: hash32(result.hash, `${what} hash`) };
  }

  /** `eth_getLogs` filters for `to` over `fromBlock..toBlock`: every range with every list of addresses. */
  function logQueries(topics: string[], fromBlock: bigint, toBlock: bigint): RpcCall[] {
    const queries: RpcCall[] = [];
    for (let start = fromBlock; start <= toBlock; start += maxBlockRange) {
      const end = start + maxBlockRange - 1n < toBlock ? start + maxBlockRange - 1n : toBlock;
      for (let i = 0; i < topics.length; i += maxAddresses) {
        const filter = {
          fromBlock: hexQuantity(start),
          toBlock: hexQuantity(end),
          topics: [TRANSFER_TOPIC, null, topics.slice(i, i + maxAddresses)],
        };
        queries.push({ method: 'eth_getLogs', params: [filter] });
      }
    }
    return queries;
  }

  /** The transfer a log records, or null when it is not an ERC-20 transfer to one of `wanted`. */
  function transferOf(log: unknown, wanted: ReadonlySet<string>): ChainTransfer | null {
    if (!isRecord(log)) throw fail(`eth_getLogs: not a log: ${JSON.stringify(log)}`);
    if (log.removed === true) return null;
    const topics = log.topics;
    if (!Array.isArray(topics) || topics.length !== 3 || String(topics[0]).toLowerCase() !== TRANSFER_TOPIC) {
      return null;
    }
    const from = topicAddress(topics[1]);
    const to = topicAddress(topics[2]);
    if (from === null || to === null || !wanted.has(to)) return null;
    if (typeof log.data !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(log.data)) return null;
    if (typeof log.address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(log.address)) {
      throw fail(`eth_getLogs: a log without its contract address: ${JSON.stringify(log)}`);
    }
    return {
      txHash: hash32(log.transactionHash, 'log transactionHash'),
      logIndex: Number(quantity(log.logIndex, 'log logIndex')),
      blockNumber: quantity(log.blockNumber, 'log blockNumber'),
      blockHash: hash32(log.blockHash, 'log blockHash'),
      token: toChecksumAddress(log.address),
      from,
      to,
      value: BigInt(log.data),
    };
  }

  function quantity(v: unknown, what: string): bigint {
    if (typeof v !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(v))
      throw fail(`${what}: not a quantity: ${JSON.stringify(v)}`);
    return BigInt(v);
  }

  function hash32(v: unknown, what: string): string {
    if (typeof v !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(v))
      throw fail(`${what}: not a hash: ${JSON.stringify(v)}`);
    return v.toLowerCase();
  }

  return {
    network,
    async head(signal) {
      await checkChain(signal);
      const block = await call('eth_getBlockByNumber', ['latest', false], signal);
      if (block === null) throw fail('eth_getBlockByNumber: no latest block');
      return blockOf(block, 'eth_getBlockByNumber');
    },

    async blockHash(number, signal) {
      await checkChain(signal);
      const block = await call('eth_getBlockByNumber', [hexQuantity(number), false], signal);
      if (block === null) return null;
      const found = blockOf(block, 'eth_getBlockByNumber');
      if (found.number !== number) throw fail(`eth_getBlockByNumber: asked for block ${number}, got ${found.number}`);
      return found.hash;
    },

    async transfersTo(to, fromBlock, toBlock, signal) {
      const wanted = new Set(to.map((a) => toChecksumAddress(a)));
      if (wanted.size === 0 || fromBlock > toBlock) return [];
      await checkChain(signal);
      const topics = [...wanted].map((a) => `0x${'0'.repeat(24)}${a.slice(2).toLowerCase()}`);
      const queries = logQueries(topics, fromBlock, toBlock);
      const transfers: ChainTransfer[] = [];
      for (let i = 0; i < queries.length; i += maxBatch) {
        const results = await rpc(queries.slice(i, i + maxBatch), signal);
        for (const logs of results) {
          if (!Array.isArray(logs)) throw fail(`eth_getLogs: not a list of logs: ${JSON.stringify(logs)}`);
          for (const log of logs as unknown[]) {
            const transfer = transferOf(log, wanted);
            if (transfer) transfers.push(transfer);
          }
        }
      }
      return transfers.sort((a, b) =>
        a.blockNumber !== b.blockNumber ? (a.blockNumber < b.blockNumber ? -1 : 1) : a.logIndex - b.logIndex,
      );
    },

    async transaction(txHash, signal): Promise<ChainTxStatus> {
      await checkChain(signal);
      const receipt = await call('eth_getTransactionReceipt', [txHash.toLowerCase()], signal);
      if (receipt === null) return { found: false };
      if (!isRecord(receipt)) throw fail(`eth_getTransactionReceipt: not a receipt: ${JSON.stringify(receipt)}`);
      // Every receipt since the Byzantium fork (2017) carries `status`; BNB Smart Chain's have from the start.
      if (receipt.status !== '0x1' && receipt.status !== '0x0') {
        throw fail(`eth_getTransactionReceipt: a receipt without status: ${JSON.stringify(receipt.status)}`);
      }
      return {
        found: true,
        blockNumber: quantity(receipt.blockNumber, 'receipt blockNumber'),
        blockHash: hash32(receipt.blockHash, 'receipt blockHash'),
        success: receipt.status === '0x1',
      };
    },
  };
}

/** `0x` and the number in hex without leading zeros: JSON-RPC's quantity. */
const hexQuantity = (n: bigint) => `0x${n.toString(16)}`;

/** The EIP-55 address of an address topic (12 zero bytes, then the 20), or null when it is not one. */
function topicAddress(topic: unknown): string | null {
  if (typeof topic !== 'string' || !/^0x0{24}[0-9a-fA-F]{40}$/.test(topic)) return null;
  return evmAddressFromBytes(hexToBytes(topic.slice(26)));
}

/** A JSON-RPC error's code and message after a space (or nothing when the answer carries none). */
function rpcErrorText(json: unknown): string {
  if (!isRecord(json) || !isRecord(json.error)) return '';
  const { code, message } = json.error;
  return [code, message]
    .filter((v) => typeof v === 'string' || typeof v === 'number')
    .map((v) => ` ${String(v)}`)
    .join('');
}

// ---- What both chain readers share ----------------------------------------------------------------

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * One exchange of JSON with a node, for the EVM and the TRON reader: within the caller's signal and the
 * reader's own time limit per request, every way of not answering as a `ChainReaderError` that says which
 * request it was and why (no answer in time, aborted, unreachable, an HTTP error status with what the
 * node said, a body that is not JSON).
 */
export function chainHttp(network: TetherNetworkKey, f: typeof fetch, timeoutMs: number) {
  const fail = (message: string) => new ChainReaderError(network, message);
  return {
    fail,
    /** The answer's parsed JSON; `said` reads an error answer's words for the message. */
    async exchange(
      what: string,
      url: string,
      init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
      signal: AbortSignal | undefined,
      said: (json: unknown) => string,
    ): Promise<unknown> {
      const timeout = AbortSignal.timeout(timeoutMs);
      const both = signal ? AbortSignal.any([signal, timeout]) : timeout;
      let status: number;
      let text: string;
      try {
        const res = await f(url, { ...init, headers: { accept: 'application/json', ...init.headers }, signal: both });
        status = res.status;
        text = await res.text();
      } catch (e) {
        throw fail(`${what}: ${unanswered(timeout, signal, e)}`);
      }
      let json: unknown;
      try {
        json = JSON.parse(text) as unknown;
      } catch {
        throw fail(`${what}: answered HTTP ${status}${status >= 200 && status <= 299 ? ' without JSON' : ''}`);
      }
      if (status < 200 || status > 299) throw fail(`${what}: answered HTTP ${status}${said(json)}`);
      return json;
    },
  };
}

/** Why a request got no answer: a time limit (the reader's or the caller's), the caller's abort, or the network. */
function unanswered(timeout: AbortSignal, signal: AbortSignal | undefined, e: unknown): string {
  const callerReason: unknown = signal?.aborted ? signal.reason : undefined;
  if (timeout.aborted || (callerReason instanceof Error && callerReason.name === 'TimeoutError')) {
    return 'no answer within the time limit';
  }
  if (signal?.aborted) return 'aborted';
  const cause: unknown = e instanceof Error ? e.cause : undefined;
  const code = isRecord(cause) && typeof cause.code === 'string' ? ` (${cause.code})` : '';
  return `unreachable: ${e instanceof Error ? e.message : String(e)}${code}`;
}
