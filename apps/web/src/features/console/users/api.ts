import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  addUserNote,
  freezeUser,
  getUser,
  recoverOperator,
  searchUsers,
  setUserRole,
  unfreezeUser,
} from '@portal/contract/admin/admin';
import { adminListUserWallets } from '@portal/contract/admin/money-desk';
import type { Role } from '@portal/contract/admin/roles';
import { callApi } from '@/lib/api-client';
import { consoleKeys } from '../shell/console-keys';

/** Query keys of the users desk, under the console's `users` root. */
export const userKeys = {
  search: (q: string, page: number) => [...consoleKeys.users, 'search', { q, page }] as const,
  /** A user's wallets sit under the user's key: a decision on the user refreshes them too. */
  wallets: (userId: string) => [...consoleKeys.user(userId), 'wallets'] as const,
};

export const userSearchQueryOptions = (q: string, page: number) =>
  queryOptions({
    queryKey: userKeys.search(q, page),
    queryFn: ({ signal }) => callApi(searchUsers, { query: { q: q || undefined, page }, signal }),
    placeholderData: keepPreviousData,
  });

export const userQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: consoleKeys.user(userId),
    queryFn: ({ signal }) => callApi(getUser, { params: { userId }, signal }),
  });

export const userWalletsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: userKeys.wallets(userId),
    queryFn: ({ signal }) => callApi(adminListUserWallets, { params: { userId }, signal }),
  });

/**
 * The users desk's decisions, each through its contract endpoint. Every one is audited on the server, so
 * each also invalidates the audit log; a decision on a user refreshes their page and the search.
 */
function useInvalidateUser() {
  const client = useQueryClient();
  return (userId: string) =>
    Promise.all([
      client.invalidateQueries({ queryKey: consoleKeys.user(userId) }),
      client.invalidateQueries({ queryKey: consoleKeys.users }),
      client.invalidateQueries({ queryKey: consoleKeys.audit }),
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
