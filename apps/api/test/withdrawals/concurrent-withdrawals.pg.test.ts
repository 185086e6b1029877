import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Withdrawal } from '@portal/contract/wallet/withdrawals';
import { openDatabase, queryRows } from '../../src/db/client';
import { payDueWithdrawals } from '../../src/modules/withdrawals/withdrawals.service';
import { makeOperator, type TestUser } from '../helpers/admin';
import { createSecondInstance, createTestApp, type TestApp } from '../helpers/app';
import { balanceOf, expectLedgerSound } from '../helpers/ledger';
import {
  approved,
  auditOf,
  cancelWithdrawal,
  decide,
  phoneCode,
  postingsOf,
  postWithdrawal,
  rowOf,
  systemBalance,
  withdraw,
  withdrawer,
} from './withdrawal-helpers';

/**
 * Withdrawals under real concurrency (PostgreSQL only): the user's cancel and the operators' decisions
 * racing for one withdrawal, payout jobs running on several instances at once, and one request sent
 * several times at once. Money is conserved and each withdrawal ends once.
 */
let t: TestApp;
let operators: TestUser[];
beforeAll(async () => {
  t = await createTestApp();
  operators = await Promise.all([1, 2, 3].map(() => makeOperator(t, 'senior_operator')));
});
afterAll(async () => {
  await t.close();
});

const codeOf = (res: { json: () => unknown }) => (res.json() as { code: string }).code;

async function journalCount(withdrawalId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`SELECT count(*)::int AS n FROM ledger_journals WHERE ref_type = 'Withdrawal' AND ref_id = ${withdrawalId}`,
  );
  return row!.n;
}

describe('approve, reject and cancel racing for one withdrawal (PostgreSQL)', () => {
  it('exactly one wins, on one instance or two; the others are refused and the money is conserved', async () => {
    const second = await createSecondInstance(t);
    try {
      const winners: string[] = [];
      for (let round = 0; round < 8; round++) {
        const u = await withdrawer(t, 300_000n);
        const w = await withdraw(t, u, '120000');
        const [op1, op2, op3] = operators as [TestUser, TestUser, TestUser];
        const attempts: [string, Promise<{ statusCode: number; json: () => unknown; body: string }>][] = [
          ['approve', decide(t, op1.cookie, w.id, 'approve', undefined, t.app)],
          ['cancel', cancelWithdrawal(t, u.cookie, w.id, second.app)],
          ['approve', decide(t, op2.cookie, w.id, 'approve', undefined, second.app)],
          ['reject', decide(t, op3.cookie, w.id, 'reject', { reason: 'suspicious_activity' }, t.app)],
          ['cancel', cancelWithdrawal(t, u.cookie, w.id, t.app)],
        ];
        // Rotate who starts first, so each kind of request gets to be early.
        const ordered = [...attempts.slice(round % 5), ...attempts.slice(0, round % 5)];
        const results = await Promise.all(ordered.map(async ([kind, p]) => ({ kind, res: await p })));
        const statuses = results.map((r) => `${r.kind}:${r.res.statusCode}`).join();
        const won = results.filter((r) => r.res.statusCode === 200);
        expect(won, statuses).toHaveLength(1);
        for (const r of results.filter((x) => x.res.statusCode !== 200)) {
          const want = r.kind === 'cancel' ? 'REQUEST_NOT_CANCELLABLE' : 'REQUEST_ALREADY_REVIEWED';
          expect([r.res.statusCode, codeOf(r.res)], `${r.kind} ${r.res.body}`).toEqual([409, want]);
        }
        const winner = won[0]!.kind;
        winners.push(winner);

        const status = (await rowOf(t.database.db, w.id))?.status;
        const available = await balanceOf(t.database.db, u.userId, 'IRT');
        const held = await balanceOf(t.database.db, u.userId, 'IRT', 'held');
        if (winner === 'approve') {
          expect([status, available, held, await journalCount(w.id)]).toEqual(['Approved', 180_000n, 120_000n, 1]);
        } else {
          expect([status, available, held, await journalCount(w.id)]).toEqual([
            winner === 'cancel' ? 'Canceled' : 'Rejected',
            300_000n,
            0n,
            2,
          ]);
        }
        const ended = [
          ...(await auditOf(t.database.db, 'withdrawal.approved', w.id)),
          ...(await auditOf(t.database.db, 'withdrawal.rejected', w.id)),
          ...(await auditOf(t.database.db, 'withdrawal.cancelled', w.id)),
        ];
        expect(ended).toHaveLength(1);
      }
      expect(winners).toHaveLength(8);
      await expectLedgerSound(t.database.db);
    } finally {
      await second.close();
    }
  });
});

