import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { timeStep } from '../../src/lib/totp';
import { createTestApp, type TestApp } from '../helpers/app';
import { enableTotp, errorOf, postWithdrawal, snapshot, totpNow, withdrawer } from './withdrawal-helpers';

/**
 * The withdrawal request's round trips and its races (PostgreSQL only; decision 016, "Third look"). The
 * transaction is BEGIN, one statement that claims the key, takes the TOTP counter and reads, one that
 * locks and checks the user row again and writes everything, COMMIT. The user row is read unlocked by the
 * first statement: what changes it before the second (a freeze, the same code used by another request)
 * is seen by the second, and answered as if it had been seen at first.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The statements node-postgres sends while `fn` runs (this file's copy of the driver only). */
async function statementsOf<T>(fn: () => Promise<T>): Promise<{ out: T; statements: string[] }> {
  const statements: string[] = [];
  const original = pg.Client.prototype.query;
  const counting = function (this: pg.Client, ...args: unknown[]) {
    const q = args[0] as string | { text?: string };
    statements.push((typeof q === 'string' ? q : (q.text ?? '')).replace(/\s+/g, ' ').trim());
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  };
  pg.Client.prototype.query = counting as typeof original;
  try {
    return { out: await fn(), statements };
  } finally {
    pg.Client.prototype.query = original;
  }
}

/**
 * Holds the user's TOTP counter row from another connection, so that a withdrawal's first statement
 * (its snapshot taken) waits on it; `change` then runs on that connection and commits, and the request
 * goes on.
 */
