import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@portal/contract/core/errors';
import arAccount from './ar/account.json';
import arAdmin from './ar/admin.json';
import arBank from './ar/bank.json';
import arDeposit from './ar/deposit.json';
import arKyc from './ar/kyc.json';
import arRequests from './ar/requests.json';
import arWallet from './ar/wallet.json';
import enAdmin from './en/admin.json';
import enBank from './en/bank.json';
import enDeposit from './en/deposit.json';
import enKyc from './en/kyc.json';
import enRequests from './en/requests.json';
import enWallet from './en/wallet.json';
import faAdmin from './fa/admin.json';
import faBank from './fa/bank.json';
import faDeposit from './fa/deposit.json';
import faKyc from './fa/kyc.json';
import faRequests from './fa/requests.json';
import faWallet from './fa/wallet.json';
import ar from './ar/translation.json';
import enAccount from './en/account.json';
import en from './en/translation.json';
import faAccount from './fa/account.json';
import fa from './fa/translation.json';
import faFunds from './fa/funds.json';
import arFunds from './ar/funds.json';
import enFunds from './en/funds.json';
import faFundOrders from './fa/fund-orders.json';
import faRisk from './fa/risk.json';
import arRisk from './ar/risk.json';
import enRisk from './en/risk.json';
import arFundOrders from './ar/fund-orders.json';
import enFundOrders from './en/fund-orders.json';
import faTether from './fa/tether.json';
import arTether from './ar/tether.json';
import enTether from './en/tether.json';
import faChain from './fa/chain.json';
import arChain from './ar/chain.json';
import enChain from './en/chain.json';
import faBasketDesk from './fa/basket-desk.json';
import arBasketDesk from './ar/basket-desk.json';
import enBasketDesk from './en/basket-desk.json';
import faBaskets from './fa/baskets.json';
import arBaskets from './ar/baskets.json';
import enBaskets from './en/baskets.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

/** Every namespace: `translation` (first load) and the lazy ones, keys prefixed `ns:`. */
const withLazy = (main: Tree, lazy: Record<string, Tree>) =>
  new Map([
    ...flatten(main),
    ...Object.entries(lazy).flatMap(([ns, tree]) => [...flatten(tree)].map(([k, v]) => [`${ns}:${k}`, v] as const)),
  ]);
const languages = {
  fa: withLazy(fa, {
    account: faAccount,
    kyc: faKyc,
    admin: faAdmin,
    bank: faBank,
    wallet: faWallet,
    deposit: faDeposit,
    requests: faRequests,
    funds: faFunds,
    fundOrders: faFundOrders,
    risk: faRisk,
    tether: faTether,
    chain: faChain,
    basketDesk: faBasketDesk,
    baskets: faBaskets,
  }),
  ar: withLazy(ar, {
    account: arAccount,
    kyc: arKyc,
    admin: arAdmin,
    bank: arBank,
    wallet: arWallet,
    deposit: arDeposit,
    requests: arRequests,
    funds: arFunds,
    fundOrders: arFundOrders,
    risk: arRisk,
    tether: arTether,
    chain: arChain,
    basketDesk: arBasketDesk,
    baskets: arBaskets,
  }),
  en: withLazy(en, {
    account: enAccount,
    kyc: enKyc,
    admin: enAdmin,
    bank: enBank,
    wallet: enWallet,
    deposit: enDeposit,
    requests: enRequests,
    funds: enFunds,
    fundOrders: enFundOrders,
    risk: enRisk,
    tether: enTether,
    chain: enChain,
    basketDesk: enBasketDesk,
    baskets: enBaskets,
  }),
};
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('locale files', () => {
  const allKeys = new Set(Object.values(languages).flatMap((m) => [...m.keys()]));

  it.each(Object.keys(languages))('%s has every key of the other languages', (lng) => {
    const own = languages[lng as keyof typeof languages];
    const missing = [...allKeys].filter((k) => !own.has(k));
    expect(missing).toEqual([]);
  });

  it.each(Object.keys(languages))('%s has no empty strings', (lng) => {
    const own = languages[lng as keyof typeof languages];
    expect([...own].filter(([, v]) => v.trim() === '').map(([k]) => k)).toEqual([]);
  });

  it('uses the same interpolation placeholders in every language', () => {
    const mismatched = [...allKeys].filter((k) => {
      const ref = placeholders(languages.fa.get(k) ?? '').join();
      return (
        placeholders(languages.ar.get(k) ?? '').join() !== ref || placeholders(languages.en.get(k) ?? '').join() !== ref
      );
    });
    expect(mismatched).toEqual([]);
  });

  it('translates every error code of the contract', () => {
    for (const [lng, map] of Object.entries(languages)) {
      const missing = ERROR_CODES.filter((code) => !map.has(`errors.${code}`));
      expect(missing, lng).toEqual([]);
    }
  });

  it('has the SPEC §8 status messages', () => {
    for (const map of Object.values(languages)) {
      for (const key of ['network', 'generic', '302', '400', '401', '403', '404'])
        expect(map.has(`errors.http.${key}`)).toBe(true);
    }
  });

  it('writes Persian with Persian letters (ی ک, not Arabic ي ك) and Arabic with Arabic ones', () => {
    const persianWithArabicLetters = [...languages.fa].filter(([, v]) => /[\u064A\u0643]/.test(v)).map(([k]) => k);
    const arabicWithPersianLetters = [...languages.ar].filter(([, v]) => /[\u06CC\u06A9]/.test(v)).map(([k]) => k);
    expect(persianWithArabicLetters).toEqual([]);
    expect(arabicWithPersianLetters).toEqual([]);
  });
});
