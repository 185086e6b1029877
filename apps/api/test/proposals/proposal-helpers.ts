import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Proposal } from '@portal/contract/admin/proposals';
import type { Role } from '@portal/contract/admin/roles';
import { unitCurrency } from '@portal/contract/funds/funds';
import { queryRows } from '../../src/db/client';
import { fundNavs, users } from '../../src/db/schema';
import { insertLot } from '../../src/modules/fund-orders/fund-orders.repository';
import { postJournal, userAccountId } from '../../src/modules/ledger/ledger.service';
import { systemAccountId } from '../../src/modules/ledger/ledger.repository';
import { runMoneyTransaction } from '../../src/lib/money-tx';
import { adminCall, makeOperator, type TestUser } from '../helpers/admin';
import { newMobile, e164, type TestApp } from '../helpers/app';

/**
 * Gives a user `units` (unit-minors) of a fund as a purchase would issue them: one journal (fund_units →
 * the user's available units) and a lot at `nav`, so the units' invariants of decision 022 hold.
 */
export async function grantUnits(t: TestApp, userId: string, fundId: string, units: bigint, nav = 10_000n) {
  const currency = unitCurrency(fundId);
  await runMoneyTransaction(t.database.db, async (tx) => {
    await postJournal(tx, {
      refType: 'FundSharePurchase',
      refId: randomUUID(),
      memo: 'units of a test',
      postings: [
        { accountId: await systemAccountId(tx, 'fund_units', currency), currency, amount: -units },
        { accountId: await userAccountId(tx, userId, currency, 'available'), currency, amount: units },
      ],
    });
    await insertLot(tx, { userId, fundId, unitsIssued: units, unitsRemaining: units, nav, issuedAt: t.clock.now });
  });
}

/** Investors written straight into the users table (holders that never sign in), answered by id. */
export async function quietInvestors(t: TestApp, n: number): Promise<string[]> {
  const rows = await t.database.db
    .insert(users)
    .values(
      Array.from({ length: n }, () => ({ mobile: e164(newMobile()), referralCode: randomBytes(5).toString('hex') })),
    )
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

/** An operator of `role` who holds `units` of a fund. */
export async function holdingOperator(t: TestApp, role: Role, fundId: string, units = 10_000n): Promise<TestUser> {
  const op = await makeOperator(t, role);
  await grantUnits(t, op.userId, fundId, units);
  return op;
}

export function call(
  t: TestApp,
  cookie: string,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: { cookie, ...headers },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

/** The proposing endpoints, as the console calls them. */
export const propose = {
  nav: (t: TestApp, cookie: string, fundId: string, navDate: string, nav: string) =>
    call(t, cookie, 'POST', `/admin/funds/${fundId}/navs`, { navDate, nav }),
  correction: (t: TestApp, cookie: string, fundId: string, navDate: string, nav: string, reason = 'a wrong price') =>
    call(t, cookie, 'POST', `/admin/funds/${fundId}/navs/corrections`, { navDate, nav, reason }),
  dividend: (t: TestApp, cookie: string, fundId: string, perUnit: string, key: string = randomUUID()) =>
    call(t, cookie, 'POST', `/admin/funds/${fundId}/dividends`, { perUnit }, { 'idempotency-key': key }),
  terms: (t: TestApp, cookie: string, fundId: string, body: Record<string, unknown>) =>
    call(t, cookie, 'POST', `/admin/funds/${fundId}/terms`, body),
  statement: (t: TestApp, cookie: string, content: string, fileName = 'statement.csv') =>
    call(t, cookie, 'POST', '/admin/bank-statements', { fileName, content }),
};

export const approve = (t: TestApp, cookie: string, id: string) =>
  adminCall(t, cookie, 'POST', `/admin/proposals/${id}/approve`);
export const reject = (t: TestApp, cookie: string, id: string, reason: string) =>
  adminCall(t, cookie, 'POST', `/admin/proposals/${id}/reject`, { reason });
export async function readProposal(t: TestApp, cookie: string, id: string): Promise<Proposal> {
  return (await adminCall(t, cookie, 'GET', `/admin/proposals/${id}`)).json<Proposal>();
}

/** The proposal a proposing request answered (it must have been 202). */
export function proposed(res: LightMyRequestResponse): Proposal {
  if (res.statusCode !== 202) throw new Error(`expected 202, got ${res.statusCode} ${res.body}`);
  return res.json<Proposal>();
}

export const errorOf = (res: LightMyRequestResponse) => [res.statusCode, res.json<{ code: string }>().code];

/** A fund's NAV of a date (minor units), or null. */
export async function navOn(t: TestApp, fundId: string, navDate: string): Promise<bigint | null> {
  const [row] = await t.database.db
    .select({ nav: fundNavs.nav })
    .from(fundNavs)
    .where(and(eq(fundNavs.fundId, fundId), eq(fundNavs.navDate, navDate)));
  return row?.nav ?? null;
}

/** How many rows of each thing a refused decision must leave alone. */
export async function counts(t: TestApp) {
  const [row] = await queryRows<Record<string, number>>(
    t.database.db,
    sql`SELECT (SELECT count(*)::int FROM fund_navs) AS navs,
               (SELECT count(*)::int FROM ledger_journals) AS journals,
               (SELECT count(*)::int FROM fund_dividends) AS dividends,
               (SELECT count(*)::int FROM bank_statement_imports) AS imports,
               (SELECT count(*)::int FROM bank_statement_lines) AS lines,
               (SELECT count(*)::int FROM proposals WHERE status <> 'Pending') AS decided`,
  );
  return row!;
}

/** The audit records of an action, oldest first. */
export async function auditsOf(t: TestApp, action: string) {
  return queryRows<{ actor_user_id: string | null; subject_id: string | null; data: Record<string, unknown> }>(
    t.database.db,
    sql`SELECT actor_user_id, subject_id, data FROM audit_log WHERE action = ${action} ORDER BY at, id`,
  );
}
