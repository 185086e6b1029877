/**
 * The chain reader of TRC20 (tether on TRON) over TRON's HTTP API. A TRON full node cannot search
 * events by the receiving address (it has no `eth_getLogs`), so two services are asked:
 *
 * - the full node's `/wallet/*` (`POST` of JSON): `getnowblock` for the head (`blockID`,
 *   `block_header.raw_data.number`); `getblockbynum {num}` for a block's hash, its timestamp and the order
 *   of its transactions (`{}` when the chain is not that long); `gettransactioninfobyid {value: txid}` for
 *   a transaction's block, its result and its event logs (`{}` when the node does not know it);
 * - TronGrid's index, `GET /v1/accounts/{address}/transactions/trc20` (`only_to`, `min_timestamp` and
 *   `max_timestamp` in ms, `order_by=block_timestamp,asc`, `limit` up to 200, the next page by the last
 *   answer's `meta.fingerprint`), which lists the TRC-20 transfers of one address. `only_confirmed=false`:
 *   the watcher counts confirmations itself, and sees a transfer from its first block.
 *
 * A scan of `fromBlock..toBlock` turns the two blocks into timestamps (blocks are 3 s apart and carry
 * distinct timestamps), asks TronGrid once per address (and page), then asks the full node for each
 * transaction found: the block number, and the `Transfer` logs themselves, which are what the reader
 * returns (TronGrid is only the index; the value, the token and the log's position come from the node, so
 * a transaction with two transfers to portal addresses gives two, each with its own index). A scan thus
 * costs O(addresses) index requests however few transfers there are, plus O(transactions) node requests:
 * fine for the portal's thousands of deposit addresses at a scan every few seconds, and the reason a scan
 * should cover many blocks at once. TronGrid's index follows the chain by a few seconds: a scan of the
 * very last blocks can miss a transfer it has not indexed yet, so the watcher scans behind its head.
 *
 * `apiKey` goes in `TRON-PRO-API-KEY` to TronGrid, and to the full node only when it is TronGrid's own
 * host (a self-hosted node is not given the key of a third party).
 */
import { hexToBytes } from '@noble/hashes/utils.js';
import { tronAddressFromBytes, tronAddressToBytes } from '@portal/contract/tether/networks';
import type { ChainBlock, ChainReaderPort, ChainTransfer, ChainTxStatus } from './chain.port';
import { TRANSFER_TOPIC, chainHttp, isRecord } from './evm-rpc-reader';

export interface TronHttpReaderOptions {
  /** The full node's HTTP API (`https://api.trongrid.io` serves both, with an API key). */
  fullNodeUrl: string;
  /** TronGrid's `/v1` index (the full node's URL by default). */
  tronGridUrl?: string;
  apiKey?: string;
  /** Each HTTP request's own time limit, besides the caller's signal (10 s by default). */
  timeoutMs?: number;
  /** Requests in flight at once during a scan (4 by default: within TronGrid's rate with a key). */
  concurrency?: number;
  /**
   * Blocks behind the head the watcher leaves for TronGrid's index to catch up (`indexLagBlocks`; 10 by
   * default: 30 seconds of TRON's 3-second blocks, well inside the 19 confirmations a deposit waits anyway).
   */
  indexLagBlocks?: number;
  fetch?: typeof fetch;
}

/** What the reader takes of a block. */
interface TronBlock {
  number: bigint;
  hash: string;
  /** Milliseconds, as TronGrid's `min_timestamp` and `max_timestamp` take them. */
  timestamp: number;
  /** The block's transaction ids in order: a transaction's place in the chain's order. */
  txids: string[];
}

/** TronGrid's largest page. */
const PAGE_LIMIT = 200;
const TRANSFER = TRANSFER_TOPIC.slice(2);

