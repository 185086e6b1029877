import { and, asc, count, desc, eq, getTableColumns, gt, sql } from 'drizzle-orm';
import {
  unitCurrency as unitCurrencyOf,
  type PurchaseStatus,
  type RedemptionStatus,
} from '@portal/contract/funds/funds';
import { queryRows, type DbOrTx } from '../../db/client';
import {
  deposits,
  fundDividendPayments,
  fundDividends,
  fundLots,
  fundPurchases,
  fundRedemptions,
  funds,
} from '../../db/schema';
import { findNav } from '../funds/funds.repository';
import { lockUser, userSummaries } from '../users/users.repository';

export type FundRow = typeof funds.$inferSelect;
export type PurchaseRow = typeof fundPurchases.$inferSelect;
export type RedemptionRow = typeof fundRedemptions.$inferSelect;
export type LotRow = typeof fundLots.$inferSelect;
export type DividendRow = typeof fundDividends.$inferSelect;

/** A purchase with the gateway's reference of its card payment. */
export type PurchaseWithPayment = PurchaseRow & { paymentReference: string | null };

/**
 * Takes the investor's row for the transaction (FOR NO KEY UPDATE: rows that merely reference the user
 * are not held up). Every transaction that moves one investor's fund orders takes it first, so they run one
 * after another: a purchase's cash hold and a redemption's unit hold of the same investor never lock
 * each other's accounts in opposite orders.
 */
export async function lockInvestor(tx: DbOrTx, userId: string): Promise<void> {
  await lockUser(tx, userId, 'no key update');
}

// ————— funds and NAVs (the catalogue's tables, read here) —————

