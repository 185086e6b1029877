import { queryOptions, useQuery } from '@tanstack/react-query';
import { listBankAccounts } from '@portal/contract/bank/bank-accounts';
import { callApi } from '@/lib/api-client';

/** The query keys of the bank accounts pages, written once (the mutations invalidate through them). */
export const bankAccountKeys = {
  list: ['bank-accounts'] as const,
};

/** `GET /bank-accounts`: the user's active accounts, masked, newest first. */
export const bankAccountsQueryOptions = () =>
  queryOptions({
    queryKey: bankAccountKeys.list,
    queryFn: ({ signal }) => callApi(listBankAccounts, { signal }),
  });

export function useBankAccounts() {
  return useQuery(bankAccountsQueryOptions());
}
