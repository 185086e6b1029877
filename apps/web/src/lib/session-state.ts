import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { AccountResponse } from '@portal/contract/account/account';
import { resourceKeys } from './queries/keys';

/**
 * The session's place in the query cache, without the API client: the account query's data is
 * the account (logged in), `null` (logged out) or absent (not asked yet). See session.ts.
 */
export const accountQueryKey = resourceKeys.account;

export type SessionData = AccountResponse | null;

/** Forget everything the signed-out user saw, and mark the session as logged out. */
export function clearSession(client: QueryClient): void {
  void client.cancelQueries();
  client.removeQueries({ predicate: (q) => q.queryKey[0] !== accountQueryKey[0] });
  client.setQueryData<SessionData>(accountQueryKey, null);
}

/**
 * What this tab knows of the session, read from the cache without asking the server (and
 * without TanStack's query observer): `undefined` until the account was fetched once.
 */
export function useCachedSession(): SessionData | undefined {
  const client = useQueryClient();
  const cache = client.getQueryCache();
  return useSyncExternalStore(
    (onChange) => cache.subscribe(onChange),
    () => client.getQueryData<SessionData>(accountQueryKey),
    () => undefined,
  );
}
