import { randomInt, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AdminOfflineDeposit } from '@portal/contract/admin/offline-deposits';
import { tehranDay, type OfflineDeposit } from '@portal/contract/wallet/offline-deposits';
import { queryRows } from '../../src/db/client';
import type { TestApp } from '../helpers/app';
import { PNG, upload } from '../kyc/kyc-helpers';

/** A receipt photo (a PNG) uploaded by `cookie` as a deposit receipt; answers its file id. */
export async function uploadReceipt(t: TestApp, cookie: string, body: Buffer = PNG): Promise<string> {
  const res = await upload(t, cookie, 'deposit_receipt', body, 'image/png');
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ fileId: string }>().fileId;
}

/** `YYYY-MM-DD`, `days` after the app's today in Iran (negative: before). */
export function dayFrom(t: TestApp, days: number): string {
  const today = tehranDay(t.clock.now);
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A valid declaration of `amount` toman with a fresh receipt number, paid yesterday into Mellat. */
export function declaration(t: TestApp, receiptFileId: string, overrides: Record<string, unknown> = {}) {
  return {
    amount: '2500000',
    receiptNumber: String(randomInt(100_000_000, 999_999_999)),
    destination: 'mellat',
    depositDate: dayFrom(t, -1),
    receiptFileId,
    ...overrides,
  };
}

export function declare(
  t: TestApp,
  cookie: string,
  payload: Record<string, unknown>,
  key: string | null = randomUUID(),
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/wallet/deposits/offline',
    headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
}

/** Declares a valid deposit (uploading its receipt) and answers it. */
export async function declared(
  t: TestApp,
  cookie: string,
  overrides: Record<string, unknown> = {},
): Promise<OfflineDeposit> {
  const fileId = await uploadReceipt(t, cookie);
  const res = await declare(t, cookie, declaration(t, fileId, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<OfflineDeposit>();
}

export function decide(
  t: TestApp,
  cookie: string,
  depositId: string,
  decision: 'approve' | 'reject',
  payload?: Record<string, unknown>,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/offline-deposits/${depositId}/${decision}`,
    headers: { cookie },
    ...(decision === 'reject' ? { payload: payload ?? { reason: 'not_received' } } : {}),
  });
}

export const approved = async (t: TestApp, cookie: string, depositId: string) => {
  const res = await decide(t, cookie, depositId, 'approve');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminOfflineDeposit>();
};

/** Offline deposits of a user, and the system accounts' IRT balances: what a refused request must not change. */
export async function snapshot(t: TestApp, userId: string) {
  const [row] = await queryRows<{
    deposits: number;
    journals: number;
    idempotency: number;
    bank: string | null;
    fees: string | null;
  }>(
    t.database.db,
    sql`SELECT (SELECT count(*)::int FROM deposits WHERE user_id = ${userId}) AS deposits,
               (SELECT count(*)::int FROM ledger_journals) AS journals,
               (SELECT count(*)::int FROM idempotency_records WHERE user_id = ${userId}) AS idempotency,
               (SELECT balance::text FROM ledger_accounts WHERE user_id IS NULL AND code = 'bank_settlement' AND currency = 'IRT') AS bank,
               (SELECT balance::text FROM ledger_accounts WHERE user_id IS NULL AND code = 'fees' AND currency = 'IRT') AS fees`,
  );
  return row!;
}

/** The IRT balance of a system account (0n before it is opened). */
export async function systemBalance(t: TestApp, code: 'bank_settlement' | 'fees'): Promise<bigint> {
  const [row] = await queryRows<{ balance: string }>(
    t.database.db,
    sql`SELECT balance::text AS balance FROM ledger_accounts WHERE user_id IS NULL AND code = ${code} AND currency = 'IRT'`,
  );
  return BigInt(row?.balance ?? '0');
}

export async function auditOf(t: TestApp, action: string, depositId: string) {
  return queryRows<{ actor_user_id: string | null; subject_id: string | null }>(
    t.database.db,
    sql`SELECT actor_user_id, subject_id FROM audit_log
        WHERE action = ${action} AND (subject_id = ${depositId} OR data->>'depositId' = ${depositId})`,
  );
}
