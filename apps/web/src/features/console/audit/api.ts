import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { searchAudit } from '@portal/contract/admin/admin';
import { callApi } from '@/lib/api-client';
import { consoleKeys } from '../shell/console-keys';

/** The audit log's filters, as the URL holds them (dates are Gregorian `YYYY-MM-DD`, the mobile `0912…`). */
export interface AuditFilters {
  userId?: string | undefined;
  actorId?: string | undefined;
  mobile?: string | undefined;
  action?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** Query keys of the audit desk, under the console's `audit` root (every audited decision invalidates it). */
export const auditKeys = {
  search: (filters: AuditFilters, page: number) => [...consoleKeys.audit, { ...filters, page }] as const,
};

export const auditQueryOptions = (filters: AuditFilters, page: number) =>
  queryOptions({
    queryKey: auditKeys.search(filters, page),
    queryFn: ({ signal }) => callApi(searchAudit, { query: { ...filters, page }, signal }),
    placeholderData: keepPreviousData,
  });
