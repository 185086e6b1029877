import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { createTestApp, outboxCode, type TestApp } from '../helpers/app';
import { balanceOf, expectLedgerSound } from '../helpers/ledger';
import { enableTotp, errorOf, postWithdrawal, totpNow, withdrawer } from './withdrawal-helpers';

/**
 * Issue 15, finding 10 (decision 011): a reused authenticator code answers `TOTP_ALREADY_USED` and is not
 * counted as a failure. Only a right code can be used already, so counting it let one code sent many
 * times at once (a double click, a retrying client) lock the owner's two-factor, login included. On
 * PostgreSQL the requests race for real; on PGlite they queue.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('one authenticator code sent by 50 withdrawals at once (issue 15, finding 10)', () => {
  it('makes exactly one withdrawal; the others are TOTP_ALREADY_USED; two-factor is not locked', async () => {
    const u = await withdrawer(t, 10_000_000n);
    const secret = await enableTotp(t, u.userId);
    const code = totpNow(t, secret);
    const body = { bankAccountId: u.bankAccountId, amount: '100000', code };

    const answers = await Promise.all(Array.from({ length: 50 }, () => postWithdrawal(t, u, body)));
    const made = answers.filter((r) => r.statusCode === 201);
    expect(made).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode !== 201).map(errorOf)).toEqual(
      Array.from({ length: 49 }, () => [400, 'TOTP_ALREADY_USED']),
    );
    expect(await balanceOf(t.database.db, u.userId, 'IRT', 'held')).toBe(100_000n);
    const [rows] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM withdrawals WHERE user_id = ${u.userId}`,
    );
    expect(rows!.n).toBe(1);

    // Not counted: the TOTP step is open, and the refusals are in the audit log as reuses.
    const counter = await queryRows<{ failures: number; locked_until: string | null }>(
      t.database.db,
      sql`SELECT failures, locked_until FROM auth_failures WHERE step = 'totp' AND subject = ${u.userId}`,
    );
    expect(counter).toEqual([{ failures: 0, locked_until: null }]);
    const [reuses] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM audit_log
          WHERE action = 'auth.totp_failed' AND actor_user_id = ${u.userId} AND data->>'reason' = 'reused'`,
    );
    expect(reuses!.n).toBe(49);

    // Login still works: a login code, then the authenticator's next code.
    t.clock.advance(60);
    const from = { remoteAddress: '10.90.0.1' };
    const sent = await t.app.inject({ method: 'POST', url: '/api/auth/otp', payload: { mobile: u.mobile }, ...from });
    expect(sent.statusCode, sent.body).toBe(200);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp/verify',
      payload: { mobile: u.mobile, code: await outboxCode(t.app, u.mobile) },
      ...from,
    });
    expect(first.json()).toMatchObject({ status: 'twoFactorRequired' });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify',
      payload: { challengeToken: first.json().challengeToken, code: totpNow(t, secret) },
      ...from,
    });
    expect(second.json()).toMatchObject({ status: 'loggedIn' });
    await expectLedgerSound(t.database.db);
  });
});
