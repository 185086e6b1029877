import { queryOptions, useQuery } from '@tanstack/react-query';
import { listWallets } from '@portal/contract/wallet/wallets';
import { callApi } from '@/lib/api-client';
import { resourceKeys } from './keys';

/**
 * `GET /wallets`: the four wallets with their available and held balances. Read by the wallet pages, the
 * withdrawal page and the fund purchase (the balance a wallet purchase is paid from), under one key.
 */
export const walletsQueryOptions = () =>
  queryOptions({
    queryKey: resourceKeys.wallets,
    queryFn: ({ signal }) => callApi(listWallets, { signal }),
  });

export function useWallets() {
  return useQuery(walletsQueryOptions());
}
