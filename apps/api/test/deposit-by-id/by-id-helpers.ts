import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ImportResult } from '@portal/contract/admin/bank-statements';
import type { DepositId } from '@portal/contract/wallet/deposit-by-id';
import { queryRows } from '../../src/db/client';
import { insertBankAccount } from '../../src/modules/bank-accounts/bank-accounts.repository';
import { approvedByAnother } from '../helpers/admin';
import type { TestApp } from '../helpers/app';
import { sheba } from '../bank-accounts/bank-helpers';

let refSeq = 0;
/** A fresh bank reference. */
export const bankRef = () => `REF${Date.now().toString(36)}${(refSeq += 1)}`.toUpperCase();

/** One of the user's verified sheba accounts (as the bank-accounts module leaves it). */
export async function shebaAccount(t: TestApp, userId: string, s: string = sheba()) {
  const row = await insertBankAccount(t.database.db, { userId, sheba: s, addedBy: 'sheba', verifiedBy: 'local' });
  return { id: row.id, sheba: s };
}

export const createId = (t: TestApp, cookie: string, bankAccountId: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/wallet/deposits/by-id', headers: { cookie }, payload: { bankAccountId } });

export async function paymentIdFor(t: TestApp, cookie: string, bankAccountId: string): Promise<DepositId> {
  const res = await createId(t, cookie, bankAccountId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DepositId>();
}

export interface Transfer {
  toman: bigint;
  sheba: string;
  paymentId: string;
  ref?: string;
  /** Tehran `YYYY-MM-DD HH:MM`. */
  at?: string;
}

/** A statement in the documented CSV format (amounts in rials). */
export function statement(lines: Transfer[], at = '2025-06-11 09:30'): string {
  const rows = lines.map((l) => {
    const [date, time] = (l.at ?? at).split(' ');
    return [date, time, String(l.toman * 10n), l.sheba, l.paymentId, l.ref ?? bankRef()].join(',');
  });
  return ['date,time,amount_rial,source_sheba,payment_id,bank_ref', ...rows].join('\n');
}

export const importFile = (t: TestApp, cookie: string, content: string, fileName = 'statement.csv') =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/bank-statements',
    headers: { cookie },
    payload: { fileName, content },
  });

/**
 * A statement imported as the console does it since decision 028: proposed by `cookie`'s operator, then
 * approved by a second one (the approval imports the lines and runs the matching). Answers what the import
 * did: its lines, the new ones, and what the matching made of its lines.
 */
export async function imported(t: TestApp, cookie: string, content: string): Promise<ImportResult> {
  const { resultId: importId } = await approvedByAnother(t, await importFile(t, cookie, content));
  const [row] = await queryRows<ImportResult['matched'] & { lines_total: number; added: number }>(
    t.database.db,
    sql`SELECT i.lines AS lines_total, i.added,
               (SELECT count(*)::int FROM bank_statement_lines l WHERE l.import_id = i.id AND l.status <> 'Pending') AS lines,
               (SELECT count(*)::int FROM bank_statement_lines l WHERE l.import_id = i.id AND l.credited > 0) AS credited,
               (SELECT count(*)::int FROM bank_statement_lines l WHERE l.import_id = i.id AND l.return_amount > 0) AS returning
        FROM bank_statement_imports i WHERE i.id = ${importId}`,
  );
  expect(row, `import ${importId}`).toBeDefined();
  const { lines_total: lines, added, ...matched } = row!;
  return { importId: importId!, lines, added, duplicates: lines - added, matched };
}

export async function lineByRef(t: TestApp, ref: string) {
  const [row] = await queryRows<{
    id: string;
    status: string;
    user_id: string | null;
    accepted: string;
    fee: string;
    credited: string;
    return_amount: string;
    return_fee: string;
    return_reason: string | null;
    return_at: Date | string | null;
  }>(
    t.database.db,
    sql`SELECT id, status, user_id, accepted::text, fee::text, credited::text, return_amount::text,
               return_fee::text, return_reason, return_at
        FROM bank_statement_lines WHERE bank_ref = ${ref}`,
  );
  return row!;
}

/** What an import must not change when it is refused. */
export async function settlementCounts(t: TestApp) {
  const [row] = await queryRows<{ imports: number; lines: number; journals: number }>(
    t.database.db,
    sql`SELECT (SELECT count(*)::int FROM bank_statement_imports) AS imports,
               (SELECT count(*)::int FROM bank_statement_lines) AS lines,
               (SELECT count(*)::int FROM ledger_journals) AS journals`,
  );
  return row!;
}

/** The IRT balance of a system account (0n before it is opened). */
export async function systemBalance(t: TestApp, code: 'bank_settlement' | 'fees' | 'refunds'): Promise<bigint> {
  const [row] = await queryRows<{ balance: string }>(
    t.database.db,
    sql`SELECT balance::text AS balance FROM ledger_accounts WHERE user_id IS NULL AND code = ${code} AND currency = 'IRT'`,
  );
  return BigInt(row?.balance ?? '0');
}
