import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/mobile';
import { normalizeDigits } from './digits';

/**
 * Mobile numbers are stored in E.164 (`+989121234567`). An Iranian number may be typed as `0912…`,
 * `912…`, `98912…`, `+98912…` or `0098912…`, in Persian, Arabic-Indic or Latin digits, with spaces or dashes.
 *
 * Only numbers in a mobile range allocated to an operator are accepted, for every country: libphonenumber's
 * mobile metadata (`libphonenumber-js/mobile`, kept current with the package) knows the ranges. For Iran that
 * is 0900–0905, 0910–0923, 0930–0939, 0990–0994, 0996, 0999 and parts of 0995 and 0998; 0906–0909,
 * 0924–0929, 094x–098x (0941 is a fixed wireless range, not a mobile one) and the rest are refused.
 */
export function normalizeMobile(raw: string, country: CountryCode = 'IR'): string | null {
  let s = normalizeDigits(raw).replace(/[\s\-().\u200c\u200f\u200e]/g, '');
  if (s.startsWith('00')) s = `+${s.slice(2)}`;
  if (!/^\+?\d{6,16}$/.test(s)) return null;
  const parsed = s.startsWith('+') ? parsePhoneNumberFromString(s) : parsePhoneNumberFromString(s, country);
  if (!parsed || !parsed.isValid()) return null;
  const type = parsed.getType();
  // Iranian numbers must be mobile numbers (9xx…); for other countries the metadata may not tell.
  if (parsed.country === 'IR' && !/^\+989\d{9}$/.test(parsed.number)) return null;
  if (type && type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') return null;
  return parsed.number;
}

/** `+989121234567` → `09121234567` for Iranian numbers, the international form for the rest. */
export function formatMobileLocal(e164: string): string {
  if (e164.startsWith('+98')) return `0${e164.slice(3)}`;
  return e164;
}
