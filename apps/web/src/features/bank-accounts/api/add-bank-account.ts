import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addBankAccount, type AddBankAccountBody, type BankAccount } from '@portal/contract/bank/bank-accounts';
import { callApi } from '@/lib/api-client';
import { bankAccountsQueryOptions } from '@/lib/queries/bank-accounts';
import { invalidateAfter } from '@/lib/queries/invalidate';

/**
 * `POST /bank-accounts`: a card number or a sheba, checked by the contract's schema before it leaves
 * (digits normalised, Luhn, mod-97) and again by the server with the identity inquiry. The new account
 * goes to the top of the list at once; the list is then asked again (a card may have joined the
 * account its sheba was added as).
 */
export function useAddBankAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AddBankAccountBody) => callApi(addBankAccount, { body }),
    onSuccess: (account: BankAccount) => {
      client.setQueryData(bankAccountsQueryOptions().queryKey, (old) =>
        old ? { items: [account, ...old.items.filter((a) => a.id !== account.id)] } : old,
      );
      return invalidateAfter(client, 'bankAccounts');
    },
  });
}
