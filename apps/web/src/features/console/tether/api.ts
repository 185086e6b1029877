import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminGetTetherDesk,
  adminListTetherTrades,
  adminPauseTetherTrading,
  adminProposeTetherSettings,
  adminResumeTetherTrading,
  type ProposeTetherSettingsBody,
} from '@portal/contract/admin/tether';
import type { TradeSide } from '@portal/contract/tether/pricing';
import { callApi } from '@/lib/api-client';
import { resourceKeys } from '@/lib/queries/keys';
import { consoleKeys } from '../shell/console-keys';
import { useInvalidateProposals } from '../shell/four-eyes/proposal-queries';

/** How often the desk's figures (sources' health, the house's position, today's trades) are read again. */
export const TETHER_DESK_REFRESH_MS = 15_000;

/**
 * Query keys of the tether desk (issue 17), under the console's `tether` root: a pause or a resume reads
 * the desk and the audit log again; an approved settings proposal refreshes the root (proposals/api.ts).
 */
export const tetherKeys = {
  all: consoleKeys.tether,
  desk: [...consoleKeys.tether, 'desk'] as const,
  trades: (side: TradeSide | 'all', page: number) => [...consoleKeys.tether, 'trades', { side, page }] as const,
};

/** `GET /admin/tether`: read again every few seconds while the desk is open. */
export const tetherDeskQueryOptions = () =>
  queryOptions({
    queryKey: tetherKeys.desk,
    queryFn: ({ signal }) => callApi(adminGetTetherDesk, { signal }),
    refetchInterval: TETHER_DESK_REFRESH_MS,
  });

export const tetherTradesQueryOptions = (side: TradeSide | 'all', page: number) =>
  queryOptions({
    queryKey: tetherKeys.trades(side, page),
    queryFn: ({ signal }) =>
      callApi(adminListTetherTrades, { query: { ...(side === 'all' ? {} : { side }), page }, signal }),
    placeholderData: keepPreviousData,
  });

/** `POST /admin/tether/settings`: proposes the settings (202, a proposal; they apply once another operator approves). */
export function useProposeTetherSettings() {
  const invalidate = useInvalidateProposals();
  return useMutation({
    mutationFn: (body: ProposeTetherSettingsBody) => callApi(adminProposeTetherSettings, { body }),
    onSuccess: () => invalidate(),
  });
}

/**
 * Pause or resume: whatever the answer (paused meanwhile by someone else too), the desk, the live price
 * (its status) and the audit log are read again.
 */
export function usePauseTrading() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: { pause: true; reason: string } | { pause: false }) =>
      action.pause
        ? callApi(adminPauseTetherTrading, { body: { reason: action.reason } })
        : callApi(adminResumeTetherTrading, {}),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: tetherKeys.desk }),
        client.invalidateQueries({ queryKey: resourceKeys.tetherPrice, exact: true }),
        client.invalidateQueries({ queryKey: consoleKeys.audit }),
      ]),
  });
}
