import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getWalletHistory } from '@portal/contract/wallet/wallets';
import { callApi } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

/** `GET /wallets/:walletId/transactions`: one page of a wallet's history, newest first. */
export const walletHistoryQueryOptions = (walletId: string, page: number) =>
  queryOptions({
    queryKey: walletKeys.history(walletId, page),
    queryFn: ({ signal }) => callApi(getWalletHistory, { params: { walletId }, query: { page }, signal }),
  });

/** The history of the chosen wallet; the previous page stays on screen while the next one loads. */
export function useWalletHistory(walletId: string | undefined, page: number) {
  return useQuery({
    ...walletHistoryQueryOptions(walletId ?? '', page),
    enabled: Boolean(walletId),
    placeholderData: keepPreviousData,
  });
}
