import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Calendar } from '@portal/contract/core/constants';
import { isApiError } from './api-error';
import { formatDate, formatDigits, formatDuration, formatNumber } from './format';
import { useCalendar } from './preferences';

/** The SPEC §8 message for a status, when the code itself says nothing more. */
export function statusMessageKey(status: number): string {
  switch (status) {
    case 302:
      return 'errors.http.302';
    case 400:
      return 'errors.http.400';
    case 401:
      return 'errors.http.401';
    case 403:
      return 'errors.http.403';
    case 404:
      return 'errors.http.404';
    default:
      return 'errors.http.generic';
  }
}

/**
 * The translation key of an error: `errors.<CODE>` for the contract's codes (the locale test
 * checks every code has one), else by status (SPEC §8).
 */
export function errorMessageKey(error: unknown, hasKey: (key: string) => boolean): string {
  if (!isApiError(error)) return 'errors.http.generic';
  if (error.code === 'NETWORK') return 'errors.http.network';
  // A rule the server refused (a common password…): the rule's own sentence.
  const rule = error.code === 'VALIDATION_FAILED' ? error.details?.issues?.[0]?.rule : undefined;
  if (rule && /^\w+$/.test(rule) && hasKey(`validation.${rule}`)) return `validation.${rule}`;
  const byCode = `errors.${error.code}`;
  if (/^[A-Z_]+$/.test(error.code) && hasKey(byCode)) return byCode;
  return statusMessageKey(error.status);
}

/** A bound in toman from the server (`"500000"`), grouped in the language's digits; kept whole, never a float. */
function tomanBound(value: string, lng: string): string {
  return /^\d+$/.test(value) ? formatNumber(BigInt(value), lng) : formatDigits(value, lng);
}

/**
 * The user's sentence for any thrown error, in the current language, never the server's text.
 * Details the server sends (attempts left, when to retry) are added to it; a time (`until`) is written
 * in the user's calendar, a bound in toman (`min`, `remaining` of the tether market) grouped.
 */
export function getErrorMessage(
  error: unknown,
  t: TFunction,
  lng: string,
  hasKey: (key: string) => boolean,
  calendar?: Calendar,
): string {
  const values: Record<string, string> = {};
  if (isApiError(error)) {
    const { requiredLevel, maxBytes, until, min, remaining } = error.details ?? {};
    if (requiredLevel !== undefined) values.level = formatNumber(requiredLevel, lng);
    if (min !== undefined) values.min = tomanBound(min, lng);
    if (remaining !== undefined) values.remaining = tomanBound(remaining, lng);
    if (maxBytes !== undefined) values.maxMb = formatNumber(Math.floor(maxBytes / (1024 * 1024)), lng);
    if (until !== undefined) values.until = formatDate(until, lng, calendar, 'dateTime');
    for (const [k, v] of Object.entries(error.details?.issues?.[0]?.params ?? {}))
      values[k] = typeof v === 'number' ? formatNumber(v, lng) : v;
  }
  const parts = [t(errorMessageKey(error, hasKey), values)];
  if (isApiError(error) && error.details) {
    const { attemptsLeft, retryAfterSeconds } = error.details;
    if (attemptsLeft !== undefined) {
      parts.push(t('errors.details.attemptsLeft', { count: attemptsLeft, formatted: formatNumber(attemptsLeft, lng) }));
    }
    if (retryAfterSeconds !== undefined && retryAfterSeconds > 0) {
      parts.push(t('errors.details.retryAfter', { time: formatDuration(retryAfterSeconds, lng) }));
    }
  }
  return parts.join(' ');
}

export function useErrorMessage(): (error: unknown) => string {
  const { t, i18n } = useTranslation();
  const calendar = useCalendar();
  return useCallback(
    (error: unknown) =>
      getErrorMessage(error, t, i18n.resolvedLanguage ?? i18n.language, (key) => i18n.exists(key), calendar),
    [t, i18n, calendar],
  );
}
