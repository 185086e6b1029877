/**
 * Queries of the fund catalogue and the fund desk (issue 6; decisions 021, 022). Every function takes the
 * caller's database or transaction; none opens its own.
 */
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FundAnnouncementKind } from '@portal/contract/funds/catalogue';
import type { FundCategory } from '@portal/contract/funds/funds';
import type { ConsultationStatus } from '@portal/contract/admin/funds';
import type { DbOrTx } from '../../db/client';
import {
  fundAnnouncementReads,
  fundAnnouncements,
  fundConsultations,
  fundNavs,
  fundPurchases,
  fundRedemptions,
  funds,
  proposals,
  users,
} from '../../db/schema';

export type FundRow = typeof funds.$inferSelect;
export type FundNavRow = typeof fundNavs.$inferSelect;
export type AnnouncementRow = typeof fundAnnouncements.$inferSelect;
export type ConsultationRow = typeof fundConsultations.$inferSelect;

/**
 * What yields and the latest NAV need of a fund's history, as correlated subqueries over `fund_navs` (its
 * primary key `(fund_id, nav_date)` answers each with one index probe). Decision 021: the windows count
 * back from the latest NAV's date; PostgreSQL's `date - interval 'n months'` clamps the day to the month's
 * end, like `addMonths` of pricing.ts. Values come back as text (the drivers map `bigint` differently).
 */
function navStatsColumns(today: string) {
  const latestDate = sql`(select max(n.nav_date) from fund_navs n where n.fund_id = ${funds.id})`;
  const navOnOrBefore = (bound: SQL) =>
    sql<
      string | null
    >`(select n.nav::text from fund_navs n where n.fund_id = ${funds.id} and n.nav_date <= ${bound} order by n.nav_date desc limit 1)`;
  return {
    latestDate: sql<string | null>`${latestDate}::text`,
    latestNav: navOnOrBefore(latestDate),
    firstDate: sql<string | null>`(select min(n.nav_date)::text from fund_navs n where n.fund_id = ${funds.id})`,
    firstNav: sql<
      string | null
    >`(select n.nav::text from fund_navs n where n.fund_id = ${funds.id} order by n.nav_date asc limit 1)`,
    sixMonthsNav: navOnOrBefore(sql`(${latestDate} - interval '6 months')::date`),
    twelveMonthsNav: navOnOrBefore(sql`(${latestDate} - interval '12 months')::date`),
    navToday: sql<boolean>`exists (select 1 from fund_navs n where n.fund_id = ${funds.id} and n.nav_date = ${today})`,
  };
}

export interface NavStats {
  latestDate: string | null;
  latestNav: string | null;
  firstDate: string | null;
  firstNav: string | null;
  sixMonthsNav: string | null;
  twelveMonthsNav: string | null;
  navToday: boolean;
}

export type FundWithStats = NavStats & { fund: FundRow };

/** Funds with their NAV figures: published ones (of a category) for investors, every one for operators. */
export async function listFundsWithStats(
  tx: DbOrTx,
  f: { today: string; publishedOnly: boolean; category?: FundCategory | undefined },
): Promise<FundWithStats[]> {
  return tx
    .select({ fund: funds, ...navStatsColumns(f.today) })
    .from(funds)
    .where(
      and(
        f.publishedOnly ? eq(funds.published, true) : undefined,
        f.category ? eq(funds.category, f.category) : undefined,
      ),
    )
    .orderBy(asc(funds.sortOrder), asc(funds.code));
}

export async function findFundWithStats(tx: DbOrTx, fundId: string, today: string): Promise<FundWithStats | null> {
  const [row] = await tx
    .select({ fund: funds, ...navStatsColumns(today) })
    .from(funds)
    .where(eq(funds.id, fundId))
    .limit(1);
  return row ?? null;
}

/**
 * A fund by id; `lock` takes its row for the transaction (edits of one fund queue); `publishedOnly`: as
 * investors see the catalogue (an unlisted fund is not found).
 */