describe('payout jobs running at once (PostgreSQL)', () => {
  it('two instances’ jobs, each running twice at once, pay every due withdrawal exactly once', async () => {
    // Withdrawals approved by the tests above are paid first, so that the counts below are this test's alone.
    await payDueWithdrawals(t.database.db, new Date(Date.now() + 30 * 86_400_000));
    const users = await Promise.all([1, 2, 3, 4].map(() => withdrawer(t, 1_000_000n)));
    const ws: { id: string; userId: string; amount: bigint }[] = [];
    for (const u of users) {
      for (const amount of ['10000', '25000', '40000']) {
        const w = await withdraw(t, u, amount);
        ws.push({ id: w.id, userId: u.userId, amount: BigInt(amount) });
      }
    }
    let due = 0;
    for (const w of ws) due = Math.max(due, Date.parse((await approved(t, operators[0]!.cookie, w.id)).payoutAt!));
    const total = ws.reduce((s, w) => s + w.amount, 0n);
    const bank0 = await systemBalance(t.database.db);

    const other = await openDatabase({ driver: 'postgres', url: t.database.url!, poolSize: 5 });
    try {
      // Small batches, so the runs interleave; each run repeats until it finds nothing left for it.
      const runner = async (db: typeof other.db) => {
        let paid = 0;
        for (;;) {
          const n = await payDueWithdrawals(db, new Date(due), 2);
          if (n === 0) return paid;
          paid += n;
        }
      };
      const counts = await Promise.all([
        runner(t.database.db),
        runner(other.db),
        runner(t.database.db),
        runner(other.db),
        payDueWithdrawals(other.db, new Date(due)),
        payDueWithdrawals(t.database.db, new Date(due)),
      ]);
      expect(
        counts.reduce((s, n) => s + n, 0),
        counts.join(),
      ).toBe(ws.length);
      expect(await payDueWithdrawals(other.db, new Date(due + 86_400_000))).toBe(0);
    } finally {
      await other.close();
    }

    for (const w of ws) {
      expect((await rowOf(t.database.db, w.id))?.status).toBe('Successful');
      const journals = await postingsOf(t.database.db, w.id);
      expect(journals).toEqual([
        [
          ['available', `-${w.amount}`],
          ['held', `${w.amount}`],
        ],
        [
          ['held', `-${w.amount}`],
          ['bank_settlement', `${w.amount}`],
        ],
      ]);
      expect(await auditOf(t.database.db, 'withdrawal.paid', w.id)).toHaveLength(1);
    }
    expect(await systemBalance(t.database.db)).toBe(bank0 + total);
    for (const u of users) {
      expect(await balanceOf(t.database.db, u.userId, 'IRT', 'held')).toBe(0n);
      expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(1_000_000n - 75_000n);
    }
    await expectLedgerSound(t.database.db);
  });
});

describe('one request sent several times at once (PostgreSQL)', () => {
  it('the same key at once: one withdrawal, every answer the same, held once', async () => {
    const u = await withdrawer(t, 300_000n);
    const code = await phoneCode(t, u);
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        postWithdrawal(t, u, { bankAccountId: u.bankAccountId, amount: '100000', code }, key),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    const ids = new Set(results.map((r) => r.json<Withdrawal>().id));
    expect(ids.size).toBe(1);
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM withdrawals WHERE user_id = ${u.userId}`,
    );
    expect(row!.n).toBe(1);
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(200_000n);
    expect(await balanceOf(t.database.db, u.userId, 'IRT', 'held')).toBe(100_000n);
    await expectLedgerSound(t.database.db);
  });

  it('one code under different keys at once confirms exactly one withdrawal', async () => {
    const u = await withdrawer(t, 100_000n);
    const code = await phoneCode(t, u);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => postWithdrawal(t, u, { bankAccountId: u.bankAccountId, amount: '30000', code })),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses, results.map((r) => r.body).join('\n')).toEqual([201, 400, 400, 400, 400, 400]);
    for (const r of results.filter((x) => x.statusCode === 400)) expect(codeOf(r)).toBe('OTP_EXPIRED');
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(70_000n);
    expect(await balanceOf(t.database.db, u.userId, 'IRT', 'held')).toBe(30_000n);
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM idempotency_records WHERE user_id = ${u.userId}`,
    );
    expect(row!.n).toBe(1);
    await expectLedgerSound(t.database.db);
  });
});
