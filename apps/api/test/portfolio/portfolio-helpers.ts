import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { PortfolioHistory, PortfolioState } from '@portal/contract/account/portfolio';
import type { SystemAccount } from '@portal/contract/wallet/ledger';
import { queryRows } from '../../src/db/client';
import { systemAccountId, type LedgerCurrency } from '../../src/modules/ledger/ledger.repository';
import { userAccountId } from '../../src/modules/ledger/ledger.service';
import type { TestApp } from '../helpers/app';

export async function state(t: TestApp, cookie: string, currency = 'IRT'): Promise<PortfolioState> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/account/portfolio/state?currency=${currency}`,
    headers: { cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PortfolioState>();
}

export async function history(t: TestApp, cookie: string, currency = 'IRT', days = 7): Promise<PortfolioHistory> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/account/portfolio/history?currency=${currency}&days=${days}`,
    headers: { cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PortfolioHistory>();
}

export const pnl = (s: PortfolioState, window: string) => s.pnl.find((p) => p.window === window)!;

export type Leg =
  | { user: string; currency: LedgerCurrency; amount: bigint; bucket?: 'available' | 'held' }
  | { system: SystemAccount; currency: LedgerCurrency; amount: bigint };

/**
 * A journal written at a past instant, as the module that owns it would have written it then: the ledger's
 * rules (balance per currency at commit, no user balance below zero) still apply; only its time is given.
 * Tests of history need days that have passed, and the ledger stamps a posting with the database's clock.
 */
export async function postAt(t: TestApp, at: Date, refType: string, legs: readonly Leg[]): Promise<string> {
  return t.database.db.transaction(async (tx) => {
    const ids: string[] = [];
    for (const l of legs) {
      ids.push(
        'user' in l
          ? await userAccountId(tx, l.user, l.currency, l.bucket ?? 'available')
          : await systemAccountId(tx, l.system, l.currency),
      );
    }
    const [j] = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO ledger_journals (ref_type, ref_id, memo, created_at)
          VALUES (${refType}, ${randomUUID()}, 'test: written at a past instant', ${at.toISOString()}::timestamptz)
          RETURNING id`,
    );
    const order = legs.map((l, i) => ({ l, id: ids[i]! })).sort((a, b) => (a.id < b.id ? -1 : 1));
    for (const { l, id } of order) {
      await tx.execute(
        sql`INSERT INTO ledger_postings (journal_id, account_id, currency, amount, created_at)
            VALUES (${j!.id}, ${id}, ${l.currency}, ${l.amount.toString()}::bigint, ${at.toISOString()}::timestamptz)`,
      );
    }
    return j!.id;
  });
}

/** The instant `hours` into the Tehran day `day`. */
export const tehranTime = (day: string, hours = 12) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 3.5 * 3600_000 + hours * 3600_000);
