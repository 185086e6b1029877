import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Currency } from '@portal/contract/core/money';
import { unitCurrency } from '@portal/contract/funds/funds';
import { tehranDateOf, type FundPurchase, type FundRedemption } from '@portal/contract/funds/orders';
import { queryRows, type DbOrTx } from '../../src/db/client';
import { fundNavs, funds } from '../../src/db/schema';
import { runMoneyTransaction } from '../../src/lib/money-tx';
import { creditUser } from '../../src/modules/ledger/ledger.service';
import { makeInvestor, type TestUser } from '../helpers/admin';
import type { TestApp } from '../helpers/app';
import { balanceOf, systemBalanceOf } from '../helpers/ledger';

const text = (s: string) => ({ fa: s, ar: s, en: s });

/** A fund written straight into the catalogue's table (toman, no fees, min 100,000 unless said). */
export async function createFund(t: TestApp, values: Partial<typeof funds.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(funds)
    .values({
      code: `test-${randomBytes(4).toString('hex')}`,
      kind: 'gold',
      preset: 'gold',
      fundType: 1,
      category: 'gold_silver',
      risk: 35,
      currency: 'IRT',
      name: text('Test fund'),
      summary: text('A fund of the tests'),
      about: text('About the test fund'),
      minPurchase: 100_000n,
      ...values,
    })
    .returning();
  return row!;
}

export async function setFund(t: TestApp, fundId: string, values: Partial<typeof funds.$inferInsert>) {
  await t.database.db
    .update(funds)
    .set(values)
    .where(sql`${funds.id} = ${fundId}`);
}

/** The Tehran date of the app's clock (the date whose NAV prices an order placed now). */
export const today = (t: TestApp) => tehranDateOf(t.clock.now);

/** Publishes a NAV as the catalogue would (the row only: tests call `priceWaitingOrders` themselves). */
export async function publishNav(t: TestApp, fundId: string, nav: bigint, navDate = today(t)) {
  await t.database.db.insert(fundNavs).values({ fundId, navDate, nav });
}

/** Moves money from the bank into a user's wallet of `currency`, as a deposit would. */
export async function credit(t: TestApp, userId: string, amount: bigint, currency: Currency = 'IRT') {
  await runMoneyTransaction(t.database.db, (tx) =>
    creditUser(tx, { userId, from: 'bank_settlement', currency, amount, refType: 'Payment', refId: randomUUID() }),
  );
}

/** A signed-in investor at KYC level one (unless said) with `toman` in the IRT wallet. */
export async function buyer(t: TestApp, toman: bigint, opts: { kycLevel?: number } = {}): Promise<TestUser> {
  const u = await makeInvestor(t, { kycLevel: opts.kycLevel ?? 1, kycTrack: 'iranian', shahkarPassed: true });
  if (toman > 0n) await credit(t, u.userId, toman);
  return u;
}

export function post(
  t: TestApp,
  cookie: string,
  url: string,
  payload: Record<string, unknown>,
  key: string | null = randomUUID(),
  app = t.app,
) {
  return app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
}

export const get = (t: TestApp, cookie: string, url: string) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: { cookie } });

/**
 * A purchase request. The test funds (risk 35) are riskier than an investor without a quiz result, so it
 * confirms the risk (issue 20) unless `payload` says `riskAcknowledged` itself.
 */
export const purchase = (
  t: TestApp,
  u: Pick<TestUser, 'cookie'>,
  fundId: string,
  payload: Record<string, unknown>,
  key?: string | null,
  app = t.app,
) => post(t, u.cookie, `/funds/${fundId}/purchases`, { riskAcknowledged: true, ...payload }, key, app);

export const redemption = (
  t: TestApp,
  u: Pick<TestUser, 'cookie'>,
  fundId: string,
  payload: Record<string, unknown>,
  key?: string | null,
  app = t.app,
) => post(t, u.cookie, `/funds/${fundId}/redemptions`, payload, key, app);

/** A wallet purchase that must succeed (201); answers the purchase. */
export async function buy(t: TestApp, u: TestUser, fundId: string, amount: string): Promise<FundPurchase> {
  const res = await purchase(t, u, fundId, { amount, method: 'wallet', acceptTerms: true });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<FundPurchase>();
}

