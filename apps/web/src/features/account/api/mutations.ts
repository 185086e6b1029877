import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dismissFillUserInfo, updateProfile, type UpdateProfileBody } from '@portal/contract/account/account';
import { sendEmailVerificationCode, verifyEmailAddress } from '@portal/contract/account/email';
import {
  requestCurrentPhoneCode,
  requestNewPhoneCode,
  verifyCurrentPhone,
  verifyNewPhone,
  type RequestNewPhoneCodeBody,
} from '@portal/contract/account/phone';
import {
  clearAntiPhishingPhrase,
  regenerateRecoveryCodes,
  setAntiPhishingPhrase,
} from '@portal/contract/account/security';
import { endOtherSessions, endSession } from '@portal/contract/account/sessions';
import type { OtpChannel } from '@portal/contract/auth/auth';
import { changePassword, setPassword } from '@portal/contract/auth/password';
import { requestStepUpCode, stepUp, type StepUpBody } from '@portal/contract/auth/step-up';
import {
  disableTwoFactor,
  enableTwoFactor,
  requestDisableTwoFactorCode,
  setupTwoFactor,
} from '@portal/contract/auth/two-factor';
import { callApi } from '@/lib/api-client';
import { invalidateAfter } from '@/lib/queries/invalidate';
import { accountKeys } from './account-queries';
import type { StepUpGuard } from '../components/step-up';

/**
 * The account pages' mutations, each through its contract endpoint. Those that may need a recent
 * authentication run through the page's step-up guard: on `STEP_UP_REQUIRED` the user confirms
 * and the call is made again.
 */
function useInvalidateAccount() {
  const client = useQueryClient();
  // `GET /account` and the account pages' own keys (sessions, security events, recovery codes) share its root.
  return () => invalidateAfter(client, 'account');
}

export function useSetPassword(guard: StepUpGuard) {
  const invalidate = useInvalidateAccount();
  return useMutation({
    mutationFn: (password: string) => guard(() => callApi(setPassword, { body: { password } })),
    onSuccess: invalidate,
  });
}

export function useChangePassword() {
  const invalidate = useInvalidateAccount();
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => callApi(changePassword, { body }),
    onSuccess: invalidate,
  });
}

export function useSetupTwoFactor(guard: StepUpGuard) {
  return useMutation({ mutationFn: () => guard(() => callApi(setupTwoFactor)) });
}

/** Turns two-factor on; the answer carries the ten recovery codes, shown once (issue 15). */
export function useEnableTwoFactor(guard: StepUpGuard) {
  const invalidate = useInvalidateAccount();
  return useMutation({
    mutationFn: (code: string) => guard(() => callApi(enableTwoFactor, { body: { code } })),
    onSuccess: invalidate,
  });
}

/** A new set of recovery codes (after a step-up); the old ones stop working. */
export function useRegenerateRecoveryCodes(guard: StepUpGuard) {
  const invalidate = useInvalidateAccount();
  return useMutation({
    mutationFn: () => guard(() => callApi(regenerateRecoveryCodes)),
    onSuccess: invalidate,
  });
}

export function useRequestDisableTwoFactorCode() {
  return useMutation({
    mutationFn: (channel: OtpChannel) => callApi(requestDisableTwoFactorCode, { body: { channel } }),
  });
}

export function useDisableTwoFactor(guard: StepUpGuard) {
  const invalidate = useInvalidateAccount();
  return useMutation({
    mutationFn: (body: { method: 'totp' | 'sms'; code: string }) => guard(() => callApi(disableTwoFactor, { body })),
    onSuccess: invalidate,
  });
}

export function useRequestStepUpCode() {
  return useMutation({ mutationFn: (channel: OtpChannel) => callApi(requestStepUpCode, { body: { channel } }) });
}

export function useStepUp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StepUpBody) => callApi(stepUp, { body }),
    // A step-up may have spent a recovery code.
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.recoveryCodes }),
  });
}

export function useEndSession() {
  const invalidate = useInvalidateAccount();
  return useMutation({
    mutationFn: (id: string) => callApi(endSession, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useEndOtherSessions() {
  const invalidate = useInvalidateAccount();
  return useMutation({ mutationFn: () => callApi(endOtherSessions), onSuccess: invalidate });
}

export function useSetAntiPhishingPhrase() {
  const invalidate = useInvalidateAccount();
  return useMutation({
    mutationFn: (phrase: string | null) =>
      phrase ? callApi(setAntiPhishingPhrase, { body: { phrase } }) : callApi(clearAntiPhishingPhrase),
    onSuccess: invalidate,
  });
}

export function useSendEmailCode() {
  return useMutation({ mutationFn: (email: string) => callApi(sendEmailVerificationCode, { body: { email } }) });
}

export function useVerifyEmail() {
  const invalidate = useInvalidateAccount();
  return useMutation({
    mutationFn: ({ email, code }: { email: string; code: string }) =>
      callApi(verifyEmailAddress, { params: { code }, body: { email } }),
    onSuccess: invalidate,
  });
}

export function useRequestCurrentPhoneCode() {
  return useMutation({
    mutationFn: (channel: OtpChannel) => callApi(requestCurrentPhoneCode, { body: { channel } }),
  });
}

export function useVerifyCurrentPhone() {
  return useMutation({
    mutationFn: (body: { code: string; totpCode?: string }) => callApi(verifyCurrentPhone, { body }),
  });
}

export function useRequestNewPhoneCode() {
  return useMutation({
    mutationFn: (body: RequestNewPhoneCodeBody) => callApi(requestNewPhoneCode, { body }),
  });
}

export function useVerifyNewPhone() {
  return useMutation({
    mutationFn: (body: { changeToken: string; code: string }) => callApi(verifyNewPhone, { body }),
  });
}

/** Fill-new-user-info (SPEC §2): save the names; `GET /account` then no longer offers the screen. */
export function useUpdateProfile() {
  const invalidate = useInvalidateAccount();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => callApi(updateProfile, { body }),
    onSuccess: invalidate,
  });
}

/** Closing the fill-new-user-info screen hides it for good. */
export function useDismissFillUserInfo() {
  const invalidate = useInvalidateAccount();
  return useMutation({ mutationFn: () => callApi(dismissFillUserInfo), onSuccess: invalidate });
}
