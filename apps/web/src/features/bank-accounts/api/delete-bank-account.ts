import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteBankAccount } from '@portal/contract/bank/bank-accounts';
import { callApi } from '@/lib/api-client';
import { bankAccountsQueryOptions } from '@/lib/queries/bank-accounts';
import { invalidateAfter } from '@/lib/queries/invalidate';

/** `DELETE /bank-accounts/:id`: the account leaves the list (the server keeps it for past withdrawals). */
export function useDeleteBankAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (bankAccountId: string) => callApi(deleteBankAccount, { params: { bankAccountId } }),
    onSuccess: (_ok, bankAccountId) => {
      client.setQueryData(bankAccountsQueryOptions().queryKey, (old) =>
        old ? { items: old.items.filter((a) => a.id !== bankAccountId) } : old,
      );
      return invalidateAfter(client, 'bankAccounts');
    },
  });
}
