import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositAddress, TetherDeposit } from '@portal/contract/tether/chain';
import { evmAddressFromBytes, type TetherNetworkKey } from '@portal/contract/tether/networks';
import type { ChainReaderPort } from '../../src/adapters/chain/chain.port';
import { createEvmRpcReader } from '../../src/adapters/chain/evm-rpc-reader';
import type { SandboxChain } from '../../src/adapters/chain/sandbox-chain';
import { queryRows } from '../../src/db/client';
import { chainCursors, chainDeposits, chainNetworks } from '../../src/db/schema';
import { rawOfTetherMinor } from '../../src/modules/chain/deposits.service';
import { tickNetwork, type WatcherDeps } from '../../src/modules/chain/watcher.service';
import { createTestApp, type TestApp } from '../helpers/app';
import { makeLevelOneInvestor, type TestUser } from '../helpers/admin';
import { startEvmRpcDouble, type EvmRpcDouble } from '../helpers/chain-doubles';
import { balanceOf, expectLedgerSound, ledgerCounts } from '../helpers/ledger';

/**
 * Issue 18: the chain watcher against a local Ethereum node that speaks JSON-RPC (ERC20, read by the real
 * EVM reader) and against the embedded mode's sandbox chain (TRC20; BEP20 for its 18 decimals and a log
 * index that changes): credited once after the confirmations, a transfer seen twice, reorganisations, the
 * transfers never credited, a restart in the middle of a scan. The ticks are called directly, on the
 * test's clock; every network needs 3 confirmations here.
 */
const CONFIRMATIONS = 3;
const LEASE_MS = 30_000;

let t: TestApp;
let node: EvmRpcDouble;
let sandbox: SandboxChain;

beforeAll(async () => {
  node = await startEvmRpcDouble({ network: 'ERC20' });
  t = await createTestApp({
    adapters: { chainReaders: new Map([['ERC20', createEvmRpcReader({ network: 'ERC20', url: node.url })]]) },
  });
  sandbox = t.app.chain.sandbox!;
  // 3 confirmations, and 1 tether at least, on every network.
  await t.database.db.update(chainNetworks).set({ confirmations: CONFIRMATIONS, minDeposit: 1_000_000n });
});
afterAll(async () => {
  await expectLedgerSound(t.database.db);
  await t.close();
  await node.close();
});

/** What a test does to a chain, the same on the JSON-RPC node and on the sandbox. */
interface Chain {
  name: string;
  network: TetherNetworkKey;
  transfer(to: string, value: bigint, token?: string): Promise<string>;
  mine(blocks?: number): Promise<void>;
  /**
   * Replaces the last `depth` blocks: `drop` leaves the chain, `reinclude` is mined again elsewhere (in a
   * block of the same height with another hash on the node; in the next block on the sandbox, after `mine`).
   */
  reorg(depth: number, opts: { drop?: string[]; reinclude?: string[] }): Promise<void>;
  otherToken(): string;
}

const evmNode: Chain = {
  name: 'a JSON-RPC node (ERC20, the EVM reader)',
  network: 'ERC20',
  transfer: async (to, value, token) =>
    node.chain.transfer({ from: evmAddressFromBytes(randomBytes(20)), to, value, ...(token ? { token } : {}) }),
  mine: async (blocks = 1) => {
    node.chain.mine(blocks);
  },
  reorg: async (depth, opts) => {
    node.chain.reorg(depth, { dropTx: opts.drop ?? [] });
  },
  otherToken: () => evmAddressFromBytes(randomBytes(20)),
};

const sandboxChain = (network: TetherNetworkKey): Chain => ({
  name: `the sandbox chain (${network})`,
  network,
  transfer: (to, value, token) => sandbox.transfer({ network, to, value, ...(token ? { token } : {}) }),
  mine: async (blocks = 1) => {
    await sandbox.mine(network, blocks);
  },
  reorg: (depth, opts) => sandbox.reorg(network, depth, { dropTx: opts.drop ?? [], delayTx: opts.reinclude ?? [] }),
  otherToken: () => sandbox.otherToken(network),
});

const deps = (over: Partial<WatcherDeps> = {}): WatcherDeps => ({
  db: t.database.db,
  readers: t.app.chain.readers,
  custody: t.app.chain.custody,
  scanBatch: 5,
  leaseMs: LEASE_MS,
  now: () => t.clock.now,
  ...over,
});

