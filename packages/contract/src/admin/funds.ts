/**
 * The console's fund desk (issue 6; decisions 021, 022): create and edit funds (texts in fa, ar and en,
 * fees, limits, pauses, allocation, licences, documents), publish the daily NAV and correct it (audited
 * with the old and new value; a correction does not reprice orders priced before it), publish
 * announcements and reports, and work the consultation queue. Reading needs `funds.read`, the queue's
 * decisions `funds.consult`, every other write `funds.manage` (admin/roles.ts); every write is in the
 * audit log.
 *
 * Money fields are decimal strings in the fund's currency (IRT whole toman, USDT up to six decimals);
 * `minRedeemUnits` a unit count (at most four decimals); fees in basis points are integers 0–10,000.
 */
import { z } from 'zod';
import { normalizeDigits } from '../core/digits';
import { defineEndpoint } from '../core/endpoint';
import { CURRENCY_SCALE, fromMinor, toMinor } from '../core/money';
import {
  fundAnnouncementSchema,
  fundFeesSchema,
  fundLimitsSchema,
  allocationViewSchema,
  consultationViewSchema,
  documentViewSchema,
  FUND_ANNOUNCEMENT_KINDS,
  fundSummarySchema,
  licenceViewSchema,
  localizedTextViewSchema,
} from '../funds/catalogue';
import {
  CONSULTATION_PERIODS,
  FUND_CATEGORIES,
  FUND_CURRENCIES,
  FUND_KINDS,
  FUND_PRESETS,
  fundRiskSchema,
  fundTypeSchema,
  localizedMultilineTextSchema,
  localizedTextSchema,
  unitsStringSchema,
  type FundCurrency,
} from '../funds/funds';
import { normalizeAmountInput } from './adjustments';
import { textSchema } from '../core/text';
import { proposalSchema } from './proposal-view';
import { pageOf, pageQuery } from '../core/paging';

const forbidden = ['UNAUTHENTICATED', 'FORBIDDEN', 'TWO_FACTOR_REQUIRED'] as const;

export const FUND_NAV_PAGE_SIZE = 30;
export const FUND_CONSULTATION_PAGE_SIZE = 20;
export const FUND_ADMIN_ANNOUNCEMENT_PAGE_SIZE = 20;

/** The largest money figure of a fund (fee, limit, NAV) in minor units: keeps every product inside a bigint. */
export const FUND_MONEY_MAX_MINOR = 10n ** 15n;
/** The most holdings, licences and documents a fund may list. */
export const FUND_ALLOCATION_MAX = 20;
export const FUND_LICENCES_MAX = 20;
export const FUND_DOCUMENTS_MAX = 30;

// ---- fields as typed ---------------------------------------------------------------------------

/** A money figure as typed (Persian digits, separators) → `1234.5`; checked against the fund's currency later. */
const moneyInput = z
  .string()
  .transform(normalizeAmountInput)
  .pipe(z.string().regex(/^\d{1,20}(\.\d{1,20})?$/, { message: 'amountInvalid' }));

const bps = z.number().int({ message: 'integer' }).min(0, { message: 'min' }).max(10_000, { message: 'max' });

