import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KYC_REQUIREMENT } from '@portal/contract/kyc/kyc';
import { users } from '../../src/db/schema';
import { assertCanMoveMoney } from '../../src/lib/guards';
import { sessionOf } from '../../src/plugins/sessions';
import { createTestApp, type TestApp } from '../helpers/app';
import { investor, verifyIdentity } from './kyc-helpers';

let t: TestApp;

/** A money action as later issues write one: the guard inside the action's own transaction. */
function moneyRoutes(app: FastifyInstance) {
  for (const [action, level] of Object.entries(KYC_REQUIREMENT)) {
    app.post(`/api/test-money/${action}`, { onRequest: app.requireSession }, async (request) => {
      await t.database.db.transaction((tx) => assertCanMoveMoney(tx, sessionOf(request).userId, level));
      return { ok: true };
    });
  }
}

beforeAll(async () => {
  t = await createTestApp({ extraRoutes: moneyRoutes });
});
afterAll(async () => {
  await t.close();
});

const act = (cookie: string, action: keyof typeof KYC_REQUIREMENT) =>
  t.app.inject({ method: 'POST', url: `/api/test-money/${action}`, headers: { cookie } });

describe('assertCanMoveMoney (SPEC §6: investing needs level one, withdrawing level two)', () => {
  it('level zero: 403 KYC_REQUIRED with the level each action needs', async () => {
    const { cookie } = await investor(t);
    for (const action of ['invest', 'withdraw'] as const) {
      const res = await act(cookie, action);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'KYC_REQUIRED', details: { requiredLevel: KYC_REQUIREMENT[action] } });
    }
  });

  it('level one may invest, not withdraw', async () => {
    const { cookie } = await investor(t);
    await verifyIdentity(t, cookie);
    expect((await act(cookie, 'invest')).json()).toEqual({ ok: true });
    const res = await act(cookie, 'withdraw');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'KYC_REQUIRED', details: { requiredLevel: 2 } });
  });

  it('level two passes both', async () => {
    const { cookie, userId } = await investor(t);
    await t.database.db.update(users).set({ kycLevel: 2 }).where(eq(users.id, userId));
    expect((await act(cookie, 'invest')).statusCode).toBe(200);
    expect((await act(cookie, 'withdraw')).statusCode).toBe(200);
  });

  it('a frozen account is 403 ACCOUNT_FROZEN whatever its level', async () => {
    const { cookie, userId } = await investor(t);
    await t.database.db
      .update(users)
      .set({ kycLevel: 2, frozenAt: t.clock.now, frozenReason: 'test' })
      .where(eq(users.id, userId));
    const res = await act(cookie, 'invest');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCOUNT_FROZEN');
  });
});
