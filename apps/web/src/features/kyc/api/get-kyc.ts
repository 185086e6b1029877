import { useQuery } from '@tanstack/react-query';
import { kycQueryOptions } from '@/lib/queries/kyc';

/** While a submission waits for an operator, how often the page asks whether it was decided. */
export const PENDING_REFETCH_MS = 30_000;

/** `GET /kyc` for the KYC page: asked again now and then while a submission is under review. */
export function useKyc() {
  return useQuery({
    ...kycQueryOptions(),
    refetchInterval: (query) => (query.state.data?.latest?.status === 'pending' ? PENDING_REFETCH_MS : false),
  });
}
