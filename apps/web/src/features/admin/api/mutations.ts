import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  addUserNote,
  approveKyc,
  freezeUser,
  recoverOperator,
  rejectKyc,
  setUserRole,
  unfreezeUser,
} from '@portal/contract/admin/admin';
import { adminApproveWithdrawal, adminRejectWithdrawal } from '@portal/contract/admin/money';
import { adminApproveOfflineDeposit, adminRejectOfflineDeposit } from '@portal/contract/admin/offline-deposits';
import type { Role } from '@portal/contract/admin/roles';
import type { KycRejectReason } from '@portal/contract/kyc/kyc';
import type { OfflineDepositRejectReason } from '@portal/contract/wallet/offline-deposits';
import type { WithdrawalRejectReason } from '@portal/contract/wallet/withdrawals';
import { callApi } from '@/lib/api-client';
import { adminKeys } from './admin-queries';

/**
 * The console's decisions, each through its contract endpoint. Every one is audited on the server, so
 * each also invalidates the audit log; a decision on a user refreshes their page and the search.
 */
function useInvalidateUser() {
  const client = useQueryClient();
  return (userId: string) =>
    Promise.all([
      client.invalidateQueries({ queryKey: adminKeys.user(userId) }),
      client.invalidateQueries({ queryKey: adminKeys.users }),
      client.invalidateQueries({ queryKey: adminKeys.audit }),
    ]);
}

export function useAddUserNote(userId: string) {
  const invalidate = useInvalidateUser();
  return useMutation({
    mutationFn: (text: string) => callApi(addUserNote, { params: { userId }, body: { text } }),
    onSuccess: () => invalidate(userId),
  });
}

export function useSetFrozen(userId: string) {
  const invalidate = useInvalidateUser();
  return useMutation({
    mutationFn: ({ frozen, reason }: { frozen: boolean; reason: string }) =>
      callApi(frozen ? freezeUser : unfreezeUser, { params: { userId }, body: { reason } }),
    onSuccess: () => invalidate(userId),
  });
}

/** An admin recovers an operator's two-factor (`adminRecoverOperator`); the user's page shows it at once. */
export function useRecoverOperator(userId: string) {
  const invalidate = useInvalidateUser();
  return useMutation({
    mutationFn: (reason: string) => callApi(recoverOperator, { params: { userId }, body: { reason } }),
    onSuccess: () => invalidate(userId),
  });
}

export function useSetUserRole(userId: string) {
  const invalidate = useInvalidateUser();
  return useMutation({
    mutationFn: (role: Role) => callApi(setUserRole, { params: { userId }, body: { role } }),
    onSuccess: () => invalidate(userId),
  });
}

export type KycDecision = { approve: true } | { approve: false; reason: KycRejectReason; comment?: string | undefined };

/**
 * Approve or reject a submission. Whatever the answer (a decision, or `KYC_ALREADY_REVIEWED` when
 * another operator decided first), the queue, the submission and its user are read again.
 */
export function useDecideKyc(submissionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: KycDecision) =>
      decision.approve
        ? callApi(approveKyc, { params: { submissionId } })
        : callApi(rejectKyc, {
            params: { submissionId },
            body: { reason: decision.reason, comment: decision.comment || undefined },
          }),
    onSettled: (detail) =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.kyc }),
        client.invalidateQueries({ queryKey: adminKeys.audit }),
        detail ? client.invalidateQueries({ queryKey: adminKeys.user(detail.user.id) }) : undefined,
      ]),
  });
}

/** A money desk decision: approve, or reject with one of the request's reasons and an internal comment. */
export type MoneyDecision<R extends string> =
  { approve: true } | { approve: false; reason: R; comment?: string | undefined };

/**
 * Approve or reject a withdrawal (`money.review`). Whatever the answer (a decision, or
 * `REQUEST_ALREADY_REVIEWED` when another operator decided first), the queue, the withdrawal, its
 * user's page and wallets and the audit log are read again.
 */
export function useDecideWithdrawal(withdrawalId: string, userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: MoneyDecision<WithdrawalRejectReason>) =>
      decision.approve
        ? callApi(adminApproveWithdrawal, { params: { withdrawalId } })
        : callApi(adminRejectWithdrawal, {
            params: { withdrawalId },
            body: { reason: decision.reason, comment: decision.comment || undefined },
          }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.withdrawals }),
        client.invalidateQueries({ queryKey: adminKeys.user(userId) }),
        client.invalidateQueries({ queryKey: adminKeys.audit }),
      ]),
  });
}

/** Approve (the wallet is credited) or reject an offline deposit; refreshes as `useDecideWithdrawal`. */
export function useDecideOfflineDeposit(depositId: string, userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: MoneyDecision<OfflineDepositRejectReason>) =>
      decision.approve
        ? callApi(adminApproveOfflineDeposit, { params: { depositId } })
        : callApi(adminRejectOfflineDeposit, {
            params: { depositId },
            body: { reason: decision.reason, comment: decision.comment || undefined },
          }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.offlineDeposits }),
        client.invalidateQueries({ queryKey: adminKeys.user(userId) }),
        client.invalidateQueries({ queryKey: adminKeys.audit }),
      ]),
  });
}
