import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCsvStatementParser } from '../../src/adapters/settlement/csv-statement';
import { openDatabase, queryRows } from '../../src/db/client';
import { cleanPaymentId } from '@portal/contract/wallet/deposit-by-id';
import { insertImport, insertLines } from '../../src/modules/deposit-by-id/deposit-by-id.repository';
import { matchStatementLines } from '../../src/modules/deposit-by-id/deposit-by-id.service';
import { approvedByAnother, makeLevelOneInvestor, makeOperator } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/app';
import { balanceOf, expectLedgerSound } from '../helpers/ledger';
import { bankRef, importFile, paymentIdFor, shebaAccount, statement, type Transfer } from './by-id-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('matching on several instances at once (PostgreSQL)', () => {
  it('four matchers on two connection pools credit every line once, and the daily cap holds per user', async () => {
    const operator = await makeOperator(t, 'senior_operator');
    const investors = await Promise.all([1, 2, 3, 4, 5].map(() => makeLevelOneInvestor(t)));
    const transfers: Transfer[] = [];
    const ids: { userId: string; paymentId: string; sheba: string }[] = [];
    for (const u of investors) {
      const acc = await shebaAccount(t, u.userId);
      const { paymentId } = await paymentIdFor(t, u.cookie, acc.id);
      ids.push({ userId: u.userId, paymentId, sheba: acc.sheba });
      // 12 × 3,000,000 = 36,000,000 toman on one day: 25,000,000 accepted, 11,000,000 returned.
      for (let i = 0; i < 12; i++) transfers.push({ toman: 3_000_000n, sheba: acc.sheba, paymentId, ref: bankRef() });
    }
    // Stored without matching (as an import would, before its matcher runs).
    const lines = createCsvStatementParser().parse(statement(transfers));
    const importId = await insertImport(t.database.db, {
      fileName: 'concurrent.csv',
      sha256: 'x',
      lines: lines.length,
      added: lines.length,
      importedBy: operator.userId,
    });
    expect(await insertLines(t.database.db, importId, lines, cleanPaymentId)).toBe(60);

    const other = await openDatabase({ driver: 'postgres', url: t.database.url!, poolSize: 5 });
    try {
      const now = new Date();
      const runs = await Promise.all([
        matchStatementLines(t.database.db, now),
        matchStatementLines(other.db, now),
        matchStatementLines(t.database.db, now),
        matchStatementLines(other.db, now),
      ]);
      expect(runs.reduce((n, r) => n + r.lines, 0)).toBe(60);
      // Each user: 8 lines whole, 1 partly over the cap, 3 wholly over it.
      expect(runs.reduce((n, r) => n + r.credited, 0)).toBe(45);
      expect(runs.reduce((n, r) => n + r.returning, 0)).toBe(20);
      expect(runs.filter((r) => r.lines > 0).length).toBeGreaterThan(1);
    } finally {
      await other.close();
    }

    const [counts] = await queryRows<{ journals: number; pending: number }>(
      t.database.db,
      sql`SELECT (SELECT count(*)::int FROM ledger_journals j JOIN bank_statement_lines l ON l.id::text = j.ref_id
                   WHERE l.import_id = ${importId}) AS journals,
                 (SELECT count(*)::int FROM bank_statement_lines WHERE import_id = ${importId} AND status = 'Pending') AS pending`,
    );
    expect(counts).toEqual({ journals: 60, pending: 0 });
    for (const id of ids) {
      // 25,000,000 accepted less 0.01% of each accepted part: 8 whole (300 each) and one of 1,000,000 (100).
      expect(await balanceOf(t.database.db, id.userId, 'IRT')).toBe(25_000_000n - 8n * 300n - 100n);
      const [sum] = await queryRows<{ accepted: string; returned: string }>(
        t.database.db,
        sql`SELECT sum(accepted)::text AS accepted, sum(return_amount)::text AS returned
            FROM bank_statement_lines WHERE user_id = ${id.userId}`,
      );
      expect(sum).toEqual({ accepted: '25000000', returned: '11000000' });
    }
    await expectLedgerSound(t.database.db);
  });

  it('the same statement imported three times at once credits once', async () => {
    const operator = await makeOperator(t, 'senior_operator');
    const u = await makeLevelOneInvestor(t);
    const acc = await shebaAccount(t, u.userId);
    const { paymentId } = await paymentIdFor(t, u.cookie, acc.id);
    const content = statement(
      [1, 2, 3, 4].map(() => ({ toman: 1_000_000n, sheba: acc.sheba, paymentId, ref: bankRef() })),
    );
    // Three proposals of one statement, approved at once by three operators (decision 028).
    const proposed = await Promise.all([1, 2, 3].map(() => importFile(t, operator.cookie, content)));
    const approvers = await Promise.all([1, 2, 3].map(() => makeOperator(t, 'senior_operator')));
    const results = await Promise.all(proposed.map((p, i) => approvedByAnother(t, p, approvers[i])));
    const [added] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT coalesce(sum(added), 0)::int AS n FROM bank_statement_imports
          WHERE id IN (${sql.join(
            results.map((r) => sql`${r.resultId}::uuid`),
            sql`, `,
          )})`,
    );
    expect(added!.n).toBe(4);
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(4n * 999_900n);
    await expectLedgerSound(t.database.db);
  });
});
