import { useMutation, useQueryClient } from '@tanstack/react-query';
import { verifyOtp, type VerifyOtpBody } from '@portal/contract/auth/auth';
import { callApi } from '@/lib/api-client';
import { refreshSession } from '@/lib/session';
import { verifyOtpMutationKey } from './verify-otp-key';

/** POST /api/auth/otp/verify: checks the code; a new number becomes an account, a known one logs in. */
export function verifyOtpCode(body: VerifyOtpBody) {
  return callApi(verifyOtp, { body });
}

export function useVerifyOtp() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: verifyOtpMutationKey,
    mutationFn: verifyOtpCode,
    // The session cookie is set; load the account before leaving so the app opens with it. With
    // two-factor on there is no session yet: the TOTP step follows.
    onSuccess: async (result) => {
      if (result.status === 'loggedIn') await refreshSession(client);
    },
  });
}
