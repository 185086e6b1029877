import { paths } from '@/config/paths';

/** The query parameter naming the page the quiz goes back to (the fund page's risk-test button sets it). */
export const RETURN_TO = 'returnTo';

/**
 * `?returnTo=` kept only when it is a page of this app (`/fund/…`, not `//evil.example` or `https://…`) and not
 * the quiz itself, so the quiz cannot be used as an open redirect; null otherwise.
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value === paths.riskQuiz.path || value.startsWith(`${paths.riskQuiz.path}/`)) return null;
  if (value.startsWith(`${paths.riskQuiz.path}?`)) return null;
  return value;
}
