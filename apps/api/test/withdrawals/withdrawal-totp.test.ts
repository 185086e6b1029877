import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Withdrawal } from '@portal/contract/wallet/withdrawals';
import { queryRows } from '../../src/db/client';
import { createTestApp, type TestApp } from '../helpers/app';
import { balanceOf, expectLedgerSound } from '../helpers/ledger';
import { enableTotp, errorOf, otherCode, postWithdrawal, snapshot, totpNow, withdrawer } from './withdrawal-helpers';

/**
 * A withdrawal confirmed by the authenticator (decision 016, "Third look"): the request reads what it
 * needs and takes the TOTP counter in its first statement and writes everything in its second. What a
 * wrong code leaves (the failure counted and audited, nothing else), and that a right code after wrong
 * ones clears the counter.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function counterOf(userId: string) {
  const rows = await queryRows<{ failures: number; locked: boolean }>(
    t.database.db,
    sql`SELECT failures, locked_until IS NOT NULL AS locked FROM auth_failures WHERE step = 'totp' AND subject = ${userId}`,
  );
  return rows[0] ?? null;
}

async function totpFailures(userId: string) {
  return queryRows<{ reason: string }>(
    t.database.db,
    sql`SELECT data->>'reason' AS reason FROM audit_log WHERE action = 'auth.totp_failed' AND actor_user_id = ${userId} ORDER BY at, id`,
  );
}

async function lastStepOf(userId: string) {
  const [row] = await queryRows<{ step: string | null }>(
    t.database.db,
    sql`SELECT two_factor_last_step::text AS step FROM users WHERE id = ${userId}`,
  );
  return row?.step ?? null;
}

describe('the authenticator code of a withdrawal', () => {
  it('a wrong code is counted and audited and writes nothing else; the right one then clears the counter', async () => {
    const u = await withdrawer(t, 500_000n);
    const secret = await enableTotp(t, u.userId);
    const before = await snapshot(t, u.userId);
    const key = randomUUID();
    const payload = (code: string) => ({ bankAccountId: u.bankAccountId, amount: '100000', code });

    for (const attemptsLeft of [9, 8]) {
      const wrong = await postWithdrawal(t, u, payload(otherCode(totpNow(t, secret), totpNow(t, secret, 1))), key);
      expect(errorOf(wrong)).toEqual([400, 'TOTP_INVALID']);
      expect(wrong.json<{ details?: { attemptsLeft?: number } }>().details?.attemptsLeft).toBe(attemptsLeft);
    }
    expect(await snapshot(t, u.userId)).toEqual(before);
    expect(await counterOf(u.userId)).toEqual({ failures: 2, locked: false });
    expect(await totpFailures(u.userId)).toEqual([{ reason: 'invalid' }, { reason: 'invalid' }]);
    expect(await lastStepOf(u.userId)).toBeNull();

    // The same key with the right code: the wrong tries gave it back; the counter is cleared.
    const ok = await postWithdrawal(t, u, payload(totpNow(t, secret)), key);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await counterOf(u.userId)).toEqual({ failures: 0, locked: false });
    expect(await lastStepOf(u.userId)).not.toBeNull();
    expect(await balanceOf(t.database.db, u.userId, 'IRT', 'held')).toBe(100_000n);

    // The stored answer is the withdrawal as it reads back, timestamps included.
    const again = await postWithdrawal(t, u, payload(totpNow(t, secret)), key);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json<Withdrawal>()).toEqual(ok.json<Withdrawal>());
    const got = await t.app.inject({
      method: 'GET',
      url: `/api/wallet/withdrawals/${ok.json<Withdrawal>().id}`,
      headers: { cookie: u.cookie },
    });
    expect(got.json<Withdrawal>()).toEqual(ok.json<Withdrawal>());
    await expectLedgerSound(t.database.db);
  });

  it('a reused code is audited as reused, not counted as a failure, and writes nothing else', async () => {
    const u = await withdrawer(t, 500_000n);
    const secret = await enableTotp(t, u.userId);
    const payload = { bankAccountId: u.bankAccountId, amount: '100000', code: totpNow(t, secret) };
    expect((await postWithdrawal(t, u, payload)).statusCode).toBe(201);
    const after = await snapshot(t, u.userId);
    const reused = await postWithdrawal(t, u, payload);
    expect(errorOf(reused)).toEqual([400, 'TOTP_ALREADY_USED']);
    expect(await snapshot(t, u.userId)).toEqual(after);
    // Only a right code can be used already: no guess, so no failure (issue 15).
    expect(await counterOf(u.userId)).toEqual({ failures: 0, locked: false });
    expect(await totpFailures(u.userId)).toEqual([{ reason: 'reused' }]);
  });

  it('a user whose ledger accounts were never opened: INSUFFICIENT_BALANCE and nothing written', async () => {
    const u = await withdrawer(t, 0n);
    const secret = await enableTotp(t, u.userId);
    const before = await snapshot(t, u.userId);
    const [opened] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM ledger_accounts WHERE user_id = ${u.userId}`,
    );
    expect(opened!.n).toBe(0);
    const res = await postWithdrawal(t, u, {
      bankAccountId: u.bankAccountId,
      amount: '10000',
      code: totpNow(t, secret),
    });
    expect(errorOf(res)).toEqual([422, 'INSUFFICIENT_BALANCE']);
    expect(await snapshot(t, u.userId)).toEqual(before);
    const [still] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM ledger_accounts WHERE user_id = ${u.userId}`,
    );
    expect(still!.n).toBe(opened!.n);
    expect(await lastStepOf(u.userId)).toBeNull();
  });
});
