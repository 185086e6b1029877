import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminImportBankStatement,
  adminListStatementLines,
  type ImportBankStatementBody,
} from '@portal/contract/admin/bank-statements';
import type { StatementLineStatus } from '@portal/contract/wallet/deposit-by-id';
import { callApi } from '@/lib/api-client';
import { adminKeys } from './admin-queries';

/** Query keys of the settlement desk (decision 020). */
export const statementKeys = {
  all: ['admin', 'bank-statements'] as const,
  lines: (status: StatementLineStatus | 'all', page: number) =>
    ['admin', 'bank-statements', 'lines', { status, page }] as const,
};

/** `GET /admin/bank-statements/lines`: imported transfers, newest first, of one status or all. */
export const statementLinesQueryOptions = (status: StatementLineStatus | 'all', page: number) =>
  queryOptions({
    queryKey: statementKeys.lines(status, page),
    queryFn: ({ signal }) =>
      callApi(adminListStatementLines, { query: { ...(status === 'all' ? {} : { status }), page }, signal }),
    placeholderData: keepPreviousData,
  });

/**
 * `POST /admin/bank-statements`: proposes the import of a statement file (202, a proposal); its lines are
 * matched and credited when a second operator approves (issue 15), which refreshes the lines. Importing
 * the same file again is harmless (each transfer is known by its bank reference), so a retry needs no
 * idempotency key.
 */
export function useImportStatement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportBankStatementBody) => callApi(adminImportBankStatement, { body }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.proposals }),
        client.invalidateQueries({ queryKey: adminKeys.audit }),
      ]),
  });
}