/** Whether `s` is `YYYY-MM-DD` of a day that exists (not 2025-02-30). */
export function isRealDay(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const at = Date.parse(`${s}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === s;
}

/** A Gregorian date `YYYY-MM-DD` that exists (Persian digits accepted). */
export const isoDateSchema = z
  .string()
  .transform((s) => normalizeDigits(s).trim())
  .refine(isRealDay, { message: 'date' });

/** An http(s) address of a document (the console links it; nothing is fetched by the server). */
const urlSchema = z
  .string()
  .trim()
  .max(2000, { message: 'max' })
  .regex(/^https?:\/\/[a-z0-9][a-z0-9.-]*(?::\d{1,5})?(?:[/?#]\S*)?$/i, { message: 'url' });

/** A share in percent, 0 < p ≤ 100, at most two decimals; answered with two (`"35.50"`). */
const percentSchema = z
  .string()
  .transform((s) => normalizeDigits(s).replace('٫', '.').trim())
  .refine((s) => /^\d{1,3}(\.\d{1,2})?$/.test(s) && Number(s) > 0 && Number(s) <= 100, { message: 'percent' })
  .transform((s) => Number(s).toFixed(2));

export const allocationInputSchema = z.object({ label: localizedTextSchema, percent: percentSchema });
export const licenceInputSchema = z.object({
  title: localizedTextSchema,
  number: textSchema().min(1, { message: 'required' }).max(100, { message: 'max' }),
  issuer: localizedTextSchema,
  issuedOn: isoDateSchema,
});
export const documentInputSchema = z.object({ title: localizedTextSchema, url: urlSchema });

export const fundFeesInputSchema = z.object({
  purchaseFixedFee: moneyInput,
  managementFeeBps: bps,
  redeemFixedFee: moneyInput,
  performanceFeeBps: bps,
});
export const fundLimitsInputSchema = z.object({
  minPurchase: moneyInput,
  /** Null: no upper limit. */
  maxPurchase: moneyInput.nullable(),
  minRedeemUnits: z
    .string()
    .transform((s) => normalizeDigits(s).trim())
    .pipe(unitsStringSchema),
});

const fundCodeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{1,39}$/, { message: 'fundCode' });

const fundFields = {
  /** Lower-case letters, digits and dashes, 2–40 characters; unique (`FUND_CODE_TAKEN`). */
  code: fundCodeSchema,
  kind: z.enum(FUND_KINDS, { message: 'select' }),
  preset: z.enum(FUND_PRESETS, { message: 'select' }),
  fundType: fundTypeSchema,
  category: z.enum(FUND_CATEGORIES, { message: 'select' }),
  risk: fundRiskSchema,
  /**
   * Changeable only while the fund has no NAV, no order and no pending proposal (`FUND_CURRENCY_LOCKED`);
   * a change of currency must bring `fees` and `limits` in the new currency (rule `required` on them
   * otherwise).
   */
  currency: z.enum(FUND_CURRENCIES, { message: 'select' }),
  name: localizedTextSchema,
  summary: localizedTextSchema,
  about: localizedMultilineTextSchema,
  fees: fundFeesInputSchema,
  limits: fundLimitsInputSchema,
  buyingPaused: z.boolean(),
  redeemingPaused: z.boolean(),
  /** Listed to investors. */
  published: z.boolean(),
  /** The order on `/funds`, smallest first. */
  sortOrder: z.number().int({ message: 'integer' }).min(0, { message: 'min' }).max(10_000, { message: 'max' }),
  assetAllocation: z.array(allocationInputSchema).max(FUND_ALLOCATION_MAX, { message: 'max' }),
  licences: z.array(licenceInputSchema).max(FUND_LICENCES_MAX, { message: 'max' }),
  documents: z.array(documentInputSchema).max(FUND_DOCUMENTS_MAX, { message: 'max' }),
};

/** A validation issue of a fund as a whole: where (under the body) and the rule (`validation.<rule>`). */
export interface FundFieldIssue {
  path: string[];
  rule:
    | 'amountDecimals'
    | 'amountTooLarge'
    | 'amountPositive'
    | 'maxBelowMin'
    | 'feeNotBelowMin'
    | 'unitsPositive'
    | 'allocationOverHundred';
  params?: Record<string, string>;
}

/** The money and allocation fields whose rules depend on each other and on the currency. */
export interface FundRuleFields {
  currency: FundCurrency;
  fees: { purchaseFixedFee: string; redeemFixedFee: string };
  limits: { minPurchase: string; maxPurchase: string | null; minRedeemUnits: string };
  assetAllocation: { percent: string }[];
}

/**
 * `amount` in minor units of `currency`, or the rule it breaks (decimals beyond the scale, too large); null
 * when it is not a decimal at all (its own field reports that).
 */
function minorOf(amount: string, currency: FundCurrency): bigint | FundFieldIssue['rule'] | null {
  if (!/^\d{1,20}(\.\d{1,20})?$/.test(amount)) return null;
  const [, frac = ''] = amount.split('.');
  if (frac.replace(/0+$/, '').length > CURRENCY_SCALE[currency]) return 'amountDecimals';
  const minor = toMinor(amount, currency, 'down');
  return minor > FUND_MONEY_MAX_MINOR ? 'amountTooLarge' : minor;
}

/**
 * The rules of a fund's figures together (the console shows them beside their fields; the server checks
 * the whole fund after an edit): amounts in the currency's scale and not too large; a positive minimum
 * purchase above the fixed purchase fee (else the smallest purchase buys nothing); the maximum at least
 * the minimum; a positive minimum redemption; the holdings at most 100 % together. A figure that is not a
 * number at all is left to its own field's rule (zod may run this beside it).
 */
export function fundRuleIssues(f: FundRuleFields): FundFieldIssue[] {
  const issues: FundFieldIssue[] = [];
  const scale = { scale: String(CURRENCY_SCALE[f.currency]), max: fromMinor(FUND_MONEY_MAX_MINOR, f.currency) };
  const check = (path: string[], amount: string): bigint | null => {
    const m = minorOf(amount, f.currency);
    if (m === null || typeof m === 'bigint') return m;
    issues.push({ path, rule: m, params: scale });
    return null;
  };
  const purchaseFee = check(['fees', 'purchaseFixedFee'], f.fees.purchaseFixedFee);
  check(['fees', 'redeemFixedFee'], f.fees.redeemFixedFee);
  const min = check(['limits', 'minPurchase'], f.limits.minPurchase);
  const max = f.limits.maxPurchase === null ? null : check(['limits', 'maxPurchase'], f.limits.maxPurchase);
  if (min !== null && min <= 0n) issues.push({ path: ['limits', 'minPurchase'], rule: 'amountPositive' });
  else if (min !== null && purchaseFee !== null && purchaseFee >= min) {
    issues.push({ path: ['limits', 'minPurchase'], rule: 'feeNotBelowMin' });
  }
  if (min !== null && max !== null && max < min) issues.push({ path: ['limits', 'maxPurchase'], rule: 'maxBelowMin' });
  if (/^\d+(\.\d+)?$/.test(f.limits.minRedeemUnits) && !/[1-9]/.test(f.limits.minRedeemUnits)) {
    issues.push({ path: ['limits', 'minRedeemUnits'], rule: 'unitsPositive' });
  }
  const hundredths = f.assetAllocation.reduce((s, a) => s + (Math.round(Number(a.percent) * 100) || 0), 0);
  if (hundredths > 10_000) issues.push({ path: ['assetAllocation'], rule: 'allocationOverHundred' });
  return issues;
}

/** Creating a fund: every field; fees default to none, the pauses off, and the fund unpublished until said. */
export const createFundBody = z
  .object({
    ...fundFields,
    fees: fundFeesInputSchema.default({
      purchaseFixedFee: '0',
      managementFeeBps: 0,
      redeemFixedFee: '0',
      performanceFeeBps: 0,
    }),
    buyingPaused: fundFields.buyingPaused.default(false),
    redeemingPaused: fundFields.redeemingPaused.default(false),
    published: fundFields.published.default(false),
    sortOrder: fundFields.sortOrder.default(0),
    assetAllocation: fundFields.assetAllocation.default([]),
    licences: fundFields.licences.default([]),
    documents: fundFields.documents.default([]),
  })
  .superRefine((b, ctx) => {
    for (const i of fundRuleIssues(b))
      ctx.addIssue({ code: 'custom', path: i.path, message: i.rule, params: i.params });
  });
export type CreateFundBody = z.input<typeof createFundBody>;

/**
 * A fund's terms, which an edit cannot change (issue 15, decision 028): fees, limits and the pauses are
 * proposed (admin/proposals.ts `adminProposeFundTerms`) and take effect when a second operator approves.
 */
export const FUND_TERMS_FIELDS = ['fees', 'limits', 'buyingPaused', 'redeemingPaused'] as const;

/**
 * Editing a fund: any of the fields but its terms (a section such as `allocation` whole). The server checks
 * the fund as it would be after the edit (`fundRuleIssues`, with the new or the kept currency). Fees,
 * limits and the pauses are refused (rule `termsByProposal`: propose them instead), except fees and limits
 * brought with a change of currency, which only a fund without NAVs and orders may make (no one holds or
 * is buying it: its terms are still those of a new fund).
 */
export const updateFundBody = z
  .object(fundFields)
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: 'required' })
  .superRefine((b, ctx) => {
    for (const key of FUND_TERMS_FIELDS) {
      if (b[key] === undefined) continue;
      if ((key === 'fees' || key === 'limits') && b.currency !== undefined) continue;
      ctx.addIssue({ code: 'custom', path: [key], message: 'termsByProposal' });
    }
  });
export type UpdateFundBody = z.input<typeof updateFundBody>;

/** A fund as the console shows it: what investors see, every editable field, and its state. */
export const adminFundSchema = fundSummarySchema.extend({
  about: localizedTextViewSchema,
  fees: fundFeesSchema,
  limits: fundLimitsSchema,
  /** Every holding, as entered. */
  assetAllocation: z.array(allocationViewSchema),
  licences: z.array(licenceViewSchema),
  documents: z.array(documentViewSchema),
  published: z.boolean(),
  sortOrder: z.number().int(),
  /** Purchases or redemptions exist. */
  hasOrders: z.boolean(),
  /** NAVs or orders exist: the currency can no longer change. */
  currencyLocked: z.boolean(),
  /** Today's (Tehran) NAV is published. */
  navToday: z.boolean(),
  /** Open consultation requests about it. */
  openConsultations: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminFund = z.infer<typeof adminFundSchema>;

const fundId = z.object({ fundId: z.uuid({ message: 'format' }) });

export const adminListFunds = defineEndpoint({
  id: 'adminListFunds',
  method: 'GET',
  path: '/admin/funds',
  summary: 'Every fund, published or not, in their `/funds` order',
  tags: ['admin'],
  auth: 'session',
  permission: 'funds.read',
  response: z.object({ items: z.array(adminFundSchema) }),
  errors: forbidden,
});

export const adminGetFund = defineEndpoint({
  id: 'adminGetFund',
  method: 'GET',
  path: '/admin/funds/:fundId',
  summary: 'A fund with every editable field',
  tags: ['admin'],
  auth: 'session',
  permission: 'funds.read',
  params: fundId,
  response: adminFundSchema,
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND'],
});

export const adminCreateFund = defineEndpoint({
  id: 'adminCreateFund',
  method: 'POST',
  path: '/admin/funds',
  summary: 'Create a fund',
  tags: ['admin'],
  auth: 'session',
  permission: 'funds.manage',
  body: createFundBody,
  response: adminFundSchema,
  successStatus: 201,
  errors: [...forbidden, 'VALIDATION_FAILED', 'FUND_CODE_TAKEN'],
});

export const adminUpdateFund = defineEndpoint({
  id: 'adminUpdateFund',
  method: 'PATCH',
  path: '/admin/funds/:fundId',
  summary: 'Edit a fund: texts, publication, allocation, licences, documents… (fees, limits and pauses are proposed)',
  tags: ['admin'],
  auth: 'session',
  permission: 'funds.manage',
  params: fundId,
  body: updateFundBody,
  response: adminFundSchema,
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND', 'FUND_CODE_TAKEN', 'FUND_CURRENCY_LOCKED'],
});

// ---- NAV --------------------------------------------------------------------------------------

/** A NAV as typed: the price of one whole unit in the fund's currency, positive, in its scale (checked by the server). */
const navInput = moneyInput;

export const adminFundNavSchema = z.object({
  navDate: z.string(),
  nav: z.string(),
  publishedAt: z.string(),
  publishedBy: z.string().nullable(),
  /** When it was last corrected (the audit log holds each old value and reason). */
  correctedAt: z.string().nullable(),
});
export type AdminFundNav = z.infer<typeof adminFundNavSchema>;

export const adminListFundNavs = defineEndpoint({
  id: 'adminListFundNavs',
  method: 'GET',
  path: '/admin/funds/:fundId/navs',
  summary: "A fund's published NAVs, newest first",
  tags: ['admin'],
  auth: 'session',
  permission: 'funds.read',
  params: fundId,
  query: pageQuery(),
  response: pageOf(adminFundNavSchema),
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND'],
});

export const publishFundNavBody = z.object({
  /** The Tehran date the NAV is for: today or earlier (`navDateFuture`). */
  navDate: isoDateSchema,
  /** Positive, in the fund's currency's scale (`amountPositive`, `amountDecimals`, `amountTooLarge`). */
  nav: navInput,
});
export type PublishFundNavBody = z.input<typeof publishFundNavBody>;

/**
 * Proposes the NAV of a Tehran date (decision 022; issue 15, decision 028): one per fund and date
 * (`FUND_NAV_EXISTS`: correct it instead), never for a future date, checked now and again when approved.
 * Answered 202 with the proposal; the NAV is published when a second operator approves it (an admin when
 * it moves beyond `NAV_CHANGE_ADMIN_BOUND_BPS` from the latest NAV before its date), and the orders
 * waiting for that date are priced right after. An operator holding the fund's units cannot propose it.
 */
export const adminPublishFundNav = defineEndpoint({
  id: 'adminPublishFundNav',
  method: 'POST',
  path: '/admin/funds/:fundId/navs',
  summary: "Propose a fund's NAV for a date (a second operator approves; waiting orders are then priced)",
  tags: ['admin'],
  auth: 'session',
  permission: 'funds.manage',
  params: fundId,
  body: publishFundNavBody,
  response: proposalSchema,
  successStatus: 202,
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND', 'FUND_NAV_EXISTS', 'FUND_HOLDER_OPERATOR'],
});

export const correctFundNavBody = publishFundNavBody.extend({
  /** Why, for the audit log. */
  reason: textSchema({ multiline: true }).min(5, { message: 'min' }).max(1000, { message: 'max' }),
});
export type CorrectFundNavBody = z.input<typeof correctFundNavBody>;

/**
 * Proposes correcting a published NAV (decision 022; issue 15, decision 028): answered 202 with the
 * proposal; the correction is made when a second operator approves it (an admin when it moves the NAV
 * beyond `NAV_CHANGE_ADMIN_BOUND_BPS`), audited with the old and the new value and the reason. Orders
 * priced before keep their price; only orders priced later use the corrected NAV. The same value again is
 * refused (`navUnchanged`). An operator holding the fund's units cannot propose it.
 */
export const adminCorrectFundNav = defineEndpoint({
  id: 'adminCorrectFundNav',
  method: 'POST',
  path: '/admin/funds/:fundId/navs/corrections',
  summary: 'Propose correcting a published NAV (a second operator approves; orders priced before keep theirs)',
  tags: ['admin'],
  auth: 'session',
  permission: 'funds.manage',
  params: fundId,
  body: correctFundNavBody,
  response: proposalSchema,
  successStatus: 202,
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND', 'FUND_HOLDER_OPERATOR'],
});

// ---- announcements and reports ------------------------------------------------------------------

export const adminFundAnnouncementSchema = fundAnnouncementSchema.omit({ seenAt: true, agreedAt: true }).extend({
  createdBy: z.string().nullable(),
  /** Investors who marked it seen, and of them who agreed. */
  seenCount: z.number().int(),
  agreedCount: z.number().int(),
});
export type AdminFundAnnouncement = z.infer<typeof adminFundAnnouncementSchema>;

export const adminListFundAnnouncements = defineEndpoint({
  id: 'adminListFundAnnouncements',
  method: 'GET',
  path: '/admin/funds/:fundId/announcements',
  summary: "A fund's announcements and reports, newest first, with how many saw and agreed",
  tags: ['admin'],
  auth: 'session',
  permission: 'funds.read',
  params: fundId,
  query: pageQuery({ kind: z.enum(FUND_ANNOUNCEMENT_KINDS, { message: 'select' }).optional() }),
  response: pageOf(adminFundAnnouncementSchema),
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND'],
});

export const publishFundAnnouncementBody = z.object({
  kind: z.enum(FUND_ANNOUNCEMENT_KINDS, { message: 'select' }),
  title: localizedTextSchema,
  body: localizedMultilineTextSchema,
  requiresAgreement: z.boolean().default(false),
  documentUrl: urlSchema.nullable().default(null),
});
export type PublishFundAnnouncementBody = z.input<typeof publishFundAnnouncementBody>;

export const adminPublishFundAnnouncement = defineEndpoint({
  id: 'adminPublishFundAnnouncement',
  method: 'POST',
  path: '/admin/funds/:fundId/announcements',
  summary: 'Publish an announcement or a report of a fund',
  tags: ['admin'],
  auth: 'session',
  permission: 'funds.manage',
  params: fundId,
  body: publishFundAnnouncementBody,
  response: adminFundAnnouncementSchema,
  successStatus: 201,
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND'],
});

/** Withdraws an announcement or report: investors no longer see it (what they saw and agreed to goes with it; the audit log keeps its text). */
export const adminDeleteFundAnnouncement = defineEndpoint({
  id: 'adminDeleteFundAnnouncement',
  method: 'DELETE',
  path: '/admin/funds/:fundId/announcements/:announcementId',
  summary: 'Withdraw an announcement or report',
  tags: ['admin'],
  auth: 'session',
  permission: 'funds.manage',
  params: z.object({ fundId: z.uuid({ message: 'format' }), announcementId: z.uuid({ message: 'format' }) }),
  response: z.object({ ok: z.literal(true) }),
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND'],
});

// ---- the consultation queue ---------------------------------------------------------------------

export const CONSULTATION_STATUSES = ['Open', 'Done', 'Canceled'] as const;
export type ConsultationStatus = (typeof CONSULTATION_STATUSES)[number];

export const adminConsultationSchema = consultationViewSchema.extend({
  user: z.object({
    id: z.string(),
    mobile: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
  }),
  fund: z.object({ id: z.string(), code: z.string(), name: localizedTextViewSchema }),
  handledBy: z.string().nullable(),
  handledAt: z.string().nullable(),
  note: z.string().nullable(),
});
export type AdminConsultation = z.infer<typeof adminConsultationSchema>;

/** The order calls are made in: open ones first, by call date, then period of the day, then when asked. */
export const CONSULTATION_PERIOD_ORDER = CONSULTATION_PERIODS;

export const adminListConsultations = defineEndpoint({
  id: 'adminListConsultations',
  method: 'GET',
  path: '/admin/funds/consultations',
  summary: 'The consultation queue: open requests first, by call date and period (optionally one status or fund)',
  tags: ['admin'],
  auth: 'session',
  permission: 'funds.read',
  query: pageQuery({
    status: z.enum(CONSULTATION_STATUSES, { message: 'select' }).optional(),
    fundId: z.uuid({ message: 'format' }).optional(),
  }),
  response: pageOf(adminConsultationSchema),
  errors: [...forbidden, 'VALIDATION_FAILED'],
});

export const resolveConsultationBody = z.object({
  status: z.enum(['Done', 'Canceled'], { message: 'select' }),
  note: textSchema({ multiline: true }).max(1000, { message: 'max' }).optional(),
});
export type ResolveConsultationBody = z.input<typeof resolveConsultationBody>;

export const adminResolveConsultation = defineEndpoint({
  id: 'adminResolveConsultation',
  method: 'POST',
  path: '/admin/funds/consultations/:consultationId/resolve',
  summary: 'Close an open consultation request: Done (called) or Canceled, with a note',
  tags: ['admin'],
  auth: 'session',
  permission: 'funds.consult',
  params: z.object({ consultationId: z.uuid({ message: 'format' }) }),
  body: resolveConsultationBody,
  response: adminConsultationSchema,
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND', 'REQUEST_ALREADY_REVIEWED'],
});
