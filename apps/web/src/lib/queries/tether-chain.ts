import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  getAddressBook,
  listDepositAddresses,
  listTetherDeposits,
  listTetherNetworks,
  listTetherWithdrawals,
} from '@portal/contract/tether/chain';
import { callApi } from '@/lib/api-client';
import { resourceKeys } from './keys';

/**
 * Tether on chain (issue 18, decision 040), one query per resource. `GET /wallet/tether/networks` is read by
 * the deposit and withdrawal pages and by the chain details of the wallet history and the requests list
 * (whether a network is the embedded mode's sandbox, whose hashes link to no explorer); the others by the
 * deposit and withdrawal pages. Every key is under the wallet root: a withdrawal
 * (`invalidateAfter(client, 'tetherWithdrawal')`) or a request cancelled reads them again with the balances.
 */
export const tetherNetworksQueryOptions = () =>
  queryOptions({
    queryKey: resourceKeys.tetherNetworks,
    queryFn: ({ signal }) => callApi(listTetherNetworks, { signal }),
  });

export function useTetherNetworks() {
  return useQuery(tetherNetworksQueryOptions());
}

/** `GET /wallet/tether/deposit-addresses`: my deposit address of each network I asked for. */
export const depositAddressesQueryOptions = () =>
  queryOptions({
    queryKey: resourceKeys.depositAddresses,
    queryFn: ({ signal }) => callApi(listDepositAddresses, { signal }),
  });

/** `GET /wallet/tether/deposits?page=`: transfers to my addresses, newest first, with their confirmations. */
export const tetherDepositsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: resourceKeys.tetherDeposits(page),
    queryFn: ({ signal }) => callApi(listTetherDeposits, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });

/** `GET /wallet/tether/address-book`: my saved withdrawal addresses and whether whitelist mode is on. */
export const addressBookQueryOptions = () =>
  queryOptions({
    queryKey: resourceKeys.addressBook,
    queryFn: ({ signal }) => callApi(getAddressBook, { signal }),
  });

/** `GET /wallet/tether/withdrawals?page=`: my tether withdrawals, newest first. */
export const tetherWithdrawalsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: resourceKeys.tetherWithdrawals(page),
    queryFn: ({ signal }) => callApi(listTetherWithdrawals, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