export async function findFunds(tx: DbOrTx, fundIds: readonly string[]): Promise<FundRow[]> {
  if (fundIds.length === 0) return [];
  return tx
    .select()
    .from(funds)
    .where(
      sql`${funds.id} IN (${sql.join(
        fundIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
}

/** The NAV of a fund for one Tehran date, when published (the catalogue's `findNav`, its amount). */
export async function navOn(tx: DbOrTx, fundId: string, navDate: string): Promise<bigint | null> {
  return (await findNav(tx, fundId, navDate))?.nav ?? null;
}

/** The latest NAV of each of the given funds. */
export async function latestNavs(
  tx: DbOrTx,
  fundIds: readonly string[],
): Promise<Map<string, { navDate: string; nav: bigint }>> {
  if (fundIds.length === 0) return new Map();
  const rows = await queryRows<{ fund_id: string; nav_date: string; nav: string }>(
    tx,
    sql`SELECT DISTINCT ON (fund_id) fund_id, nav_date::text AS nav_date, nav::text AS nav
        FROM fund_navs
        WHERE fund_id IN (${sql.join(
          fundIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        ORDER BY fund_id, nav_date DESC`,
  );
  return new Map(rows.map((r) => [r.fund_id, { navDate: r.nav_date, nav: BigInt(r.nav) }]));
}

// ————— purchases —————

export async function insertPurchase(tx: DbOrTx, values: typeof fundPurchases.$inferInsert): Promise<PurchaseRow> {
  const [row] = await tx.insert(fundPurchases).values(values).returning();
  return row!;
}

const purchaseWithPayment = { ...getTableColumns(fundPurchases), paymentReference: deposits.gatewayRef };

/** A purchase of this user (another user's is null, as if it did not exist), with its payment's reference. */
export async function findUserPurchase(
  tx: DbOrTx,
  userId: string,
  purchaseId: string,
): Promise<PurchaseWithPayment | null> {
  const [row] = await tx
    .select(purchaseWithPayment)
    .from(fundPurchases)
    .leftJoin(deposits, eq(deposits.id, fundPurchases.depositId))
    .where(and(eq(fundPurchases.id, purchaseId), eq(fundPurchases.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** The card purchase a gateway payment pays for; `lock` takes its row for the transaction. */
export async function findPurchaseOfPayment(
  tx: DbOrTx,
  paymentId: string,
  o: { lock?: boolean } = {},
): Promise<PurchaseRow | null> {
  const q = tx.select().from(fundPurchases).where(eq(fundPurchases.depositId, paymentId)).limit(1);
  const [row] = o.lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function updatePurchase(
  tx: DbOrTx,
  id: string,
  set: Partial<typeof fundPurchases.$inferInsert>,
): Promise<PurchaseRow> {
  const [row] = await tx.update(fundPurchases).set(set).where(eq(fundPurchases.id, id)).returning();
  return row!;
}

/** Moves a purchase from one status to another if it is still in the first; null when it is not. */
export async function movePurchaseStatus(
  tx: DbOrTx,
  id: string,
  from: PurchaseStatus,
  set: Partial<typeof fundPurchases.$inferInsert> & { status: PurchaseStatus },
): Promise<PurchaseRow | null> {
  const [row] = await tx
    .update(fundPurchases)
    .set(set)
    .where(and(eq(fundPurchases.id, id), eq(fundPurchases.status, from)))
    .returning();
  return row ?? null;
}

/**
 * The next waiting purchase of a fund and date after the cursor (created, id), its row locked; rows
 * another transaction holds are skipped (several instances may price at once).
 */
export async function claimWaitingPurchase(
  tx: DbOrTx,
  fundId: string,
  navDate: string,
  after: { createdAt: Date; id: string } | null,
): Promise<PurchaseRow | null> {
  const [row] = await tx
    .select()
    .from(fundPurchases)
    .where(
      and(
        eq(fundPurchases.fundId, fundId),
        eq(fundPurchases.navDate, navDate),
        eq(fundPurchases.status, 'Waiting'),
        after
          ? sql`(${fundPurchases.createdAt}, ${fundPurchases.id}) > (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(fundPurchases.createdAt), asc(fundPurchases.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return row ?? null;
}

export async function listPurchases(
  tx: DbOrTx,
  where: { userId?: string; fundId?: string | undefined; status?: PurchaseStatus | undefined },
  limit: number,
  offset: number,
): Promise<{ rows: PurchaseWithPayment[]; total: number }> {
  const cond = and(
    where.userId ? eq(fundPurchases.userId, where.userId) : undefined,
    where.fundId ? eq(fundPurchases.fundId, where.fundId) : undefined,
    where.status ? eq(fundPurchases.status, where.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    tx
      .select(purchaseWithPayment)
      .from(fundPurchases)
      .leftJoin(deposits, eq(deposits.id, fundPurchases.depositId))
      .where(cond)
      .orderBy(desc(fundPurchases.createdAt), desc(fundPurchases.id))
      .limit(limit)
      .offset(offset),
    tx.select({ n: count() }).from(fundPurchases).where(cond),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// ————— redemptions —————

export async function insertRedemption(
  tx: DbOrTx,
  values: typeof fundRedemptions.$inferInsert,
): Promise<RedemptionRow> {
  const [row] = await tx.insert(fundRedemptions).values(values).returning();
  return row!;
}

export async function findUserRedemption(
  tx: DbOrTx,
  userId: string,
  redemptionId: string,
): Promise<RedemptionRow | null> {
  const [row] = await tx
    .select()
    .from(fundRedemptions)
    .where(and(eq(fundRedemptions.id, redemptionId), eq(fundRedemptions.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function updateRedemption(
  tx: DbOrTx,
  id: string,
  set: Partial<typeof fundRedemptions.$inferInsert>,
): Promise<RedemptionRow> {
  const [row] = await tx.update(fundRedemptions).set(set).where(eq(fundRedemptions.id, id)).returning();
  return row!;
}

/** The next waiting redemption of a fund and date after the cursor, its row locked (others' skipped). */
export async function claimWaitingRedemption(
  tx: DbOrTx,
  fundId: string,
  navDate: string,
  after: { createdAt: Date; id: string } | null,
): Promise<RedemptionRow | null> {
  const [row] = await tx
    .select()
    .from(fundRedemptions)
    .where(
      and(
        eq(fundRedemptions.fundId, fundId),
        eq(fundRedemptions.navDate, navDate),
        eq(fundRedemptions.status, 'Waiting'),
        after
          ? sql`(${fundRedemptions.createdAt}, ${fundRedemptions.id}) > (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(fundRedemptions.createdAt), asc(fundRedemptions.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return row ?? null;
}

/**
 * Whether the user has a waiting redemption of the fund placed before this one: redemptions are priced in
 * the order they were placed, so that each takes the lots its quote took (first in, first out).
 */
export async function hasOlderWaitingRedemption(
  tx: DbOrTx,
  r: { userId: string; fundId: string; createdAt: Date; id: string } | { userId: string; fundId: string },
): Promise<boolean> {
  const [row] = await tx
    .select({ id: fundRedemptions.id })
    .from(fundRedemptions)
    .where(
      and(
        eq(fundRedemptions.userId, r.userId),
        eq(fundRedemptions.fundId, r.fundId),
        eq(fundRedemptions.status, 'Waiting'),
        'id' in r
          ? sql`(${fundRedemptions.createdAt}, ${fundRedemptions.id}) < (${r.createdAt.toISOString()}::timestamptz, ${r.id}::uuid)`
          : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function listRedemptions(
  tx: DbOrTx,
  where: { userId?: string; fundId?: string | undefined; status?: RedemptionStatus | undefined },
  limit: number,
  offset: number,
): Promise<{ rows: RedemptionRow[]; total: number }> {
  const cond = and(
    where.userId ? eq(fundRedemptions.userId, where.userId) : undefined,
    where.fundId ? eq(fundRedemptions.fundId, where.fundId) : undefined,
    where.status ? eq(fundRedemptions.status, where.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    tx
      .select()
      .from(fundRedemptions)
      .where(cond)
      .orderBy(desc(fundRedemptions.createdAt), desc(fundRedemptions.id))
      .limit(limit)
      .offset(offset),
    tx.select({ n: count() }).from(fundRedemptions).where(cond),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The ids of a user's purchases and redemptions together, newest first (the buy and sell history). */
export async function listUserOrderIds(
  tx: DbOrTx,
  userId: string,
  fundId: string | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: { kind: 'purchase' | 'redemption'; id: string }[]; total: number }> {
  const fund = fundId ? sql`AND fund_id = ${fundId}` : sql``;
  const from = sql`FROM (
      SELECT 'purchase' AS kind, id, created_at FROM fund_purchases WHERE user_id = ${userId} ${fund}
      UNION ALL
      SELECT 'redemption' AS kind, id, created_at FROM fund_redemptions WHERE user_id = ${userId} ${fund}
    ) o`;
  const [rows, countRows] = await Promise.all([
    queryRows<{ kind: 'purchase' | 'redemption'; id: string }>(
      tx,
      sql`SELECT o.kind, o.id ${from} ORDER BY o.created_at DESC, o.id DESC LIMIT ${limit} OFFSET ${offset}`,
    ),
    queryRows<{ total: number }>(tx, sql`SELECT count(*)::int AS total ${from}`),
  ]);
  return { rows, total: countRows[0]?.total ?? 0 };
}

export async function purchasesByIds(tx: DbOrTx, ids: readonly string[]): Promise<PurchaseWithPayment[]> {
  if (ids.length === 0) return [];
  return tx
    .select(purchaseWithPayment)
    .from(fundPurchases)
    .leftJoin(deposits, eq(deposits.id, fundPurchases.depositId))
    .where(
      sql`${fundPurchases.id} IN (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
}

export async function redemptionsByIds(tx: DbOrTx, ids: readonly string[]): Promise<RedemptionRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(fundRedemptions)
    .where(
      sql`${fundRedemptions.id} IN (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
}

// ————— lots —————

export async function insertLot(tx: DbOrTx, values: typeof fundLots.$inferInsert): Promise<LotRow> {
  const [row] = await tx.insert(fundLots).values(values).returning();
  return row!;
}

/**
 * A holder's lots of a fund that still hold units, oldest first (FIFO). `lock` takes their rows in that
 * one fixed order: the redemptions of one holder of one fund are serialised on them.
 */
export async function findLots(tx: DbOrTx, userId: string, fundId: string, lock = false): Promise<LotRow[]> {
  const q = tx
    .select()
    .from(fundLots)
    .where(and(eq(fundLots.userId, userId), eq(fundLots.fundId, fundId), gt(fundLots.unitsRemaining, 0n)))
    .orderBy(asc(fundLots.issuedAt), asc(fundLots.id));
  return lock ? q.for('update') : q;
}

/** Every lot of a holder that still holds units, of any fund, oldest first. */
export async function findAllLots(tx: DbOrTx, userId: string): Promise<LotRow[]> {
  return tx
    .select()
    .from(fundLots)
    .where(and(eq(fundLots.userId, userId), gt(fundLots.unitsRemaining, 0n)))
    .orderBy(asc(fundLots.issuedAt), asc(fundLots.id));
}

export async function takeFromLot(tx: DbOrTx, lotId: string, units: bigint): Promise<void> {
  await tx
    .update(fundLots)
    .set({ unitsRemaining: sql`${fundLots.unitsRemaining} - ${units.toString()}::bigint` })
    .where(eq(fundLots.id, lotId));
}

// ————— unit accounts —————

/** A user's unit balances per fund: `available` and `held` of each `U:<fund id>` (decision 022). */
export async function findUnitBalances(
  tx: DbOrTx,
  userId: string,
): Promise<Map<string, { available: bigint; held: bigint }>> {
  const rows = await queryRows<{ currency: string; code: string; balance: string }>(
    tx,
    sql`SELECT currency, code, balance::text AS balance FROM ledger_accounts
        WHERE user_id = ${userId} AND currency LIKE 'U:%'`,
  );
  const out = new Map<string, { available: bigint; held: bigint }>();
  for (const r of rows) {
    const fundId = r.currency.slice(2);
    const b = out.get(fundId) ?? { available: 0n, held: 0n };
    if (r.code === 'available') b.available = BigInt(r.balance);
    else if (r.code === 'held') b.held = BigInt(r.balance);
    out.set(fundId, b);
  }
  return out;
}

/** Every holder of a fund's units now (available + held), by user id. */
export async function findHolders(tx: DbOrTx, unitCurrency: string): Promise<{ userId: string; units: bigint }[]> {
  const rows = await queryRows<{ user_id: string; units: string }>(
    tx,
    sql`SELECT user_id, sum(balance)::text AS units FROM ledger_accounts
        WHERE currency = ${unitCurrency} AND user_id IS NOT NULL
        GROUP BY user_id HAVING sum(balance) > 0
        ORDER BY user_id`,
  );
  return rows.map((r) => ({ userId: r.user_id, units: BigInt(r.units) }));
}

/**
 * Whether a user has a stake in a fund's price (issue 15, decision 028): units available or held for a
 * waiting redemption (`U:<fund id>` balances above zero), or a purchase still to be priced (`Waiting`, or
 * `PaymentPending` while its payment is checked), which a NAV not yet published would price.
 */
export async function holdsFundStake(tx: DbOrTx, userId: string, fundId: string): Promise<boolean> {
  const [row] = await queryRows<{ stake: boolean }>(
    tx,
    sql`SELECT EXISTS (
          SELECT 1 FROM ledger_accounts
          WHERE user_id = ${userId}::uuid AND currency = ${unitCurrencyOf(fundId)}
          GROUP BY user_id HAVING sum(balance) > 0
        ) OR EXISTS (
          SELECT 1 FROM fund_purchases
          WHERE user_id = ${userId}::uuid AND fund_id = ${fundId}::uuid AND status IN ('Waiting', 'PaymentPending')
        ) AS stake`,
  );
  return row?.stake === true;
}

// ————— dividends —————

export async function insertDividend(tx: DbOrTx, values: typeof fundDividends.$inferInsert): Promise<DividendRow> {
  const [row] = await tx.insert(fundDividends).values(values).returning();
  return row!;
}

export async function updateDividend(tx: DbOrTx, id: string, set: { total: bigint; holders: number }) {
  const [row] = await tx.update(fundDividends).set(set).where(eq(fundDividends.id, id)).returning();
  return row!;
}

export async function insertDividendPayment(tx: DbOrTx, values: typeof fundDividendPayments.$inferInsert) {
  await tx.insert(fundDividendPayments).values(values);
}

export async function listDividends(
  tx: DbOrTx,
  fundId: string,
  limit: number,
  offset: number,
): Promise<{ rows: DividendRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    tx
      .select()
      .from(fundDividends)
      .where(eq(fundDividends.fundId, fundId))
      .orderBy(desc(fundDividends.createdAt), desc(fundDividends.id))
      .limit(limit)
      .offset(offset),
    tx.select({ n: count() }).from(fundDividends).where(eq(fundDividends.fundId, fundId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// ————— the catch-up job —————

/** Fund and date pairs with waiting orders whose NAV is published (orders the publication job missed). */
export async function findPricedWaitingDates(tx: DbOrTx): Promise<{ fundId: string; navDate: string }[]> {
  const rows = await queryRows<{ fund_id: string; nav_date: string }>(
    tx,
    sql`SELECT o.fund_id, o.nav_date::text AS nav_date
        FROM (SELECT fund_id, nav_date FROM fund_purchases WHERE status = 'Waiting'
              UNION SELECT fund_id, nav_date FROM fund_redemptions WHERE status = 'Waiting') o
        JOIN fund_navs n ON n.fund_id = o.fund_id AND n.nav_date = o.nav_date
        ORDER BY 2, 1`,
  );
  return rows.map((r) => ({ fundId: r.fund_id, navDate: r.nav_date }));
}

/** The owners of orders shown to operators. */
export async function findOwners(
  tx: DbOrTx,
  userIds: readonly string[],
): Promise<Map<string, { id: string; mobile: string; firstName: string | null; lastName: string | null }>> {
  const found = await userSummaries(tx, userIds);
  return new Map([...found].map(([id, { mobile, firstName, lastName }]) => [id, { id, mobile, firstName, lastName }]));
}
