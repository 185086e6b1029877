import { z } from 'zod';
import {
  proposeBasketSettingsBody,
  type BasketSettingsValues,
  type ProposeBasketSettingsBody,
} from '@portal/contract/admin/baskets';
import { normalizeDigits } from '@portal/contract/core/digits';

/** The risk bands' keys, lowest risk first, as the settings name them. */
export const BAND_KEYS = ['10', '25', '35', '60', '100'] as const;
export type BandKey = (typeof BAND_KEYS)[number];

/** The construction's figures that are shares (typed as percents) and those that are whole counts. */
export const SHARE_FIELDS = ['maxWeight', 'minWeight', 'meanShrinkage', 'maxAnnualReturn'] as const;
export const COUNT_FIELDS = ['minAssets', 'maxAssets', 'minHistoryDays'] as const;

/**
 * The settings form as the operator fills it (issue 20): every field a string; shares, volatilities,
 * returns and the fee as percents with up to two decimals (sent as numbers 0–1, the fee as basis points),
 * counts as whole numbers, the excluded symbols as one list separated by commas or spaces, tether as typed
 * (Persian digits and separators accepted). `toSettingsBody` makes the contract's body of it.
 */
export interface SettingsFormValues {
  construction: {
    bands: Record<BandKey, { volatilityTarget: string; tetherShare: string }>;
    maxWeight: string;
    minWeight: string;
    minAssets: string;
    maxAssets: string;
    minHistoryDays: string;
    meanShrinkage: string;
    maxAnnualReturn: string;
  };
  feePercent: string;
  excludedSymbols: string;
  vipSecondReviewAbove: string;
}

/** A share 0–1 as the percent the operator types: `0.35` → `35`, `0.0125` → `1.25`. */
export function shareToPercent(n: number): string {
  return String(Number((n * 100).toFixed(2)));
}

/** A percent as typed (Persian digits, `٫`) → its number, or null when it is not a percent with two decimals. */
export function percentOf(typed: string): number | null {
  const m = /^(\d{1,4})(?:\.(\d{1,2}))?$/.exec(normalizeDigits(typed).replace('٫', '.').trim());
  if (!m) return null;
  return Number(m[1]) + Number(`0.${(m[2] ?? '0').padEnd(2, '0')}`);
}

/** A percent as typed → a share 0–1 (exact to four decimals), or NaN (the contract then says `number`). */
const shareOf = (typed: string) => {
  const p = percentOf(typed);
  return p === null ? NaN : Number((p / 100).toFixed(4));
};

/** A percent as typed → basis points, or NaN. */
const bpsOf = (typed: string) => {
  const p = percentOf(typed);
  return p === null ? NaN : Math.round(p * 100);
};

/** A whole number as typed, or NaN (the contract then says `integer`). */
const countOf = (typed: string) => {
  const s = normalizeDigits(typed).trim();
  return /^\d{1,5}$/.test(s) ? Number(s) : NaN;
};

/** The excluded symbols as typed (commas, Persian commas, spaces) → the list, upper-cased. */
export function symbolsOf(typed: string): string[] {
  return normalizeDigits(typed)
    .split(/[\s,،]+/)
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
}

/** The settings in force, as the form starts. */
export function settingsFormValuesOf(s: BasketSettingsValues): SettingsFormValues {
  const c = s.construction;
  const bands = Object.fromEntries(
    BAND_KEYS.map((k) => [
      k,
      {
        volatilityTarget: shareToPercent(c.bands[k].volatilityTarget),
        tetherShare: shareToPercent(c.bands[k].tetherShare),
      },
    ]),
  ) as SettingsFormValues['construction']['bands'];
  return {
    construction: {
      bands,
      maxWeight: shareToPercent(c.maxWeight),
      minWeight: shareToPercent(c.minWeight),
      minAssets: String(c.minAssets),
      maxAssets: String(c.maxAssets),
      minHistoryDays: String(c.minHistoryDays),
      meanShrinkage: shareToPercent(c.meanShrinkage),
      maxAnnualReturn: shareToPercent(c.maxAnnualReturn),
    },
    feePercent: String(Number((s.feeBps / 100).toFixed(2))),
    excludedSymbols: s.excludedSymbols.join(', '),
    vipSecondReviewAbove: s.vipSecondReviewAbove,
  };
}

