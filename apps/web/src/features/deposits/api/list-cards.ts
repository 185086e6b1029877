import { queryOptions, useQuery } from '@tanstack/react-query';
import { listBankAccounts } from '@portal/contract/bank/bank-accounts';
import { callApi } from '@/lib/api-client';
import { depositKeys } from './deposit-keys';

/** `GET /bank-accounts`: the user's accounts; the gateway form offers those with a card. */
export const bankAccountsQueryOptions = () =>
  queryOptions({
    queryKey: depositKeys.bankAccounts,
    queryFn: ({ signal }) => callApi(listBankAccounts, { signal }),
  });

export function useBankAccounts() {
  return useQuery(bankAccountsQueryOptions());
}
