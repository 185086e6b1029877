import { useMutation } from '@tanstack/react-query';
import type { RequestOtpBody, RequestOtpResponse } from '@portal/contract/auth/auth';

/**
 * POST /api/auth/otp: sends a one-time code by SMS or voice call. The endpoint's declaration and
 * the API client (with zod) are fetched on first use: the auth page paints without them.
 */
export async function requestOtpCode(body: RequestOtpBody): Promise<RequestOtpResponse> {
  const [{ requestOtp }, { callApi }] = await Promise.all([
    import('@portal/contract/auth/auth'),
    import('@/lib/api-client'),
  ]);
  return callApi(requestOtp, { body });
}

export function useRequestOtp() {
  return useMutation({ mutationFn: requestOtpCode });
}
