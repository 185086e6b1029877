import { z } from 'zod';
import {
  createFundBody,
  FUND_TERMS_FIELDS,
  fundRuleIssues,
  FUND_ALLOCATION_MAX,
  FUND_DOCUMENTS_MAX,
  FUND_LICENCES_MAX,
  type AdminFund,
  type CreateFundBody,
  type UpdateFundBody,
} from '@portal/contract/admin/funds';
import { fundTermsBody, type FundTermsBody } from '@portal/contract/admin/proposals';
import type { Calendar } from '@portal/contract/core/constants';
import { normalizeDigits } from '@portal/contract/core/digits';
import {
  FUND_CATEGORIES,
  FUND_CURRENCIES,
  FUND_KINDS,
  FUND_PRESETS,
  FUND_RISKS,
  FUND_TYPES,
  type FundCurrency,
  type LocalizedText,
} from '@portal/contract/funds/funds';
import { dayInputOf, parseDayInput } from '../shell/dates';

export { FUND_ALLOCATION_MAX, FUND_DOCUMENTS_MAX, FUND_LICENCES_MAX };

const emptyText = (): LocalizedText => ({ fa: '', ar: '', en: '' });

/**
 * The fund form as the operator fills it: every field a string (or a switch), fees in percent with two
 * decimals (sent as basis points), a licence's date in the operator's calendar, an empty maximum for
 * "no limit". `toFundBody` turns it into the contract's body.
 */
export interface FundFormValues {
  code: string;
  kind: string;
  preset: string;
  fundType: string;
  category: string;
  risk: string;
  currency: string;
  sortOrder: string;
  name: LocalizedText;
  summary: LocalizedText;
  about: LocalizedText;
  fees: {
    purchaseFixedFee: string;
    managementFeePercent: string;
    redeemFixedFee: string;
    performanceFeePercent: string;
  };
  limits: { minPurchase: string; maxPurchase: string; minRedeemUnits: string };
  buyingPaused: boolean;
  redeemingPaused: boolean;
  published: boolean;
  assetAllocation: { label: LocalizedText; percent: string }[];
  licences: { title: LocalizedText; number: string; issuer: LocalizedText; issuedOn: string }[];
  documents: { title: LocalizedText; url: string }[];
}

export const emptyAllocation = () => ({ label: emptyText(), percent: '' });
export const emptyLicence = () => ({ title: emptyText(), number: '', issuer: emptyText(), issuedOn: '' });
export const emptyDocument = () => ({ title: emptyText(), url: '' });

/** A new fund: nothing chosen, no fees, nothing published. */
export function newFundValues(): FundFormValues {
  return {
    code: '',
    kind: '',
    preset: 'default',
    fundType: '',
    category: '',
    risk: '',
    currency: '',
    sortOrder: '0',
    name: emptyText(),
    summary: emptyText(),
    about: emptyText(),
    fees: { purchaseFixedFee: '0', managementFeePercent: '0', redeemFixedFee: '0', performanceFeePercent: '0' },
    limits: { minPurchase: '', maxPurchase: '', minRedeemUnits: '1' },
    buyingPaused: false,
    redeemingPaused: false,
    published: false,
    assetAllocation: [],
    licences: [],
    documents: [],
  };
}