/** The contract's body of the form (a value that cannot be read is sent as the contract refuses it). */
export function toSettingsBody(v: SettingsFormValues): ProposeBasketSettingsBody {
  const c = v.construction;
  const bands = Object.fromEntries(
    BAND_KEYS.map((k) => [
      k,
      { volatilityTarget: shareOf(c.bands[k].volatilityTarget), tetherShare: shareOf(c.bands[k].tetherShare) },
    ]),
  ) as ProposeBasketSettingsBody['construction']['bands'];
  return {
    construction: {
      bands,
      maxWeight: shareOf(c.maxWeight),
      minWeight: shareOf(c.minWeight),
      minAssets: countOf(c.minAssets),
      maxAssets: countOf(c.maxAssets),
      minHistoryDays: countOf(c.minHistoryDays),
      meanShrinkage: shareOf(c.meanShrinkage),
      maxAnnualReturn: shareOf(c.maxAnnualReturn),
    },
    feeBps: bpsOf(v.feePercent),
    excludedSymbols: symbolsOf(v.excludedSymbols),
    vipSecondReviewAbove: v.vipSecondReviewAbove,
  };
}

/** A body path as the form names it (the fee is typed as a percent, the symbols as one field). */
export function formPathOf(path: readonly PropertyKey[]): string {
  const parts = path.map(String);
  if (parts[0] === 'body') parts.shift();
  if (parts[0] === 'excludedSymbols') return 'excludedSymbols';
  if (parts[0] === 'feeBps') return 'feePercent';
  return parts.join('.');
}

/** Every text field of the form, by its path. */
export const FORM_FIELDS: readonly string[] = [
  ...BAND_KEYS.flatMap((k) => [`construction.bands.${k}.volatilityTarget`, `construction.bands.${k}.tetherShare`]),
  ...SHARE_FIELDS.map((f) => `construction.${f}`),
  ...COUNT_FIELDS.map((f) => `construction.${f}`),
  'feePercent',
  'vipSecondReviewAbove',
];

const PERCENT_FIELDS: readonly string[] = [
  ...BAND_KEYS.flatMap((k) => [`construction.bands.${k}.volatilityTarget`, `construction.bands.${k}.tetherShare`]),
  ...SHARE_FIELDS.map((f) => `construction.${f}`),
  'feePercent',
];

/** The rules between fields, shown as soon as they break. */
export const CROSS_RULES = [
  'minAboveMax',
  'minWeightAboveMax',
  'weightsTooSmall',
  'tetherShareOrder',
  'volatilityOrder',
] as const;

const valueAt = (v: SettingsFormValues, path: string): string => {
  let node: unknown = v;
  for (const part of path.split('.')) node = (node as Record<string, unknown>)[part];
  return typeof node === 'string' ? node : '';
};

/**
 * The form's rules: its own first (a field left empty, a percent that is not one), then the contract's
 * (`proposeBasketSettingsBody`: ranges of each figure, the symbols, the tether amount, and the rules between
 * fields: fewest assets within most, smallest weight below largest, weights able to fill the riskiest
 * basket, tether's share falling and the volatility target rising with risk). One rule a field.
 */
export const settingsFormSchema = z.custom<SettingsFormValues>().superRefine((v, ctx) => {
  const seen = new Set<string>();
  const add = (path: string, rule: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    ctx.addIssue({ code: 'custom', path: path.split('.'), message: rule });
  };
  for (const path of FORM_FIELDS) if (valueAt(v, path).trim() === '') add(path, 'required');
  for (const path of PERCENT_FIELDS) if (percentOf(valueAt(v, path)) === null) add(path, 'percent');
  const checked = proposeBasketSettingsBody.safeParse(toSettingsBody(v));
  if (!checked.success) for (const issue of checked.error.issues) add(formPathOf(issue.path), issue.message);
});
