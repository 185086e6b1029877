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

/** `enabled: false` while the filters cannot be asked (a date range whose end is before its start). */
export function useTransactions(query: ListTransactionsQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...transactionsQueryOptions(query), placeholderData: keepPreviousData, enabled });
}
