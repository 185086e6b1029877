import { useMutation } from '@tanstack/react-query';
import { submitIdentity, type SubmitIdentityBody } from '@portal/contract/kyc/kyc';
import { callApi } from '@/lib/api-client';
import { useKycStateUpdate } from './kyc-cache';

/** Level one (Iranian): national code and Gregorian birth date, answered at once by the identity inquiry. */
export function useSubmitIdentity() {
  const update = useKycStateUpdate();
  return useMutation({
    mutationFn: (body: SubmitIdentityBody) => callApi(submitIdentity, { body }),
    onSuccess: update,
  });
}
