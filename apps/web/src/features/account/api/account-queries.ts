import { queryOptions } from '@tanstack/react-query';
import { getRecoveryCodesStatus, listSecurityEvents } from '@portal/contract/account/security';
import { listSessions } from '@portal/contract/account/sessions';
import { callApi } from '@/lib/api-client';
import { queryRoots } from '@/lib/queries/keys';

/** Query keys and options of the account pages, written once (mutations invalidate through them). */
export const accountKeys = {
  sessions: [...queryRoots.account, 'sessions'] as const,
  securityEvents: [...queryRoots.account, 'security-events'] as const,
  recoveryCodes: [...queryRoots.account, 'recovery-codes'] as const,
};

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.sessions,
    queryFn: ({ signal }) => callApi(listSessions, { signal }),
  });

export const securityEventsQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.securityEvents,
    queryFn: ({ signal }) => callApi(listSecurityEvents, { query: { limit: 20 }, signal }),
  });

/** How many recovery codes are left (issue 15); never the codes themselves. */
export const recoveryCodesQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.recoveryCodes,
    queryFn: ({ signal }) => callApi(getRecoveryCodesStatus, { signal }),
  });
