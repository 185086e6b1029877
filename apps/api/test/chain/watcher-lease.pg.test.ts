import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositAddress } from '@portal/contract/tether/chain';
import type { ChainReaderPort } from '../../src/adapters/chain/chain.port';
import { createSandboxChain } from '../../src/adapters/chain/sandbox-chain';
import { createSandboxCustody } from '../../src/adapters/custody/sandbox-custody';
import { openDatabase, type Database } from '../../src/db/client';
import { chainCursors, chainDeposits, chainNetworks } from '../../src/db/schema';
import { tickNetwork, type TickResult, type WatcherDeps } from '../../src/modules/chain/watcher.service';
import { createTestApp, type TestApp } from '../helpers/app';
import { makeLevelOneInvestor } from '../helpers/admin';
import { balanceOf, expectLedgerSound, ledgerCounts } from '../helpers/ledger';

/**
 * Issue 18 "runs on exactly one instance at a time" (PostgreSQL: real concurrency). Two watchers, each on
 * its own connection pool as two server instances are, tick the same network at once: one holds the lease
 * and works, the other waits; a transfer is credited once.
 */
const LEASE_MS = 30_000;
let t: TestApp;
let other: Database;
let now: Date;

beforeAll(async () => {
  t = await createTestApp();
  other = await openDatabase({ driver: 'postgres', url: t.database.url!, poolSize: 5 });
  now = new Date();
  await t.database.db.update(chainNetworks).set({ confirmations: 2 }).where(eq(chainNetworks.network, 'TRC20'));
});
afterAll(async () => {
  await expectLedgerSound(t.database.db);
  await other.close();
  await t.close();
});

/** A watcher as an instance runs it: its own pool, its own sandbox reader, one clock shared by the test. */
function instance(database: Database, readers?: ReadonlyMap<'TRC20', ChainReaderPort>): WatcherDeps {
  const chain = createSandboxChain(database.db);
  return {
    db: database.db,
    readers: readers ?? chain.readers,
    custody: createSandboxCustody(database.db, chain),
    scanBatch: 3,
    leaseMs: LEASE_MS,
    now: () => now,
  };
}

const leasedOf = (results: TickResult[]) => results.filter((r) => r.leased).length;

describe('two watchers at once (PostgreSQL)', () => {
  it('one holds the lease and works, the other waits; the transfer is credited once', async () => {
    const a = instance(t.database);
    const b = instance(other);
    const sandbox = t.app.chain.sandbox!;
    const u = await makeLevelOneInvestor(t);
    const address = (
      await t.app.inject({
        method: 'POST',
        url: '/api/wallet/tether/deposit-addresses',
        headers: { cookie: u.cookie },
        payload: { network: 'TRC20' },
      })
    ).json<DepositAddress>().address;

    // The first round places the cursor; only one of the two does.
    expect(leasedOf(await Promise.all([tickNetwork(a, 'TRC20', 'a'), tickNetwork(b, 'TRC20', 'b')]))).toBe(1);
    const holder = (await t.database.db.select().from(chainCursors).where(eq(chainCursors.network, 'TRC20')))[0]!
      .leaseOwner;
    expect(['a', 'b']).toContain(holder);

    await sandbox.transfer({ network: 'TRC20', to: address, value: 30_000_000n });
    for (let round = 0; round < 6; round++) {
      await sandbox.mine('TRC20', 2);
      const results = await Promise.all([
        tickNetwork(a, 'TRC20', 'a'),
        tickNetwork(b, 'TRC20', 'b'),
        tickNetwork(a, 'TRC20', 'a'),
        tickNetwork(b, 'TRC20', 'b'),
      ]);
      // The holder's ticks work (one of its two, when both scan the same blocks); the other's never.
      const workers = new Set(results.map((r, i) => (r.leased ? (i % 2 === 0 ? 'a' : 'b') : null)).filter(Boolean));
      expect([...workers]).toEqual([holder]);
    }
    const rows = await t.database.db.select().from(chainDeposits).where(eq(chainDeposits.userId, u.userId));
    expect(rows.map((r) => r.status)).toEqual(['Credited']);
    expect(await balanceOf(t.database.db, u.userId, 'USDT')).toBe(30_000_000n);
  });

  it('when the lease runs out, the two race for it and one takes it', async () => {
    const a = instance(t.database);
    const b = instance(other);
    now = new Date(now.getTime() + LEASE_MS + 1000);
    const results = await Promise.all([tickNetwork(a, 'TRC20', 'a2'), tickNetwork(b, 'TRC20', 'b2')]);
    expect(leasedOf(results)).toBe(1);
  });

  it('a holder whose lease ran out in the middle of a scan records nothing twice: the cursor moved under it', async () => {
    const sandbox = t.app.chain.sandbox!;
    const u = await makeLevelOneInvestor(t);
    const address = (
      await t.app.inject({
        method: 'POST',
        url: '/api/wallet/tether/deposit-addresses',
        headers: { cookie: u.cookie },
        payload: { network: 'TRC20' },
      })
    ).json<DepositAddress>().address;
    now = new Date(now.getTime() + LEASE_MS + 1000);
    // Whoever held it, 'slow' takes the lease now (the others' ran out) and places nothing new yet.
    await tickNetwork(instance(t.database), 'TRC20', 'slow');
    await sandbox.transfer({ network: 'TRC20', to: address, value: 5_000_000n });
    await sandbox.mine('TRC20', 4);

    // The slow holder stalls inside its scan; meanwhile its lease runs out and 'fast' does the whole tick.
    const real = createSandboxChain(t.database.db).readers.get('TRC20')!;
    let release!: () => void;
    let stalled!: () => void;
    const inScan = new Promise<void>((r) => (stalled = r));
    const gate = new Promise<void>((r) => (release = r));
    const stalling: ChainReaderPort = {
      network: 'TRC20',
      head: (s) => real.head(s),
      blockHash: (n, s) => real.blockHash(n, s),
      transaction: (h, s) => real.transaction(h, s),
      transfersTo: async (to, from, till, s) => {
        stalled();
        await gate;
        return real.transfersTo(to, from, till, s);
      },
    };
    const slow = tickNetwork(instance(t.database, new Map([['TRC20', stalling]])), 'TRC20', 'slow');
    await inScan;
    now = new Date(now.getTime() + LEASE_MS + 1000);
    const fast = await tickNetwork(instance(other), 'TRC20', 'fast');
    expect(fast.leased).toBe(true);
    expect(fast.recorded).toBe(1);
    const before = await ledgerCounts(t.database.db);
    release();
    const late = await slow;
    expect(late.leased).toBe(false);
    expect(await ledgerCounts(t.database.db)).toEqual(before);
    const rows = await t.database.db.select().from(chainDeposits).where(eq(chainDeposits.userId, u.userId));
    expect(rows.map((r) => r.status)).toEqual(['Credited']);
    expect(await balanceOf(t.database.db, u.userId, 'USDT')).toBe(5_000_000n);
  });
});
