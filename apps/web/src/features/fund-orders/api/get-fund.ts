import { queryOptions, useQuery } from '@tanstack/react-query';
import { getFund } from '@portal/contract/funds/catalogue';
import { listWallets } from '@portal/contract/wallet/wallets';
import { callApi } from '@/lib/api-client';
import { fundOrderKeys } from './keys';

/** `GET /funds/:fundId`: name, currency, fees, limits, pauses and the early-exit schedule of the fund. */
export const fundQueryOptions = (fundId: string) =>
  queryOptions({
    queryKey: fundOrderKeys.fund(fundId),
    queryFn: ({ signal }) => callApi(getFund, { params: { fundId }, signal }),
  });

/** `enabled` false: the id is known not to name a fund (or not known yet); nothing is asked. */
export function useFund(fundId: string, enabled = true) {
  return useQuery({ ...fundQueryOptions(fundId), enabled });
}

/** `GET /wallets`: the balance a wallet purchase is paid from (before any amount is quoted). */
export const walletsQueryOptions = () =>
  queryOptions({
    queryKey: fundOrderKeys.wallets,
    queryFn: ({ signal }) => callApi(listWallets, { signal }),
  });

export function useWallets() {
  return useQuery(walletsQueryOptions());
}