export function createTronHttpReader(opts: TronHttpReaderOptions): ChainReaderPort {
  const trim = (u: string) => u.replace(/\/+$/, '');
  const nodeUrl = trim(opts.fullNodeUrl);
  const gridUrl = trim(opts.tronGridUrl ?? opts.fullNodeUrl);
  const keyHeader: Record<string, string> = opts.apiKey ? { 'TRON-PRO-API-KEY': opts.apiKey } : {};
  const nodeHeaders = new URL(nodeUrl).origin === new URL(gridUrl).origin ? keyHeader : {};
  const concurrency = Math.max(1, opts.concurrency ?? 4);
  const http = chainHttp('TRC20', opts.fetch ?? fetch, opts.timeoutMs ?? 10_000);
  const fail = http.fail;

  /** A full node's answer; it refuses in a field `Error` (often with HTTP 200). */
  async function wallet(path: string, body: unknown, signal?: AbortSignal): Promise<Record<string, unknown>> {
    const what = `POST ${path}`;
    const json = await http.exchange(
      what,
      `${nodeUrl}${path}`,
      { method: 'POST', headers: { 'content-type': 'application/json', ...nodeHeaders }, body: JSON.stringify(body) },
      signal,
      nodeErrorText,
    );
    if (!isRecord(json)) throw fail(`${what}: answered something that is not an object`);
    if (json.Error !== undefined) throw fail(`${what} failed:${nodeErrorText(json)}`);
    return json;
  }

  async function blockByNumber(number: bigint, signal?: AbortSignal): Promise<TronBlock | null> {
    const json = await wallet('/wallet/getblockbynum', { num: Number(number) }, signal);
    if (Object.keys(json).length === 0) return null;
    const block = blockOf(json, '/wallet/getblockbynum');
    if (block.number !== number) throw fail(`/wallet/getblockbynum: asked for block ${number}, got ${block.number}`);
    return block;
  }

  function blockOf(json: Record<string, unknown>, what: string): TronBlock {
    const header = isRecord(json.block_header) ? json.block_header : {};
    const raw = isRecord(header.raw_data) ? header.raw_data : {};
    // Protobuf's JSON leaves out zero fields: the genesis block has no `number`.
    const number = raw.number ?? 0;
    if (typeof json.blockID !== 'string' || !/^[0-9a-fA-F]{64}$/.test(json.blockID)) {
      throw fail(`${what}: a block without its blockID`);
    }
    if (typeof number !== 'number' || !Number.isSafeInteger(number) || typeof raw.timestamp !== 'number') {
      throw fail(`${what}: a block without its number or timestamp`);
    }
    const txs = Array.isArray(json.transactions) ? (json.transactions as unknown[]) : [];
    return {
      number: BigInt(number),
      hash: json.blockID.toLowerCase(),
      timestamp: raw.timestamp,
      txids: txs.map((tx) => (isRecord(tx) && typeof tx.txID === 'string' ? tx.txID.toLowerCase() : '')),
    };
  }

  /** The transaction ids TronGrid lists as transfers to `address` between two timestamps, every page. */
  async function listedTo(address: string, minTs: number, maxTs: number, signal?: AbortSignal): Promise<string[]> {
    const ids: string[] = [];
    const seen = new Set<string>();
    let fingerprint: string | undefined;
    for (;;) {
      const query = new URLSearchParams({
        only_confirmed: 'false',
        only_to: 'true',
        min_timestamp: String(minTs),
        max_timestamp: String(maxTs),
        order_by: 'block_timestamp,asc',
        limit: String(PAGE_LIMIT),
      });
      if (fingerprint) query.set('fingerprint', fingerprint);
      const path = `/v1/accounts/${address}/transactions/trc20`;
      const what = `GET ${path}`;
      const json = await http.exchange(
        what,
        `${gridUrl}${path}?${query.toString()}`,
        { method: 'GET', headers: keyHeader },
        signal,
        gridErrorText,
      );
      if (!isRecord(json) || json.success !== true || !Array.isArray(json.data)) {
        throw fail(`${what}: refused:${gridErrorText(json) || ' an answer without data'}`);
      }
      for (const item of json.data as unknown[]) {
        if (
          !isRecord(item) ||
          typeof item.transaction_id !== 'string' ||
          !/^[0-9a-fA-F]{64}$/.test(item.transaction_id)
        ) {
          throw fail(`${what}: not a transfer: ${JSON.stringify(item)}`);
        }
        // `only_to` is TronGrid's filter; the reader does not count on it.
        if (item.to === address) ids.push(item.transaction_id.toLowerCase());
      }
      const next = isRecord(json.meta) && typeof json.meta.fingerprint === 'string' ? json.meta.fingerprint : '';
      if (!next) return ids;
      // The same page again would be an endless walk.
      if (seen.has(next)) throw fail(`${what}: the same page fingerprint twice`);
      seen.add(next);
      fingerprint = next;
    }
  }

  async function transactionInfo(txid: string, signal?: AbortSignal): Promise<Record<string, unknown> | null> {
    const info = await wallet('/wallet/gettransactioninfobyid', { value: txid }, signal);
    if (info.id === undefined) return null;
    if (typeof info.blockNumber !== 'number' || !Number.isSafeInteger(info.blockNumber)) {
      throw fail(`/wallet/gettransactioninfobyid: ${txid} without its block number`);
    }
    return info;
  }

  /** The `Transfer` events of a transaction's log to one of `wanted`, with their place in the log. */
  function transfersIn(info: Record<string, unknown>, wanted: ReadonlySet<string>) {
    const out: { logIndex: number; token: string; from: string; to: string; value: bigint }[] = [];
    const logs = Array.isArray(info.log) ? (info.log as unknown[]) : [];
    logs.forEach((log, logIndex) => {
      if (!isRecord(log) || !Array.isArray(log.topics) || log.topics.length !== 3) return;
      const [topic, fromTopic, toTopic] = log.topics as unknown[];
      if (typeof topic !== 'string' || topic.toLowerCase() !== TRANSFER) return;
      const from = topicAddress(fromTopic);
      const to = topicAddress(toTopic);
      const token = contractAddress(log.address);
      if (!from || !to || !token || !wanted.has(to)) return;
      if (typeof log.data !== 'string' || !/^[0-9a-fA-F]{64}$/.test(log.data)) return;
      out.push({ logIndex, token, from, to, value: BigInt(`0x${log.data}`) });
    });
    return out;
  }

  return {
    network: 'TRC20',
    indexLagBlocks: opts.indexLagBlocks ?? 10,
    async head(signal): Promise<ChainBlock> {
      const block = blockOf(await wallet('/wallet/getnowblock', {}, signal), '/wallet/getnowblock');
      return { number: block.number, hash: block.hash };
    },

    async blockHash(number, signal) {
      return (await blockByNumber(number, signal))?.hash ?? null;
    },

    async transfersTo(to, fromBlock, toBlock, signal) {
      const wanted = new Set(to);
      for (const address of wanted) {
        if (!tronAddressToBytes(address)) throw new Error(`not a TRON address: ${address}`);
      }
      if (wanted.size === 0 || fromBlock > toBlock) return [];
      const blocks = new Map<bigint, Promise<TronBlock | null>>();
      const block = (n: bigint) => {
        let b = blocks.get(n);
        if (!b) blocks.set(n, (b = blockByNumber(n, signal)));
        return b;
      };
      const [first, last] = await Promise.all([block(fromBlock), block(toBlock)]);
      if (!first || !last) throw fail(`block ${first ? toBlock : fromBlock} is not on the full node yet`);

      const txids = new Set<string>();
      await eachLimited([...wanted], concurrency, async (address) => {
        for (const id of await listedTo(address, first.timestamp, last.timestamp, signal)) txids.add(id);
      });

      const found: (ChainTransfer & { position: number })[] = [];
      await eachLimited([...txids], concurrency, async (txid) => {
        const info = await transactionInfo(txid, signal);
        // Listed by TronGrid but unknown to the full node (dropped, or not yet on this node): not on its chain.
        if (!info) return;
        const blockNumber = BigInt(info.blockNumber as number);
        if (blockNumber < fromBlock || blockNumber > toBlock || !succeeded(info)) return;
        const transfers = transfersIn(info, wanted);
        if (transfers.length === 0) return;
        const mined = await block(blockNumber);
        const position = mined?.txids.indexOf(txid) ?? -1;
        // The node's block no longer holds it: a reorganisation between the two answers.
        if (!mined || position < 0) return;
        for (const t of transfers) found.push({ ...t, txHash: txid, blockNumber, blockHash: mined.hash, position });
      });

      found.sort((a, b) =>
        a.blockNumber !== b.blockNumber
          ? a.blockNumber < b.blockNumber
            ? -1
            : 1
          : a.position - b.position || a.logIndex - b.logIndex,
      );
      return found.map(({ position: _position, ...t }) => t);
    },

    async transaction(txHash, signal): Promise<ChainTxStatus> {
      const txid = txHash.replace(/^0x/, '').toLowerCase();
      const info = await transactionInfo(txid, signal);
      if (!info) return { found: false };
      const mined = await blockByNumber(BigInt(info.blockNumber as number), signal);
      if (!mined?.txids.includes(txid)) return { found: false };
      return { found: true, blockNumber: mined.number, blockHash: mined.hash, success: succeeded(info) };
    },
  };
}

