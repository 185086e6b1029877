import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { accountQueryKey } from '@/lib/session-state';
import { bankAccountsQueryOptions } from './bank-accounts';
import { basketOrderOptionsQueryOptions, basketQueryOptions } from './baskets';
import { fundQueryOptions, fundsQueryOptions } from './funds';
import { invalidateAfter, type StaleEvent } from './invalidate';
import { queryRoots, resourceKeys } from './keys';
import { kycQueryOptions } from './kyc';
import { portfolioHistoryQueryOptions, portfolioStateQueryOptions } from './portfolio';
import { riskResultsQueryOptions } from './risk';
import { tetherPriceQueryOptions } from './tether-price';
import {
  addressBookQueryOptions,
  depositAddressesQueryOptions,
  tetherDepositsQueryOptions,
  tetherNetworksQueryOptions,
  tetherWithdrawalsQueryOptions,
} from './tether-chain';
import { walletsQueryOptions } from './wallets';

/** The features' own source (tests aside), by path. */
const featureSources = import.meta.glob<string>(
  ['../../features/**/*.{ts,tsx}', '!../../features/**/*.test.{ts,tsx}'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);
const ROOTS = Object.values(queryRoots).map(([root]) => root);
const rootLiteral = new RegExp(`\\[\\s*'(${ROOTS.join('|')})'\\s*[,\\]]`);

describe('the shared query layer (decision 032)', () => {
  it('reads the features’ source', () => {
    expect(Object.keys(featureSources).length).toBeGreaterThan(50);
    expect(Object.keys(featureSources)).toContain('../../features/wallet/components/withdraw-form.tsx');
  });

  it('no feature writes a query key as an array of its own: keys come from a factory', () => {
    const raw = Object.entries(featureSources)
      .filter(([, text]) => /queryKey:\s*\[/.test(text))
      .map(([path]) => path);
    expect(raw).toEqual([]);
  });

  it('no feature’s api types a shared root (wallet, funds, account, kyc…) again: keys start from queryRoots', () => {
    const retyped = Object.entries(featureSources)
      .filter(([path]) => path.includes('/api/'))
      .flatMap(([path, text]) =>
        text
          .split('\n')
          .filter((line) => rootLiteral.test(line))
          .map((line) => `${path}: ${line.trim()}`),
      );
    expect(retyped).toEqual([]);
  });

  it('each shared resource has one key, under its root', () => {
    const keys = [
      walletsQueryOptions().queryKey,
      fundsQueryOptions().queryKey,
      fundQueryOptions('f').queryKey,
      kycQueryOptions().queryKey,
      bankAccountsQueryOptions().queryKey,
      tetherPriceQueryOptions().queryKey,
      accountQueryKey,
      tetherNetworksQueryOptions().queryKey,
      depositAddressesQueryOptions().queryKey,
      tetherDepositsQueryOptions(1).queryKey,
      addressBookQueryOptions().queryKey,
      tetherWithdrawalsQueryOptions(1).queryKey,
      portfolioStateQueryOptions('IRT').queryKey,
      portfolioStateQueryOptions('USDT').queryKey,
      portfolioHistoryQueryOptions('IRT', 7).queryKey,
      riskResultsQueryOptions().queryKey,
    ].map((k) => JSON.stringify(k));
    expect(new Set(keys).size).toBe(keys.length);
    expect(walletsQueryOptions().queryKey.slice(0, 1)).toEqual(queryRoots.wallet);
    expect(fundQueryOptions('f').queryKey.slice(0, 3)).toEqual(resourceKeys.fund('f'));
    expect(fundsQueryOptions().queryKey.slice(0, 1)).toEqual(queryRoots.funds);
    expect(tetherPriceQueryOptions().queryKey.slice(0, 1)).toEqual(queryRoots.tether);
    // Tether on chain (issue 18): under the wallet root, read again with the balances.
    for (const key of [
      tetherNetworksQueryOptions().queryKey,
      tetherDepositsQueryOptions(2).queryKey,
      addressBookQueryOptions().queryKey,
      tetherWithdrawalsQueryOptions(2).queryKey,
    ])
      expect(key.slice(0, 1)).toEqual(queryRoots.wallet);
    // The portfolio (issue 19): its own root, one key per valuation currency.
    expect(portfolioStateQueryOptions('USDT').queryKey.slice(0, 1)).toEqual(queryRoots.portfolio);
    expect(portfolioHistoryQueryOptions('USDT', 7).queryKey.slice(0, 1)).toEqual(queryRoots.portfolio);
  });

  it('invalidateAfter marks stale what a change touched, and nothing else', async () => {
    const client = new QueryClient();
    const seeded = {
      wallets: walletsQueryOptions().queryKey,
      walletHistory: [...queryRoots.wallet, 'history', 'w', 1],
      fund: fundQueryOptions('f').queryKey,
      fundList: fundsQueryOptions().queryKey,
      fundOrder: [...queryRoots.fundOrders, 'purchase', 'p'],
      account: accountQueryKey,
      kyc: kycQueryOptions().queryKey,
      bankAccounts: bankAccountsQueryOptions().queryKey,
      userRequests: [...queryRoots.userRequests, 'list', {}],
      tetherPrice: tetherPriceQueryOptions().queryKey,
      tetherMarket: [...queryRoots.tether, 'market'],
      tetherWithdrawals: tetherWithdrawalsQueryOptions(1).queryKey,
      portfolio: portfolioStateQueryOptions('IRT').queryKey,
      portfolioHistory: portfolioHistoryQueryOptions('USDT', 7).queryKey,
      riskResults: riskResultsQueryOptions().queryKey,
      basketOptions: basketOrderOptionsQueryOptions().queryKey,
      basket: basketQueryOptions('b').queryKey,
    };
    const stale = async (event: StaleEvent) => {
      client.clear();
      for (const key of Object.values(seeded)) client.setQueryData(key, {});
      await invalidateAfter(client, event, { refetchType: 'none' });
      return Object.entries(seeded)
        .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
        .map(([name]) => name)
        .sort();
    };
    const moved = ['portfolio', 'portfolioHistory'];
    expect(await stale('withdrawal')).toEqual([
      ...moved,
      'tetherWithdrawals',
      'userRequests',
      'walletHistory',
      'wallets',
    ]);
    expect(await stale('tetherWithdrawal')).toEqual([
      ...moved,
      'tetherWithdrawals',
      'userRequests',
      'walletHistory',
      'wallets',
    ]);
    expect(await stale('tetherDeposit')).toEqual([
      ...moved,
      'tetherWithdrawals',
      'userRequests',
      'walletHistory',
      'wallets',
    ]);
    expect(await stale('offlineDeposit')).toEqual([
      ...moved,
      'tetherWithdrawals',
      'userRequests',
      'walletHistory',
      'wallets',
    ]);
    expect(await stale('requestCancelled')).toEqual([
      ...moved,
      'tetherWithdrawals',
      'userRequests',
      'walletHistory',
      'wallets',
    ]);
    expect(await stale('fundOrder')).toEqual([
      'fund',
      'fundList',
      'fundOrder',
      ...moved,
      'tetherWithdrawals',
      'walletHistory',
      'wallets',
    ]);
    expect(await stale('kyc')).toEqual(['account', 'kyc']);
    expect(await stale('bankAccounts')).toEqual(['bankAccounts']);
    expect(await stale('gatewayDeposit')).toEqual([...moved, 'tetherWithdrawals', 'walletHistory', 'wallets']);
    expect(await stale('account')).toEqual(['account']);
    expect(await stale('tetherTrade')).toEqual([
      ...moved,
      'tetherMarket',
      'tetherPrice',
      'tetherWithdrawals',
      'walletHistory',
      'wallets',
    ]);
    // Issue 20: answering the risk quiz reads my results again (and the basket options carrying the latest).
    expect(await stale('riskQuiz')).toEqual(['basket', 'basketOptions', 'riskResults']);
    // A basket paid, built, rebalanced or closed: the baskets, the wallets and the portfolio.
    expect(await stale('basketOrder')).toEqual([
      'basket',
      'basketOptions',
      ...moved,
      'tetherWithdrawals',
      'walletHistory',
      'wallets',
    ]);
  });
});
