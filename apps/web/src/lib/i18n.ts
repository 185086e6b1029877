import i18next, { type BackendModule, type i18n as I18n, type Resource, type ResourceKey } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { CULTURES, DEFAULT_CULTURE, LANGUAGE_QUERY_KEY, type Culture } from '@portal/contract/core/constants';
import fa from '@/locales/fa/translation.json';

export const LANGUAGE_STORAGE_KEY = 'i18nextLng';
export const LANGUAGE_COOKIE = 'i18next';

export const RTL_LANGUAGES: ReadonlySet<string> = new Set(['fa', 'ar']);

export function directionOf(lng: string): 'rtl' | 'ltr' {
  return RTL_LANGUAGES.has(lng) ? 'rtl' : 'ltr';
}

export function isCulture(v: string): v is Culture {
  return (CULTURES as readonly string[]).includes(v);
}

/** Each language in its own name, for the language switcher. */
export const LANGUAGE_NAMES: Record<Culture, string> = { fa: 'فارسی', ar: 'العربية', en: 'English' };

/**
 * Namespaces fetched with the first screen that needs them, so that the auth page's first load does
 * not carry them: `account` (account security and profile pages), `kyc` (identity verification and
 * the forced-KYC dialog), `admin` (the operator console), `bank` (the bank accounts pages), `wallet`
 * (wallet, transactions and withdrawal pages).
 */
export const ACCOUNT_NS = 'account';
export const KYC_NS = 'kyc';
export const ADMIN_NS = 'admin';
export const BANK_NS = 'bank';
export const WALLET_NS = 'wallet';
/** The deposit page (`/wallet/deposit`: gateway and offline). */
export const DEPOSIT_NS = 'deposit';
/** The user requests list (`/user-requests`). */
export const REQUESTS_NS = 'requests';
/** The funds list and a fund's page (`/funds`, `/fund/{id}`). */
export const FUNDS_NS = 'funds';
/** Buying and redeeming fund units (`/fund/purchase/…`, `/fund/redeem/…`). */
export const FUND_ORDERS_NS = 'fundOrders';
/** Tether trading (`/tether-trading`) and the wallet's conversion modal. */
export const TETHER_NS = 'tether';
/** Tether on chain (issue 18): `/wallet/deposit/usdt`, `/wallet/withdraw/usdt`, and the chain details of the histories. */
export const CHAIN_NS = 'chain';
/** The console's basket desk (issue 20): basket orders, VIP requests, failed generations, universe, settings. */
export const BASKET_DESK_NS = 'basketDesk';
/** The terms and conditions (`/terms`), linked from the sign-in page. */
export const LEGAL_NS = 'legal';
/** Smart hold baskets (issue 20): `/baskets`, `/basket-order/…`, `/rebalance-order/…`. */
export const BASKETS_NS = 'baskets';
/** The risk quiz (issue 20): `/risk-quiz`, `/risk-quiz/calc`, and the fund purchase's risk confirmation. */
export const RISK_NS = 'risk';
export type LazyNamespace =
  | typeof RISK_NS
  | typeof BASKETS_NS
  | typeof ACCOUNT_NS
  | typeof KYC_NS
  | typeof ADMIN_NS
  | typeof BANK_NS
  | typeof WALLET_NS
  | typeof DEPOSIT_NS
  | typeof REQUESTS_NS
  | typeof FUNDS_NS
  | typeof FUND_ORDERS_NS
  | typeof TETHER_NS
  | typeof CHAIN_NS
  | typeof BASKET_DESK_NS
  | typeof LEGAL_NS;

const lazyTexts: Record<LazyNamespace, Record<'fa' | 'ar' | 'en', () => Promise<{ default: ResourceKey }>>> = {
  account: {
    fa: () => import('@/locales/fa/account.json'),
    ar: () => import('@/locales/ar/account.json'),
    en: () => import('@/locales/en/account.json'),
  },
  kyc: {
    fa: () => import('@/locales/fa/kyc.json'),
    ar: () => import('@/locales/ar/kyc.json'),
    en: () => import('@/locales/en/kyc.json'),
  },
  admin: {
    fa: () => import('@/locales/fa/admin.json'),
    ar: () => import('@/locales/ar/admin.json'),
    en: () => import('@/locales/en/admin.json'),
  },
  bank: {
    fa: () => import('@/locales/fa/bank.json'),
    ar: () => import('@/locales/ar/bank.json'),
    en: () => import('@/locales/en/bank.json'),
  },
  wallet: {
    fa: () => import('@/locales/fa/wallet.json'),
    ar: () => import('@/locales/ar/wallet.json'),
    en: () => import('@/locales/en/wallet.json'),
  },
  deposit: {
    fa: () => import('@/locales/fa/deposit.json'),
    ar: () => import('@/locales/ar/deposit.json'),
    en: () => import('@/locales/en/deposit.json'),
  },
  requests: {
    fa: () => import('@/locales/fa/requests.json'),
    ar: () => import('@/locales/ar/requests.json'),
    en: () => import('@/locales/en/requests.json'),
  },
  funds: {
    fa: () => import('@/locales/fa/funds.json'),
    ar: () => import('@/locales/ar/funds.json'),
    en: () => import('@/locales/en/funds.json'),
  },
  fundOrders: {
    fa: () => import('@/locales/fa/fund-orders.json'),
    ar: () => import('@/locales/ar/fund-orders.json'),
    en: () => import('@/locales/en/fund-orders.json'),
  },
  tether: {
    fa: () => import('@/locales/fa/tether.json'),
    ar: () => import('@/locales/ar/tether.json'),
    en: () => import('@/locales/en/tether.json'),
  },
  chain: {
    fa: () => import('@/locales/fa/chain.json'),
    ar: () => import('@/locales/ar/chain.json'),
    en: () => import('@/locales/en/chain.json'),
  },
  basketDesk: {
    fa: () => import('@/locales/fa/basket-desk.json'),
    ar: () => import('@/locales/ar/basket-desk.json'),
    en: () => import('@/locales/en/basket-desk.json'),
  },
  baskets: {
    fa: () => import('@/locales/fa/baskets.json'),
    ar: () => import('@/locales/ar/baskets.json'),
    en: () => import('@/locales/en/baskets.json'),
  },
  risk: {
    fa: () => import('@/locales/fa/risk.json'),
    ar: () => import('@/locales/ar/risk.json'),
    en: () => import('@/locales/en/risk.json'),
  },
  legal: {
    fa: () => import('@/locales/fa/legal.json'),
    ar: () => import('@/locales/ar/legal.json'),
    en: () => import('@/locales/en/legal.json'),
  },
};

