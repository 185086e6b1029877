import type { IdentityPort } from './identity.port';
import { IdentityInquiryError } from './identity.port';

export interface JibitOptions {
  /** https://napi.jibit.ir/ide */
  baseUrl: string;
  apiKey: string;
  secretKey: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * Jibit's identity API: `POST /v1/tokens/generate` { apiKey, secretKey } → { accessToken }, then
 * `GET /v1/services/matching?mobileNumber=09…&nationalCode=…` with `Authorization: Bearer` →
 * { matched: boolean }. The token is kept until the provider answers 401, then generated again.
 */
export function createJibitIdentity(options: JibitOptions): IdentityPort {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/$/, '');
  let token: string | null = null;

  async function call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs ?? 5000) });
    } catch (err) {
      throw new IdentityInquiryError(`jibit unreachable: ${(err as Error).message}`);
    }
  }

  async function accessToken(): Promise<string> {
    if (token) return token;
    const res = await call(`${base}/v1/tokens/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiKey: options.apiKey, secretKey: options.secretKey }),
    });
    const body = (await res.json().catch(() => ({}))) as { accessToken?: string };
    if (!res.ok || !body.accessToken) throw new IdentityInquiryError(`jibit token refused: ${res.status}`);
    token = body.accessToken;
    return token;
  }

  return {
    name: 'jibit',
    async mobileMatchesNationalCode({ mobile, nationalCode }) {
      const local = mobile.startsWith('+98') ? `0${mobile.slice(3)}` : mobile;
      const query = new URLSearchParams({ mobileNumber: local, nationalCode });
      for (let attempt = 0; attempt < 2; attempt++) {
        const res = await call(`${base}/v1/services/matching?${query.toString()}`, {
          headers: { authorization: `Bearer ${await accessToken()}` },
        });
        if (res.status === 401 && attempt === 0) {
          token = null;
          continue;
        }
        const body = (await res.json().catch(() => ({}))) as { matched?: unknown; code?: string };
        if (res.ok && typeof body.matched === 'boolean') return body.matched;
        throw new IdentityInquiryError(`jibit answered ${res.status} ${body.code ?? ''}`.trim());
      }
      throw new IdentityInquiryError('jibit refused the token twice');
    },
  };
}
