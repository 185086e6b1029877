import { useMutation } from '@tanstack/react-query';
import type { StartLoginBody, StartLoginResponse } from '@portal/contract/auth/auth';

/**
 * POST /api/auth/start: the first step. An account with a password answers `next: 'password'`
 * (no code is sent); otherwise a login code is sent and the answer carries its timings. Like
 * `request-otp.ts`, the declaration and the API client are fetched on first use.
 */
export async function startLoginRequest(body: StartLoginBody): Promise<StartLoginResponse> {
  const [{ startLogin }, { callApi }] = await Promise.all([
    import('@portal/contract/auth/auth'),
    import('@/lib/api-client'),
  ]);
  return callApi(startLogin, { body });
}

export function useStartLogin() {
  return useMutation({ mutationFn: startLoginRequest });
}
