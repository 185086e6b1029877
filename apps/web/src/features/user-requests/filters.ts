import { UserRequestDisplayOrder, UserRequestsResponseType, UserRequestStatus } from '@portal/contract/core/enums';
import type { ListUserRequestsFilter } from '@portal/contract/wallet/user-requests';
import { pageParam } from '@/lib/page-window';

type Of<T extends readonly string[]> = T[number];
const pick = <T extends readonly string[]>(values: T, raw: string | null): Of<T> | undefined =>
  raw !== null && (values as readonly string[]).includes(raw) ? raw : undefined;

/** The list's filter from the address: unknown values are dropped, as if absent (SPEC §3 enumerations). */
export function filterFromParams(params: URLSearchParams): ListUserRequestsFilter {
  const type = pick(UserRequestsResponseType, params.get('type'));
  const status = pick(UserRequestStatus, params.get('status'));
  return {
    ...(type ? { type } : {}),
    ...(status ? { status } : {}),
    order: pick(UserRequestDisplayOrder, params.get('order')) ?? 'NewestRequest',
    page: pageParam(params.get('page')),
  };
}
