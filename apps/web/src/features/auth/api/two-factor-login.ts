import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  recoverTwoFactorLogin,
  requestTwoFactorRecoveryCode,
  verifyTwoFactorLogin,
} from '@portal/contract/auth/two-factor';
import type { OtpChannel } from '@portal/contract/auth/auth';
import { callApi } from '@/lib/api-client';
import { refreshSession } from '@/lib/session';
import { verifyOtpMutationKey } from './verify-otp-key';

/** POST /api/auth/two-factor/verify: the authenticator code opens the session. */
export function useVerifyTwoFactorLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: verifyOtpMutationKey,
    mutationFn: (body: { challengeToken: string; code: string }) => callApi(verifyTwoFactorLogin, { body }),
    onSuccess: async () => {
      await refreshSession(client);
    },
  });
}

/** "I can't reach my authenticator": a code to the account's phone. */
export function useRequestTwoFactorRecoveryCode() {
  return useMutation({
    mutationFn: (body: { challengeToken: string; channel?: OtpChannel }) =>
      callApi(requestTwoFactorRecoveryCode, { body }),
  });
}

/** The phone code turns two-factor off and opens the session. */
export function useRecoverTwoFactorLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: verifyOtpMutationKey,
    mutationFn: (body: { challengeToken: string; code: string }) => callApi(recoverTwoFactorLogin, { body }),
    onSuccess: async () => {
      await refreshSession(client);
    },
  });
}
