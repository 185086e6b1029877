import type { NoticeMessage, OtpMessage, SmsPort } from './sms.port';
import { SmsDeliveryError } from './sms.port';

export interface KavenegarOptions {
  apiKey: string;
  /** https://api.kavenegar.com */
  baseUrl: string;
  /** The verify template registered in the Kavenegar panel; `%token` is the code. */
  template: string;
  /** The line notices are sent from (`sms/send`); unset: the account's default line. */
  sender?: string | undefined;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface KavenegarReply {
  return?: { status?: number; message?: string };
  entries?: unknown;
}

/** Kavenegar takes Iranian numbers in the local form (09…), others in 00-international form. */
const receptorOf = (mobile: string) => (mobile.startsWith('+98') ? `0${mobile.slice(3)}` : `00${mobile.slice(1)}`);

/**
 * Kavenegar's REST API: codes by Verify Lookup (`POST /v1/{API-KEY}/verify/lookup.json` with receptor,
 * token, template, type), notices as plain text (`POST /v1/{API-KEY}/sms/send.json` with receptor,
 * message and the sender line when configured).
 */
export function createKavenegarSms(options: KavenegarOptions): SmsPort {
  const doFetch = options.fetch ?? fetch;
  const call = async (method: 'verify/lookup' | 'sms/send', form: URLSearchParams) => {
    const url = `${options.baseUrl.replace(/\/$/, '')}/v1/${encodeURIComponent(options.apiKey)}/${method}.json`;
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
  };
  return {
    name: 'kavenegar',
    async sendOtp(m: OtpMessage) {
      const form = new URLSearchParams({
        receptor: receptorOf(m.mobile),
        token: m.code,
        template: options.template,
        type: m.channel === 'voice' ? 'call' : 'sms',
      });
      // token10 may hold spaces: the template shows the anti-phishing phrase there.
      if (m.antiPhishingPhrase) form.set('token10', m.antiPhishingPhrase);
      await call('verify/lookup', form);
    },
    async sendNotice(m: NoticeMessage) {
      const form = new URLSearchParams({ receptor: receptorOf(m.mobile), message: m.text });
      if (options.sender) form.set('sender', options.sender);
      await call('sms/send', form);
    },
  };
}
