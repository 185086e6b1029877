import { queryOptions, useQuery } from '@tanstack/react-query';
import { listWallets } from '@portal/contract/wallet/wallets';
import { callApi } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

/** `GET /wallets`: the four wallets with their available and held balances. */
export const walletsQueryOptions = () =>
  queryOptions({
    queryKey: walletKeys.wallets,
    queryFn: ({ signal }) => callApi(listWallets, { signal }),
  });

export function useWallets() {
  return useQuery(walletsQueryOptions());
}
