import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createDepositId, getDepositByIdOverview } from '@portal/contract/wallet/deposit-by-id';
import { callApi } from '@/lib/api-client';
import { depositKeys } from './deposit-keys';

/** `GET /wallet/deposits/by-id`: my payment IDs, what is left of today's cap and my transfers by ID. */
export const depositByIdQueryOptions = () =>
  queryOptions({
    queryKey: depositKeys.byId,
    queryFn: ({ signal }) => callApi(getDepositByIdOverview, { signal }),
  });

export function useDepositByIdOverview() {
  return useQuery(depositByIdQueryOptions());
}

/**
 * `POST /wallet/deposits/by-id`: the payment ID of one of my sheba accounts (made on first ask; asking
 * again answers the same ID, so a retry is harmless and needs no idempotency key).
 */
export function useCreateDepositId() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (bankAccountId: string) => callApi(createDepositId, { body: { bankAccountId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: depositKeys.byId }),
  });
}
