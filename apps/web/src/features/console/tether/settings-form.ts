import { z } from 'zod';
import {
  proposeTetherSettingsBody,
  TETHER_LIMIT_LEVELS,
  type ProposeTetherSettingsBody,
  type TetherSettingsValues,
} from '@portal/contract/admin/tether';
import { normalizeDigits } from '@portal/contract/core/digits';

/**
 * The settings form as the operator fills it (issue 17): every field a string, the spread and the fee in
 * percent with up to two decimals (sent as basis points), the quote's life in seconds, toman as typed
 * (Persian digits and separators accepted). `toSettingsBody` makes the contract's body of it.
 */
export interface SettingsFormValues {
  spreadPercent: string;
  feePercent: string;
  quoteTtlSeconds: string;
  minTradeToman: string;
  dailyLimitToman: { '1': string; '2': string };
}

/** Basis points as a percent: `50` → `0.5`, `125` → `1.25`. */
export function bpsToPercent(bps: number): string {
  const int = Math.floor(bps / 100);
  const frac = String(bps % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return frac ? `${int}.${frac}` : String(int);
}

/** A percent as typed (Persian digits, `٫`) → basis points, or null when it is not a percent with two decimals. */
export function percentToBps(typed: string): number | null {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(normalizeDigits(typed).replace('٫', '.').trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Whole seconds as typed, or NaN (the contract then says `integer`). */
const secondsOf = (typed: string) => {
  const s = normalizeDigits(typed).trim();
  return /^\d{1,4}$/.test(s) ? Number(s) : NaN;
};

/** The settings in force, as the form starts. */
export function settingsFormValuesOf(s: TetherSettingsValues): SettingsFormValues {
  return {
    spreadPercent: bpsToPercent(s.spreadBps),
    feePercent: bpsToPercent(s.feeBps),
    quoteTtlSeconds: String(s.quoteTtlSeconds),
    minTradeToman: s.minTradeToman,
    dailyLimitToman: { '1': s.dailyLimitToman['1'], '2': s.dailyLimitToman['2'] },
  };
}

/** The contract's body of the form (a value that cannot be read is sent as the contract refuses it). */
export function toSettingsBody(v: SettingsFormValues): ProposeTetherSettingsBody {
  return {
    spreadBps: percentToBps(v.spreadPercent) ?? NaN,
    feeBps: percentToBps(v.feePercent) ?? NaN,
    quoteTtlSeconds: secondsOf(v.quoteTtlSeconds),
    minTradeToman: v.minTradeToman,
    dailyLimitToman: { '1': v.dailyLimitToman['1'], '2': v.dailyLimitToman['2'] },
  };
}

/** A body path as the form names it (the spread and the fee are typed as percents). */
export function formPathOf(path: readonly PropertyKey[]): string {
  return path
    .map(String)
    .join('.')
    .replace(/^body\./, '')
    .replace(/^spreadBps$/, 'spreadPercent')
    .replace(/^feeBps$/, 'feePercent');
}

const TEXT_FIELDS = ['spreadPercent', 'feePercent', 'quoteTtlSeconds', 'minTradeToman'] as const;

/**
 * The form's rules: its own first (a field left empty, a percent that is not one), then the contract's
 * (`proposeTetherSettingsBody`: spread and fee 0–20 %, a quote's life 5–300 s, whole toman above zero, each
 * KYC level's daily limit at least the one below, the minimum within the lowest limit). One rule a field.
 */
export const settingsFormSchema = z.custom<SettingsFormValues>().superRefine((v, ctx) => {
  const seen = new Set<string>();
  const add = (path: string, rule: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    ctx.addIssue({ code: 'custom', path: path.split('.'), message: rule });
  };
  for (const key of TEXT_FIELDS) if (v[key].trim() === '') add(key, 'required');
  for (const level of TETHER_LIMIT_LEVELS) {
    if (v.dailyLimitToman[level].trim() === '') add(`dailyLimitToman.${level}`, 'required');
  }
  if (percentToBps(v.spreadPercent) === null) add('spreadPercent', 'percent');
  if (percentToBps(v.feePercent) === null) add('feePercent', 'percent');
  const checked = proposeTetherSettingsBody.safeParse(toSettingsBody(v));
  if (!checked.success) for (const issue of checked.error.issues) add(formPathOf(issue.path), issue.message);
});
