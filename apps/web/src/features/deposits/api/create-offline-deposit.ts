import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createOfflineDeposit, type CreateOfflineDepositBody } from '@portal/contract/wallet/offline-deposits';
import { callApi } from '@/lib/api-client';
import { invalidateAfter } from '@/lib/queries/invalidate';

/**
 * `POST /wallet/deposits/offline`: declares a deposit made at the bank; an operator reviews it. A new
 * request shows in `/user-requests` and in the wallet pages' lists.
 */
export function useCreateOfflineDeposit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateOfflineDepositBody; idempotencyKey: string }) =>
      callApi(createOfflineDeposit, { body, idempotencyKey }),
    onSuccess: () => invalidateAfter(client, 'offlineDeposit'),
  });
}