/** Basis points as a percent with up to two decimals: `150` → `1.5`. */
export function bpsToPercent(bps: number): string {
  const int = Math.floor(bps / 100);
  const frac = String(bps % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return frac ? `${int}.${frac}` : String(int);
}

const PERCENT_RE = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

/** A percent as typed (Persian digits, `٫`) → basis points, or null when it is not 0–100 with two decimals. */
export function percentToBps(typed: string): number | null {
  const m = PERCENT_RE.exec(normalizeDigits(typed).replace('٫', '.').trim());
  if (!m) return null;
  const bps = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bps <= 10_000 ? bps : null;
}

/** A fund as the form shows it (editing). */
export function fundValuesOf(f: AdminFund, calendar: Calendar, lng: string): FundFormValues {
  return {
    code: f.code,
    kind: f.kind,
    preset: f.preset,
    fundType: String(f.fundType),
    category: f.category,
    risk: String(f.risk),
    currency: f.currency,
    sortOrder: String(f.sortOrder),
    name: { ...f.name },
    summary: { ...f.summary },
    about: { ...f.about },
    fees: {
      purchaseFixedFee: f.fees.purchaseFixedFee,
      managementFeePercent: bpsToPercent(f.fees.managementFeeBps),
      redeemFixedFee: f.fees.redeemFixedFee,
      performanceFeePercent: bpsToPercent(f.fees.performanceFeeBps),
    },
    limits: {
      minPurchase: f.limits.minPurchase,
      maxPurchase: f.limits.maxPurchase ?? '',
      minRedeemUnits: f.limits.minRedeemUnits,
    },
    buyingPaused: f.buyingPaused,
    redeemingPaused: f.redeemingPaused,
    published: f.published,
    assetAllocation: f.assetAllocation.map((a) => ({ label: { ...a.label }, percent: a.percent })),
    licences: f.licences.map((l) => ({
      title: { ...l.title },
      number: l.number,
      issuer: { ...l.issuer },
      issuedOn: dayInputOf(l.issuedOn, calendar, lng),
    })),
    documents: f.documents.map((d) => ({ title: { ...d.title }, url: d.url })),
  };
}

/** The contract's body of the form's values (a value that cannot be read is sent as the contract refuses it). */
export function toFundBody(v: FundFormValues, calendar: Calendar): CreateFundBody {
  const sortOrder = /^\d{1,6}$/.test(normalizeDigits(v.sortOrder).trim()) ? Number(normalizeDigits(v.sortOrder)) : NaN;
  return {
    code: v.code,
    kind: v.kind as CreateFundBody['kind'],
    preset: v.preset as CreateFundBody['preset'],
    fundType: Number(v.fundType) as CreateFundBody['fundType'],
    category: v.category as CreateFundBody['category'],
    risk: Number(v.risk) as CreateFundBody['risk'],
    currency: v.currency as CreateFundBody['currency'],
    sortOrder,
    name: v.name,
    summary: v.summary,
    about: v.about,
    fees: {
      purchaseFixedFee: v.fees.purchaseFixedFee,
      managementFeeBps: percentToBps(v.fees.managementFeePercent) ?? NaN,
      redeemFixedFee: v.fees.redeemFixedFee,
      performanceFeeBps: percentToBps(v.fees.performanceFeePercent) ?? NaN,
    },
    limits: {
      minPurchase: v.limits.minPurchase,
      maxPurchase: v.limits.maxPurchase.trim() === '' ? null : v.limits.maxPurchase,
      minRedeemUnits: v.limits.minRedeemUnits,
    },
    buyingPaused: v.buyingPaused,
    redeemingPaused: v.redeemingPaused,
    published: v.published,
    assetAllocation: v.assetAllocation,
    licences: v.licences.map((l) => ({ ...l, issuedOn: parseDayInput(l.issuedOn, calendar) || l.issuedOn })),
    documents: v.documents,
  };
}

/** A body path as the form names it (`fees.managementFeeBps` is typed as a percent). */
export function formPathOf(path: readonly PropertyKey[]): string {
  const p = path.map(String).join('.');
  return p
    .replace('fees.managementFeeBps', 'fees.managementFeePercent')
    .replace('fees.performanceFeeBps', 'fees.performanceFeePercent');
}

/** The top-level fields whose answers the form checks itself first (their rule is its own, not the contract's). */
const OWN_RULES: { path: string; check: (v: FundFormValues, calendar: Calendar) => string | null }[] = [
  { path: 'kind', check: (v) => ((FUND_KINDS as readonly string[]).includes(v.kind) ? null : 'select') },
  { path: 'preset', check: (v) => ((FUND_PRESETS as readonly string[]).includes(v.preset) ? null : 'select') },
  {
    path: 'fundType',
    check: (v) => (Object.values(FUND_TYPES).map(String).includes(v.fundType) ? null : 'select'),
  },
  { path: 'category', check: (v) => ((FUND_CATEGORIES as readonly string[]).includes(v.category) ? null : 'select') },
  { path: 'risk', check: (v) => (FUND_RISKS.map(String).includes(v.risk) ? null : 'select') },
  { path: 'currency', check: (v) => ((FUND_CURRENCIES as readonly string[]).includes(v.currency) ? null : 'select') },
  { path: 'sortOrder', check: (v) => (/^\d{1,6}$/.test(normalizeDigits(v.sortOrder).trim()) ? null : 'integer') },
  {
    path: 'fees.managementFeePercent',
    check: (v) => (percentToBps(v.fees.managementFeePercent) === null ? 'percent' : null),
  },
  {
    path: 'fees.performanceFeePercent',
    check: (v) => (percentToBps(v.fees.performanceFeePercent) === null ? 'percent' : null),
  },
  { path: 'limits.minPurchase', check: (v) => (v.limits.minPurchase.trim() === '' ? 'required' : null) },
];

/**
 * The form's rules: its own (choices made, percents, a licence's day in the operator's calendar), then the
 * contract's whole-fund rules (`createFundBody`: texts in three languages, amounts in the currency's scale,
 * minimum above the fee, maximum above the minimum, holdings at most 100 %…) on the body it would send. One
 * rule a field, the form's own first.
 */
export function fundFormSchema(calendar: Calendar) {
  return z.custom<FundFormValues>().superRefine((v, ctx) => {
    const seen = new Set<string>();
    const add = (path: string, rule: string) => {
      if (seen.has(path)) return;
      seen.add(path);
      ctx.addIssue({
        code: 'custom',
        path: path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
        message: rule,
      });
    };
    for (const r of OWN_RULES) {
      const rule = r.check(v, calendar);
      if (rule) add(r.path, rule);
    }
    v.licences.forEach((l, i) => {
      if (l.issuedOn.trim() === '') add(`licences.${i}.issuedOn`, 'required');
      else if (!parseDayInput(l.issuedOn, calendar)) add(`licences.${i}.issuedOn`, 'date');
    });
    const checked = createFundBody.safeParse(toFundBody(v, calendar));
    if (!checked.success) for (const issue of checked.error.issues) add(formPathOf(issue.path), issue.message);
  });
}

/** Fees, limits and pauses: they change by proposal (issue 15), not by the edit. */
const isTerm = (k: string) => (FUND_TERMS_FIELDS as readonly string[]).includes(k);

/**
 * An edit sends what changed, a section whole (`assetAllocation`, `name`…), never the terms (fees,
 * limits, pauses: they change by proposal, `toTermsBody`), except the fees and limits a change of currency
 * brings in the new currency (a fund without NAVs and orders only).
 */
export function toUpdateBody(
  v: FundFormValues,
  calendar: Calendar,
  dirty: Partial<Record<keyof FundFormValues, unknown>>,
): UpdateFundBody {
  const full = toFundBody(v, calendar);
  const keys = (Object.keys(dirty) as (keyof FundFormValues)[]).filter((k) => dirty[k] && !isTerm(k));
  const out: Record<string, unknown> = {};
  for (const k of keys) if (k in full) out[k] = full[k];
  if (out.currency !== undefined) {
    out.fees = full.fees;
    out.limits = full.limits;
  }
  return out;
}

/** The terms proposal of the form's values: the sections that changed, each whole (`fees`, `limits`, a pause). */
export function toTermsBody(v: FundFormValues, dirty: Partial<Record<keyof FundFormValues, unknown>>): FundTermsBody {
  // The calendar reads licence dates only, which a terms proposal does not send.
  const full = toFundBody(v, 'gregory');
  const out: Record<string, unknown> = {};
  for (const k of FUND_TERMS_FIELDS) if (dirty[k]) out[k] = full[k];
  return out;
}

/** The form's own rules of the terms (percents typed, a minimum given), before the contract's. */
const TERMS_RULES = OWN_RULES.filter((r) => /^(fees|limits)\./.test(r.path));

/**
 * The rules of a terms proposal (issue 15): the form's own (percents, a minimum purchase), then the
 * contract's (`fundTermsBody`: amounts and units as typed) and the whole fund's figures in its currency
 * (`fundRuleIssues`: the currency's scale, the minimum above the fee, the maximum above the minimum). Only
 * the terms are checked: the fund's other fields are not this form's.
 */
export function fundTermsSchema(currency: FundCurrency) {
  return z.custom<FundFormValues>().superRefine((v, ctx) => {
    const seen = new Set<string>();
    const add = (path: string, rule: string, params?: Record<string, string>) => {
      if (seen.has(path)) return;
      seen.add(path);
      ctx.addIssue({ code: 'custom', path: path.split('.'), message: rule, params });
    };
    for (const r of TERMS_RULES) {
      const rule = r.check(v, 'gregory');
      if (rule) add(r.path, rule);
    }
    const full = toFundBody(v, 'gregory');
    const checked = fundTermsBody.safeParse({ fees: full.fees, limits: full.limits });
    if (!checked.success) {
      for (const issue of checked.error.issues) add(formPathOf(issue.path), issue.message);
      return;
    }
    const { fees, limits } = checked.data;
    if (!fees || !limits) return;
    for (const i of fundRuleIssues({ currency, fees, limits, assetAllocation: [] })) {
      add(formPathOf(i.path), i.rule, i.params);
    }
  });
}
