import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP } from '@portal/contract/core/constants';
import { createTestApp, newMobile, outboxCode, type TestApp } from '../helpers/app';

/** Real concurrency: PostgreSQL with a pool of connections (PGlite runs one statement at a time). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(t.database.driver).toBe('postgres');
});
afterAll(async () => {
  await t.close();
});

describe('one-time codes under concurrent requests', () => {
  it('the same right code sent ten times at once opens exactly one session', async () => {
    const mobile = newMobile();
    await t.app.inject({ method: 'POST', url: '/api/auth/otp', payload: { mobile } });
    const code = await outboxCode(t.app, mobile);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({ method: 'POST', url: '/api/auth/otp/verify', payload: { mobile, code } }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 200).every((r) => r.json().code === 'OTP_EXPIRED')).toBe(true);
    const users = (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from users`))[0]!;
    expect(users.n).toBe(1);
    const sessions = (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from sessions`))[0]!;
    expect(sessions.n).toBe(1);
  });

  it('twenty wrong codes at once: every try is counted, no more than five are judged', async () => {
    const mobile = newMobile();
    await t.app.inject({ method: 'POST', url: '/api/auth/otp', payload: { mobile } });
    const code = await outboxCode(t.app, mobile);
    const bad = code === '000000' ? '111111' : '000000';
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({ method: 'POST', url: '/api/auth/otp/verify', payload: { mobile, code: bad } }),
      ),
    );
    const codes = results.map((r) => r.json().code as string);
    expect(codes.filter((c) => c === 'OTP_INVALID')).toHaveLength(OTP.maxAttemptsPerCode - 1);
    expect(codes.filter((c) => c === 'OTP_TOO_MANY_ATTEMPTS')).toHaveLength(20 - (OTP.maxAttemptsPerCode - 1));
    const row = (
      await queryRows<{ attempts: number }>(
        t.database.db,
        sql`select attempts from otp_challenges where mobile = ${`+98${mobile.slice(1)}`}`,
      )
    )[0]!;
    expect(row.attempts).toBe(OTP.maxAttemptsPerCode);
  });

  it('ten code requests at once send one code', async () => {
    const mobile = newMobile();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({ method: 'POST', url: '/api/auth/otp', payload: { mobile }, remoteAddress: `10.7.0.${i + 1}` }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(9);
  });
});
