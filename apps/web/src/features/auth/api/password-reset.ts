import { useMutation } from '@tanstack/react-query';
import { requestOtp, type RequestOtpBody } from '@portal/contract/auth/auth';
import { resetPassword, verifyPasswordReset, type ResetPasswordBody } from '@portal/contract/auth/password';
import { callApi } from '@/lib/api-client';

/** Forgot password, step 1: `POST /api/auth/otp` with purpose `reset_password`. */
export function useRequestResetCode() {
  return useMutation({
    mutationFn: (body: Omit<RequestOtpBody, 'purpose'>) =>
      callApi(requestOtp, { body: { ...body, purpose: 'reset_password' } }),
  });
}

/** Step 2: the code → a reset token (and whether the TOTP code is needed too). */
export function useVerifyResetCode() {
  return useMutation({
    mutationFn: (body: { mobile: string; country: string; code: string }) => callApi(verifyPasswordReset, { body }),
  });
}

/** Step 3: the new password; every session of the account ends. */
export function useResetPassword() {
  return useMutation({ mutationFn: (body: ResetPasswordBody) => callApi(resetPassword, { body }) });
}
