import { queryOptions, useQuery } from '@tanstack/react-query';
import { getTransaction } from '@portal/contract/wallet/wallets';
import { callApi } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

/** `GET /transactions/:id`: one movement with its fees, what it belongs to and whether it has a receipt. */
export const transactionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: walletKeys.transaction(id),
    queryFn: ({ signal }) => callApi(getTransaction, { params: { id }, signal }),
  });

/** The details of the movement shown in the dialog; nothing asked while none is open. */
export function useTransaction(id: string | null) {
  return useQuery({ ...transactionQueryOptions(id ?? ''), enabled: id !== null });
}
