/**
 * The fund catalogue for investors (issue 6; SPEC §2 "Funds"; decisions 021, 022): the list with its
 * yields, a fund's page, the share value chart, announcements (an announcement that needs agreement is
 * marked seen only with "I agree") and consultation requests. An unpublished fund is `NOT_FOUND` to
 * investors, everywhere.
 *
 * consultation: [fund published → Today's period not over (Tehran clock) → tx: advisory lock of the
 *               user's requests for the fund → none open on that date → the request, Open]
 */
import { AppError } from '@portal/contract/core/errors';
import {
  FUND_ANNOUNCEMENT_PAGE_SIZE,
  type ConsultationView,
  type FundAnnouncement,
  type FundAnnouncementKind,
  type FundDetail,
  type FundSummary,
  type NavPoint,
} from '@portal/contract/funds/catalogue';
import { isConsultationPeriodOver, type requestConsultationBody } from '@portal/contract/funds/consultation';
import type { FundCategory, NavRange } from '@portal/contract/funds/funds';
import { addMonths } from '@portal/contract/funds/pricing';
import { fromMinor } from '@portal/contract/core/money';
import { tehranDay } from '@portal/contract/wallet/offline-deposits';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import {
  findAnnouncement,
  findFund,
  findFundWithStats,
  findOpenConsultation,
  insertConsultation,
  lastNavPoints,
  latestNav,
  listAnnouncementsForUser,
  listFundsWithStats,
  listOpenConsultationsOf,
  lockConsultationsOf,
  navDateOnOrBefore,
  navPointsFrom,
  unreadAnnouncementCounts,
  upsertAnnouncementRead,
  type FundRow,
} from './funds.repository';
import { toAnnouncementView, toConsultationView, toFundDetail, toFundSummary } from './funds.views';

export interface CatalogueDeps {
  db: Db;
  now?: () => Date;
}

const nowOf = (deps: CatalogueDeps) => deps.now?.() ?? new Date();

/** `YYYY-MM-DD` moved by whole days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` moved by calendar months, the day clamped to the month's end (pricing.ts `addMonths`). */
export function addMonthsToDay(day: string, months: number): string {
  return addMonths(new Date(`${day}T00:00:00Z`), months)
    .toISOString()
    .slice(0, 10);
}

/** A fund investors may see; `NOT_FOUND` for an unknown or unpublished one. */
async function publishedFund(tx: DbOrTx, fundId: string): Promise<FundRow> {
  const fund = await findFund(tx, fundId);
  if (!fund?.published) throw new AppError('NOT_FOUND', 'No such fund');
  return fund;
}

export async function listFunds(deps: CatalogueDeps, category?: FundCategory): Promise<FundSummary[]> {
  const rows = await listFundsWithStats(deps.db, { today: tehranDay(nowOf(deps)), publishedOnly: true, category });
  return rows.map(toFundSummary);
}

export async function getFund(deps: CatalogueDeps, input: { userId: string; fundId: string }): Promise<FundDetail> {
  const today = tehranDay(nowOf(deps));
  const row = await findFundWithStats(deps.db, input.fundId, today);
  if (!row?.fund.published) throw new AppError('NOT_FOUND', 'No such fund');
  const [counts, openConsultations] = await Promise.all([
    unreadAnnouncementCounts(deps.db, input.fundId, input.userId),
    listOpenConsultationsOf(deps.db, { userId: input.userId, fundId: input.fundId, fromDate: today }),
  ]);
  return toFundDetail(row, { ...counts, openConsultations });
}

/** The first day of a range's window, counted back from the latest NAV's date (the catalogue contract). */
function windowStart(range: Exclude<NavRange, '1d' | 'all'>, latest: string): string {
  switch (range) {
    case '1w':
      return addDays(latest, -7);
    case '1m':
      return addMonthsToDay(latest, -1);
    case '1y':
      return addMonthsToDay(latest, -12);
  }
}

