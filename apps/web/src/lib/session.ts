import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getAccount, type AccountResponse } from '@portal/contract/account/account';
import { callApi } from './api-client';
import { isApiError, isSessionError } from './api-error';
import { accountQueryKey, clearSession } from './session-state';

/**
 * The session (SPEC §4). The server keeps it and the browser holds only an httpOnly cookie, so
 * "logged in" is what `GET /api/account` says: the account (logged in with info), `null`
 * (logged out: 401, a redirect to login, or 403), or an error (the server could not tell: 5xx,
 * network, a broken answer) that the app shows as a technical error.
 */

export async function fetchAccount(signal?: AbortSignal): Promise<AccountResponse | null> {
  try {
    return await callApi(getAccount, { signal });
  } catch (e) {
    if (isSessionError(e) || (isApiError(e) && e.status === 403)) return null;
    throw e;
  }
}

export const accountQueryOptions = () =>
  queryOptions({
    queryKey: accountQueryKey,
    queryFn: ({ signal }) => fetchAccount(signal),
    meta: { handlesSessionLoss: true },
    staleTime: 60_000,
  });

export function useAccount() {
  return useQuery(accountQueryOptions());
}

/** After a login: fetch the account now, so the app opens with it. */
export async function refreshSession(client: QueryClient): Promise<AccountResponse | null> {
  return client.fetchQuery({ ...accountQueryOptions(), staleTime: 0 });
}

/**
 * Ends the session server-side, then locally. A session that was already gone counts as logged out.
 * The endpoint's module (the login schemas, with the phone-number rules) is fetched when the user logs
 * out, not with every signed-in page.
 */
export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { logout } = await import('@portal/contract/auth/auth');
      try {
        await callApi(logout);
      } catch (e) {
        if (!isSessionError(e)) throw e;
      }
    },
    meta: { handlesSessionLoss: true },
    onSuccess: () => clearSession(client),
  });
}