async function betweenTheStatements(userId: string, request: () => Promise<unknown>, change: string) {
  const other = new pg.Client({ connectionString: t.database.url });
  await other.connect();
  try {
    await other.query('BEGIN');
    await other.query(
      `INSERT INTO auth_failures (step, subject) VALUES ('totp', $1)
       ON CONFLICT (step, subject) DO UPDATE SET failures = auth_failures.failures`,
      [userId],
    );
    const pending = request();
    // (Polled outside `other`'s transaction: pg_stat_activity is read once per transaction.)
    for (let waited = 0; ; waited += 10) {
      const [row] = await queryRows<{ n: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'WITH claim AS%'`,
      );
      if (row!.n > 0) break;
      if (waited > 10_000) throw new Error('the request never waited on the counter row');
      await new Promise((r) => setTimeout(r, 10));
    }
    await other.query(change, [userId]);
    await other.query('COMMIT');
    return await pending;
  } finally {
    await other.end();
  }
}

describe('the withdrawal request on PostgreSQL', () => {
  it('is four statements in its transaction: BEGIN, claim-and-read, write, COMMIT', async () => {
    const u = await withdrawer(t, 500_000n);
    const secret = await enableTotp(t, u.userId);
    const { out, statements } = await statementsOf(() =>
      postWithdrawal(t, u, { bankAccountId: u.bankAccountId, amount: '100000', code: totpNow(t, secret) }),
    );
    expect(out.statusCode, out.body).toBe(201);
    const inTx = statements.slice(statements.findIndex((s) => /^begin$/i.test(s)));
    expect(inTx.map((s) => s.slice(0, 20))).toEqual([
      'begin',
      'WITH claim AS (INSER',
      'WITH checked AS (UPD',
      'commit',
    ]);
  });

  it('frozen between the two statements: refused as frozen, nothing written, the code still usable', async () => {
    const u = await withdrawer(t, 500_000n);
    const secret = await enableTotp(t, u.userId);
    const before = await snapshot(t, u.userId);
    const key = randomUUID();
    const body = { bankAccountId: u.bankAccountId, amount: '100000', code: totpNow(t, secret) };
    const res = (await betweenTheStatements(
      u.userId,
      () => postWithdrawal(t, u, body, key),
      `UPDATE users SET frozen_at = now(), frozen_reason = 'test' WHERE id = $1`,
    )) as Awaited<ReturnType<typeof postWithdrawal>>;
    expect(errorOf(res)).toEqual([403, 'ACCOUNT_FROZEN']);
    expect(await snapshot(t, u.userId)).toEqual(before);
    const [row] = await queryRows<{ step: string | null; failures: number }>(
      t.database.db,
      sql`SELECT u.two_factor_last_step::text AS step, f.failures
          FROM users u JOIN auth_failures f ON f.step = 'totp' AND f.subject = u.id::text WHERE u.id = ${u.userId}`,
    );
    expect(row).toEqual({ step: null, failures: 0 });

    await t.database.db.execute(sql`UPDATE users SET frozen_at = NULL, frozen_reason = NULL WHERE id = ${u.userId}`);
    await t.database.bus.publish({ kind: 'user', id: u.userId });
    const ok = await postWithdrawal(t, u, body, key);
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('a withdrawal hold started between the two statements: refused as held, nothing written or counted', async () => {
    const u = await withdrawer(t, 500_000n);
    const secret = await enableTotp(t, u.userId);
    const before = await snapshot(t, u.userId);
    const key = randomUUID();
    const body = { bankAccountId: u.bankAccountId, amount: '100000', code: totpNow(t, secret) };
    const res = (await betweenTheStatements(
      u.userId,
      () => postWithdrawal(t, u, body, key),
      `UPDATE users SET withdrawals_held_until = now() + interval '24 hours' WHERE id = $1`,
    )) as Awaited<ReturnType<typeof postWithdrawal>>;
    expect(errorOf(res)).toEqual([403, 'WITHDRAWAL_HOLD']);
    expect(res.json<{ details?: { until?: string } }>().details?.until).toEqual(expect.any(String));
    expect(await snapshot(t, u.userId)).toEqual(before);
    const [row] = await queryRows<{ step: string | null; failures: number }>(
      t.database.db,
      sql`SELECT u.two_factor_last_step::text AS step, f.failures
          FROM users u JOIN auth_failures f ON f.step = 'totp' AND f.subject = u.id::text WHERE u.id = ${u.userId}`,
    );
    expect(row).toEqual({ step: null, failures: 0 });
  });

  it('the code’s step taken between the two statements: TOTP_ALREADY_USED, not counted, the key given back', async () => {
    const u = await withdrawer(t, 500_000n);
    const secret = await enableTotp(t, u.userId);
    const before = await snapshot(t, u.userId);
    const key = randomUUID();
    const body = { bankAccountId: u.bankAccountId, amount: '100000', code: totpNow(t, secret) };
    const step = timeStep(t.clock.now.getTime());
    const res = (await betweenTheStatements(
      u.userId,
      () => postWithdrawal(t, u, body, key),
      `UPDATE users SET two_factor_last_step = ${step} WHERE id = $1`,
    )) as Awaited<ReturnType<typeof postWithdrawal>>;
    expect(errorOf(res)).toEqual([400, 'TOTP_ALREADY_USED']);
    expect(await snapshot(t, u.userId)).toEqual(before);
    const [counter] = await queryRows<{ failures: number }>(
      t.database.db,
      sql`SELECT failures FROM auth_failures WHERE step = 'totp' AND subject = ${u.userId}`,
    );
    // A reuse is no guess: it is audited, not counted (issue 15).
    expect(counter).toEqual({ failures: 0 });
    const audits = await queryRows<{ reason: string }>(
      t.database.db,
      sql`SELECT data->>'reason' AS reason FROM audit_log WHERE action = 'auth.totp_failed' AND actor_user_id = ${u.userId}`,
    );
    expect(audits).toEqual([{ reason: 'reused' }]);

    // The key was given back: with the next step's code it makes the withdrawal.
    t.clock.advance(30);
    const ok = await postWithdrawal(t, u, { ...body, code: totpNow(t, secret) }, key);
    expect(ok.statusCode, ok.body).toBe(201);
  });
});
