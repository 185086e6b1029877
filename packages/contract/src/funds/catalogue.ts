/**
 * The fund catalogue for investors (issue 6; SPEC §2 "Funds", §3, §9; decisions 021, 022): the `/funds`
 * list with its yields, a fund's page (about, fees, limits, allocation, licences, documents), the share
 * value chart, announcements and reports (an announcement may need the investor's agreement), and the
 * consultation request that lands in the operators' queue. Unpublished funds do not exist for investors
 * (404). Money is a decimal string in the fund's currency; a unit count a decimal string of at most four
 * decimals (`pricing.ts`); a NAV the price of one whole unit; `navDate` a Tehran calendar date `YYYY-MM-DD`.
 */
import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint';
import {
  CONSULTATION_PERIODS,
  FUND_CATEGORIES,
  FUND_CURRENCIES,
  FUND_KINDS,
  FUND_PRESETS,
  NAV_RANGES,
  fundRiskSchema,
  fundTypeSchema,
} from './funds';
import { EARLY_EXIT_BPS_BY_MONTH, EARLY_EXIT_FREE_AFTER_MONTHS } from './pricing';
import { pageOf, pageQuery } from '../core/paging';

/** A text in the three interface languages, as answered (the page shows the user's language). */
export const localizedTextViewSchema = z.object({ fa: z.string(), ar: z.string(), en: z.string() });

export const fundIdParams = z.object({ fundId: z.uuid({ message: 'format' }) });

/** One published NAV: the Tehran date and the price of one whole unit in the fund's currency. */
export const navPointSchema = z.object({ navDate: z.string(), nav: z.string() });
export type NavPoint = z.infer<typeof navPointSchema>;

/**
 * Yields in percent with two decimals (`"12.34"`, `"-3.10"`), decision 021: the latest NAV against the
 * last NAV on or before the start of the window, the window counted back from the latest NAV's date
 * (6 and 12 calendar months, the day clamped to the month's end); "all time" against the first NAV. Null
 * when the history does not reach back to the window's start (or, for all time, holds a single NAV).
 */
export const fundYieldsSchema = z.object({
  sixMonths: z.string().nullable(),
  twelveMonths: z.string().nullable(),
  allTime: z.string().nullable(),
});
export type FundYields = z.infer<typeof fundYieldsSchema>;

/** A fund as the `/funds` list shows it. */
export const fundSummarySchema = z.object({
  id: z.string(),
  /** A short stable name (`gold-1`). */
  code: z.string(),
  kind: z.enum(FUND_KINDS),
  preset: z.enum(FUND_PRESETS),
  fundType: fundTypeSchema,
  /** The `/funds` invest tab. */
  category: z.enum(FUND_CATEGORIES),
  risk: fundRiskSchema,
  currency: z.enum(FUND_CURRENCIES),
  name: localizedTextViewSchema,
  summary: localizedTextViewSchema,
  latestNav: navPointSchema.nullable(),
  yields: fundYieldsSchema,
  /** SPEC §8 "buying or redeeming shares currently not possible". */
  buyingPaused: z.boolean(),
  redeemingPaused: z.boolean(),
  /** The smallest purchase, in the fund's currency. */
  minPurchase: z.string(),
  /** Seeded by the embedded demo: shown with a demo badge. */
  isDemo: z.boolean(),
});
export type FundSummary = z.infer<typeof fundSummarySchema>;

/** The early-exit schedule of decision 022: the rate while a lot has been held `monthsHeld` whole months. */
export const earlyExitStepSchema = z.object({ monthsHeld: z.number().int(), bps: z.number().int() });
export const EARLY_EXIT_SCHEDULE: z.infer<typeof earlyExitStepSchema>[] = [
  ...EARLY_EXIT_BPS_BY_MONTH.map((bps, monthsHeld) => ({ monthsHeld, bps: Number(bps) })),
  { monthsHeld: EARLY_EXIT_FREE_AFTER_MONTHS, bps: 0 },
];

export const fundFeesSchema = z.object({
  /** Charged once per purchase, in the fund's currency. */
  purchaseFixedFee: z.string(),
  /** Yearly, already taken out of the NAV (shown, not charged at purchase). Basis points. */
  managementFeeBps: z.number().int(),
  /** Charged once per redemption. */
  redeemFixedFee: z.string(),
  /** On the gain of each redeemed lot over its own NAV. Basis points. */
  performanceFeeBps: z.number().int(),
  /** Per lot by age: from 3 % falling to 0 % after six months (SPEC §4). */
  earlyExit: z.array(earlyExitStepSchema),
});
export type FundFees = z.infer<typeof fundFeesSchema>;

export const fundLimitsSchema = z.object({
  minPurchase: z.string(),
  /** Null: no upper limit. */
  maxPurchase: z.string().nullable(),
  /** The fewest units one redemption may ask for. */
  minRedeemUnits: z.string(),
});
export type FundLimits = z.infer<typeof fundLimitsSchema>;

/** A holding: its label and its share of the fund in percent with two decimals (`"35.50"`). */
export const allocationViewSchema = z.object({ label: localizedTextViewSchema, percent: z.string() });
export const licenceViewSchema = z.object({
  title: localizedTextViewSchema,
  number: z.string(),
  issuer: localizedTextViewSchema,
  /** Gregorian `YYYY-MM-DD`. */
  issuedOn: z.string(),
});
export const documentViewSchema = z.object({ title: localizedTextViewSchema, url: z.string() });