export async function findFund(
  tx: DbOrTx,
  fundId: string,
  opts: { lock?: boolean; publishedOnly?: boolean } = {},
): Promise<FundRow | null> {
  const q = tx
    .select()
    .from(funds)
    .where(and(eq(funds.id, fundId), opts.publishedOnly ? eq(funds.published, true) : undefined))
    .limit(1);
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function findFundByCode(tx: DbOrTx, code: string): Promise<FundRow | null> {
  const [row] = await tx.select().from(funds).where(eq(funds.code, code)).limit(1);
  return row ?? null;
}

/** Inserts a fund; null when the code is taken (nothing is written). */
export async function insertFund(tx: DbOrTx, values: typeof funds.$inferInsert): Promise<FundRow | null> {
  const [row] = await tx.insert(funds).values(values).onConflictDoNothing({ target: funds.code }).returning();
  return row ?? null;
}

export async function updateFund(
  tx: DbOrTx,
  fundId: string,
  set: Partial<typeof funds.$inferInsert>,
): Promise<FundRow> {
  const [row] = await tx
    .update(funds)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(funds.id, fundId))
    .returning();
  return row!;
}

/** Whether the fund has purchases or redemptions, and whether it has NAVs (its currency is then fixed). */
export async function fundUsage(tx: DbOrTx, fundId: string): Promise<{ hasOrders: boolean; hasNavs: boolean }> {
  const one = { one: sql<number>`1` };
  const [purchase, redemption, nav] = await Promise.all([
    tx.select(one).from(fundPurchases).where(eq(fundPurchases.fundId, fundId)).limit(1),
    tx.select(one).from(fundRedemptions).where(eq(fundRedemptions.fundId, fundId)).limit(1),
    tx.select(one).from(fundNavs).where(eq(fundNavs.fundId, fundId)).limit(1),
  ]);
  return { hasOrders: purchase.length > 0 || redemption.length > 0, hasNavs: nav.length > 0 };
}

/** Whether a fund has a proposal waiting for a second operator (its currency is then fixed). */
export async function hasPendingProposal(tx: DbOrTx, fundId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: proposals.id })
    .from(proposals)
    .where(and(eq(proposals.fundId, fundId), eq(proposals.status, 'Pending')))
    .limit(1);
  return rows.length > 0;
}

/** Open consultation requests per fund. */
export async function openConsultationCounts(tx: DbOrTx): Promise<Map<string, number>> {
  const rows = await tx
    .select({ fundId: fundConsultations.fundId, n: count() })
    .from(fundConsultations)
    .where(eq(fundConsultations.status, 'Open'))
    .groupBy(fundConsultations.fundId);
  return new Map(rows.map((r) => [r.fundId, r.n]));
}

/** Funds that have orders (purchases or redemptions). */
export async function fundsWithOrders(tx: DbOrTx): Promise<Set<string>> {
  const rows = await tx
    .selectDistinct({ fundId: fundPurchases.fundId })
    .from(fundPurchases)
    .union(tx.selectDistinct({ fundId: fundRedemptions.fundId }).from(fundRedemptions));
  return new Set(rows.map((r) => r.fundId));
}

// ---- NAV ----------------------------------------------------------------------------------------

