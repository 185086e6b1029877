import { queryOptions, useQuery } from '@tanstack/react-query';
import { listBankAccounts } from '@portal/contract/bank/bank-accounts';
import { callApi } from '@/lib/api-client';
import { bankAccountsKey } from './wallet-keys';

/** `GET /bank-accounts`: the user's accounts (masked), the destinations of a withdrawal. */
export const bankAccountsQueryOptions = () =>
  queryOptions({
    queryKey: bankAccountsKey,
    queryFn: ({ signal }) => callApi(listBankAccounts, { signal }),
  });

export function useBankAccounts() {
  return useQuery(bankAccountsQueryOptions());
}