const usdt = (network: TetherNetworkKey, amount: string) =>
  rawOfTetherMinor(network, BigInt(Math.round(Number(amount) * 1e6)));

async function investorWithAddress(network: TetherNetworkKey): Promise<TestUser & { address: string }> {
  const u = await makeLevelOneInvestor(t);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/wallet/tether/deposit-addresses',
    headers: { cookie: u.cookie },
    payload: { network },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...u, address: res.json<DepositAddress>().address };
}

const depositsOf = (userId: string, network: TetherNetworkKey) =>
  t.database.db
    .select()
    .from(chainDeposits)
    .where(and(eq(chainDeposits.userId, userId), eq(chainDeposits.network, network)))
    .orderBy(chainDeposits.createdAt, chainDeposits.logIndex);

const viewsOf = async (u: TestUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/wallet/tether/deposits', headers: { cookie: u.cookie } })).json<{
    items: TetherDeposit[];
    total: number;
  }>();

const cursorOf = async (network: TetherNetworkKey) =>
  (await t.database.db.select().from(chainCursors).where(eq(chainCursors.network, network)))[0]!;

const auditsOf = async (action: string, depositId: string) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = ${action} AND subject_id = ${depositId}`,
    )
  )[0]!.n;

describe.each([evmNode, sandboxChain('TRC20')])('the watcher on %s', (chain) => {
  const { network } = chain;
  const tick = (owner = 'watcher-1', over: Partial<WatcherDeps> = {}) => tickNetwork(deps(over), network, owner);

  beforeAll(async () => {
    // The first tick places the cursor at the head minus the confirmations.
    const first = await tick();
    expect(first.leased).toBe(true);
    expect(first.cursor).not.toBeNull();
  });

  it('credits a transfer once, after the confirmations; another tick changes nothing', async () => {
    const u = await investorWithAddress(network);
    const txHash = await chain.transfer(u.address, usdt(network, '25.5'));
    await chain.mine();
    const seen = await tick();
    expect(seen.recorded).toBe(1);
    let [d] = await depositsOf(u.userId, network);
    expect(d).toMatchObject({ txHash, status: 'Confirming', amount: 25_500_000n, confirmations: 1 });
    expect((await viewsOf(u)).items[0]).toMatchObject({
      status: 'Confirming',
      userStatus: 'InProgress',
      amount: '25.5',
      confirmations: 1,
      requiredConfirmations: CONFIRMATIONS,
      toAddress: u.address,
    });

    await chain.mine(CONFIRMATIONS - 2);
    expect((await tick()).confirm?.credited).toBe(0);
    [d] = await depositsOf(u.userId, network);
    expect(d).toMatchObject({ status: 'Confirming', confirmations: CONFIRMATIONS - 1 });
    expect(await balanceOf(t.database.db, u.userId, 'USDT')).toBe(0n);

    await chain.mine();
    expect((await tick()).confirm?.credited).toBe(1);
    [d] = await depositsOf(u.userId, network);
    expect(d!.status).toBe('Credited');
    expect(d!.journalId).not.toBeNull();
    expect(await balanceOf(t.database.db, u.userId, 'USDT')).toBe(25_500_000n);
    expect(await auditsOf('tether.deposit.credited', d!.id)).toBe(1);
    expect((await viewsOf(u)).items[0]).toMatchObject({
      status: 'Credited',
      userStatus: 'Successful',
      confirmations: CONFIRMATIONS,
    });
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/wallet/tether/deposits/${d!.id}`,
      headers: { cookie: u.cookie },
    });
    expect(one.json()).toMatchObject({ id: d!.id, txHash, status: 'Credited' });
    // Another user does not see it.
    const other = await makeLevelOneInvestor(t);
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/wallet/tether/deposits/${d!.id}`,
      headers: { cookie: other.cookie },
    });
    expect(theirs.statusCode).toBe(404);

    const before = await ledgerCounts(t.database.db);
    await chain.mine(2);
    const again = await tick();
    expect(again.confirm).toEqual({ credited: 0, dropped: 0, moved: 0 });
    expect(await ledgerCounts(t.database.db)).toEqual(before);
    expect(await balanceOf(t.database.db, u.userId, 'USDT')).toBe(25_500_000n);
    await expectLedgerSound(t.database.db);
  });

  it('records a transfer seen twice once: a scan over the same blocks again writes and credits nothing', async () => {
    const u = await investorWithAddress(network);
    const start = (await cursorOf(network)).lastScannedBlock!;
    await chain.transfer(u.address, usdt(network, '7'));
    await chain.mine(CONFIRMATIONS);
    await tick();
    expect((await depositsOf(u.userId, network)).map((d) => d.status)).toEqual(['Credited']);
    const before = await ledgerCounts(t.database.db);
    // The cursor put back before the transfer (as after a crash that lost the cursor's move): seen again.
    await t.database.db
      .update(chainCursors)
      .set({ lastScannedBlock: start, lastScannedHash: null })
      .where(eq(chainCursors.network, network));
    const rescan = await tick();
    expect(rescan.recorded).toBe(0);
    expect(await depositsOf(u.userId, network)).toHaveLength(1);
    expect(await ledgerCounts(t.database.db)).toEqual(before);
    expect(await balanceOf(t.database.db, u.userId, 'USDT')).toBe(7_000_000n);
  });

  it('a reorganisation that drops an unconfirmed transfer: Dropped, never credited', async () => {
    const u = await investorWithAddress(network);
    const txHash = await chain.transfer(u.address, usdt(network, '40'));
    await chain.mine();
    await tick();
    const [seen] = await depositsOf(u.userId, network);
    expect(seen!.status).toBe('Confirming');
    await chain.reorg(2, { drop: [txHash] });
    const after = await tick();
    expect(after.reorg).toBe(true);
    expect(after.confirm?.dropped).toBe(1);
    const [d] = await depositsOf(u.userId, network);
    expect(d!.status).toBe('Dropped');
    expect(await auditsOf('tether.deposit.dropped', d!.id)).toBe(1);
    expect((await viewsOf(u)).items[0]).toMatchObject({ status: 'Dropped', userStatus: 'Failed' });
    await chain.mine(CONFIRMATIONS + 2);
    await tick();
    expect((await depositsOf(u.userId, network)).map((x) => x.status)).toEqual(['Dropped']);
    expect(await balanceOf(t.database.db, u.userId, 'USDT')).toBe(0n);
  });

  it('a reorganisation that mines a transfer again in another block: followed there, credited once', async () => {
    const u = await investorWithAddress(network);
    const txHash = await chain.transfer(u.address, usdt(network, '12.25'));
    await chain.mine();
    await tick();
    const [seen] = await depositsOf(u.userId, network);
    await chain.reorg(1, { reinclude: [txHash] });
    await chain.mine();
    const after = await tick();
    expect(after.reorg).toBe(true);
    expect(after.confirm?.moved).toBe(1);
    const [moved] = await depositsOf(u.userId, network);
    expect(moved!.id).toBe(seen!.id);
    expect(moved!.status).toBe('Confirming');
    expect(moved!.blockHash).not.toBe(seen!.blockHash);
    await chain.mine(CONFIRMATIONS);
    await tick();
    await tick();
    const rows = await depositsOf(u.userId, network);
    expect(rows.map((r) => r.status)).toEqual(['Credited']);
    expect(await balanceOf(t.database.db, u.userId, 'USDT')).toBe(12_250_000n);
    await expectLedgerSound(t.database.db);
  });

  it('another token, and tether below the minimum: Ignored at once, recorded for the operators, never credited', async () => {
    const u = await investorWithAddress(network);
    const other = chain.otherToken();
    const otherTx = await chain.transfer(u.address, 123_456_789n, other);
    const smallTx = await chain.transfer(u.address, usdt(network, '0.5'));
    await chain.mine();
    expect((await tick()).recorded).toBe(2);
    const rows = await depositsOf(u.userId, network);
    expect(rows.map((r) => [r.txHash, r.status, r.ignoreReason]).sort()).toEqual(
      [
        [otherTx, 'Ignored', 'other_token'],
        [smallTx, 'Ignored', 'below_minimum'],
      ].sort(),
    );
    for (const r of rows) expect(await auditsOf('tether.deposit.ignored', r.id)).toBe(1);
    await chain.mine(CONFIRMATIONS + 1);
    await tick();
    expect((await depositsOf(u.userId, network)).map((r) => r.status)).toEqual(['Ignored', 'Ignored']);
    expect(await balanceOf(t.database.db, u.userId, 'USDT')).toBe(0n);
    const views = (await viewsOf(u)).items;
    expect(views.find((v) => v.txHash === otherTx)).toMatchObject({
      otherToken: other,
      amount: '123456789',
      userStatus: 'Failed',
    });
    expect(views.find((v) => v.txHash === smallTx)).toMatchObject({ otherToken: null, amount: '0.5' });
  });

  it('a restart in the middle of a scan resumes from the cursor: nothing missed, nothing twice', async () => {
    const users = await Promise.all([0, 1, 2].map(() => investorWithAddress(network)));
    const sent: bigint[] = [];
    // Twelve transfers over about twenty blocks: four scans of five blocks.
    for (let i = 0; i < 12; i++) {
      const value = usdt(network, String(i + 1));
      await chain.transfer(users[i % 3]!.address, value);
      sent.push(value);
      await chain.mine(i % 2 === 0 ? 1 : 2);
    }
    const real = t.app.chain.readers.get(network)!;
    // The first watcher dies after two scans (its process ended: the third node call never answers).
    let scans = 0;
    const dying: ChainReaderPort = {
      ...real,
      network,
      head: (s) => real.head(s),
      blockHash: (n, s) => real.blockHash(n, s),
      transaction: (h, s) => real.transaction(h, s),
      transfersTo: async (to, from, till, s) => {
        if (++scans > 2) throw new Error('the process ended');
        return real.transfersTo(to, from, till, s);
      },
    };
    const before = (await cursorOf(network)).lastScannedBlock!;
    await expect(tick('watcher-1', { readers: new Map([[network, dying]]) })).rejects.toThrow('the process ended');
    const mid = await cursorOf(network);
    expect(mid.lastScannedBlock).toBe(before + 10n);
    expect(mid.lastError).toContain('the process ended');
    const recordedMid = (await Promise.all(users.map((u) => depositsOf(u.userId, network)))).flat().length;
    expect(recordedMid).toBeGreaterThan(0);
    expect(recordedMid).toBeLessThan(12);

    // A new process (another owner) waits for the dead one's lease, then goes on from the cursor.
    expect((await tick('watcher-2')).leased).toBe(false);
    t.clock.advance(LEASE_MS / 1000 + 1);
    const asked: bigint[] = [];
    const watching: ChainReaderPort = {
      ...real,
      network,
      head: (s) => real.head(s),
      blockHash: (n, s) => real.blockHash(n, s),
      transaction: (h, s) => real.transaction(h, s),
      transfersTo: async (to, from, till, s) => {
        asked.push(from);
        return real.transfersTo(to, from, till, s);
      },
    };
    const resumed = await tick('watcher-2', { readers: new Map([[network, watching]]) });
    expect(resumed.leased).toBe(true);
    expect(asked[0]).toBe(before + 11n);
    expect((await cursorOf(network)).lastError).toBeNull();
    await chain.mine(CONFIRMATIONS);
    await tick('watcher-2');
    const rows = (await Promise.all(users.map((u) => depositsOf(u.userId, network)))).flat();
    expect(rows).toHaveLength(12);
    expect(rows.every((r) => r.status === 'Credited')).toBe(true);
    expect(rows.map((r) => rawOfTetherMinor(network, r.amount)).sort((a, b) => Number(a - b))).toEqual(sent);
    for (const [i, u] of users.entries()) {
      const expected = sent.filter((_, k) => k % 3 === i).reduce((a, b) => a + b, 0n);
      expect(rawOfTetherMinor(network, await balanceOf(t.database.db, u.userId, 'USDT'))).toBe(expected);
    }
    // The first owner is the one waiting now.
    expect((await tick('watcher-1')).leased).toBe(false);
    t.clock.advance(LEASE_MS / 1000 + 1);
    expect((await tick('watcher-1')).leased).toBe(true);
    await expectLedgerSound(t.database.db);
  });

  it('writes the head, the last scan and the last error for the console', async () => {
    await chain.mine(2);
    await tick('watcher-1');
    const c = await cursorOf(network);
    const head = await t.app.chain.readers.get(network)!.head();
    expect(c.head).toBe(head.number);
    expect(c.lastScannedBlock).toBe(head.number);
    expect(c.lastScanAt?.getTime()).toBe(t.clock.now.getTime());
    expect(c.leaseOwner).toBe('watcher-1');
  });

  it("stops short of the head by the reader's index lag, and sees a transfer there on a later tick", async () => {
    const u = await investorWithAddress(network);
    const real = t.app.chain.readers.get(network)!;
    const lagging: ChainReaderPort = {
      network,
      indexLagBlocks: 4,
      head: (s) => real.head(s),
      blockHash: (n, s) => real.blockHash(n, s),
      transaction: (h, s) => real.transaction(h, s),
      transfersTo: (to, from, till, s) => real.transfersTo(to, from, till, s),
    };
    const readers = new Map([[network, lagging]]);
    await tick('watcher-1');
    const start = (await cursorOf(network)).lastScannedBlock!;
    // The transfer is in the block above the cursor, and the head 3 above it: inside the lag of 4.
    await chain.transfer(u.address, usdt(network, '7'));
    await chain.mine(3);
    await tick('watcher-1', { readers });
    expect((await cursorOf(network)).lastScannedBlock).toBe(start);
    expect(await depositsOf(u.userId, network)).toHaveLength(0);
    // Three more blocks: the scan reaches two past the cursor (the head less 4), the transfer's block in it.
    await chain.mine(3);
    await tick('watcher-1', { readers });
    // Seen with six blocks on it (more than the 3 confirmations): credited in the same tick, once.
    expect((await cursorOf(network)).lastScannedBlock).toBe(start + 2n);
    expect((await depositsOf(u.userId, network)).map((d) => d.status)).toEqual(['Credited']);
    await tick('watcher-1', { readers });
    expect(await depositsOf(u.userId, network)).toHaveLength(1);
    expect(await balanceOf(t.database.db, u.userId, 'USDT')).toBe(7_000_000n);
  });
});

describe('the watcher on the sandbox chain (BEP20: 18 decimals, a log index per block)', () => {
  const chain = sandboxChain('BEP20');
  const tick = () => tickNetwork(deps(), 'BEP20', 'watcher-1');

  it('credits 18-decimal values in tether minor units, the dust below a micro-tether left out', async () => {
    await tick();
    const u = await investorWithAddress('BEP20');
    await chain.transfer(u.address, 3_141_592_653_589_793_238n);
    await chain.mine(CONFIRMATIONS);
    await tick();
    const [d] = await depositsOf(u.userId, 'BEP20');
    expect(d).toMatchObject({ status: 'Credited', amount: 3_141_592n, rawValue: '3141592653589793238' });
    expect(await balanceOf(t.database.db, u.userId, 'USDT')).toBe(3_141_592n);
  });

  it('a transfer mined again at another place in a later block is recorded there and credited once', async () => {
    const u = await investorWithAddress('BEP20');
    const someone = await investorWithAddress('BEP20');
    const txHash = await chain.transfer(u.address, usdt('BEP20', '9'));
    await chain.mine();
    await tick();
    const [first] = await depositsOf(u.userId, 'BEP20');
    expect(first!.logIndex).toBe(0);
    // Another transfer waits in the mempool; the reorganisation puts this one back behind it, so in the block
    // that takes it again its log index is 1.
    await chain.transfer(someone.address, usdt('BEP20', '1'));
    await chain.reorg(1, { reinclude: [txHash] });
    await chain.mine();
    await tick();
    await chain.mine(CONFIRMATIONS);
    await tick();
    // The scan recorded it again under its new index; the row of the old index is the stale copy.
    const rows = await depositsOf(u.userId, 'BEP20');
    expect(rows.map((r) => [r.txHash, r.logIndex, r.status])).toEqual([
      [txHash, 0, 'Dropped'],
      [txHash, 1, 'Credited'],
    ]);
    expect(await balanceOf(t.database.db, u.userId, 'USDT')).toBe(9_000_000n);
    expect(await balanceOf(t.database.db, someone.userId, 'USDT')).toBe(1_000_000n);
    await expectLedgerSound(t.database.db);
  });
});