/** How many holdings the fund page shows (SPEC §2 "asset allocation (top 5)"). */
export const FUND_PAGE_TOP_HOLDINGS = 5;

export const consultationViewSchema = z.object({
  id: z.string(),
  fundId: z.string(),
  /** The Tehran date of the call. */
  callDate: z.string(),
  period: z.enum(CONSULTATION_PERIODS),
  /** E.164. */
  phone: z.string(),
  status: z.enum(['Open', 'Done', 'Canceled']),
  createdAt: z.string(),
});
export type ConsultationView = z.infer<typeof consultationViewSchema>;

export const fundDetailSchema = fundSummarySchema.extend({
  about: localizedTextViewSchema,
  fees: fundFeesSchema,
  limits: fundLimitsSchema,
  /** The largest holdings first, at most `FUND_PAGE_TOP_HOLDINGS`. */
  assetAllocation: z.array(allocationViewSchema),
  licences: z.array(licenceViewSchema),
  documents: z.array(documentViewSchema),
  /** Announcements and reports of the fund the user has not marked seen. */
  unreadAnnouncements: z.number().int(),
  /** Of them, announcements that need the user's agreement. */
  agreementsPending: z.number().int(),
  /**
   * The NAV of today's Tehran date is published (decision 022): an order placed now is priced at once;
   * otherwise it waits for that NAV.
   */
  navToday: z.boolean(),
  /** The user's open consultation requests for this fund (today's and tomorrow's). */
  openConsultations: z.array(consultationViewSchema),
});
export type FundDetail = z.infer<typeof fundDetailSchema>;

export const listFunds = defineEndpoint({
  id: 'listFunds',
  method: 'GET',
  path: '/funds',
  summary: 'The published funds (optionally of one invest tab) with their latest NAV and yields',
  tags: ['funds'],
  auth: 'session',
  query: z.object({ category: z.enum(FUND_CATEGORIES, { message: 'select' }).optional() }),
  response: z.object({ items: z.array(fundSummarySchema) }),
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED'],
});

export const getFund = defineEndpoint({
  id: 'getFund',
  method: 'GET',
  path: '/funds/:fundId',
  summary: "A fund's page: about, fees, limits, top holdings, licences, documents, unread announcements",
  tags: ['funds'],
  auth: 'session',
  params: fundIdParams,
  response: fundDetailSchema,
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND'],
});

/**
 * The share value chart (SPEC §2: 1 day, 1 week, 1 month, 1 year, all), oldest first. `1d`: the last two
 * NAVs. The others: from the last NAV on or before the window's start (counted back from the latest NAV's
 * date: 7 days, 1 and 12 calendar months) to the latest, so the first point is the one yields compare with.
 */
export const getFundNavHistory = defineEndpoint({
  id: 'getFundNavHistory',
  method: 'GET',
  path: '/funds/:fundId/navs',
  summary: "A fund's NAV history over a range, oldest first",
  tags: ['funds'],
  auth: 'session',
  params: fundIdParams,
  query: z.object({ range: z.enum(NAV_RANGES, { message: 'select' }).default('1m') }),
  response: z.object({ range: z.enum(NAV_RANGES), points: z.array(navPointSchema) }),
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND'],
});

export const FUND_ANNOUNCEMENT_KINDS = ['announcement', 'report'] as const;
export type FundAnnouncementKind = (typeof FUND_ANNOUNCEMENT_KINDS)[number];
export const FUND_ANNOUNCEMENT_PAGE_SIZE = 10;

export const fundAnnouncementSchema = z.object({
  id: z.string(),
  fundId: z.string(),
  kind: z.enum(FUND_ANNOUNCEMENT_KINDS),
  title: localizedTextViewSchema,
  body: localizedTextViewSchema,
  /** The user must tick "I agree" to mark it seen. */
  requiresAgreement: z.boolean(),
  /** A report's document. */
  documentUrl: z.string().nullable(),
  publishedAt: z.string(),
  /** When this user marked it seen; null: unread. */
  seenAt: z.string().nullable(),
  /** When this user agreed to it. */
  agreedAt: z.string().nullable(),
});
export type FundAnnouncement = z.infer<typeof fundAnnouncementSchema>;

export const listFundAnnouncements = defineEndpoint({
  id: 'listFundAnnouncements',
  method: 'GET',
  path: '/funds/:fundId/announcements',
  summary: "A fund's announcements and reports (or one kind), newest first, with what I saw and agreed to",
  tags: ['funds'],
  auth: 'session',
  params: fundIdParams,
  query: pageQuery({ kind: z.enum(FUND_ANNOUNCEMENT_KINDS, { message: 'select' }).optional() }),
  response: pageOf(fundAnnouncementSchema),
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND'],
});

/**
 * Marks an announcement or report seen (once: a repeat keeps the first time). One that needs agreement
 * is refused with `ANNOUNCEMENT_AGREEMENT_REQUIRED` unless `agree` is true; agreeing is kept once too.
 */
export const markAnnouncementSeen = defineEndpoint({
  id: 'markAnnouncementSeen',
  method: 'POST',
  path: '/funds/:fundId/announcements/:announcementId/seen',
  summary: 'Mark an announcement seen (ticking "I agree" when it needs agreement)',
  tags: ['funds'],
  auth: 'session',
  params: z.object({ fundId: z.uuid({ message: 'format' }), announcementId: z.uuid({ message: 'format' }) }),
  body: z.object({ agree: z.boolean().default(false) }),
  response: fundAnnouncementSchema,
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND', 'ANNOUNCEMENT_AGREEMENT_REQUIRED'],
});