export async function getNavHistory(
  deps: CatalogueDeps,
  input: { fundId: string; range: NavRange },
): Promise<{ range: NavRange; points: NavPoint[] }> {
  const fund = await publishedFund(deps.db, input.fundId);
  const latest = await latestNav(deps.db, fund.id);
  let rows: { navDate: string; nav: bigint }[] = [];
  if (latest && input.range === '1d') rows = await lastNavPoints(deps.db, fund.id, 2);
  else if (latest && input.range === 'all') rows = await navPointsFrom(deps.db, fund.id, null);
  else if (latest && input.range !== '1d' && input.range !== 'all') {
    const start = windowStart(input.range, latest.navDate);
    const anchor = await navDateOnOrBefore(deps.db, fund.id, start);
    rows = await navPointsFrom(deps.db, fund.id, anchor ?? start);
  }
  return {
    range: input.range,
    points: rows.map((r) => ({ navDate: r.navDate, nav: fromMinor(r.nav, fund.currency) })),
  };
}

export async function listAnnouncements(
  deps: CatalogueDeps,
  input: { userId: string; fundId: string; kind?: FundAnnouncementKind | undefined; page: number },
): Promise<{ items: FundAnnouncement[]; total: number; page: number; pageSize: number }> {
  await publishedFund(deps.db, input.fundId);
  const { rows, total } = await listAnnouncementsForUser(deps.db, {
    fundId: input.fundId,
    userId: input.userId,
    kind: input.kind,
    limit: FUND_ANNOUNCEMENT_PAGE_SIZE,
    offset: (input.page - 1) * FUND_ANNOUNCEMENT_PAGE_SIZE,
  });
  return {
    items: rows.map((r) => toAnnouncementView(r.a, r)),
    total,
    page: input.page,
    pageSize: FUND_ANNOUNCEMENT_PAGE_SIZE,
  };
}

/**
 * Marks an announcement seen, once (a repeat answers the first marks). One that needs agreement without
 * `agree` is refused and nothing is written.
 */
export async function markAnnouncementSeen(
  deps: CatalogueDeps,
  input: { userId: string; fundId: string; announcementId: string; agree: boolean },
): Promise<FundAnnouncement> {
  return deps.db.transaction(async (tx) => {
    await publishedFund(tx, input.fundId);
    const a = await findAnnouncement(tx, input.fundId, input.announcementId);
    if (!a) throw new AppError('NOT_FOUND', 'No such announcement');
    if (a.requiresAgreement && !input.agree) {
      throw new AppError('ANNOUNCEMENT_AGREEMENT_REQUIRED', 'Tick "I agree" to mark this announcement seen');
    }
    const now = nowOf(deps);
    const read = await upsertAnnouncementRead(tx, {
      announcementId: a.id,
      userId: input.userId,
      seenAt: now,
      agreedAt: input.agree ? now : null,
    });
    return toAnnouncementView(a, read);
  });
}

/** SPEC §2 consultation request: one open request per user, fund and call date; a period of Today not over. */
export async function requestConsultation(
  deps: CatalogueDeps,
  input: { userId: string; fundId: string; body: z.output<typeof requestConsultationBody> },
): Promise<ConsultationView> {
  const { body } = input;
  const now = nowOf(deps);
  return deps.db.transaction(async (tx) => {
    const fund = await publishedFund(tx, input.fundId);
    if (isConsultationPeriodOver(body.day, body.period, now)) {
      throw new AppError('CONSULTATION_PERIOD_OVER', 'That time period is already over today');
    }
    const today = tehranDay(now);
    const callDate = body.day === 'Today' ? today : addDays(today, 1);
    await lockConsultationsOf(tx, input.userId, fund.id);
    const open = await findOpenConsultation(tx, { userId: input.userId, fundId: fund.id, callDate });
    if (open) {
      throw new AppError('CONSULTATION_ALREADY_REQUESTED', 'A consultation request for that day is already open');
    }
    const row = await insertConsultation(tx, {
      userId: input.userId,
      fundId: fund.id,
      callDate,
      period: body.period,
      phone: body.phone,
      status: 'Open',
      createdAt: now,
    });
    return toConsultationView(row);
  });
}
