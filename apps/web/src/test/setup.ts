import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, vi } from 'vitest';
import arAccount from '@/locales/ar/account.json';
import arAdmin from '@/locales/ar/admin.json';
import arBank from '@/locales/ar/bank.json';
import arDeposit from '@/locales/ar/deposit.json';
import arKyc from '@/locales/ar/kyc.json';
import arRequests from '@/locales/ar/requests.json';
import arTether from '@/locales/ar/tether.json';
import arChain from '@/locales/ar/chain.json';
import enChain from '@/locales/en/chain.json';
import faChain from '@/locales/fa/chain.json';
import faBasketDesk from '@/locales/fa/basket-desk.json';
import arBasketDesk from '@/locales/ar/basket-desk.json';
import enBasketDesk from '@/locales/en/basket-desk.json';
import faBaskets from '@/locales/fa/baskets.json';
import arBaskets from '@/locales/ar/baskets.json';
import enBaskets from '@/locales/en/baskets.json';
import faRisk from '@/locales/fa/risk.json';
import arRisk from '@/locales/ar/risk.json';
import enRisk from '@/locales/en/risk.json';
import arWallet from '@/locales/ar/wallet.json';
import enAdmin from '@/locales/en/admin.json';
import enBank from '@/locales/en/bank.json';
import enDeposit from '@/locales/en/deposit.json';
import enKyc from '@/locales/en/kyc.json';
import enRequests from '@/locales/en/requests.json';
import enTether from '@/locales/en/tether.json';
import enWallet from '@/locales/en/wallet.json';
import faAdmin from '@/locales/fa/admin.json';
import faBank from '@/locales/fa/bank.json';
import faDeposit from '@/locales/fa/deposit.json';
import faKyc from '@/locales/fa/kyc.json';
import faRequests from '@/locales/fa/requests.json';
import faTether from '@/locales/fa/tether.json';
import faWallet from '@/locales/fa/wallet.json';
import ar from '@/locales/ar/translation.json';
import enAccount from '@/locales/en/account.json';
import en from '@/locales/en/translation.json';
import faAccount from '@/locales/fa/account.json';
import fa from '@/locales/fa/translation.json';
import { applyDocumentLanguage } from '@/lib/i18n';
import { onlyWhatJsdomReads } from './jsdom-styles';
import type * as EmotionCacheModule from '@emotion/cache';

// The app's Emotion caches write only what jsdom reads of a style (see jsdom-styles.ts, decision 038).
vi.mock('@emotion/cache', async (importOriginal) => {
  const { default: createCache, ...rest } = await importOriginal<typeof EmotionCacheModule>();
  return {
    ...rest,
    default: (options: Parameters<typeof createCache>[0]) =>
      createCache({ ...options, stylisPlugins: [...(options.stylisPlugins ?? []), onlyWhatJsdomReads] }),
  };
});

// jsdom has no matchMedia: report a phone-sized screen unless a test says otherwise.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// jsdom does not scroll; React Router's scroll restoration calls it.
window.scrollTo = () => {};

// Every language bundled and loaded synchronously: tests render in Persian unless they switch.
i18next.on('languageChanged', applyDocumentLanguage);
await i18next.use(initReactI18next).init({
  resources: {
    fa: {
      translation: fa,
      account: faAccount,
      kyc: faKyc,
      admin: faAdmin,
      bank: faBank,
      wallet: faWallet,
      deposit: faDeposit,
      requests: faRequests,
      tether: faTether,
      chain: faChain,
      basketDesk: faBasketDesk,
      baskets: faBaskets,
      risk: faRisk,
    },
    ar: {
      translation: ar,
      account: arAccount,
      kyc: arKyc,
      admin: arAdmin,
      bank: arBank,
      wallet: arWallet,
      deposit: arDeposit,
      requests: arRequests,
      tether: arTether,
      chain: arChain,
      basketDesk: arBasketDesk,
      baskets: arBaskets,
      risk: arRisk,
    },
    en: {
      translation: en,
      account: enAccount,
      kyc: enKyc,
      admin: enAdmin,
      bank: enBank,
      wallet: enWallet,
      deposit: enDeposit,
      requests: enRequests,
      tether: enTether,
      chain: enChain,
      basketDesk: enBasketDesk,
      baskets: enBaskets,
      risk: enRisk,
    },
  },
  lng: 'fa',
  fallbackLng: 'fa',
  supportedLngs: ['fa', 'ar', 'en'],
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
  initAsync: false,
  showSupportNotice: false,
});

// A test fails on any console.error (a React warning is a bug too).
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(async () => {
  cleanup();
  window.localStorage.clear();
  await i18next.changeLanguage('fa');
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) {
    throw new Error(`console.error was called:\n${errors.map((a) => a.map(String).join(' ')).join('\n')}`);
  }
});
