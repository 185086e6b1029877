import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import {
  adminImportBankStatement,
  adminListStatementLines,
  type ImportBankStatementBody,
} from '@portal/contract/admin/bank-statements';
import type { StatementLineStatus } from '@portal/contract/wallet/deposit-by-id';
import { callApi } from '@/lib/api-client';
import { consoleKeys } from '../shell/console-keys';
import { useInvalidateProposals } from '../shell/four-eyes/proposal-queries';

/** Query keys of the settlement desk (decision 020), under the console's `bank-statements` root. */
export const statementKeys = {
  lines: (status: StatementLineStatus | 'all', page: number) =>
    [...consoleKeys.bankStatements, 'lines', { status, page }] as const,
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
  const invalidate = useInvalidateProposals();
  return useMutation({
    mutationFn: (body: ImportBankStatementBody) => callApi(adminImportBankStatement, { body }),
    onSuccess: () => invalidate(),
  });
}
