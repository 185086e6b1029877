import { useQueryClient } from '@tanstack/react-query';
import type { KycState } from '@portal/contract/kyc/kyc';
import { kycKeys } from '@/lib/kyc-query';
import { accountQueryKey } from '@/lib/session-state';

/**
 * After a KYC submission: the answer is the new state (shown at once), and `GET /kyc` and
 * `GET /account` (its kycVerified, kycLevel, shahkarPassed, hasNationalCode) are asked again.
 */
export function useKycStateUpdate() {
  const client = useQueryClient();
  return (state: KycState) => {
    client.setQueryData(kycKeys.state, state);
    return Promise.all([
      client.invalidateQueries({ queryKey: kycKeys.state }),
      client.invalidateQueries({ queryKey: accountQueryKey }),
    ]);
  };
}