export async function findNav(
  tx: DbOrTx,
  fundId: string,
  navDate: string,
  opts: { lock?: boolean } = {},
): Promise<FundNavRow | null> {
  const q = tx
    .select()
    .from(fundNavs)
    .where(and(eq(fundNavs.fundId, fundId), eq(fundNavs.navDate, navDate)))
    .limit(1);
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

/** Inserts the NAV of a date; null when that date already has one (nothing is written). */
export async function insertNav(tx: DbOrTx, values: typeof fundNavs.$inferInsert): Promise<FundNavRow | null> {
  const [row] = await tx.insert(fundNavs).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function insertNavs(tx: DbOrTx, values: (typeof fundNavs.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < values.length; i += 500) {
    await tx
      .insert(fundNavs)
      .values(values.slice(i, i + 500))
      .onConflictDoNothing();
  }
}

export async function updateNav(
  tx: DbOrTx,
  fundId: string,
  navDate: string,
  set: Partial<typeof fundNavs.$inferInsert>,
): Promise<FundNavRow> {
  const [row] = await tx
    .update(fundNavs)
    .set(set)
    .where(and(eq(fundNavs.fundId, fundId), eq(fundNavs.navDate, navDate)))
    .returning();
  return row!;
}

/** The latest NAV of a fund, or null. */
export async function latestNav(tx: DbOrTx, fundId: string): Promise<FundNavRow | null> {
  const [row] = await tx
    .select()
    .from(fundNavs)
    .where(eq(fundNavs.fundId, fundId))
    .orderBy(desc(fundNavs.navDate))
    .limit(1);
  return row ?? null;
}

/** NAV points from `from` (inclusive; every point when null), oldest first. */
export async function navPointsFrom(
  tx: DbOrTx,
  fundId: string,
  from: string | null,
): Promise<{ navDate: string; nav: bigint }[]> {
  return tx
    .select({ navDate: fundNavs.navDate, nav: fundNavs.nav })
    .from(fundNavs)
    .where(and(eq(fundNavs.fundId, fundId), from ? sql`${fundNavs.navDate} >= ${from}` : undefined))
    .orderBy(asc(fundNavs.navDate));
}

/** The last `n` NAV points, oldest first. */
export async function lastNavPoints(
  tx: DbOrTx,
  fundId: string,
  n: number,
): Promise<{ navDate: string; nav: bigint }[]> {
  const rows = await tx
    .select({ navDate: fundNavs.navDate, nav: fundNavs.nav })
    .from(fundNavs)
    .where(eq(fundNavs.fundId, fundId))
    .orderBy(desc(fundNavs.navDate))
    .limit(n);
  return rows.reverse();
}

/** The date of the last NAV on or before `date`, or null. */
export async function navDateOnOrBefore(tx: DbOrTx, fundId: string, date: string): Promise<string | null> {
  const [row] = await tx
    .select({ navDate: fundNavs.navDate })
    .from(fundNavs)
    .where(and(eq(fundNavs.fundId, fundId), sql`${fundNavs.navDate} <= ${date}`))
    .orderBy(desc(fundNavs.navDate))
    .limit(1);
  return row?.navDate ?? null;
}

/** A fund's NAVs, newest first, a page at a time. */
export async function listNavs(tx: DbOrTx, fundId: string, limit: number, offset: number) {
  const where = eq(fundNavs.fundId, fundId);
  const [rows, total] = await Promise.all([
    tx.select().from(fundNavs).where(where).orderBy(desc(fundNavs.navDate)).limit(limit).offset(offset),
    tx.select({ n: count() }).from(fundNavs).where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

// ---- announcements ----------------------------------------------------------------------------

export interface AnnouncementForUser {
  a: AnnouncementRow;
  seenAt: Date | null;
  agreedAt: Date | null;
}

/** A fund's announcements (of a kind), newest first, with what `userId` saw and agreed to. */
export async function listAnnouncementsForUser(
  tx: DbOrTx,
  f: { fundId: string; userId: string; kind?: FundAnnouncementKind | undefined; limit: number; offset: number },
): Promise<{ rows: AnnouncementForUser[]; total: number }> {
  const where = and(eq(fundAnnouncements.fundId, f.fundId), f.kind ? eq(fundAnnouncements.kind, f.kind) : undefined);
  const [rows, total] = await Promise.all([
    tx
      .select({ a: fundAnnouncements, seenAt: fundAnnouncementReads.seenAt, agreedAt: fundAnnouncementReads.agreedAt })
      .from(fundAnnouncements)
      .leftJoin(
        fundAnnouncementReads,
        and(eq(fundAnnouncementReads.announcementId, fundAnnouncements.id), eq(fundAnnouncementReads.userId, f.userId)),
      )
      .where(where)
      .orderBy(desc(fundAnnouncements.publishedAt), desc(fundAnnouncements.id))
      .limit(f.limit)
      .offset(f.offset),
    tx.select({ n: count() }).from(fundAnnouncements).where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

export async function findAnnouncement(
  tx: DbOrTx,
  fundId: string,
  announcementId: string,
): Promise<AnnouncementRow | null> {
  const [row] = await tx
    .select()
    .from(fundAnnouncements)
    .where(and(eq(fundAnnouncements.id, announcementId), eq(fundAnnouncements.fundId, fundId)))
    .limit(1);
  return row ?? null;
}

/**
 * Marks an announcement seen by a user, once: a repeat keeps the first `seenAt`, and `agreedAt` once set
 * (an `agreedAt` given later fills it when it was empty).
 */
export async function upsertAnnouncementRead(
  tx: DbOrTx,
  values: { announcementId: string; userId: string; seenAt: Date; agreedAt: Date | null },
): Promise<{ seenAt: Date; agreedAt: Date | null }> {
  const [row] = await tx
    .insert(fundAnnouncementReads)
    .values(values)
    .onConflictDoUpdate({
      target: [fundAnnouncementReads.announcementId, fundAnnouncementReads.userId],
      set: { agreedAt: sql`coalesce(${fundAnnouncementReads.agreedAt}, excluded.agreed_at)` },
    })
    .returning({ seenAt: fundAnnouncementReads.seenAt, agreedAt: fundAnnouncementReads.agreedAt });
  return row!;
}

/** Announcements of a fund the user has not marked seen, and of them those that need agreement. */
export async function unreadAnnouncementCounts(
  tx: DbOrTx,
  fundId: string,
  userId: string,
): Promise<{ unread: number; agreementsPending: number }> {
  const [row] = await tx
    .select({
      unread: count(),
      agreementsPending: sql<number>`count(*) filter (where ${fundAnnouncements.requiresAgreement})::int`,
    })
    .from(fundAnnouncements)
    .where(
      and(
        eq(fundAnnouncements.fundId, fundId),
        sql`not exists (select 1 from ${fundAnnouncementReads} where ${fundAnnouncementReads.announcementId} = ${fundAnnouncements.id} and ${fundAnnouncementReads.userId} = ${userId})`,
      ),
    );
  return { unread: row?.unread ?? 0, agreementsPending: Number(row?.agreementsPending ?? 0) };
}

export interface AnnouncementWithCounts {
  a: AnnouncementRow;
  seenCount: number;
  agreedCount: number;
}

const readCounts = {
  seenCount: sql<number>`(select count(*) from ${fundAnnouncementReads} where ${fundAnnouncementReads.announcementId} = ${fundAnnouncements.id})::int`,
  agreedCount: sql<number>`(select count(*) from ${fundAnnouncementReads} where ${fundAnnouncementReads.announcementId} = ${fundAnnouncements.id} and ${fundAnnouncementReads.agreedAt} is not null)::int`,
};

/** A fund's announcements (of a kind), newest first, with how many investors saw and agreed. */
export async function listAnnouncementsWithCounts(
  tx: DbOrTx,
  f: { fundId: string; kind?: FundAnnouncementKind | undefined; limit: number; offset: number },
): Promise<{ rows: AnnouncementWithCounts[]; total: number }> {
  const where = and(eq(fundAnnouncements.fundId, f.fundId), f.kind ? eq(fundAnnouncements.kind, f.kind) : undefined);
  const [rows, total] = await Promise.all([
    tx
      .select({ a: fundAnnouncements, ...readCounts })
      .from(fundAnnouncements)
      .where(where)
      .orderBy(desc(fundAnnouncements.publishedAt), desc(fundAnnouncements.id))
      .limit(f.limit)
      .offset(f.offset),
    tx.select({ n: count() }).from(fundAnnouncements).where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

export async function insertAnnouncement(
  tx: DbOrTx,
  values: typeof fundAnnouncements.$inferInsert,
): Promise<AnnouncementRow> {
  const [row] = await tx.insert(fundAnnouncements).values(values).returning();
  return row!;
}

/** Deletes an announcement (its reads go with it); the deleted row, or null when there was none. */
export async function deleteAnnouncement(
  tx: DbOrTx,
  fundId: string,
  announcementId: string,
): Promise<AnnouncementRow | null> {
  const [row] = await tx
    .delete(fundAnnouncements)
    .where(and(eq(fundAnnouncements.id, announcementId), eq(fundAnnouncements.fundId, fundId)))
    .returning();
  return row ?? null;
}

// ---- consultations ----------------------------------------------------------------------------

/** The periods in the order of the day (SPEC §3). */
const periodOrder = sql`array_position(array['Morning', 'Noon', 'Afternoon', 'Night']::text[], ${fundConsultations.period})`;

/**
 * Serialises one user's consultation requests for one fund (a transaction-scoped advisory lock), so the
 * "one open request per date" check and the insert cannot interleave with another request's.
 */
export async function lockConsultationsOf(tx: DbOrTx, userId: string, fundId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`consultation:${userId}:${fundId}`}, 0))`);
}

export async function findOpenConsultation(
  tx: DbOrTx,
  f: { userId: string; fundId: string; callDate: string },
): Promise<ConsultationRow | null> {
  const [row] = await tx
    .select()
    .from(fundConsultations)
    .where(
      and(
        eq(fundConsultations.userId, f.userId),
        eq(fundConsultations.fundId, f.fundId),
        eq(fundConsultations.callDate, f.callDate),
        eq(fundConsultations.status, 'Open'),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The user's open requests for a fund from `fromDate` on, by date and period. */
export async function listOpenConsultationsOf(
  tx: DbOrTx,
  f: { userId: string; fundId: string; fromDate: string },
): Promise<ConsultationRow[]> {
  return tx
    .select()
    .from(fundConsultations)
    .where(
      and(
        eq(fundConsultations.userId, f.userId),
        eq(fundConsultations.fundId, f.fundId),
        eq(fundConsultations.status, 'Open'),
        sql`${fundConsultations.callDate} >= ${f.fromDate}`,
      ),
    )
    .orderBy(asc(fundConsultations.callDate), periodOrder, asc(fundConsultations.createdAt));
}

export async function insertConsultation(
  tx: DbOrTx,
  values: typeof fundConsultations.$inferInsert,
): Promise<ConsultationRow> {
  const [row] = await tx.insert(fundConsultations).values(values).returning();
  return row!;
}

export async function findConsultation(
  tx: DbOrTx,
  id: string,
  opts: { lock?: boolean } = {},
): Promise<ConsultationRow | null> {
  const q = tx.select().from(fundConsultations).where(eq(fundConsultations.id, id)).limit(1);
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function updateConsultation(
  tx: DbOrTx,
  id: string,
  set: Partial<typeof fundConsultations.$inferInsert>,
): Promise<ConsultationRow> {
  const [row] = await tx.update(fundConsultations).set(set).where(eq(fundConsultations.id, id)).returning();
  return row!;
}

export const consultationJoinColumns = {
  mobile: users.mobile,
  firstName: users.firstName,
  lastName: users.lastName,
  fundCode: funds.code,
  fundName: funds.name,
};

export type ConsultationWithJoins = { c: ConsultationRow } & {
  mobile: string;
  firstName: string | null;
  lastName: string | null;
  fundCode: string;
  fundName: FundRow['name'];
};

/**
 * The queue: open requests first, by call date, period of the day and when asked; the closed ones after,
 * the latest handled first.
 */
export async function listConsultations(
  tx: DbOrTx,
  f: { status?: ConsultationStatus | undefined; fundId?: string | undefined; limit: number; offset: number },
): Promise<{ rows: ConsultationWithJoins[]; total: number }> {
  const where = and(
    f.status ? eq(fundConsultations.status, f.status) : undefined,
    f.fundId ? eq(fundConsultations.fundId, f.fundId) : undefined,
  );
  const isOpen = sql`(${fundConsultations.status} = 'Open')`;
  const [rows, total] = await Promise.all([
    tx
      .select({ c: fundConsultations, ...consultationJoinColumns })
      .from(fundConsultations)
      .innerJoin(users, eq(users.id, fundConsultations.userId))
      .innerJoin(funds, eq(funds.id, fundConsultations.fundId))
      .where(where)
      .orderBy(
        desc(isOpen),
        sql`case when ${isOpen} then ${fundConsultations.callDate} end asc`,
        sql`case when ${isOpen} then ${periodOrder} end asc`,
        sql`${fundConsultations.handledAt} desc nulls last`,
        asc(fundConsultations.createdAt),
        asc(fundConsultations.id),
      )
      .limit(f.limit)
      .offset(f.offset),
    tx.select({ n: count() }).from(fundConsultations).where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

export async function findConsultationWithJoins(tx: DbOrTx, id: string): Promise<ConsultationWithJoins | null> {
  const [row] = await tx
    .select({ c: fundConsultations, ...consultationJoinColumns })
    .from(fundConsultations)
    .innerJoin(users, eq(users.id, fundConsultations.userId))
    .innerJoin(funds, eq(funds.id, fundConsultations.fundId))
    .where(eq(fundConsultations.id, id))
    .limit(1);
  return row ?? null;
}