/** A redemption that must be accepted (201); answers it. */
export async function redeem(
  t: TestApp,
  u: TestUser,
  fundId: string,
  payload: Record<string, unknown>,
): Promise<FundRedemption> {
  const res = await redemption(t, u, fundId, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<FundRedemption>();
}

export const errorOf = (res: { statusCode: number; json: () => unknown }) => [
  res.statusCode,
  (res.json() as { code: string }).code,
];

export const issuesOf = (res: { json: () => unknown }) =>
  (res.json() as { details?: { issues?: { path: string; rule: string; params?: Record<string, unknown> }[] } }).details
    ?.issues;

/** A user's units of a fund (unit-minors) in one bucket. */
export const unitsOf = (db: DbOrTx, userId: string, fundId: string, bucket: 'available' | 'held' = 'available') =>
  balanceOf(db, userId, unitCurrency(fundId) as Currency, bucket);

/** A system account's balance in a currency (0n before it is opened). */
export const systemBalance = systemBalanceOf;

/** The units left in a user's lots of a fund, oldest first. */
export async function lotsOf(db: DbOrTx, userId: string, fundId: string) {
  return queryRows<{
    id: string;
    units_issued: string;
    units_remaining: string;
    nav: string;
    issued_at: Date | string;
  }>(
    db,
    sql`SELECT id, units_issued::text AS units_issued, units_remaining::text AS units_remaining, nav::text AS nav, issued_at
        FROM fund_lots WHERE user_id = ${userId} AND fund_id = ${fundId} ORDER BY issued_at, id`,
  );
}

/** Everything a refused request must leave as it was: the user's orders, balances, lots and the ledger. */
export async function snapshot(t: TestApp, userId: string, fundId: string) {
  const [row] = await queryRows<Record<string, number>>(
    t.database.db,
    sql`SELECT (SELECT count(*)::int FROM fund_purchases WHERE user_id = ${userId}) AS purchases,
               (SELECT count(*)::int FROM fund_redemptions WHERE user_id = ${userId}) AS redemptions,
               (SELECT count(*)::int FROM deposits WHERE user_id = ${userId}) AS deposits,
               (SELECT coalesce(sum(units_remaining), 0)::int FROM fund_lots WHERE user_id = ${userId}) AS lots,
               (SELECT count(*)::int FROM ledger_journals) AS journals,
               (SELECT count(*)::int FROM ledger_postings) AS postings,
               (SELECT count(*)::int FROM idempotency_records WHERE user_id = ${userId}) AS idempotency`,
  );
  return {
    ...row!,
    available: await balanceOf(t.database.db, userId, 'IRT'),
    held: await balanceOf(t.database.db, userId, 'IRT', 'held'),
    units: await unitsOf(t.database.db, userId, fundId),
    heldUnits: await unitsOf(t.database.db, userId, fundId, 'held'),
  };
}

/**
 * The units' invariants of decision 022: each holder's lots of a fund sum to their unit accounts
 * (available + held), and the fund's `fund_units` account is minus all units held.
 */
export async function expectUnitsConsistent(db: DbOrTx): Promise<void> {
  const mismatched = await queryRows<{ user_id: string; fund_id: string; lots: string; accounts: string }>(
    db,
    sql`WITH l AS (SELECT user_id, fund_id, sum(units_remaining) AS units FROM fund_lots GROUP BY user_id, fund_id),
             a AS (SELECT user_id, substr(currency, 3)::uuid AS fund_id, sum(balance) AS units
                   FROM ledger_accounts WHERE user_id IS NOT NULL AND currency LIKE 'U:%' GROUP BY user_id, currency)
        SELECT coalesce(l.user_id, a.user_id) AS user_id, coalesce(l.fund_id, a.fund_id) AS fund_id,
               coalesce(l.units, 0)::text AS lots, coalesce(a.units, 0)::text AS accounts
        FROM l FULL JOIN a ON a.user_id = l.user_id AND a.fund_id = l.fund_id
        WHERE coalesce(l.units, 0) <> coalesce(a.units, 0)`,
  );
  expect(mismatched).toEqual([]);
  const outstanding = await queryRows<{ currency: string; total: string }>(
    db,
    sql`SELECT currency, sum(balance)::text AS total FROM ledger_accounts WHERE currency LIKE 'U:%'
        GROUP BY currency HAVING sum(balance) <> 0`,
  );
  expect(outstanding).toEqual([]);
}

/** The postings of an order's journals of one kind, oldest first: `[account code, currency kind, amount]`. */
export async function postingsOf(db: DbOrTx, refType: string, refId: string) {
  const rows = await queryRows<{
    journal_id: string;
    code: string;
    user_id: string | null;
    currency: string;
    amount: string;
  }>(
    db,
    sql`SELECT j.id AS journal_id, a.code, a.user_id, a.currency, p.amount::text AS amount
        FROM ledger_journals j
        JOIN ledger_postings p ON p.journal_id = j.id
        JOIN ledger_accounts a ON a.id = p.account_id
        WHERE j.ref_type = ${refType} AND j.ref_id = ${refId}
        ORDER BY p.id`,
  );
  // Journals in the order they were written; each one's postings by currency, then amount.
  const journals = new Map<string, string[][]>();
  for (const r of rows) {
    const who = r.user_id ? `user.${r.code}` : r.code;
    const cur = r.currency.startsWith('U:') ? 'units' : r.currency;
    journals.set(r.journal_id, [...(journals.get(r.journal_id) ?? []), [who, cur, r.amount]]);
  }
  const order = (a: string[], b: string[]) =>
    a[1]! < b[1]! ? -1 : a[1]! > b[1]! ? 1 : Number(BigInt(a[2]!) - BigInt(b[2]!));
  return [...journals.values()].map((postings) => postings.sort(order));
}
