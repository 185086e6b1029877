import type { AccountHolder, BankAccountOwnership, IdentityPort } from './identity.port';
import { IdentityInquiryError } from './identity.port';

export interface JibitOptions {
  /** https://napi.jibit.ir/ide */
  baseUrl: string;
  apiKey: string;
  secretKey: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface JibitAnswer {
  ok: boolean;
  status: number;
  body: {
    code?: string;
    matched?: unknown;
    ibanInfo?: { iban?: unknown; status?: unknown } | null;
  };
}

const jalali = new Intl.DateTimeFormat('en-US-u-ca-persian-nu-latn', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: 'UTC',
});

/** A Gregorian `YYYY-MM-DD` as Jibit's birth dates are written: the Persian calendar, `yyyyMMdd`. */
export function toJibitBirthDate(iso: string): string {
  const parts = jalali.formatToParts(new Date(`${iso}T00:00:00Z`));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}${part('month')}${part('day')}`;
}

/** Jibit's answer when no bank knows the number (`card.not_valid`, `iban.not_valid`…). */
const isUnknownNumber = (code: string | undefined) => /^(card|iban)\.(not_valid|not_found)$/.test(code ?? '');

/** An account blocked for deposits (`BLOCK_WITHOUT_DEPOSIT`); active, idle and "blocked but deposits allowed" can receive. */
const canReceive = (status: unknown) => status !== 'BLOCK_WITHOUT_DEPOSIT';

/**
 * Jibit's identity API. `POST /v1/tokens/generate` { apiKey, secretKey } → { accessToken }, then GET
 * calls with `Authorization: Bearer`; the token is kept until the provider answers 401, then generated
 * again.
 * - Shahkar: `/v1/services/matching?mobileNumber=09…&nationalCode=…` → { matched }.
 * - A card: `/v1/services/matching?cardNumber=…&nationalCode=…&birthDate=yyyyMMdd` (Persian calendar)
 *   → { matched }; when it matches, `/v1/cards?number=…&iban=true` → { ibanInfo: { iban, status } }.
 * - A sheba: `/v1/services/matching?iban=IR…&nationalCode=…&birthDate=…` → { matched }; when it
 *   matches, `/v1/ibans?value=IR…` → { ibanInfo: { status } }.
 * A number no bank knows is answered 400 `card.not_valid` / `iban.not_valid`.
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

  /** One authorised GET; an expired token is generated again once. */
  async function get(path: string, params: Record<string, string>): Promise<JibitAnswer> {
    const url = `${base}${path}?${new URLSearchParams(params).toString()}`;
    for (let attempt = 0; attempt < 2; attempt++) {
      const res = await call(url, { headers: { authorization: `Bearer ${await accessToken()}` } });
      if (res.status === 401 && attempt === 0) {
        token = null;
        continue;
      }
      return { ok: res.ok, status: res.status, body: (await res.json().catch(() => ({}))) as JibitAnswer['body'] };
    }
    throw new IdentityInquiryError('jibit refused the token twice');
  }

  const failure = (a: JibitAnswer) =>
    new IdentityInquiryError(`jibit answered ${a.status} ${a.body.code ?? ''}`.trim());

  /** `matched` of a matching call: true, false, or null when no bank knows the number. */
  async function matched(params: Record<string, string>): Promise<boolean | null> {
    const a = await get('/v1/services/matching', params);
    if (a.ok && typeof a.body.matched === 'boolean') return a.body.matched;
    if (a.status === 400 && isUnknownNumber(a.body.code)) return null;
    throw failure(a);
  }

  /** `ibanInfo` of a card or IBAN inquiry. */
  async function ibanInfo(path: string, params: Record<string, string>) {
    const a = await get(path, params);
    if (!a.ok) throw failure(a);
    const info = a.body.ibanInfo ?? null;
    const iban = typeof info?.iban === 'string' && /^IR\d{24}$/.test(info.iban) ? info.iban : null;
    return { iban, canReceive: canReceive(info?.status) };
  }

  const holder = (h: AccountHolder) => ({ nationalCode: h.nationalCode, birthDate: toJibitBirthDate(h.birthDate) });

  return {
    name: 'jibit',
    async mobileMatchesNationalCode({ mobile, nationalCode }) {
      const local = mobile.startsWith('+98') ? `0${mobile.slice(3)}` : mobile;
      const a = await get('/v1/services/matching', { mobileNumber: local, nationalCode });
      if (a.ok && typeof a.body.matched === 'boolean') return a.body.matched;
      throw failure(a);
    },
    async cardOwnership(input): Promise<BankAccountOwnership> {
      const m = await matched({ cardNumber: input.cardNumber, ...holder(input) });
      if (m === null) return { outcome: 'unknown' };
      if (!m) return { outcome: 'not_owned' };
      const info = await ibanInfo('/v1/cards', { number: input.cardNumber, iban: 'true' });
      return { outcome: 'owned', sheba: info.iban, canReceive: info.canReceive };
    },
    async shebaOwnership(input): Promise<BankAccountOwnership> {
      const m = await matched({ iban: input.sheba, ...holder(input) });
      if (m === null) return { outcome: 'unknown' };
      if (!m) return { outcome: 'not_owned' };
      const info = await ibanInfo('/v1/ibans', { value: input.sheba });
      return { outcome: 'owned', sheba: input.sheba, canReceive: info.canReceive };
    },
  };
}
