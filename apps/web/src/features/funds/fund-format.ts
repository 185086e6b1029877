import type { FundCategory, FundPreset, FundRiskValue } from '@portal/contract/funds/funds';
import { useCallback } from 'react';
import { useLanguage } from '@/hooks/use-language';
import { formatDecimal } from '@/lib/format-money';
import { formatDate, formatNumber, type DateStyle } from '@/lib/format';
import { useCalendar } from '@/lib/preferences';

/**
 * What the funds pages share to show a fund: its invest tab in the address, its preset's colour, its
 * risk's name, yields and rates in the user's digits, and texts in the user's language.
 */

/** The `/funds?tab=` values (`paths.funds.getHref`) and the API's categories. */
export const FUND_TABS = ['crypto', 'gold-silver', 'fixed-income'] as const;
export type FundTab = (typeof FUND_TABS)[number];
export const CATEGORY_OF_TAB: Record<FundTab, FundCategory> = {
  crypto: 'crypto',
  'gold-silver': 'gold_silver',
  'fixed-income': 'fixed_income',
};

/** The tab in the address (the first when absent or unknown). */
export function fundTabParam(raw: string | null): FundTab {
  return FUND_TABS.find((t) => t === raw) ?? 'crypto';
}

/**
 * Each preset's accent (decision 021: the preset is the look of a fund's page). Mid-tone colours that
 * read on the dark and the light theme; used for a card's edge and the charts, never for text.
 */
export const PRESET_ACCENT: Record<FundPreset, string> = {
  default: '#3ec98e',
  asayesh: '#4fb3d9',
  faraz: '#8c7cf0',
  gem: '#e05fa0',
  gold: '#e0aa3a',
  saramad: '#f07b4f',
  silver: '#9aa8b8',
  stacking: '#38bfa7',
  vip: '#c9a227',
};

/** SPEC §3 `FundRisk` (decision 021: shown by name in every language). */
export const RISK_NAME: Record<FundRiskValue, 'safe' | 'low' | 'balanced' | 'high' | 'aggressive'> = {
  10: 'safe',
  25: 'low',
  35: 'balanced',
  60: 'high',
  100: 'aggressive',
};
/** The five levels in order, for the risk meter. */
export const RISK_LEVELS: readonly FundRiskValue[] = [10, 25, 35, 60, 100];

/** A yield of the API (`"12.34"`, `"-3.10"`) with its sign and percent sign: `+۱۲٫۳۴٪`. */
export function formatYield(percent: string, lng: string): string {
  const n = Number(percent);
  return formatNumber(n / 100, lng, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  });
}

/** Basis points as a percentage: `250` → `۲٫۵٪`. */
export function formatBps(bps: number, lng: string): string {
  return formatNumber(bps / 10_000, lng, { style: 'percent', maximumFractionDigits: 2 });
}

/** A percentage figure (`35.5`, or the API's `"35.50"`) as `۳۵٫۵٪`. */
export function formatPercentFigure(percent: number | string, lng: string): string {
  return formatNumber(Number(percent) / 100, lng, { style: 'percent', maximumFractionDigits: 2 });
}

/** A unit count (a decimal string of up to four decimals), grouped, in the user's digits. */
export function formatUnitCount(units: string, lng: string): string {
  return formatDecimal(units, lng, { maxFractionDigits: 4 });
}

/** The sign of a decimal string or a yield: the colour it is shown in. */
export function signColor(value: string | null): 'success.main' | 'error.main' | 'text.secondary' {
  if (value === null) return 'text.secondary';
  const trimmed = value.trim();
  if (trimmed.startsWith('-')) return /[1-9]/.test(trimmed) ? 'error.main' : 'text.secondary';
  return /[1-9]/.test(trimmed) ? 'success.main' : 'text.secondary';
}

/**
 * Text set apart from the sentence around it for the bidirectional algorithm (U+2068 … U+2069): a
 * signed percentage or a reference number inside a Persian sentence keeps its own order.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

/** A text written by operators in three languages, in the user's. */
export function useLocalized(): (text: { fa: string; ar: string; en: string }) => string {
  const { lng } = useLanguage();
  return useCallback((text) => text[lng] || text.fa, [lng]);
}

/**
 * A calendar date of the API (`YYYY-MM-DD`: a NAV's Tehran date, a licence's date) in the user's
 * calendar. Read at noon UTC and shown in UTC, so no time zone moves it to the day before or after.
 */
export function useDayFormat(): (isoDate: string, style?: DateStyle) => string {
  const { lng } = useLanguage();
  const calendar = useCalendar();
  return useCallback(
    (isoDate, style = 'long') => formatDate(`${isoDate.slice(0, 10)}T12:00:00Z`, lng, calendar, style, 'UTC'),
    [lng, calendar],
  );
}
