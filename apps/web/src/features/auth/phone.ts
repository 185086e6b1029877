/**
 * libphonenumber's metadata is the largest piece of the auth page, and the first paint does not
 * need it: it is loaded when the user starts typing a number or opens the country picker.
 */
import type * as mobileRules from '@portal/contract/core/mobile';
import type * as countryList from '@/lib/countries';

type MobileModule = typeof mobileRules;
type CountriesModule = typeof countryList;

let mobile: Promise<MobileModule> | undefined;
let countries: Promise<CountriesModule> | undefined;

export function loadMobileRules(): Promise<MobileModule> {
  mobile ??= import('@portal/contract/core/mobile');
  return mobile;
}

export function loadCountries(): Promise<CountriesModule> {
  countries ??= import('@/lib/countries');
  return countries;
}

export const DEFAULT_COUNTRY = 'IR';
/** The default country's calling code, shown before the phone metadata has loaded. */
export const DEFAULT_CALLING_CODE = '98';