/**
 * A transaction's outcome: a contract call's `receipt.result` is `SUCCESS`, or why it failed (`REVERT`,
 * `OUT_OF_ENERGY`, …, with `result: 'FAILED'` beside it); a plain TRX transfer has no `result` at all.
 */
function succeeded(info: Record<string, unknown>): boolean {
  if (info.result === 'FAILED') return false;
  const result = isRecord(info.receipt) ? info.receipt.result : undefined;
  return result === undefined || result === 'SUCCESS';
}

/** The address in an address topic (64 hex, 12 zero bytes then the 20, no `0x`), or null. */
function topicAddress(topic: unknown): string | null {
  if (typeof topic !== 'string' || !/^0{24}[0-9a-fA-F]{40}$/.test(topic)) return null;
  return tronAddressFromBytes(hexToBytes(topic.slice(24)));
}

/** The base58 address of a log's contract (its 20 bytes in hex, sometimes after the 0x41 prefix), or null. */
function contractAddress(hex: unknown): string | null {
  if (typeof hex !== 'string') return null;
  const m = /^(?:41)?([0-9a-fA-F]{40})$/.exec(hex);
  return m ? tronAddressFromBytes(hexToBytes(m[1]!)) : null;
}

/** A full node's refusal, after a space. */
function nodeErrorText(json: unknown): string {
  if (!isRecord(json) || json.Error === undefined) return '';
  return ` ${typeof json.Error === 'string' ? json.Error : JSON.stringify(json.Error)}`;
}

/** TronGrid's refusal (`{ success: false, error, statusCode }`), after a space. */
function gridErrorText(json: unknown): string {
  return isRecord(json) && typeof json.error === 'string' ? ` ${json.error}` : '';
}

/** `fn` over `items`, at most `limit` at a time; rejects with the first failure, starting no more after it. */
async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const item = items[next++]!;
      try {
        await fn(item);
      } catch (e) {
        failed = true;
        throw e;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
