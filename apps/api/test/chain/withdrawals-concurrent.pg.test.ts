import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TetherWithdrawal } from '@portal/contract/tether/chain';
import type { ChainReaderPort } from '../../src/adapters/chain/chain.port';
import { createHttpCustody } from '../../src/adapters/custody/http-custody';
import { queryRows } from '../../src/db/client';
import { issueRecoveryCodes } from '../../src/modules/auth/recovery-codes';
import { runWithdrawalJobs } from '../../src/modules/chain/signer.service';
import { createTestApp, TEST_SECRET, type TestApp } from '../helpers/app';
import { FakeTronChain, startCustodyDouble } from '../helpers/chain-doubles';
import { balanceOf, expectLedgerSound } from '../helpers/ledger';
import {
  creditTether,
  errorOf,
  freshAddress,
  postingsOf,
  postTetherWithdrawal,
  tetherUser,
  usdt,
  withdrawTether,
  withSettings,
  type TetherUser,
} from './withdrawal-helpers';

/**
 * Tether withdrawals under real concurrency (PostgreSQL only): requests of one user racing over the
 * balance and the daily limit, one request sent several times at once, and the signer's job run by several
 * ticks at once. Each request is confirmed by its own recovery code, so the codes do not decide who wins.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A fresh set of recovery codes for a user with two-factor on (each confirms one withdrawal). */
async function recoveryCodes(u: TetherUser): Promise<string[]> {
  return (await issueRecoveryCodes(t.database.db, { secret: TEST_SECRET }, u.userId, t.clock.now)).codes;
}

async function withdrawalCount(userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`SELECT count(*)::int AS n FROM tether_withdrawals WHERE user_id = ${userId}`,
  );
  return row!.n;
}

describe('concurrent tether withdrawals of one user (PostgreSQL)', () => {
  it('over the balance: only what fits is held, the balance never below zero', async () => {
    const u = await tetherUser(t, usdt(100));
    const codes = await recoveryCodes(u);
    // Eight withdrawals of 30 + 1 fee at once: three fit in 100.
    const answers = await Promise.all(
      codes
        .slice(0, 8)
        .map((code) => postTetherWithdrawal(t, u, { network: 'TRC20', address: freshAddress(), amount: '30', code })),
    );
    const ok = answers.filter((r) => r.statusCode === 201);
    expect(ok).toHaveLength(3);
    for (const r of answers.filter((x) => x.statusCode !== 201)) {
      expect(errorOf(r), r.body).toEqual([422, 'INSUFFICIENT_BALANCE']);
    }
    expect(await balanceOf(t.database.db, u.userId, 'USDT')).toBe(usdt(7));
    expect(await balanceOf(t.database.db, u.userId, 'USDT', 'held')).toBe(usdt(93));
    expect(await withdrawalCount(u.userId)).toBe(3);
    // The refused ones spent no code: the codes they carried still confirm a withdrawal once it fits.
    await creditTether(t.database.db, u.userId, usdt(10));
    const [unused] = codes.slice(0, 8).filter((_, i) => answers[i]!.statusCode !== 201);
    const small = await postTetherWithdrawal(t, u, {
      network: 'TRC20',
      address: freshAddress(),
      amount: '16',
      code: unused,
    });
    expect(small.statusCode, small.body).toBe(201);
    await expectLedgerSound(t.database.db);
  });

  it('over the daily limit: the limit counts every other request, whichever commits first', async () => {
    const u = await tetherUser(t, usdt(1_000));
    const codes = await recoveryCodes(u);
    await withSettings(t, { dailyWithdrawalLimit: usdt(100) }, async () => {
      const answers = await Promise.all(
        codes
          .slice(0, 8)
          .map((code) => postTetherWithdrawal(t, u, { network: 'TRC20', address: freshAddress(), amount: '30', code })),
      );
      expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(3);
      for (const r of answers.filter((x) => x.statusCode !== 201)) {
        expect(errorOf(r), r.body).toEqual([422, 'TETHER_WITHDRAWAL_DAILY_LIMIT']);
      }
    });
    expect(await balanceOf(t.database.db, u.userId, 'USDT', 'held')).toBe(usdt(93));
  });

  it('one request sent five times at once: one withdrawal, one hold, the same answer to all', async () => {
    const u = await tetherUser(t, usdt(100));
    const [code] = await recoveryCodes(u);
    const key = randomUUID();
    const body = { network: 'TRC20', address: freshAddress(), amount: '40', code };
    const answers = await Promise.all(Array.from({ length: 5 }, () => postTetherWithdrawal(t, u, body, key)));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const ids = new Set(answers.map((r) => r.json<TetherWithdrawal>().id));
    expect(ids.size).toBe(1);
    expect(await withdrawalCount(u.userId)).toBe(1);
    expect(await balanceOf(t.database.db, u.userId, 'USDT', 'held')).toBe(usdt(41));
  });
});

