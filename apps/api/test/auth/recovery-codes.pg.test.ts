import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { createTestApp, signIn, type TestApp } from '../helpers/app';
import { setPassword } from '../helpers/security';
import { balanceOf } from '../helpers/ledger';
import { errorOf, postWithdrawal, withdrawer } from '../withdrawals/withdrawal-helpers';
import { challengeOf, enableWithCodes, recoveryStatus, secondStep, totpFailures, userIdOf } from './recovery-helpers';

/** One recovery code sent by many requests at once: exactly one wins (PostgreSQL only: real concurrency). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const N = 12;

describe('one recovery code, many requests at once', () => {
  it('logins: one session opens, every other answer is RECOVERY_CODE_USED, nothing counted', async () => {
    const who = await signIn(t);
    await setPassword(t, who.cookie);
    const { codes } = await enableWithCodes(t, who.cookie);
    const userId = await userIdOf(t, who.cookie);
    const challenges = await Promise.all(Array.from({ length: N }, () => challengeOf(t, who.mobile)));

    const answers = await Promise.all(challenges.map((c) => secondStep(t, c, codes[0]!)));
    const outcomes = answers.map((r) => (r.statusCode === 200 ? 'ok' : errorOf(r)[1]));
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'RECOVERY_CODE_USED')).toHaveLength(N - 1);
    expect(await totpFailures(t, userId)).toBe(0);
    expect((await recoveryStatus(t, who.cookie)).json()).toMatchObject({ left: 9 });
    const [used] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE actor_user_id = ${userId} AND action = 'auth.recovery_code_used'`,
    );
    expect(used).toEqual({ n: 1 });
  });

  it('withdrawals with different keys: one withdrawal is made, the rest refused, the balance moved once', async () => {
    const u = await withdrawer(t, 1_000_000n);
    const { codes } = await enableWithCodes(t, u.cookie);
    const body = { bankAccountId: u.bankAccountId, amount: '50000', code: codes[0] };

    const answers = await Promise.all(Array.from({ length: N }, () => postWithdrawal(t, u, body)));
    const outcomes = answers.map((r) => (r.statusCode === 201 ? 'ok' : errorOf(r)[1]));
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'RECOVERY_CODE_USED')).toHaveLength(N - 1);
    expect(await balanceOf(t.database.db, u.userId, 'IRT', 'held')).toBe(50_000n);
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(950_000n);
    const [rows] = await queryRows<{ withdrawals: number; answers: number }>(
      t.database.db,
      sql`SELECT (SELECT count(*)::int FROM withdrawals WHERE user_id = ${u.userId}) AS withdrawals,
                 (SELECT count(*)::int FROM idempotency_records WHERE user_id = ${u.userId}) AS answers`,
    );
    expect(rows).toEqual({ withdrawals: 1, answers: 1 });
  });
});
