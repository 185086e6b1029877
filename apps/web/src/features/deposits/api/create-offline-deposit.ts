import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createOfflineDeposit, type CreateOfflineDepositBody } from '@portal/contract/wallet/offline-deposits';
import { callApi } from '@/lib/api-client';
import { WALLET_QUERY_ROOT } from './deposit-keys';

/**
 * `POST /wallet/deposits/offline`: declares a deposit made at the bank; an operator reviews it. A new
 * request shows in `/user-requests` (whose keys start `user-requests`) and in the wallet pages' lists.
 */
export function useCreateOfflineDeposit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateOfflineDepositBody; idempotencyKey: string }) =>
      callApi(createOfflineDeposit, { body, idempotencyKey }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: WALLET_QUERY_ROOT }),
        client.invalidateQueries({ queryKey: USER_REQUESTS_QUERY_ROOT }),
      ]),
  });
}

/** The root of `/user-requests`' query keys (that feature owns them; features do not import each other). */
const USER_REQUESTS_QUERY_ROOT = ['user-requests'] as const;
