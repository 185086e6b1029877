import { useQueryClient } from '@tanstack/react-query';
import type { KycState } from '@portal/contract/kyc/kyc';
import { invalidateAfter } from '@/lib/queries/invalidate';
import { kycQueryOptions } from '@/lib/queries/kyc';

/**
 * After a KYC submission: the answer is the new state (shown at once), and `GET /kyc` and
 * `GET /account` (its kycVerified, kycLevel, shahkarPassed, hasNationalCode) are asked again.
 */
export function useKycStateUpdate() {
  const client = useQueryClient();
  return (state: KycState) => {
    client.setQueryData(kycQueryOptions().queryKey, state);
    return invalidateAfter(client, 'kyc');
  };
}
