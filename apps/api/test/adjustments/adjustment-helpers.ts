import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Adjustment } from '@portal/contract/admin/adjustments';
import type { Currency } from '@portal/contract/core/money';
import { queryRows } from '../../src/db/client';
import type { TestApp } from '../helpers/app';

/** A valid proposal body for `userId`: a credit of 1,000,000 IRT unless overridden. */
export function proposal(userId: string, overrides: Record<string, unknown> = {}) {
  return {
    userId,
    currency: 'IRT',
    direction: 'credit',
    amount: '1000000',
    reasonCode: 'deposit_correction',
    reason: 'Bank statement shows the deposit was credited short.',
    ...overrides,
  };
}

export function propose(
  t: TestApp,
  cookie: string,
  payload: Record<string, unknown>,
  key: string | null = randomUUID(),
  app = t.app,
) {
  return app.inject({
    method: 'POST',
    url: '/api/admin/adjustments',
    headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
}

/** Proposes and answers the pending adjustment. */
export async function proposed(
  t: TestApp,
  cookie: string,
  userId: string,
  overrides: Record<string, unknown> = {},
): Promise<Adjustment> {
  const res = await propose(t, cookie, proposal(userId, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Adjustment>();
}

export function decide(
  t: TestApp,
  cookie: string,
  adjustmentId: string,
  decision: 'approve' | 'reject',
  reason = 'Not supported by the bank statement.',
  app = t.app,
) {
  return app.inject({
    method: 'POST',
    url: `/api/admin/adjustments/${adjustmentId}/${decision}`,
    headers: { cookie },
    ...(decision === 'reject' ? { payload: { reason } } : {}),
  });
}

export async function approved(t: TestApp, cookie: string, adjustmentId: string): Promise<Adjustment> {
  const res = await decide(t, cookie, adjustmentId, 'approve');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Adjustment>();
}

/** The balance of the house's `adjustments` account in a currency (0n before it is opened). */
export async function adjustmentsBalance(t: TestApp, currency: Currency): Promise<bigint> {
  const [row] = await queryRows<{ balance: string }>(
    t.database.db,
    sql`SELECT balance::text AS balance FROM ledger_accounts
        WHERE user_id IS NULL AND code = 'adjustments' AND currency = ${currency}`,
  );
  return BigInt(row?.balance ?? '0');
}

/** Journals written for an adjustment. */
export async function journalsOf(t: TestApp, adjustmentId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`SELECT count(*)::int AS n FROM ledger_journals WHERE ref_type = 'ManualAdjustment' AND ref_id = ${adjustmentId}`,
  );
  return row!.n;
}

export async function statusOf(t: TestApp, adjustmentId: string): Promise<string> {
  const [row] = await queryRows<{ status: string }>(
    t.database.db,
    sql`SELECT status FROM adjustments WHERE id = ${adjustmentId}`,
  );
  return row!.status;
}

/** Audit records of an adjustment: action, actor, subject and data. */
export async function auditOf(t: TestApp, adjustmentId: string) {
  return queryRows<{
    action: string;
    actor_user_id: string | null;
    subject_type: string | null;
    subject_id: string | null;
    data: Record<string, unknown>;
  }>(
    t.database.db,
    sql`SELECT action, actor_user_id, subject_type, subject_id, data FROM audit_log
        WHERE data->>'adjustmentId' = ${adjustmentId} ORDER BY at`,
  );
}
