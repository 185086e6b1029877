import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js/mobile';
import { normalizeDigits } from '@portal/contract/core/digits';

/*
 * The countries, named in the interface language: the auth page's country-code picker and the
 * nationality of the foreign KYC form. Loaded lazily by both (libphonenumber's list is not small).
 */

export interface CountryOption {
  code: CountryCode;
  callingCode: string;
  name: string;
  /** What the search matches: localised and English names, ISO code, calling code. */
  search: string;
}

const cache = new Map<string, CountryOption[]>();

function displayNames(lng: string): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([lng], { type: 'region' });
  } catch {
    return null;
  }
}

/** Every country libphonenumber knows, named in the interface language and sorted by that name. */
export function countryOptions(lng: string): CountryOption[] {
  const hit = cache.get(lng);
  if (hit) return hit;
  const local = displayNames(lng);
  const english = lng === 'en' ? local : displayNames('en');
  const collator = new Intl.Collator(lng);
  const options = getCountries()
    .map((code): CountryOption => {
      const name = local?.of(code) ?? code;
      const en = english?.of(code) ?? code;
      const callingCode = getCountryCallingCode(code);
      return { code, callingCode, name, search: `${name} ${en} ${code} +${callingCode}`.toLowerCase() };
    })
    .sort((a, b) => collator.compare(a.name, b.name));
  cache.set(lng, options);
  return options;
}

/** Search over names and codes; digits may be typed in Persian or Arabic-Indic. */
export function filterCountries(options: CountryOption[], query: string): CountryOption[] {
  const q = normalizeDigits(query).trim().toLowerCase().replace(/^\+/, '');
  if (!q) return options;
  const isCode = /^\d+$/.test(q);
  return options.filter((o) => (isCode ? o.callingCode.startsWith(q) : o.search.includes(q)));
}
