/**
 * Frozen means frozen (issue 15, finding 5; decision 028): a frozen operator has no console power at all,
 * reads included, even with a session that is still live; freezing an operator ends their sessions. A
 * frozen investor keeps today's behaviour: they can log in and look.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { proposal, propose } from '../adjustments/adjustment-helpers';
import { cookieOf, createTestApp, outboxCode, type TestApp } from '../helpers/app';
import {
  adminCall,
  insertSubmission,
  makeInvestor,
  makeLevelOneInvestor,
  makeOperator,
  type TestUser,
} from '../helpers/admin';
import { balanceOf } from '../helpers/ledger';
import { declared, decide as decideDeposit } from '../offline-deposits/offline-helpers';
import { errorOf, setFrozen, totpNow } from '../withdrawals/withdrawal-helpers';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeOperator(t, 'admin');
});
afterAll(async () => {
  await t.close();
});

/**
 * An operator's login by code and authenticator, as the console's login page does it (a step later than
 * any earlier login, so the code's resend wait and the authenticator's used step are behind).
 */
async function operatorLogin(who: { mobile: string; totpSecret: string }): Promise<string> {
  t.clock.advance(61);
  const sent = await t.app.inject({ method: 'POST', url: '/api/auth/otp', payload: { mobile: who.mobile } });
  expect(sent.statusCode, sent.body).toBe(200);
  const verified = await t.app.inject({
    method: 'POST',
    url: '/api/auth/otp/verify',
    payload: { mobile: who.mobile, code: await outboxCode(t.app, who.mobile) },
  });
  expect(verified.json(), verified.body).toMatchObject({ status: 'twoFactorRequired' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/two-factor/verify',
    payload: {
      challengeToken: verified.json<{ challengeToken: string }>().challengeToken,
      code: totpNow(t, who.totpSecret),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return cookieOf(res);
}

const account = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } });
const freeze = (userId: string, frozen = true) =>
  adminCall(t, admin.cookie, 'POST', `/admin/users/${userId}/${frozen ? 'freeze' : 'unfreeze'}`, {
    reason: frozen ? 'دسترسی معلق شد' : 'بررسی تمام شد',
  });

describe('a frozen operator with a live session', () => {
  it('approves no deposit, proposes no adjustment, reads nothing: 403 FORBIDDEN; nothing moves', async () => {
    const senior = await makeOperator(t, 'senior_operator');
    const investor = await makeLevelOneInvestor(t);
    const deposit = await declared(t, investor.cookie);
    const s = await insertSubmission(t, investor.userId, 'video');
    // The console was open (the access cache is warm) when the freeze landed, written as any freeze is.
    expect((await adminCall(t, senior.cookie, 'GET', '/admin/me')).statusCode).toBe(200);
    await setFrozen(t, senior.userId, true);

    expect(errorOf(await decideDeposit(t, senior.cookie, deposit.id, 'approve'))).toEqual([403, 'FORBIDDEN']);
    expect(errorOf(await propose(t, senior.cookie, proposal(investor.userId)))).toEqual([403, 'FORBIDDEN']);
    for (const url of ['/admin/me', '/admin/users', `/admin/kyc/${s.id}`, '/admin/offline-deposits']) {
      expect(errorOf(await adminCall(t, senior.cookie, 'GET', url)), url).toEqual([403, 'FORBIDDEN']);
    }
    // Nor the files the console shows (a KYC video): as if there were none.
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/files/${s.videoFileId}`,
      headers: { cookie: senior.cookie },
    });
    expect(file.statusCode).toBe(404);
    expect(await balanceOf(t.database.db, investor.userId, 'IRT')).toBe(0n);
    const [adjustments] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM adjustments WHERE maker_id = ${senior.userId}`,
    );
    expect(adjustments!.n).toBe(0);

    // Unfrozen, the same session works again.
    await setFrozen(t, senior.userId, false);
    expect((await adminCall(t, senior.cookie, 'GET', `/admin/kyc/${s.id}`)).statusCode).toBe(200);
  });
});

describe('freezing an operator', () => {
  it('ends every session of theirs at once; a new login has no console until they are unfrozen', async () => {
    const senior = await makeOperator(t, 'senior_operator');
    const second = { cookie: await operatorLogin(senior) };
    expect((await adminCall(t, second.cookie, 'GET', '/admin/me')).statusCode).toBe(200);

    const res = await freeze(senior.userId);
    expect(res.statusCode, res.body).toBe(200);
    for (const cookie of [senior.cookie, second.cookie]) {
      expect((await account(cookie)).statusCode).toBe(401);
      expect((await adminCall(t, cookie, 'GET', '/admin/me')).statusCode).toBe(401);
    }
    const [audit] = await queryRows<{ data: { sessionsEnded: number } }>(
      t.database.db,
      sql`SELECT data FROM audit_log WHERE action = 'admin.user_frozen' AND subject_id = ${senior.userId}`,
    );
    expect(audit!.data.sessionsEnded).toBe(2);

    // They may log in (and look at their own account), not use the console.
    const again = { cookie: await operatorLogin(senior) };
    expect((await account(again.cookie)).statusCode).toBe(200);
    expect(errorOf(await adminCall(t, again.cookie, 'GET', '/admin/me'))).toEqual([403, 'FORBIDDEN']);

    expect((await freeze(senior.userId, false)).statusCode).toBe(200);
    expect((await adminCall(t, again.cookie, 'GET', '/admin/me')).statusCode).toBe(200);
  });

  it('a frozen investor keeps their session and can look (today’s behaviour)', async () => {
    const investor = await makeInvestor(t);
    expect((await freeze(investor.userId)).statusCode).toBe(200);
    const res = await account(investor.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ user: { isFrozen: boolean } }>().user.isFrozen).toBe(true);
  });
});
