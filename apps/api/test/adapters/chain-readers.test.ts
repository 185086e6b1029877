import { createHash } from 'node:crypto';
import { hexToBytes } from '@noble/hashes/utils.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TETHER_NETWORKS, evmAddressFromBytes, tronAddressFromBytes } from '@portal/contract/tether/networks';
import { ChainReaderError, type ChainReaderPort } from '../../src/adapters/chain/chain.port';
import { TRANSFER_TOPIC, createEvmRpcReader } from '../../src/adapters/chain/evm-rpc-reader';
import { createTronHttpReader } from '../../src/adapters/chain/tron-http-reader';
import {
  startEvmRpcDouble,
  startTronHttpDouble,
  type EvmRpcDouble,
  type TronHttpDouble,
} from '../helpers/chain-doubles';

/** 20 bytes of a label: the same label is the same account on both chains. */
const account = (label: string) => hexToBytes(createHash('sha256').update(label).digest('hex').slice(0, 40));
const evm = (label: string) => evmAddressFromBytes(account(label));
const tron = (label: string) => tronAddressFromBytes(account(label));
/** An address as an event's topic: 12 zero bytes, then the 20. */
const topicOf = (address: string) => `0x${'0'.repeat(24)}${address.slice(2).toLowerCase()}`;

/** Rejects with a `ChainReaderError` of `network` whose message matches `pattern`; answers the message. */
async function expectFailure(promise: Promise<unknown>, network: string, pattern: RegExp) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ChainReaderError);
  expect((err as ChainReaderError).network).toBe(network);
  expect((err as ChainReaderError).message).toMatch(pattern);
  return (err as ChainReaderError).message;
}

/** The address a fetch is asked for. */
const hrefOf = (url: string | URL | Request) =>
  typeof url === 'string' ? url : url instanceof URL ? url.href : url.url;

/** How long a promise took to settle, in milliseconds. */
async function timed(promise: Promise<unknown>) {
  const t0 = performance.now();
  await promise.catch(() => undefined);
  return performance.now() - t0;
}

