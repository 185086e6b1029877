import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelTetherWithdrawal } from '@portal/contract/tether/chain';
import { cancelOfflineDeposit } from '@portal/contract/wallet/offline-deposits';
import type { UserRequest } from '@portal/contract/wallet/user-requests';
import { cancelWithdrawal } from '@portal/contract/wallet/withdrawals';
import { callApi } from '@/lib/api-client';
import { invalidateAfter } from '@/lib/queries/invalidate';

/** The request types that can be cancelled here, each through its own endpoint (decision 018). */
export const CANCELLABLE_TYPES = [
  'WithdrawalFromTomanWallet',
  'OfflineTomanDeposit',
  'WithdrawalFromTetherWallet',
] as const;

/** Cancels through the request's own endpoint; answers the request's new status. */
async function cancelRequest(request: Pick<UserRequest, 'id' | 'type'>): Promise<{ status: UserRequest['status'] }> {
  switch (request.type) {
    case 'WithdrawalFromTomanWallet':
      return callApi(cancelWithdrawal, { params: { withdrawalId: request.id } });
    case 'OfflineTomanDeposit':
      return callApi(cancelOfflineDeposit, { params: { depositId: request.id } });
    case 'WithdrawalFromTetherWallet':
      return callApi(cancelTetherWithdrawal, { params: { withdrawalId: request.id } });
    default:
      throw new Error(`no cancel endpoint for ${request.type}`);
  }
}

/** Cancels a pending request; the list and the wallet's balances are read again whatever the answer. */
export function useCancelUserRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelRequest,
    onSettled: () => invalidateAfter(client, 'requestCancelled'),
  });
}
