import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminMe, getKycSubmission, getUser, listKyc, searchAudit, searchUsers } from '@portal/contract/admin/admin';
import { adminGetWithdrawal, adminListUserWallets } from '@portal/contract/admin/money-desk';
import { adminListWithdrawals } from '@portal/contract/admin/money';
import { adminGetOfflineDeposit, adminListOfflineDeposits } from '@portal/contract/admin/offline-deposits';
import type { KycSubmissionStatus } from '@portal/contract/kyc/kyc';
import type { OFFLINE_DEPOSIT_STATUSES } from '@portal/contract/wallet/offline-deposits';
import type { WithdrawalStatus } from '@portal/contract/wallet/withdrawals';
import { callApi } from '@/lib/api-client';

/** The audit log's filters, as the URL holds them (dates are Gregorian `YYYY-MM-DD`). */
export interface AuditFilters {
  userId?: string | undefined;
  actorId?: string | undefined;
  action?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export type OfflineDepositState = (typeof OFFLINE_DEPOSIT_STATUSES)[number];

/**
 * Query keys of the operator console, written once: mutations invalidate through them. Every key
 * starts with `admin`, so a role change of the operator can drop the whole console's cache at once.
 */
export const adminKeys = {
  all: ['admin'] as const,
  me: ['admin', 'me'] as const,
  users: ['admin', 'users'] as const,
  userSearch: (q: string, page: number) => ['admin', 'users', 'search', { q, page }] as const,
  user: (userId: string) => ['admin', 'users', 'detail', userId] as const,
  kyc: ['admin', 'kyc'] as const,
  kycList: (status: KycSubmissionStatus, page: number) => ['admin', 'kyc', 'list', { status, page }] as const,
  kycSubmission: (submissionId: string) => ['admin', 'kyc', 'detail', submissionId] as const,
  audit: ['admin', 'audit'] as const,
  auditSearch: (filters: AuditFilters, page: number) => ['admin', 'audit', { ...filters, page }] as const,
  /** A user's wallets sit under the user's key: a decision on the user refreshes them too. */
  userWallets: (userId: string) => ['admin', 'users', 'detail', userId, 'wallets'] as const,
  withdrawals: ['admin', 'withdrawals'] as const,
  withdrawalList: (status: WithdrawalStatus, page: number) =>
    ['admin', 'withdrawals', 'list', { status, page }] as const,
  withdrawal: (withdrawalId: string) => ['admin', 'withdrawals', 'detail', withdrawalId] as const,
  offlineDeposits: ['admin', 'offline-deposits'] as const,
  offlineDepositList: (status: OfflineDepositState, page: number) =>
    ['admin', 'offline-deposits', 'list', { status, page }] as const,
  offlineDeposit: (depositId: string) => ['admin', 'offline-deposits', 'detail', depositId] as const,
  /** Every proposal list and proposal (api/proposals.ts): a write that proposes refreshes them. */
  proposals: ['admin', 'proposals'] as const,
};

export const adminMeQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.me,
    queryFn: ({ signal }) => callApi(adminMe, { signal }),
    staleTime: 60_000,
  });

export const userSearchQueryOptions = (q: string, page: number) =>
  queryOptions({
    queryKey: adminKeys.userSearch(q, page),
    queryFn: ({ signal }) => callApi(searchUsers, { query: { q: q || undefined, page }, signal }),
    placeholderData: keepPreviousData,
  });

export const userQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: adminKeys.user(userId),
    queryFn: ({ signal }) => callApi(getUser, { params: { userId }, signal }),
  });

export const kycListQueryOptions = (status: KycSubmissionStatus, page: number) =>
  queryOptions({
    queryKey: adminKeys.kycList(status, page),
    queryFn: ({ signal }) => callApi(listKyc, { query: { status, page }, signal }),
    placeholderData: keepPreviousData,
  });

export const kycSubmissionQueryOptions = (submissionId: string) =>
  queryOptions({
    queryKey: adminKeys.kycSubmission(submissionId),
    queryFn: ({ signal }) => callApi(getKycSubmission, { params: { submissionId }, signal }),
  });

export const auditQueryOptions = (filters: AuditFilters, page: number) =>
  queryOptions({
    queryKey: adminKeys.auditSearch(filters, page),
    queryFn: ({ signal }) => callApi(searchAudit, { query: { ...filters, page }, signal }),
    placeholderData: keepPreviousData,
  });

export const userWalletsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: adminKeys.userWallets(userId),
    queryFn: ({ signal }) => callApi(adminListUserWallets, { params: { userId }, signal }),
  });

export const withdrawalListQueryOptions = (status: WithdrawalStatus, page: number) =>
  queryOptions({
    queryKey: adminKeys.withdrawalList(status, page),
    queryFn: ({ signal }) => callApi(adminListWithdrawals, { query: { status, page }, signal }),
    placeholderData: keepPreviousData,
  });

export const withdrawalQueryOptions = (withdrawalId: string) =>
  queryOptions({
    queryKey: adminKeys.withdrawal(withdrawalId),
    queryFn: ({ signal }) => callApi(adminGetWithdrawal, { params: { withdrawalId }, signal }),
  });

export const offlineDepositListQueryOptions = (status: OfflineDepositState, page: number) =>
  queryOptions({
    queryKey: adminKeys.offlineDepositList(status, page),
    queryFn: ({ signal }) => callApi(adminListOfflineDeposits, { query: { status, page }, signal }),
    placeholderData: keepPreviousData,
  });

export const offlineDepositQueryOptions = (depositId: string) =>
  queryOptions({
    queryKey: adminKeys.offlineDeposit(depositId),
    queryFn: ({ signal }) => callApi(adminGetOfflineDeposit, { params: { depositId }, signal }),
  });
