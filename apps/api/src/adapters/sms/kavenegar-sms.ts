import type { OtpMessage, SmsPort } from './sms.port';
import { SmsDeliveryError } from './sms.port';

export interface KavenegarOptions {
  apiKey: string;
  /** https://api.kavenegar.com */
  baseUrl: string;
  /** The verify template registered in the Kavenegar panel; `%token` is the code. */
  template: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface KavenegarReply {
  return?: { status?: number; message?: string };
  entries?: unknown;
}

/** Kavenegar's Verify Lookup API: `POST /v1/{API-KEY}/verify/lookup.json` with receptor, token, template, type. */
export function createKavenegarSms(options: KavenegarOptions): SmsPort {
  const doFetch = options.fetch ?? fetch;
  return {
    name: 'kavenegar',
    async sendOtp(m: OtpMessage) {
      // Kavenegar takes Iranian numbers in the local form (09…), others in 00-international form.
      const receptor = m.mobile.startsWith('+98') ? `0${m.mobile.slice(3)}` : `00${m.mobile.slice(1)}`;
      const form = new URLSearchParams({
        receptor,
        token: m.code,
        template: options.template,
        type: m.channel === 'voice' ? 'call' : 'sms',
      });
      // token10 may hold spaces: the template shows the anti-phishing phrase there.
      if (m.antiPhishingPhrase) form.set('token10', m.antiPhishingPhrase);
      const url = `${options.baseUrl.replace(/\/$/, '')}/v1/${encodeURIComponent(options.apiKey)}/verify/lookup.json`;
      let res: Response;
      try {
        res = await doFetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
          signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
        });
      } catch (err) {
        throw new SmsDeliveryError(`kavenegar unreachable: ${(err as Error).message}`);
      }
      let reply: KavenegarReply | undefined;
      try {
        reply = (await res.json()) as KavenegarReply;
      } catch {
        throw new SmsDeliveryError(`kavenegar answered ${res.status} without JSON`, res.status);
      }
      const status = reply.return?.status ?? res.status;
      if (!res.ok || status !== 200) {
        throw new SmsDeliveryError(`kavenegar refused: ${status} ${reply.return?.message ?? ''}`.trim(), status);
      }
    },
  };
}