describe('the EVM reader against a local JSON-RPC node', () => {
  const [alice, bob, carol, stranger, sender] = ['alice', 'bob', 'carol', 'stranger', 'sender'].map(evm) as [
    string,
    string,
    string,
    string,
    string,
  ];
  const otherToken = evm('another token');
  const USDT = TETHER_NETWORKS.ERC20.tetherContract;
  let node: EvmRpcDouble;
  let reader: ChainReaderPort;
  const logCalls = () => node.requests.filter((r) => r.method === 'eth_getLogs');
  const filterOf = (i: number) => logCalls()[i]!.params[0] as { fromBlock: string; toBlock: string; topics: unknown[] };

  beforeEach(async () => {
    node = await startEvmRpcDouble();
    reader = createEvmRpcReader({ network: 'ERC20', url: node.url, timeoutMs: 1_000 });
  });
  afterEach(async () => {
    await node.close();
  });

  it('reads the head and block hashes, after checking once that the node is on its chain', async () => {
    node.chain.mine(5);
    expect(reader.network).toBe('ERC20');
    expect(await reader.head()).toEqual({ number: 5n, hash: node.chain.blockHash(5) });
    expect(await reader.blockHash(3n)).toBe(node.chain.blockHash(3));
    expect(await reader.blockHash(6n)).toBeNull();
    expect(node.chain.blockHash(3)).toMatch(/^0x[0-9a-f]{64}$/);
    expect(new Set([0, 1, 2, 3, 4, 5].map((n) => node.chain.blockHash(n))).size).toBe(6);
    expect(node.requests.map((r) => [r.method, r.params])).toEqual([
      ['eth_chainId', []],
      ['eth_getBlockByNumber', ['latest', false]],
      ['eth_getBlockByNumber', ['0x3', false]],
      ['eth_getBlockByNumber', ['0x6', false]],
    ]);
  });

  it('finds transfers of tether and of other tokens to its addresses, and no one else’s', async () => {
    node.chain.mine(2);
    const t1 = node.chain.transfer({ from: sender, to: alice, value: 1_500_000n });
    const t2 = node.chain.transfer({ token: otherToken, from: sender, to: bob, value: 7n });
    node.chain.transfer({ from: sender, to: stranger, value: 9n });
    node.chain.transfer({ from: alice, to: stranger, value: 1n });
    node.chain.mine();
    const t3 = node.chain.transfer({ from: bob, to: alice, value: 2n });
    node.chain.mine();

    // An address given in lower case is the same address.
    const found = await reader.transfersTo([alice, bob.toLowerCase()], 0n, 4n);
    expect(found).toEqual([
      {
        txHash: t1,
        logIndex: 0,
        blockNumber: 3n,
        blockHash: node.chain.blockHash(3),
        token: USDT,
        from: sender,
        to: alice,
        value: 1_500_000n,
      },
      {
        txHash: t2,
        logIndex: 1,
        blockNumber: 3n,
        blockHash: node.chain.blockHash(3),
        token: otherToken,
        from: sender,
        to: bob,
        value: 7n,
      },
      {
        txHash: t3,
        logIndex: 0,
        blockNumber: 4n,
        blockHash: node.chain.blockHash(4),
        token: USDT,
        from: bob,
        to: alice,
        value: 2n,
      },
    ]);
    // No contract address in the filter (any token), the Transfer topic, the addresses as the third topic.
    expect(logCalls()).toHaveLength(1);
    expect(filterOf(0)).toEqual({
      fromBlock: '0x0',
      toBlock: '0x4',
      topics: [TRANSFER_TOPIC, null, [topicOf(alice), topicOf(bob)]],
    });
    expect(await reader.transfersTo([alice, bob], 4n, 4n)).toEqual([found[2]]);
    expect(await reader.transfersTo([], 0n, 4n)).toEqual([]);
    expect(await reader.transfersTo([alice], 5n, 4n)).toEqual([]);
  });

  it('splits a scan into block ranges and address lists, batched, and returns them in chain order', async () => {
    const limited = await startEvmRpcDouble({ maxBlockRange: 10 });
    try {
      const ours = [alice, bob, carol, evm('dave'), evm('erin')];
      const chain = limited.chain;
      chain.transfer({ from: sender, to: ours[0]!, value: 1n });
      chain.mine(); // block 1
      chain.mine(10);
      // In one block, a transfer to the last list's address comes before one to the first list's.
      const late = chain.transfer({ from: sender, to: ours[4]!, value: 2n });
      const early = chain.transfer({ from: sender, to: ours[0]!, value: 3n });
      chain.mine(); // block 12
      chain.mine(13);
      chain.transfer({ from: sender, to: ours[2]!, value: 4n });
      chain.mine(); // block 26: outside the scan
      const split = createEvmRpcReader({
        network: 'ERC20',
        url: limited.url,
        maxBlockRange: 10,
        maxAddressesPerQuery: 2,
        maxBatch: 4,
      });

      const found = await split.transfersTo(ours, 1n, 25n);
      expect(found.map((t) => [t.blockNumber, t.logIndex, t.value])).toEqual([
        [1n, 0, 1n],
        [12n, 0, 2n],
        [12n, 1, 3n],
      ]);
      expect(found.slice(1).map((t) => t.txHash)).toEqual([late, early]);

      const calls = limited.requests.filter((r) => r.method === 'eth_getLogs');
      const shape = calls.map((c) => {
        const f = c.params[0] as { fromBlock: string; toBlock: string; topics: [string, null, string[]] };
        return [f.fromBlock, f.toBlock, f.topics[2].length];
      });
      expect(shape).toEqual([
        ['0x1', '0xa', 2],
        ['0x1', '0xa', 2],
        ['0x1', '0xa', 1],
        ['0xb', '0x14', 2],
        ['0xb', '0x14', 2],
        ['0xb', '0x14', 1],
        ['0x15', '0x19', 2],
        ['0x15', '0x19', 2],
        ['0x15', '0x19', 1],
      ]);
      // Each range asks for every address once.
      const perRange = (from: string) =>
        calls
          .filter((c) => (c.params[0] as { fromBlock: string }).fromBlock === from)
          .flatMap((c) => (c.params[0] as { topics: [string, null, string[]] }).topics[2]);
      expect(perRange('0xb').sort()).toEqual(ours.map(topicOf).sort());
      // Nine calls in batches of at most four: three HTTP requests.
      const posts = calls.map((c) => c.post);
      expect([...new Set(posts)].map((p) => posts.filter((x) => x === p).length)).toEqual([4, 4, 1]);

      // The defaults ask for all 25 blocks at once, which this node refuses, and say so.
      const whole = createEvmRpcReader({ network: 'ERC20', url: limited.url });
      await expectFailure(
        whole.transfersTo(ours, 1n, 25n),
        'ERC20',
        /eth_getLogs failed: -32005 query exceeds max block range 10/,
      );
      // One call per request for a node that takes no batches.
      const single = createEvmRpcReader({
        network: 'ERC20',
        url: limited.url,
        maxBlockRange: 10,
        maxAddressesPerQuery: 2,
        maxBatch: 1,
      });
      limited.requests.length = 0;
      expect(await single.transfersTo(ours, 1n, 25n)).toEqual(found);
      expect(new Set(limited.requests.filter((r) => r.method === 'eth_getLogs').map((r) => r.post)).size).toBe(9);
    } finally {
      await limited.close();
    }
  });

  it('leaves out logs flagged removed and Transfer events that are not ERC-20 (an NFT’s, with four topics)', async () => {
    const nft = evm('a collectible');
    node.chain.emit({
      address: nft,
      topics: [TRANSFER_TOPIC, topicOf(sender), topicOf(alice), `0x${'0'.repeat(63)}5`],
    });
    const kept = node.chain.transfer({ from: sender, to: alice, value: 5n });
    node.chain.mine();
    const gone = node.chain.transfer({ from: sender, to: alice, value: 6n });
    node.chain.mine();
    node.chain.reorg(1, { dropTx: [gone] });
    node.echoRemovedLogs(true);

    const found = await reader.transfersTo([alice], 0n, 2n);
    expect(found.map((t) => [t.txHash, t.logIndex, t.value])).toEqual([[kept, 1, 5n]]);
    // The node did answer both: the reader left them out.
    const res = await fetch(node.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getLogs', params: [filterOf(0)] }),
    });
    const logs = ((await res.json()) as { result: { removed: boolean; topics: string[] }[] }).result;
    expect(logs.map((l) => [l.removed, l.topics.length])).toEqual([
      [false, 4],
      [false, 3],
      [true, 3],
    ]);
  });

  it('sees a reorganisation through the block hash and the transaction', async () => {
    const stays = node.chain.transfer({ from: sender, to: alice, value: 1n });
    const dropped = node.chain.transfer({ from: sender, to: bob, value: 2n });
    node.chain.mine();
    node.chain.mine(2);
    const before = await reader.blockHash(1n);
    expect(await reader.transaction(dropped)).toEqual({
      found: true,
      blockNumber: 1n,
      blockHash: before,
      success: true,
    });

    node.chain.reorg(3, { dropTx: [dropped] });
    const after = await reader.blockHash(1n);
    expect(after).not.toBe(before);
    expect(after).toBe(node.chain.blockHash(1));
    expect(await reader.head()).toEqual({ number: 3n, hash: node.chain.blockHash(3) });
    expect(await reader.transaction(dropped)).toEqual({ found: false });
    expect(await reader.transaction(stays)).toEqual({ found: true, blockNumber: 1n, blockHash: after, success: true });
    const found = await reader.transfersTo([alice, bob], 0n, 3n);
    expect(found.map((t) => [t.txHash, t.blockHash, t.logIndex])).toEqual([[stays, after, 0]]);
  });

  it('reads a failed transaction as mined without success, with no transfer, and an unknown one as not found', async () => {
    const failed = node.chain.transfer({ from: sender, to: alice, value: 1n });
    node.chain.failTx(failed);
    const ok = node.chain.transfer({ from: sender, to: alice, value: 2n });
    node.chain.mine();
    expect(await reader.transaction(failed)).toEqual({
      found: true,
      blockNumber: 1n,
      blockHash: node.chain.blockHash(1),
      success: false,
    });
    expect(await reader.transaction(ok.toUpperCase().replace('0X', '0x'))).toMatchObject({
      found: true,
      success: true,
    });
    expect(await reader.transaction(`0x${'ab'.repeat(32)}`)).toEqual({ found: false });
    const found = await reader.transfersTo([alice], 0n, 1n);
    // The failed transaction emitted nothing: the other's event is the block's first.
    expect(found.map((t) => [t.txHash, t.logIndex, t.value])).toEqual([[ok, 0, 2n]]);
  });

  it('passes BEP20’s 18-decimal raw values through untouched', async () => {
    const bsc = await startEvmRpcDouble({ network: 'BEP20' });
    try {
      const bep = createEvmRpcReader({ network: 'BEP20', url: bsc.url });
      const value = 1_234_567_890_123_456_789_012_345n;
      const tx = bsc.chain.transfer({ from: sender, to: alice, value });
      bsc.chain.mine();
      expect(await bep.transfersTo([alice], 0n, 1n)).toEqual([
        {
          txHash: tx,
          logIndex: 0,
          blockNumber: 1n,
          blockHash: bsc.chain.blockHash(1),
          token: TETHER_NETWORKS.BEP20.tetherContract,
          from: sender,
          to: alice,
          value,
        },
      ]);
      // An Ethereum reader given the BNB node's URL refuses to read it, and asks again next time.
      await expectFailure(
        createEvmRpcReader({ network: 'ERC20', url: bsc.url }).head(),
        'ERC20',
        /the node is on chain 56, not 1/,
      );
      const wrong = createEvmRpcReader({ network: 'BEP20', url: node.url });
      await expectFailure(wrong.blockHash(0n), 'BEP20', /^BEP20: the node is on chain 1, not 56: check its URL$/);
      await expectFailure(wrong.transfersTo([alice], 0n, 0n), 'BEP20', /on chain 1/);
      expect(node.requests.filter((r) => r.method === 'eth_chainId')).toHaveLength(2);
      expect(node.requests.filter((r) => r.method !== 'eth_chainId')).toEqual([]);
    } finally {
      await bsc.close();
    }
  });

  it('turns every failure of the node into a ChainReaderError that says what failed', async () => {
    node.chain.mine(3);
    await reader.head();
    await node.setMode('down');
    await expectFailure(reader.head(), 'ERC20', /^ERC20: eth_getBlockByNumber: answered HTTP 503$/);
    await node.setMode('down', { refuse: true });
    await expectFailure(reader.blockHash(1n), 'ERC20', /eth_getBlockByNumber: unreachable: fetch failed \(\w+\)/);
    await node.setMode('garbage');
    await expectFailure(
      reader.transaction(`0x${'00'.repeat(32)}`),
      'ERC20',
      /eth_getTransactionReceipt: answered HTTP 200 without JSON/,
    );
    await node.setMode('garbage', { contentType: 'application/json', body: '{"jsonrpc":"2.0","id":7}' });
    await expectFailure(reader.head(), 'ERC20', /eth_getBlockByNumber: answered without a result/);
    await node.setMode('garbage', {
      contentType: 'application/json',
      body: '{"jsonrpc":"2.0","id":7,"result":{"number":"0x3","hash":"0x12"}}',
    });
    await expectFailure(reader.head(), 'ERC20', /eth_getBlockByNumber hash: not a hash: "0x12"/);
    await node.setMode('garbage', {
      httpStatus: 429,
      contentType: 'application/json',
      body: '{"jsonrpc":"2.0","id":null,"error":{"code":-32005,"message":"rate limited"}}',
    });
    await expectFailure(reader.head(), 'ERC20', /eth_getBlockByNumber: answered HTTP 429 -32005 rate limited/);
    await node.setMode('rpc-error', { only: 'eth_getLogs', code: -32000, message: 'header not found' });
    expect(await reader.head()).toMatchObject({ number: 3n });
    await expectFailure(reader.transfersTo([alice], 0n, 3n), 'ERC20', /eth_getLogs failed: -32000 header not found/);
    const batched = createEvmRpcReader({ network: 'ERC20', url: node.url, maxBlockRange: 2 });
    await expectFailure(batched.transfersTo([alice], 0n, 3n), 'ERC20', /eth_getLogs failed: -32000 header not found/);
    await node.setMode('ok');
    expect(await batched.transfersTo([alice], 0n, 3n)).toEqual([]);
  });

  it('refuses a batch the node will not take', async () => {
    const strict = await startEvmRpcDouble({ maxBatch: 2 });
    try {
      strict.chain.mine(10);
      const batched = createEvmRpcReader({ network: 'ERC20', url: strict.url, maxBlockRange: 2, maxBatch: 4 });
      await expectFailure(
        batched.transfersTo([alice], 1n, 10n),
        'ERC20',
        /eth_getLogs ×4 \(batch\): answered -32600 batch of 4 exceeds 2/,
      );
    } finally {
      await strict.close();
    }
  });

  it('gives up at its own time limit or the caller’s, well before a slow answer', async () => {
    node.chain.mine(2);
    const quick = createEvmRpcReader({ network: 'ERC20', url: node.url, timeoutMs: 100 });
    await Promise.all([quick.head(), reader.head()]);
    await node.setMode('slow', { delayMs: 300 });
    const ms = await timed(
      expectFailure(quick.head(), 'ERC20', /eth_getBlockByNumber: no answer within the time limit/),
    );
    expect(ms).toBeLessThan(280);
    expect(
      await timed(
        expectFailure(reader.blockHash(1n, AbortSignal.timeout(50)), 'ERC20', /no answer within the time limit/),
      ),
    ).toBeLessThan(280);
    const aborted = new AbortController();
    aborted.abort();
    await expectFailure(reader.transfersTo([alice], 0n, 2n, aborted.signal), 'ERC20', /eth_getLogs: aborted/);
  });
});

