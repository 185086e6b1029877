import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { verifyGatewayDeposit } from '@portal/contract/wallet/deposits';
import { callApi } from '@/lib/api-client';
import { invalidateAfter } from '@/lib/queries/invalidate';
import { depositKeys } from './deposit-keys';

export interface GatewayReturn {
  depositId: string;
  authority: string;
  status: 'OK' | 'NOK';
}

/** How often a deposit still being verified (`waiting`) is asked about again. */
export const WAITING_POLL_MS = 5_000;

/**
 * `POST /wallet/deposits/:id/verify` for the return from the gateway, read like a query: the server
 * verifies with the gateway once and answers the same outcome to every later call (a reload of the
 * return page, a second tab), so asking again is safe; while the outcome is `waiting` it is asked again
 * every few seconds.
 */
export const verifyGatewayDepositQueryOptions = ({ depositId, authority, status }: GatewayReturn) =>
  queryOptions({
    queryKey: depositKeys.verification(depositId, authority, status),
    queryFn: ({ signal }) =>
      callApi(verifyGatewayDeposit, { params: { depositId }, body: { authority, status }, signal }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => (query.state.data?.outcome === 'waiting' ? WAITING_POLL_MS : false),
  });

export function useVerifyGatewayDeposit(input: GatewayReturn) {
  const client = useQueryClient();
  const query = useQuery(verifyGatewayDepositQueryOptions(input));
  const credited = query.data?.outcome === 'success';
  useEffect(() => {
    if (credited) void invalidateAfter(client, 'gatewayDeposit');
  }, [credited, client]);
  return query;
}
