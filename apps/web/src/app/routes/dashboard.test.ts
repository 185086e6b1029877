import type { DehydratedState } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { activeCurrencyPreference } from '@/lib/active-currency';
import { resourceKeys } from '@/lib/queries/keys';
import { firstScreenMatches } from './dashboard';

/** A dehydrated state holding queries with these keys (only the keys are read). */
const stateWith = (...keys: (readonly unknown[])[]) => ({
  queries: { mutations: [], queries: keys.map((queryKey) => ({ queryKey })) } as unknown as DehydratedState,
});

afterEach(() => activeCurrencyPreference.set('USDT'));

describe('the dashboard rendered by the server is taken over only in the same currency (decision 043)', () => {
  it('takes over a portfolio the server rendered in this browser’s valuation currency', () => {
    activeCurrencyPreference.set('USDT');
    expect(firstScreenMatches(stateWith(['account'], resourceKeys.portfolioState('USDT')))).toBe(true);
    activeCurrencyPreference.set('IRR');
    expect(firstScreenMatches(stateWith(resourceKeys.portfolioState('IRT')))).toBe(true);
  });

  it('builds the page when the browser’s active currency is valued otherwise (toman after a tether render)', () => {
    activeCurrencyPreference.set('IRT');
    expect(firstScreenMatches(stateWith(['account'], resourceKeys.portfolioState('USDT')))).toBe(false);
  });

  it('has nothing to compare when the server rendered no portfolio (its call failed: loading on both sides)', () => {
    activeCurrencyPreference.set('IRT');
    expect(firstScreenMatches(stateWith(['account'], resourceKeys.portfolioHistory('USDT', 7)))).toBe(true);
  });
});
