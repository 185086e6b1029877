/**
 * Rows → wire shapes of the fund catalogue and the fund desk. Money leaves as decimal strings of the
 * fund's currency, unit counts as decimal strings of four decimals at most, times as ISO strings.
 */
import type { AdminConsultation, AdminFund, AdminFundAnnouncement, AdminFundNav } from '@portal/contract/admin/funds';
import {
  EARLY_EXIT_SCHEDULE,
  FUND_PAGE_TOP_HOLDINGS,
  type ConsultationView,
  type FundAnnouncement,
  type FundDetail,
  type FundFees,
  type FundLimits,
  type FundSummary,
  type FundYields,
} from '@portal/contract/funds/catalogue';
import type { FundRiskValue } from '@portal/contract/funds/funds';
import { formatUnits, yieldPercent } from '@portal/contract/funds/pricing';
import { fromMinor } from '@portal/contract/core/money';
import type {
  AnnouncementRow,
  ConsultationRow,
  ConsultationWithJoins,
  FundNavRow,
  FundRow,
  FundWithStats,
  NavStats,
} from './funds.repository';

const fundTypeOf = (n: number) => n as 1 | 2 | 3;
const riskOf = (n: number) => n as FundRiskValue;

/** Decision 021: each window's yield, or null when the history does not reach back to its start. */
export function yieldsOf(s: NavStats): FundYields {
  const latest = s.latestNav === null ? null : BigInt(s.latestNav);
  const against = (then: string | null) =>
    latest === null || then === null ? null : yieldPercent(BigInt(then), latest);
  return {
    sixMonths: against(s.sixMonthsNav),
    twelveMonths: against(s.twelveMonthsNav),
    allTime: s.firstDate !== null && s.firstDate !== s.latestDate ? against(s.firstNav) : null,
  };
}

export function toFundSummary({ fund: f, ...stats }: FundWithStats): FundSummary {
  return {
    id: f.id,
    code: f.code,
    kind: f.kind,
    preset: f.preset,
    fundType: fundTypeOf(f.fundType),
    category: f.category,
    risk: riskOf(f.risk),
    currency: f.currency,
    name: f.name,
    summary: f.summary,
    latestNav:
      stats.latestDate !== null && stats.latestNav !== null
        ? { navDate: stats.latestDate, nav: fromMinor(BigInt(stats.latestNav), f.currency) }
        : null,
    yields: yieldsOf(stats),
    buyingPaused: f.buyingPaused,
    redeemingPaused: f.redeemingPaused,
    minPurchase: fromMinor(f.minPurchase, f.currency),
    isDemo: f.isDemo,
  };
}

export function feesOf(f: FundRow): FundFees {
  return {
    purchaseFixedFee: fromMinor(f.purchaseFixedFee, f.currency),
    managementFeeBps: f.managementFeeBps,
    redeemFixedFee: fromMinor(f.redeemFixedFee, f.currency),
    performanceFeeBps: f.performanceFeeBps,
    earlyExit: EARLY_EXIT_SCHEDULE,
  };
}

export function limitsOf(f: FundRow): FundLimits {
  return {
    minPurchase: fromMinor(f.minPurchase, f.currency),
    maxPurchase: f.maxPurchase === null ? null : fromMinor(f.maxPurchase, f.currency),
    minRedeemUnits: formatUnits(f.minRedeemUnits),
  };
}

/** The largest holdings first (ties in the order entered), at most `FUND_PAGE_TOP_HOLDINGS`. */
export function topHoldings(allocation: FundRow['assetAllocation']): FundRow['assetAllocation'] {
  return allocation
    .map((a, i) => ({ a, i }))
    .sort((x, y) => Number(y.a.percent) - Number(x.a.percent) || x.i - y.i)
    .slice(0, FUND_PAGE_TOP_HOLDINGS)
    .map((x) => x.a);
}

export function toFundDetail(
  row: FundWithStats,
  user: { unread: number; agreementsPending: number; openConsultations: ConsultationRow[] },
): FundDetail {
  const f = row.fund;
  return {
    ...toFundSummary(row),
    about: f.about,
    fees: feesOf(f),
    limits: limitsOf(f),
    assetAllocation: topHoldings(f.assetAllocation),
    licences: f.licences,
    documents: f.documents,
    unreadAnnouncements: user.unread,
    agreementsPending: user.agreementsPending,
    navToday: row.navToday,
    openConsultations: user.openConsultations.map(toConsultationView),
  };
}

export function toAdminFund(
  row: FundWithStats,
  state: { hasOrders: boolean; hasNavs: boolean; openConsultations: number },
): AdminFund {
  const f = row.fund;
  return {
    ...toFundSummary(row),
    about: f.about,
    fees: feesOf(f),
    limits: limitsOf(f),
    assetAllocation: f.assetAllocation,
    licences: f.licences,
    documents: f.documents,
    published: f.published,
    sortOrder: f.sortOrder,
    hasOrders: state.hasOrders,
    currencyLocked: state.hasOrders || state.hasNavs,
    navToday: row.navToday,
    openConsultations: state.openConsultations,
    createdAt: f.createdAt.toISOString(),
    updatedAt: f.updatedAt.toISOString(),
  };
}

export function toAdminNav(n: FundNavRow, currency: FundRow['currency']): AdminFundNav {
  return {
    navDate: n.navDate,
    nav: fromMinor(n.nav, currency),
    publishedAt: n.publishedAt.toISOString(),
    publishedBy: n.publishedBy,
    correctedAt: n.correctedAt?.toISOString() ?? null,
  };
}

export function toAnnouncementView(
  a: AnnouncementRow,
  read: { seenAt: Date | null; agreedAt: Date | null },
): FundAnnouncement {
  return {
    id: a.id,
    fundId: a.fundId,
    kind: a.kind,
    title: a.title,
    body: a.body,
    requiresAgreement: a.requiresAgreement,
    documentUrl: a.documentUrl,
    publishedAt: a.publishedAt.toISOString(),
    seenAt: read.seenAt?.toISOString() ?? null,
    agreedAt: read.agreedAt?.toISOString() ?? null,
  };
}

export function toAdminAnnouncement(
  a: AnnouncementRow,
  counts: { seenCount: number; agreedCount: number },
): AdminFundAnnouncement {
  return {
    id: a.id,
    fundId: a.fundId,
    kind: a.kind,
    title: a.title,
    body: a.body,
    requiresAgreement: a.requiresAgreement,
    documentUrl: a.documentUrl,
    publishedAt: a.publishedAt.toISOString(),
    createdBy: a.createdBy,
    seenCount: Number(counts.seenCount),
    agreedCount: Number(counts.agreedCount),
  };
}

export function toConsultationView(c: ConsultationRow): ConsultationView {
  return {
    id: c.id,
    fundId: c.fundId,
    callDate: c.callDate,
    period: c.period,
    phone: c.phone,
    status: c.status,
    createdAt: c.createdAt.toISOString(),
  };
}

export function toAdminConsultation(r: ConsultationWithJoins): AdminConsultation {
  return {
    ...toConsultationView(r.c),
    user: { id: r.c.userId, mobile: r.mobile, firstName: r.firstName, lastName: r.lastName },
    fund: { id: r.c.fundId, code: r.fundCode, name: r.fundName },
    handledBy: r.c.handledBy,
    handledAt: r.c.handledAt?.toISOString() ?? null,
    note: r.c.note,
  };
}
