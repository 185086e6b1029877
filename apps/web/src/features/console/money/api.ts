import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminGetWithdrawal } from '@portal/contract/admin/money-desk';
import { adminApproveWithdrawal, adminListWithdrawals, adminRejectWithdrawal } from '@portal/contract/admin/money';
import {
  adminApproveOfflineDeposit,
  adminGetOfflineDeposit,
  adminListOfflineDeposits,
  adminRejectOfflineDeposit,
} from '@portal/contract/admin/offline-deposits';
import type { OFFLINE_DEPOSIT_STATUSES, OfflineDepositRejectReason } from '@portal/contract/wallet/offline-deposits';
import type { WithdrawalRejectReason, WithdrawalStatus } from '@portal/contract/wallet/withdrawals';
import { callApi } from '@/lib/api-client';
import { consoleKeys } from '../shell/console-keys';
import type { Decision } from '../shell/decision-dialog';

export type OfflineDepositState = (typeof OFFLINE_DEPOSIT_STATUSES)[number];

/** Query keys of the money desk's queues, under the console's `withdrawals` and `offline-deposits` roots. */
export const moneyKeys = {
  withdrawalList: (status: WithdrawalStatus, page: number) =>
    [...consoleKeys.withdrawals, 'list', { status, page }] as const,
  withdrawal: (withdrawalId: string) => [...consoleKeys.withdrawals, 'detail', withdrawalId] as const,
  offlineDepositList: (status: OfflineDepositState, page: number) =>
    [...consoleKeys.offlineDeposits, 'list', { status, page }] as const,
  offlineDeposit: (depositId: string) => [...consoleKeys.offlineDeposits, 'detail', depositId] as const,
};

export const withdrawalListQueryOptions = (status: WithdrawalStatus, page: number) =>
  queryOptions({
    queryKey: moneyKeys.withdrawalList(status, page),
    queryFn: ({ signal }) => callApi(adminListWithdrawals, { query: { status, page }, signal }),
    placeholderData: keepPreviousData,
  });

export const withdrawalQueryOptions = (withdrawalId: string) =>
  queryOptions({
    queryKey: moneyKeys.withdrawal(withdrawalId),
    queryFn: ({ signal }) => callApi(adminGetWithdrawal, { params: { withdrawalId }, signal }),
  });

export const offlineDepositListQueryOptions = (status: OfflineDepositState, page: number) =>
  queryOptions({
    queryKey: moneyKeys.offlineDepositList(status, page),
    queryFn: ({ signal }) => callApi(adminListOfflineDeposits, { query: { status, page }, signal }),
    placeholderData: keepPreviousData,
  });

export const offlineDepositQueryOptions = (depositId: string) =>
  queryOptions({
    queryKey: moneyKeys.offlineDeposit(depositId),
    queryFn: ({ signal }) => callApi(adminGetOfflineDeposit, { params: { depositId }, signal }),
  });

/**
 * Approve or reject a withdrawal (`money.review`). Whatever the answer (a decision, or
 * `REQUEST_ALREADY_REVIEWED` when another operator decided first), the queue, the withdrawal, its
 * user's page and wallets and the audit log are read again.
 */
export function useDecideWithdrawal(withdrawalId: string, userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: Decision<WithdrawalRejectReason>) =>
      decision.approve
        ? callApi(adminApproveWithdrawal, { params: { withdrawalId } })
        : callApi(adminRejectWithdrawal, {
            params: { withdrawalId },
            body: { reason: decision.reason, comment: decision.comment || undefined },
          }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: consoleKeys.withdrawals }),
        client.invalidateQueries({ queryKey: consoleKeys.user(userId) }),
        client.invalidateQueries({ queryKey: consoleKeys.audit }),
      ]),
  });
}

/** Approve (the wallet is credited) or reject an offline deposit; refreshes as `useDecideWithdrawal`. */
export function useDecideOfflineDeposit(depositId: string, userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: Decision<OfflineDepositRejectReason>) =>
      decision.approve
        ? callApi(adminApproveOfflineDeposit, { params: { depositId } })
        : callApi(adminRejectOfflineDeposit, {
            params: { depositId },
            body: { reason: decision.reason, comment: decision.comment || undefined },
          }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: consoleKeys.offlineDeposits }),
        client.invalidateQueries({ queryKey: consoleKeys.user(userId) }),
        client.invalidateQueries({ queryKey: consoleKeys.audit }),
      ]),
  });
}
