import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cancelWithdrawal,
  createWithdrawal,
  listWithdrawals,
  type CreateWithdrawalBody,
} from '@portal/contract/wallet/withdrawals';
import { callApi } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { invalidateAfter } from '@/lib/queries/invalidate';
import { walletKeys } from './wallet-keys';

/** `GET /wallet/withdrawals?status=Pending`: the requests the user can still cancel. */
export const pendingWithdrawalsQueryOptions = () =>
  queryOptions({
    queryKey: walletKeys.withdrawals('Pending'),
    queryFn: ({ signal }) => callApi(listWithdrawals, { query: { status: 'Pending' }, signal }),
  });

export function usePendingWithdrawals() {
  return useQuery(pendingWithdrawalsQueryOptions());
}

/** Balances, histories and requests all change when money moves. */
function useInvalidateWallet() {
  const client = useQueryClient();
  return () => invalidateAfter(client, 'withdrawal');
}

/** A withdrawal refused for a hold (decision 029): the account answer says until when, for the page. */
function useRefreshHold() {
  const client = useQueryClient();
  return (error: unknown) => {
    if (isApiError(error) && error.code === 'WITHDRAWAL_HOLD') void invalidateAfter(client, 'withdrawalHold');
  };
}

/**
 * Requests a withdrawal. `idempotencyKey` is made once per attempt by the caller: sending the same
 * attempt again (a retry after a lost answer) reuses it and gets the first answer back.
 */
export function useCreateWithdrawal() {
  const invalidate = useInvalidateWallet();
  const refreshHold = useRefreshHold();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateWithdrawalBody; idempotencyKey: string }) =>
      callApi(createWithdrawal, { body, idempotencyKey }),
    onSuccess: invalidate,
    onError: refreshHold,
  });
}

export function useCancelWithdrawal() {
  const invalidate = useInvalidateWallet();
  return useMutation({
    mutationFn: (withdrawalId: string) => callApi(cancelWithdrawal, { params: { withdrawalId } }),
    onSettled: invalidate,
  });
}
