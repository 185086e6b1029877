import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { getPortfolioHistory, getPortfolioState, type ValuationCurrency } from '@portal/contract/account/portfolio';
import type { Currency } from '@portal/contract/core/money';
import { activeCurrencyPreference } from '@/lib/active-currency';
import { callApi } from '@/lib/api-client';
import { resourceKeys } from './keys';

/**
 * `GET /account/portfolio/state?currency=`: the user's holdings valued now in the valuation currency, by
 * kind, with the profit over 1, 7, 30 days and all time (issue 19). Read by the dashboard; every change
 * that moves money marks it stale (`STALE_AFTER` in `invalidate.ts`). Prices move all day: read again
 * after a minute on screen.
 */
export const portfolioStateQueryOptions = (currency: ValuationCurrency) =>
  queryOptions({
    queryKey: resourceKeys.portfolioState(currency),
    queryFn: ({ signal }) => callApi(getPortfolioState, { query: { currency }, signal }),
    staleTime: 60_000,
  });

/** `GET /account/portfolio/history?currency=&days=`: value, net money in and profit per day, oldest first. */
export const portfolioHistoryQueryOptions = (currency: ValuationCurrency, days: 7 | 30 | 90 | 365 = 7) =>
  queryOptions({
    queryKey: resourceKeys.portfolioHistory(currency, days),
    queryFn: ({ signal }) => callApi(getPortfolioHistory, { query: { currency, days }, signal }),
    staleTime: 60_000,
  });

/** The portfolio in `currency`; while another currency's figures load, the last ones stay (marked as such). */
export function usePortfolioState(currency: ValuationCurrency) {
  return useQuery({ ...portfolioStateQueryOptions(currency), placeholderData: keepPreviousData });
}

export function usePortfolioHistory(currency: ValuationCurrency, days: 7 | 30 | 90 | 365 = 7, enabled = true) {
  return useQuery({ ...portfolioHistoryQueryOptions(currency, days), placeholderData: keepPreviousData, enabled });
}

/** The active currency (SPEC §3 `activeCurrency`) as a valuation currency: rial in toman, dollar in tether. */
export function valuationOf(active: Currency): ValuationCurrency {
  return active === 'IRT' || active === 'IRR' ? 'IRT' : 'USDT';
}

/**
 * Starts reading the dashboard's portfolio, in the active currency, while the page's code loads (the
 * dashboard route's loader, decision 024). Keeps no error: the page shows it.
 */
export function prefetchPortfolio(client: QueryClient): Promise<void> {
  return client.prefetchQuery(portfolioStateQueryOptions(valuationOf(activeCurrencyPreference.get())));
}
