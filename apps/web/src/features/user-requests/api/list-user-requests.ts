import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listUserRequests, type ListUserRequestsFilter } from '@portal/contract/wallet/user-requests';
import { callApi } from '@/lib/api-client';
import { queryRoots } from '@/lib/queries/keys';

/** Query keys of `/user-requests`, written once (cancelling invalidates their root: `invalidateAfter`). */
export const userRequestsKeys = {
  all: queryRoots.userRequests,
  list: (filter: ListUserRequestsFilter) => [...queryRoots.userRequests, 'list', filter] as const,
};

/** `GET /user-requests`: one page of the user's requests, filtered and ordered. */
export const userRequestsQueryOptions = (filter: ListUserRequestsFilter) =>
  queryOptions({
    queryKey: userRequestsKeys.list(filter),
    queryFn: ({ signal }) => callApi(listUserRequests, { query: filter, signal }),
    placeholderData: keepPreviousData,
  });

export function useUserRequests(filter: ListUserRequestsFilter) {
  return useQuery(userRequestsQueryOptions(filter));
}
