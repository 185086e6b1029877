import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  cancelTetherWithdrawal,
  createTetherWithdrawal,
  type CreateTetherWithdrawalBody,
} from '@portal/contract/tether/chain';
import { callApi } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { invalidateAfter } from '@/lib/queries/invalidate';

/** Refusals that say the page's figures are old (balance, limits, the network, a hold): read them again. */
const STALE_ON = new Set([
  'INSUFFICIENT_BALANCE',
  'TETHER_WITHDRAWAL_DAILY_LIMIT',
  'TETHER_WITHDRAWAL_BELOW_MINIMUM',
  'TETHER_WITHDRAWAL_ABOVE_MAXIMUM',
  'TETHER_NETWORK_DISABLED',
  'ADDRESS_NOT_WHITELISTED',
]);

/**
 * `POST /wallet/tether/withdrawals`: amount + fee held at once. `idempotencyKey` is made once per attempt by
 * the caller (as the toman withdrawal does): a retry of the same attempt reuses it and gets the first answer.
 */
export function useCreateTetherWithdrawal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateTetherWithdrawalBody; idempotencyKey: string }) =>
      callApi(createTetherWithdrawal, { body, idempotencyKey }),
    onSuccess: () => invalidateAfter(client, 'tetherWithdrawal'),
    onError: (error) => {
      if (!isApiError(error)) return;
      if (error.code === 'WITHDRAWAL_HOLD') void invalidateAfter(client, 'withdrawalHold');
      if (STALE_ON.has(error.code)) void invalidateAfter(client, 'tetherWithdrawal');
    },
  });
}

/** `POST /wallet/tether/withdrawals/:id/cancel` while it waits for review: amount and fee return. */
export function useCancelTetherWithdrawal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (withdrawalId: string) => callApi(cancelTetherWithdrawal, { params: { withdrawalId } }),
    onSettled: () => invalidateAfter(client, 'tetherWithdrawal'),
  });
}