const isLazyNamespace = (ns: string): ns is LazyNamespace => ns in lazyTexts;

/**
 * Resolves when the namespace is loaded in the current language (route and step loaders await it). A
 * route's loader may ask before i18next has started (the router starts the first page's code and texts
 * while the language is being read): the texts are then asked for as soon as it has.
 */
export function loadNamespace(ns: LazyNamespace, instance: I18n = i18next): Promise<void> {
  if (instance.isInitialized) return instance.loadNamespaces(ns);
  return new Promise((resolve, reject) => {
    const load = () => {
      instance.off('initialized', load);
      instance.loadNamespaces(ns).then(resolve, reject);
    };
    instance.on('initialized', load);
  });
}

/** Resolves when the account namespace is loaded in the current language. */
export function loadAccountNamespace(instance: I18n = i18next): Promise<void> {
  return loadNamespace(ACCOUNT_NS, instance);
}

/**
 * Persian ships inside the main bundle (the default, and what most visitors read); Arabic and
 * English are separate chunks fetched when chosen.
 */
const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const lng = language === 'ar' || language === 'en' ? language : 'fa';
    const load = isLazyNamespace(namespace)
      ? lazyTexts[namespace][lng]()
      : language === 'ar'
        ? import('@/locales/ar/translation.json')
        : language === 'en'
          ? import('@/locales/en/translation.json')
          : Promise.resolve({ default: fa });
    load.then(
      (m) => callback(null, m.default),
      (e: unknown) => callback(e instanceof Error ? e : new Error(String(e)), false),
    );
  },
};

/** Keeps `<html lang dir>` in step with the language (SPEC: the document follows the interface). */
export function applyDocumentLanguage(lng: string): void {
  const el = document.documentElement;
  el.lang = lng;
  el.dir = directionOf(lng);
}

/** What the browser's and the server's i18next share: the bundled Persian texts, the lazy rest. */
const baseOptions = {
  resources: { fa: { translation: fa } } satisfies Resource,
  partialBundledLanguages: true,
  supportedLngs: [...CULTURES],
  fallbackLng: DEFAULT_CULTURE,
  load: 'languageOnly',
  nonExplicitSupportedLngs: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
  showSupportNotice: false,
} as const;

/**
 * Starts i18next for the browser: language from `?lng=`, then localStorage, then the cookie
 * (SPEC §9), remembered in both; Persian when nothing says otherwise.
 */
export async function initI18n(instance: I18n = i18next): Promise<I18n> {
  instance.on('languageChanged', applyDocumentLanguage);
  await instance
    .use(lazyLocales)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      ...baseOptions,
      detection: {
        order: ['querystring', 'localStorage', 'cookie'],
        lookupQuerystring: LANGUAGE_QUERY_KEY,
        lookupLocalStorage: LANGUAGE_STORAGE_KEY,
        lookupCookie: LANGUAGE_COOKIE,
        caches: ['localStorage', 'cookie'],
        cookieMinutes: 60 * 24 * 365,
        cookieOptions: { path: '/', sameSite: 'lax' },
      },
    });
  applyDocumentLanguage(instance.resolvedLanguage ?? DEFAULT_CULTURE);
  return instance;
}

/**
 * Starts i18next for the server that renders a page's first screen (decision 027): the same texts, no
 * browser to read a language from. Each page renders with a clone in the visitor's language.
 */
export async function initI18nServer(instance: I18n = i18next): Promise<I18n> {
  await instance
    .use(lazyLocales)
    .use(initReactI18next)
    .init({ ...baseOptions, lng: DEFAULT_CULTURE });
  return instance;
}
