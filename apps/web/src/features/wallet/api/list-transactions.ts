import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listTransactions, type ListTransactionsQuery } from '@portal/contract/wallet/wallets';
import { callApi } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

/** `GET /transactions`: every wallet's movements, newest first, filtered and paged. */
export const transactionsQueryOptions = (query: ListTransactionsQuery) =>
  queryOptions({
    queryKey: walletKeys.transactions(query),
    queryFn: ({ signal }) => callApi(listTransactions, { query, signal }),
  });

export function useTransactions(query: ListTransactionsQuery) {
  return useQuery({ ...transactionsQueryOptions(query), placeholderData: keepPreviousData });
}
