import { queryOptions, useQuery } from '@tanstack/react-query';
import { listBankAccounts } from '@portal/contract/bank/bank-accounts';
import { callApi } from '@/lib/api-client';
import { resourceKeys } from './keys';

/**
 * `GET /bank-accounts`, the user's active accounts (masked, newest first): listed by the bank accounts
 * pages, chosen from by the withdraw page and the gateway and by-ID deposits, so its key and options are
 * written once, here. Adding or removing an account invalidates it (`invalidateAfter(client, 'bankAccounts')`).
 */
export const bankAccountsQueryOptions = () =>
  queryOptions({
    queryKey: resourceKeys.bankAccounts,
    queryFn: ({ signal }) => callApi(listBankAccounts, { signal }),
  });

export function useBankAccounts() {
  return useQuery(bankAccountsQueryOptions());
}