describe('the TRON reader against a local full node and TronGrid', () => {
  const [alice, bob, stranger, sender] = ['alice', 'bob', 'stranger', 'sender'].map(tron) as [
    string,
    string,
    string,
    string,
  ];
  const otherToken = tron('another token');
  const USDT = TETHER_NETWORKS.TRC20.tetherContract;
  const KEY = 'grid-key';
  let node: TronHttpDouble;
  let reader: ChainReaderPort;
  const gridCalls = (address?: string) =>
    node.requests.filter((r) => r.path.startsWith('/v1/') && (!address || r.path.includes(address)));
  const infoCalls = () => node.requests.filter((r) => r.path === '/wallet/gettransactioninfobyid');

  beforeEach(async () => {
    node = await startTronHttpDouble({ apiKey: KEY, pageSize: 2 });
    reader = createTronHttpReader({ fullNodeUrl: node.url, apiKey: KEY, timeoutMs: 1_000 });
  });
  afterEach(async () => {
    await node.close();
  });

  it('reads the head and block ids from the full node', async () => {
    node.chain.mine(5);
    expect(reader.network).toBe('TRC20');
    const head = await reader.head();
    expect(head).toEqual({ number: 5n, hash: node.chain.blockHash(5) });
    expect(head.hash).toMatch(/^0000000000000005[0-9a-f]{48}$/);
    expect(await reader.blockHash(2n)).toBe(node.chain.blockHash(2));
    // The genesis block, whose JSON has no number, and a block the chain does not have yet.
    expect(await reader.blockHash(0n)).toBe(node.chain.blockHash(0));
    expect(await reader.blockHash(9n)).toBeNull();
    expect(node.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/wallet/getnowblock', {}],
      ['POST', '/wallet/getblockbynum', { num: 2 }],
      ['POST', '/wallet/getblockbynum', { num: 0 }],
      ['POST', '/wallet/getblockbynum', { num: 9 }],
    ]);
  });

  it('finds transfers of tether and other tokens to its addresses in a block range, with their log positions', async () => {
    node.chain.mine(2);
    const t1 = node.chain.transfer({ from: sender, to: alice, value: 1_500_000n });
    const t2 = node.chain.transfer({ token: otherToken, from: sender, to: bob, value: 7n });
    node.chain.transfer({ from: alice, to: stranger, value: 3n });
    node.chain.mine(); // block 3
    const t3 = node.chain.transferMany(USDT, sender, [
      { to: bob, value: 4n },
      { to: stranger, value: 1n },
      { to: alice, value: 5n },
    ]);
    node.chain.mine(); // block 4
    node.chain.transfer({ from: sender, to: alice, value: 8n });
    node.chain.mine(); // block 5: after the range

    const found = await reader.transfersTo([alice, bob], 1n, 4n);
    const at = (n: number) => ({ blockNumber: BigInt(n), blockHash: node.chain.blockHash(n) });
    expect(found).toEqual([
      { txHash: t1, logIndex: 0, ...at(3), token: USDT, from: sender, to: alice, value: 1_500_000n },
      { txHash: t2, logIndex: 0, ...at(3), token: otherToken, from: sender, to: bob, value: 7n },
      { txHash: t3, logIndex: 0, ...at(4), token: USDT, from: sender, to: bob, value: 4n },
      { txHash: t3, logIndex: 2, ...at(4), token: USDT, from: sender, to: alice, value: 5n },
    ]);
    expect(t1).toMatch(/^[0-9a-f]{64}$/);
    expect(gridCalls(alice)[0]).toEqual({
      method: 'GET',
      path: `/v1/accounts/${alice}/transactions/trc20`,
      query: {
        only_confirmed: 'false',
        only_to: 'true',
        min_timestamp: String(node.chain.timestampOf(1)),
        max_timestamp: String(node.chain.timestampOf(4)),
        order_by: 'block_timestamp,asc',
        limit: '200',
      },
      body: {},
      apiKey: KEY,
    });
    expect(gridCalls()).toHaveLength(2);
    // The transaction listed for both addresses is asked about once.
    expect(
      infoCalls()
        .map((r) => (r.body as { value: string }).value)
        .sort(),
    ).toEqual([t1, t2, t3].sort());
  });

  it('follows TronGrid’s pages by fingerprint', async () => {
    const sent = [1n, 2n, 3n, 4n, 5n].map((value) => {
      const tx = node.chain.transfer({ from: sender, to: alice, value });
      node.chain.mine();
      return tx;
    });
    const found = await reader.transfersTo([alice], 1n, 5n);
    expect(found.map((t) => [t.txHash, t.blockNumber, t.value])).toEqual(
      sent.map((tx, i) => [tx, BigInt(i + 1), BigInt(i + 1)]),
    );
    const pages = gridCalls(alice);
    expect(pages).toHaveLength(3);
    expect(pages.map((p) => p.query.fingerprint === undefined)).toEqual([true, false, false]);
    expect(pages.every((p) => p.apiKey === KEY)).toBe(true);
  });

  it('does not count on TronGrid’s only_to: outgoing transfers are left out', async () => {
    const all = createTronHttpReader({
      fullNodeUrl: node.url,
      apiKey: KEY,
      fetch: (url, init) => fetch(hrefOf(url).replace('only_to=true&', ''), init),
    });
    const incoming = node.chain.transfer({ from: sender, to: alice, value: 1n });
    node.chain.transfer({ from: alice, to: stranger, value: 2n });
    node.chain.mine();
    const found = await all.transfersTo([alice], 0n, 1n);
    expect(found.map((t) => t.txHash)).toEqual([incoming]);
    expect(gridCalls(alice)[0]!.query.only_to).toBeUndefined();
  });

  it('gives the API key to TronGrid and not to a full node on another host', async () => {
    const grid = await startTronHttpDouble({ chain: node.chain, apiKey: KEY });
    try {
      const tx = node.chain.transfer({ from: sender, to: alice, value: 1n });
      node.chain.mine();
      const split = createTronHttpReader({ fullNodeUrl: node.url, tronGridUrl: grid.url, apiKey: KEY });
      expect((await split.transfersTo([alice], 0n, 1n)).map((t) => t.txHash)).toEqual([tx]);
      expect(grid.requests.map((r) => [r.path, r.apiKey])).toEqual([[`/v1/accounts/${alice}/transactions/trc20`, KEY]]);
      expect(node.requests.length).toBeGreaterThan(0);
      expect(node.requests.every((r) => r.path.startsWith('/wallet/') && r.apiKey === undefined)).toBe(true);
      // Without its key, TronGrid refuses.
      const keyless = createTronHttpReader({ fullNodeUrl: node.url });
      await expectFailure(keyless.transfersTo([alice], 0n, 1n), 'TRC20', /trc20: answered HTTP 401 ApiKey not exists/);
    } finally {
      await grid.close();
    }
  });

  it('sees a reorganisation through the block id and the transaction', async () => {
    const stays = node.chain.transfer({ from: sender, to: alice, value: 1n });
    const dropped = node.chain.transfer({ from: sender, to: bob, value: 2n });
    node.chain.mine();
    node.chain.mine(2);
    const before = await reader.blockHash(1n);
    expect(await reader.transaction(dropped)).toEqual({
      found: true,
      blockNumber: 1n,
      blockHash: before,
      success: true,
    });

    node.chain.reorg(3, { dropTx: [dropped] });
    const after = await reader.blockHash(1n);
    expect(after).not.toBe(before);
    expect(after).toBe(node.chain.blockHash(1));
    expect(await reader.transaction(dropped)).toEqual({ found: false });
    expect(await reader.transaction(`0x${stays}`)).toEqual({
      found: true,
      blockNumber: 1n,
      blockHash: after,
      success: true,
    });
    const found = await reader.transfersTo([alice, bob], 0n, 3n);
    expect(found.map((t) => [t.txHash, t.blockHash])).toEqual([[stays, after]]);
  });

  it('reads a reverted transaction as mined without success, with no transfer', async () => {
    const failed = node.chain.transfer({ from: sender, to: alice, value: 1n });
    node.chain.failTx(failed);
    node.chain.mine();
    expect(await reader.transaction(failed)).toEqual({
      found: true,
      blockNumber: 1n,
      blockHash: node.chain.blockHash(1),
      success: false,
    });
    expect(await reader.transfersTo([alice], 0n, 1n)).toEqual([]);
    expect(await reader.transaction('ab'.repeat(32))).toEqual({ found: false });
    // Not yet mined: the full node does not know it.
    const waiting = node.chain.transfer({ from: sender, to: alice, value: 1n });
    expect(await reader.transaction(waiting)).toEqual({ found: false });
  });

  it('turns every failure of the full node or TronGrid into a ChainReaderError that says what failed', async () => {
    node.chain.mine(3);
    await node.setMode('down');
    await expectFailure(reader.head(), 'TRC20', /^TRC20: POST \/wallet\/getnowblock: answered HTTP 503$/);
    await node.setMode('down', { refuse: true });
    await expectFailure(
      reader.blockHash(1n),
      'TRC20',
      /POST \/wallet\/getblockbynum: unreachable: fetch failed \(\w+\)/,
    );
    await node.setMode('garbage');
    await expectFailure(reader.head(), 'TRC20', /getnowblock: answered HTTP 200 without JSON/);
    await node.setMode('garbage', { contentType: 'application/json', body: '{"blockID":"xyz"}' });
    await expectFailure(reader.head(), 'TRC20', /getnowblock: a block without its blockID/);
    await node.setMode('rpc-error', { only: '/wallet/getblockbynum', message: 'class java.lang.NullPointerException' });
    await expectFailure(
      reader.blockHash(1n),
      'TRC20',
      /POST \/wallet\/getblockbynum failed: class java.lang.NullPointerException/,
    );
    await node.setMode('rpc-error', { only: '/v1/', httpStatus: 429, message: 'too many requests' });
    await expectFailure(
      reader.transfersTo([alice], 0n, 3n),
      'TRC20',
      /GET \/v1\/accounts\/T\w+\/transactions\/trc20: answered HTTP 429 too many requests/,
    );
    await node.setMode('rpc-error', { only: '/v1/', httpStatus: 200, message: 'index unavailable' });
    await expectFailure(reader.transfersTo([alice], 0n, 3n), 'TRC20', /trc20: refused: index unavailable/);
    await node.setMode('ok');
    await expectFailure(reader.transfersTo([alice], 0n, 99n), 'TRC20', /block 99 is not on the full node yet/);
  });

  it('gives up at its own time limit or the caller’s, well before a slow answer', async () => {
    await node.setMode('slow', { delayMs: 300 });
    const quick = createTronHttpReader({ fullNodeUrl: node.url, timeoutMs: 100 });
    expect(
      await timed(expectFailure(quick.head(), 'TRC20', /getnowblock: no answer within the time limit/)),
    ).toBeLessThan(280);
    expect(
      await timed(
        expectFailure(
          reader.transaction('ab'.repeat(32), AbortSignal.timeout(50)),
          'TRC20',
          /no answer within the time limit/,
        ),
      ),
    ).toBeLessThan(280);
    const aborted = new AbortController();
    aborted.abort();
    await expectFailure(reader.blockHash(0n, aborted.signal), 'TRC20', /aborted/);
  });
});
