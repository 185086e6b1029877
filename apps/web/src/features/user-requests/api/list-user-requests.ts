import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listUserRequests, type ListUserRequestsFilter } from '@portal/contract/wallet/user-requests';
import { callApi } from '@/lib/api-client';

/** Query keys of `/user-requests`, written once (cancelling invalidates through `all`). */
export const userRequestsKeys = {
  all: ['user-requests'] as const,
  list: (filter: ListUserRequestsFilter) => ['user-requests', 'list', filter] as const,
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
