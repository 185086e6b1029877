import { queryOptions, useQuery } from '@tanstack/react-query';
import { listBankAccounts } from '@portal/contract/bank/bank-accounts';
import { callApi } from './api-client';

/**
 * `GET /bank-accounts`, the user's active accounts (masked, newest first): listed by the bank accounts
 * pages, chosen from by the withdraw page and the gateway and by-ID deposits, so its key and options are
 * written once, here. Adding or removing an account invalidates it through `bankAccountKeys`.
 */
export const bankAccountKeys = {
  list: ['bank-accounts'] as const,
};

export const bankAccountsQueryOptions = () =>
  queryOptions({
    queryKey: bankAccountKeys.list,
    queryFn: ({ signal }) => callApi(listBankAccounts, { signal }),
  });

export function useBankAccounts() {
  return useQuery(bankAccountsQueryOptions());
}
