import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loginWithPassword, type LoginWithPasswordBody } from '@portal/contract/auth/password';
import { callApi } from '@/lib/api-client';
import { refreshSession } from '@/lib/session';
import { verifyOtpMutationKey } from './verify-otp-key';

/** POST /api/auth/password/login: a session, or a two-factor challenge. */
export function useLoginWithPassword() {
  const client = useQueryClient();
  return useMutation({
    // Same key as the code step: the auth page waits for it before following the session.
    mutationKey: verifyOtpMutationKey,
    mutationFn: (body: LoginWithPasswordBody) => callApi(loginWithPassword, { body }),
    onSuccess: async (result) => {
      if (result.status === 'loggedIn') await refreshSession(client);
    },
  });
}
