import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminApproveTetherWithdrawal,
  adminGetChainDesk,
  adminGetChainReconciliation,
  adminGetTetherWithdrawal,
  adminListTetherDeposits,
  adminListTetherWithdrawals,
  adminProposeChainSettings,
  adminRejectTetherWithdrawal,
  adminSetChainNetworkSwitch,
  type ProposeChainSettingsBody,
} from '@portal/contract/admin/chain';
import type {
  ChainDepositStatus,
  NetworkDisabledReason,
  TetherNetworkKey,
  TetherWithdrawalRejectReason,
  TetherWithdrawalStatus,
} from '@portal/contract/tether/chain';
import { callApi } from '@/lib/api-client';
import { consoleKeys } from '../shell/console-keys';
import type { Decision } from '../shell/decision-dialog';
import { useInvalidateProposals } from '../shell/four-eyes/proposal-queries';

/** How often the networks (the watcher's health, the counts) are read again while the desk is open. */
export const CHAIN_DESK_REFRESH_MS = 15_000;

/** A list's filters as the address holds them: one state or status (or every one), one network (or every one). */
export interface WithdrawalFilters {
  state: TetherWithdrawalStatus | 'all';
  network: TetherNetworkKey | 'all';
}
export interface DepositFilters {
  status: ChainDepositStatus | 'all';
  network: TetherNetworkKey | 'all';
}

/**
 * Query keys of the chain desk (issue 18), under the console's `chain` root: a switch reads the desk again,
 * a review the withdrawals (and the desk's counts); an approved settings proposal refreshes the root
 * (proposals/api.ts).
 */
export const chainKeys = {
  all: consoleKeys.chain,
  desk: [...consoleKeys.chain, 'desk'] as const,
  withdrawals: [...consoleKeys.chain, 'withdrawals'] as const,
  withdrawalList: (filters: WithdrawalFilters, page: number) =>
    [...consoleKeys.chain, 'withdrawals', 'list', { ...filters, page }] as const,
  withdrawal: (withdrawalId: string) => [...consoleKeys.chain, 'withdrawals', 'detail', withdrawalId] as const,
  deposits: (filters: DepositFilters, page: number) =>
    [...consoleKeys.chain, 'deposits', { ...filters, page }] as const,
  reconciliation: [...consoleKeys.chain, 'reconciliation'] as const,
};

/** `GET /admin/chain`: the networks, their settings and watchers, the settings in force. */
export const chainDeskQueryOptions = () =>
  queryOptions({
    queryKey: chainKeys.desk,
    queryFn: ({ signal }) => callApi(adminGetChainDesk, { signal }),
    refetchInterval: CHAIN_DESK_REFRESH_MS,
  });

const only = <T extends string>(v: T | 'all') => (v === 'all' ? undefined : v);

/** `GET /admin/chain/withdrawals`: pending oldest first (the queue), the others newest first. */
export const chainWithdrawalsQueryOptions = (filters: WithdrawalFilters, page: number) =>
  queryOptions({
    queryKey: chainKeys.withdrawalList(filters, page),
    queryFn: ({ signal }) =>
      callApi(adminListTetherWithdrawals, {
        query: { state: only(filters.state), network: only(filters.network), page },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const chainWithdrawalQueryOptions = (withdrawalId: string) =>
  queryOptions({
    queryKey: chainKeys.withdrawal(withdrawalId),
    queryFn: ({ signal }) => callApi(adminGetTetherWithdrawal, { params: { withdrawalId }, signal }),
  });

/** `GET /admin/chain/deposits`: newest first. */
export const chainDepositsQueryOptions = (filters: DepositFilters, page: number) =>
  queryOptions({
    queryKey: chainKeys.deposits(filters, page),
    queryFn: ({ signal }) =>
      callApi(adminListTetherDeposits, {
        query: { status: only(filters.status), network: only(filters.network), page },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** `GET /admin/chain/reconciliation`: asks the custody service each time (not read again by itself). */
export const chainReconciliationQueryOptions = () =>
  queryOptions({
    queryKey: chainKeys.reconciliation,
    queryFn: ({ signal }) => callApi(adminGetChainReconciliation, { signal }),
  });

/** `POST /admin/chain/settings`: proposes the settings (202, a proposal; they apply once another operator approves). */
export function useProposeChainSettings() {
  const invalidate = useInvalidateProposals();
  return useMutation({
    mutationFn: (body: ProposeChainSettingsBody) => callApi(adminProposeChainSettings, { body }),
    onSuccess: () => invalidate(),
  });
}

export interface NetworkSwitch {
  network: TetherNetworkKey;
  direction: 'deposit' | 'withdrawal';
  enabled: boolean;
  reason?: NetworkDisabledReason | undefined;
  note?: string | undefined;
}

/** `POST /admin/chain/switch`: opens or closes a direction of a network; the desk and the audit log are read again. */
export function useSetNetworkSwitch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NetworkSwitch) => callApi(adminSetChainNetworkSwitch, { body }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: chainKeys.desk }),
        client.invalidateQueries({ queryKey: consoleKeys.audit }),
      ]),
  });
}

/**
 * Approve or reject a tether withdrawal (`money.review`). Whatever the answer (a decision, or
 * `REQUEST_ALREADY_REVIEWED` when another operator decided first), the withdrawals, the desk's counts, the
 * user's page and the audit log are read again.
 */
export function useDecideTetherWithdrawal(withdrawalId: string, userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: Decision<TetherWithdrawalRejectReason>) =>
      decision.approve
        ? callApi(adminApproveTetherWithdrawal, { params: { withdrawalId } })
        : callApi(adminRejectTetherWithdrawal, {
            params: { withdrawalId },
            body: { reason: decision.reason, comment: decision.comment || undefined },
          }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: chainKeys.withdrawals }),
        client.invalidateQueries({ queryKey: chainKeys.desk }),
        client.invalidateQueries({ queryKey: consoleKeys.user(userId) }),
        client.invalidateQueries({ queryKey: consoleKeys.audit }),
      ]),
  });
}