describe('the signer run by several ticks at once (PostgreSQL)', () => {
  it('sends each withdrawal once and pays each once', async () => {
    const salt = randomUUID();
    const chain = new (class extends FakeTronChain {
      protected override txHashOf(seq: number) {
        return createHash('sha256').update(`${salt}:${seq}`).digest('hex');
      }
    })({ firstBlock: 5_000 });
    const service = await startCustodyDouble({ keyId: 'k', secret: 'a custody secret', chain });
    try {
      const custody = createHttpCustody({ baseUrl: service.url, keyId: 'k', secret: 'a custody secret' });
      const reader: ChainReaderPort = {
        network: 'TRC20',
        head: async () => ({ number: BigInt(chain.head), hash: chain.blockHash(chain.head)! }),
        blockHash: async (n) => chain.blockHash(Number(n)),
        transfersTo: async () => [],
        transaction: async (hash) => {
          const tx = chain.transaction(hash);
          return tx && tx.blockNumber !== null
            ? { found: true, blockNumber: BigInt(tx.blockNumber), blockHash: tx.blockHash!, success: !tx.failed }
            : { found: false };
        },
      };
      const tick = () => runWithdrawalJobs({ db: t.database.db, custody, reader, network: 'TRC20', now: t.clock.now });

      const users = await Promise.all([1, 2, 3].map(() => tetherUser(t, usdt(100))));
      const withdrawals: TetherWithdrawal[] = [];
      for (const u of users) {
        withdrawals.push(await withdrawTether(t, u, { amount: '20' }));
        withdrawals.push(await withdrawTether(t, u, { amount: '15' }));
      }
      // Every approved withdrawal of the network (the earlier tests' too) is to be sent.
      const approved = await queryRows<{ id: string }>(
        t.database.db,
        sql`SELECT id FROM tether_withdrawals WHERE network = 'TRC20' AND status = 'Approved'`,
      );
      const ids = new Set(approved.map((r) => r.id));
      for (const w of withdrawals) expect(ids.has(w.id)).toBe(true);

      const sends = await Promise.all([tick(), tick(), tick(), tick()]);
      expect(sends.reduce((n, r) => n + r.sent, 0)).toBe(ids.size);
      const posted = service.requests.filter((r) => r.method === 'POST');
      expect(posted).toHaveLength(ids.size);
      expect(new Set(posted.map((p) => (p.body as { id: string }).id))).toEqual(ids);
      expect(chain.transfers()).toHaveLength(ids.size);

      chain.mine(19);
      const pays = await Promise.all([tick(), tick(), tick(), tick()]);
      expect(pays.reduce((n, r) => n + r.paid, 0)).toBe(ids.size);
      for (const w of withdrawals) expect(await postingsOf(t.database.db, w.id)).toHaveLength(2);
      for (const u of users) {
        expect(await balanceOf(t.database.db, u.userId, 'USDT', 'held')).toBe(0n);
        expect(await balanceOf(t.database.db, u.userId, 'USDT')).toBe(usdt(100 - 21 - 16));
      }
      await expectLedgerSound(t.database.db);
    } finally {
      await service.close();
    }
  });
});
